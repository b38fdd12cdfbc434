"""`Game.places`: final places with ties, which ratings need and `ranking` hides."""

from __future__ import annotations

from engine.core import get_game
from engine.core.playout import random_playout


def test_default_places_follow_the_ranking_without_ties() -> None:
    """Yokohama rulebook, end of game: "In the case of a tie, the player closest to the Start player wins
    ties." Its ranking always decides, so every seat has its own place."""
    game = get_game("yokohama")
    state = random_playout(game, 3, seed=4, max_actions=40).state
    places = game.places(state)
    assert sorted(places) == [1, 2, 3]
    assert [places[seat] for seat in game.ranking(state)] == [1, 2, 3]


def test_rollwrite_places_share_a_place_when_every_tie_break_is_equal() -> None:
    """Roll & Write rulebook: "If still tied, the victory is shared." Two identical sheets share first place."""
    game = get_game("rollwrite")
    state = game.new(2, seed=9)
    assert game.places(state) == [1, 1]
