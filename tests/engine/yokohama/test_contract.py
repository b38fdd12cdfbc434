"""The engine contract under random and greedy play, over hundreds of seeds.

Random play is aimless and need never end the game, so those playouts are capped; the
greedy player must reach an end condition.
"""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction, Rng, State, get_game, random_playout, replay
from engine.yokohama import GAME

SEEDS = range(100)
CAP = 220


def checked_policy(game, state: State, seat: int, rng: Rng):
    """A random choice, checking on the way: short menus, short labels, no leaked hands."""
    options = game.legal(state, seat)
    if state["stage"] == "place_spread":  # a multi-select: at most 25 areas to pick from (ruling R2.2)
        assert 0 < len({a for option in options for a in option["areas"]}) <= 25
    else:
        assert 0 < len(options) <= 25, (state["stage"], len(options))
    if rng.below(30) == 0:
        for action in options:
            step = GAME.owner_of(state, action)
            assert step is not None
            label = step.text(state, action)  # the full label, before the contract's cut
            assert 0 < len(label) <= 80, label
        for viewer in [None, *range(state["players"])]:
            view = game.view(state, viewer)
            json.dumps(view)
            for other in view["seats"]:
                if other["seat"] != viewer:
                    assert other["orders"] is None and other["choosing_from"] is None
    return rng.choice(options)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_never_raise_and_round_trip(players: int) -> None:
    for seed in SEEDS:
        result = random_playout(GAME, players, seed, max_actions=CAP, policy=checked_policy, check_every=25)
        assert result.log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_long_random_games_stay_legal(players: int) -> None:
    for seed in range(1000, 1004):
        result = random_playout(GAME, players, seed, max_actions=2500, check_every=100)
        state = result.state
        assert state["turns"] > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_is_identical(players: int) -> None:
    for seed in range(5):
        result = random_playout(GAME, players, seed, max_actions=300)
        again = replay(GAME, players, seed, None, result.log)
        assert GAME.dump(again) == GAME.dump(result.state)
        assert GAME.load(GAME.dump(again)) == again


def greedy(game, state: State, seat: int, rng: Rng):
    return game.auto_action(state, seat)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_reach_an_end_condition(players: int) -> None:
    for seed in range(3):
        result = random_playout(GAME, players, seed, max_actions=5000, policy=greedy)
        assert result.finished, "greedy play must end the game"
        state = result.state
        assert state["end"]["reasons"]
        assert GAME.to_act(state) == []
        scores = GAME.scores(state)
        assert all(row["total"] == sum(v for k, v in row.items() if k != "total") for row in scores)
        assert max(row["total"] for row in scores) > 10
        assert GAME.view(state, None)["over"] is True
        assert "wins" in GAME.headline(state)


def test_registered_under_its_name() -> None:
    game = get_game("yokohama")
    assert game is GAME and (game.min_players, game.max_players) == (2, 4)


def test_illegal_actions_raise_with_a_reason_and_change_nothing() -> None:
    state = GAME.new(2, 4)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, {"do": "main"})
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.legal(state, seat)[0])
    before = GAME.dump(state)
    for bad in ({"do": "fulfill", "order": 99}, {"do": "place", "area": "canal"}, "nonsense",
                {"do": "merc"}, {"do": "end_turn"}, {"do": "place", "area": "atlantis"}, [1, 2],
                {"do": "step", "area": "lab_b"}):
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, 0, bad)
        assert err.value.message.endswith(".")
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, {"do": "main"})
    assert GAME.dump(state) == before


def test_auto_action_is_always_legal() -> None:
    state = GAME.new(3, 8)
    for _ in range(150):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)[0]
        action = GAME.auto_action(state, seat)
        assert action in GAME.legal(state, seat)
        state = GAME.apply(state, seat, action)


def test_public_view_hides_every_hand() -> None:
    state = GAME.new(4, 2)
    for seat in range(4):
        state = GAME.apply(state, seat, GAME.legal(state, seat)[0])
    public = GAME.view(state, None)
    assert all(s["orders"] is None for s in public["seats"])
    assert [s["order_count"] for s in public["seats"]] == [1, 1, 1, 1]
    mine = GAME.view(state, 2)
    assert [o["id"] for o in mine["seats"][2]["orders"]] == state["p"][2]["orders"]


def test_greedy_handles_a_crowded_board() -> None:
    """Every area full of everyone's assistants: many routes, one legal choice comes back."""
    from tests.engine.yokohama.helpers import at_stage, clear_board, fresh

    state = fresh(4)
    clear_board(state)
    for area in state["layout"]:
        if area != "canal":
            for seat in range(4):
                state["p"][seat]["placed"][area] = 1
    state["p"][0]["president"] = state["layout"][0]
    state["p"][1]["president"] = state["layout"][1]
    state["p"][0]["yen"] = 20
    at_stage(state, "move")
    action = GAME.auto_action(state, 0)
    assert action in GAME.legal(state, 0)
    assert action != {"do": "return"}  # with money and paths everywhere, it moves
