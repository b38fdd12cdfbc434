"""A replay's captions and a Roll & Write sheet's decisions this round read in the language of where they are
shown: what the state keeps in words (the Duel's and Yokohama's logs, a sheet's decisions) is kept text
(`engine.core.kept_text`), worded for each reader, so a game played in English replays in German."""

from __future__ import annotations

from typing import Any

import pytest

import i18n
from engine.core import get_game, random_playout
from rendering.replay import turn_story
from tests.i18n.test_pseudo_locale import unwrapped

NAMES = ["Alice", "Bob", "Carol"]


def _frames(name: str, players: int, seed: int, cap: int | None) -> list[Any]:
    """The states a replay takes a frame of: the start and every change of the turn marker or of who acts."""
    game = get_game(name)
    played = random_playout(game, players, seed, max_actions=cap)
    state = game.new(players, seed)
    frames, mark = [state], None
    for seat, action in played.log:
        state = game.apply(state, seat, action)
        now = (game.turn_marker(state), tuple(game.to_act(state)))
        if now != mark:
            mark = now
            frames.append(state)
    return frames


def _captions(name: str, frames: list[Any], language: str) -> list[str]:
    game = get_game(name)
    with i18n.using(language):
        views = [dict(game.view(state, None)) for state in frames]
        return [turn_story(name, before, after, NAMES) for before, after in zip(views, views[1:], strict=False)]


@pytest.mark.parametrize(("name", "players", "seed", "cap", "german"), [
    ("duel", 2, 4, None, "Auftrag"), ("yokohama", 3, 5, 400, "Gehilfen"), ("rollwrite", 2, 6, None, "Hauptaktion")])
def test_a_game_played_by_nobody_in_particular_replays_in_the_readers_language(
        name: str, players: int, seed: int, cap: int | None, german: str) -> None:
    frames = _frames(name, players, seed, cap)
    pseudo = _captions(name, frames, "xx")
    assert sum(1 for caption in pseudo if caption) > 10
    assert [caption for caption in pseudo if unwrapped(caption)] == []
    assert any(german in caption for caption in _captions(name, frames, "de"))
    english = _captions(name, frames, "en")
    assert not any("{seat:" in caption for caption in english)  # every seat named by its player


def test_a_roll_and_write_sheets_decisions_this_round_read_in_the_readers_language() -> None:
    game = get_game("rollwrite")
    state = game.new(2, 8)
    for _move in range(4):
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, game.legal(state, seat)[0])
    with i18n.using("xx"):
        events = [e for seat_view in game.view(state, None)["seats"] for e in seat_view["sheet"]["turn"]["events"]]
    assert events and [e for e in events if not e.startswith("⟦")] == []


def test_a_sheet_view_remembered_for_one_reader_is_not_handed_to_a_reader_of_another_language() -> None:
    game = get_game("rollwrite")
    state = game.new(2, 8)
    english = game.view(state, 0)  # remembered: every sheet of this position, in English
    with i18n.using("xx"):
        pseudo = game.view(state, 0)
    rows = [row["name"] for row in pseudo["seats"][0]["sheet"]["town"]["rows"]]
    assert rows and all(name.startswith("⟦") for name in rows)
    assert [row["name"] for row in english["seats"][0]["sheet"]["town"]["rows"]] == [r[1:-1] for r in rows]
