"""Every shipped game against the one contract, with the inputs a careless client could send."""

from __future__ import annotations

import json

import pytest

from engine.core import Game, IllegalAction, Rng, available_games, canonical

GAMES = {g.name: g for g in available_games()}
WEIRD_ACTIONS = [None, "end", 3, -1, [], {}, {"do": "nonsense"}, {"do": None}, ["do", "end_turn"], {"a": [1, {}]},
                 True, 1.5, "x" * 1000]


def test_all_three_games_are_registered() -> None:
    assert set(GAMES) == {"yokohama", "duel", "rollwrite"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_player_counts_and_options_are_checked(name: str) -> None:
    game = GAMES[name]
    for players in (0, game.max_players + 1, -3):
        with pytest.raises(IllegalAction):
            game.new(players, 1)
    with pytest.raises(IllegalAction):
        game.new(game.min_players, 1, {"no_such_option": True})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_nonsense_is_refused_politely_and_changes_nothing(name: str) -> None:
    game: Game = GAMES[name]
    rng = Rng(99)
    for seed in range(6):
        players = max(game.min_players, min(game.max_players, 2 + seed % 3))
        state = game.new(players, seed)
        for _ in range(40 + seed * 15):  # reach varied moments of the game
            if game.is_over(state):
                break
            seat = rng.choice(game.to_act(state))
            state = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        before = game.dump(state)
        seats = game.to_act(state)
        idle = [s for s in range(players) if s not in seats]
        for seat in [*seats, *idle, -1, players, 10**6]:
            for action in WEIRD_ACTIONS:
                with pytest.raises(IllegalAction) as refused:
                    game.apply(state, seat, action)
                assert refused.value.message and len(refused.value.message) < 300
        for seat in idle + [-1, players]:
            assert game.legal(state, seat) == []
        # Someone else's legal action is refused for a seat that owes nothing.
        if seats and idle:
            with pytest.raises(IllegalAction):
                game.apply(state, idle[0], game.legal(state, seats[0])[0])
        assert game.dump(state) == before


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_offered_action_is_json_and_labelled(name: str) -> None:
    game: Game = GAMES[name]
    rng = Rng(5)
    for seed in range(4):
        state = game.new(game.min_players if name != "rollwrite" else 2, seed)
        for _ in range(150):
            if game.is_over(state):
                break
            seat = rng.choice(game.to_act(state))
            options = game.legal(state, seat)
            assert options, f"{name}: seat {seat} owes a decision but has no option"
            for action in options:
                assert json.loads(json.dumps(action)) == action
                label = game.describe(state, action)
                assert 0 < len(label) <= 80, label
                assert 0 < len(game.public_label(state, action)) <= 80
            json.dumps(game.view(state, None))
            json.dumps(game.view(state, seat))
            assert canonical(game.load(game.dump(state))) == canonical(state)
            state = game.apply(state, seat, rng.choice(options))
