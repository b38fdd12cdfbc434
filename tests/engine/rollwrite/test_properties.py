"""Random playouts through the contract: they always finish in 12 rounds, never break a cap,
replay identically, round-trip through dump/load, and meet the same dice and cards on one seed."""

from __future__ import annotations

import pytest

from engine.core import Rng, random_playout, replay
from engine.rollwrite import GAME
from engine.rollwrite.components import RESOURCE_CAP

from .helpers import act, new


def options_for(seed: int) -> dict:
    """Spread the seeds over both sides and every option."""
    return {
        "side": "AB"[seed % 2],
        "chinatown": seed % 3 == 0,
        "chamber_of_commerce": seed % 5 == 0,
    }


def check_finished(state: dict) -> None:
    assert GAME.is_over(state) and GAME.to_act(state) == []
    assert state["round"] == 12
    for ps in state["sheets"]:
        assert ps["rounds_marked"] == 12
        assert ps["boxes"]["total"] is not None and ps["boxes"]["6R"] is not None
        for res in ("money", "faith"):
            assert 0 <= ps[res]["used"] <= ps[res]["got"] <= RESOURCE_CAP[res]
        assert 0 <= ps["cargo"] <= RESOURCE_CAP["cargo"]
        assert all(0 <= c <= w <= 10 for w, c in zip(ps["written"], ps["crossed"], strict=True))
        assert all(f == all(g) for f, g in zip(ps["fulfilled"], ps["goods"], strict=True))
    scores = GAME.scores(state)
    for ps, score in zip(state["sheets"], scores, strict=True):
        assert score["total"] == ps["boxes"]["total"]
        assert score["total"] == score["port"] + score["cargo"] + score["technology"]
        assert score["port"] == score["port_6r"] + score["port_12r"]
        assert score["port"] == score["orders"] + score["shops"] + score["trading_houses"]
    assert sorted(GAME.ranking(state)) == list(range(state["players"]))


def test_greedy_player_always_finds_a_legal_move() -> None:
    from engine.rollwrite.greedy import greedy_policy

    for seed in range(3):
        opts = {**options_for(seed), "start_player_priority": seed == 1}
        result = random_playout(GAME, 2, seed, opts, policy=greedy_policy, check_every=30)
        check_finished(result.state)
        assert min(s["total"] for s in GAME.scores(result.state)) > 40


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seeds"), [(1, 240), (2, 100), (4, 40), (6, 24)])
def test_random_playouts_always_finish_in_12_rounds(players: int, seeds: int) -> None:
    for seed in range(seeds):
        opts = options_for(seed)
        if players in (2, 4, 6) and seed % 4 == 1:
            opts["start_player_priority"] = True
        result = random_playout(GAME, players, seed, opts, check_every=40)
        assert result.finished
        check_finished(result.state)


def test_five_players_with_start_player_priority_finish() -> None:
    for seed in range(8):
        result = random_playout(GAME, 5, seed, {**options_for(seed), "start_player_priority": True})
        check_finished(result.state)


def test_same_seed_and_same_choices_give_the_same_dump() -> None:
    for seed in range(5):
        result = random_playout(GAME, 3, seed, options_for(seed))
        again = replay(GAME, 3, seed, options_for(seed), result.log)
        assert GAME.dump(again) == GAME.dump(result.state)
        assert GAME.dump(GAME.load(GAME.dump(again))) == GAME.dump(again)


def sets_seen(players: int, seed: int, chooser: int, options: dict | None = None) -> list:
    """The dice-and-card sets each round shows, playing random choices."""
    state = GAME.new(players, seed, options)
    rng = Rng(chooser)
    seen = []
    while not GAME.is_over(state):
        if not seen or seen[-1][0] != state["round"]:
            seen.append((state["round"], GAME.view(state, None)["sets"]))
        seat = rng.choice(GAME.to_act(state))
        state = act(state, rng.choice(GAME.legal(state, seat)), seat)
    return seen


def test_two_players_on_one_seed_meet_the_same_dice_and_cards() -> None:
    for seed in (11, 2026_11_29):
        first = sets_seen(1, seed, chooser=1)
        assert len(first) == 12
        assert sets_seen(1, seed, chooser=2) == first  # different choices
        assert sets_seen(3, seed, chooser=3) == first  # more players at the table
        assert sets_seen(1, seed, chooser=4, options={"side": "B", "chinatown": True}) == first


def test_the_whole_game_is_fixed_at_setup() -> None:
    a, b = new(1, 5), new(4, 5)
    assert a["dice"] == b["dice"] and a["cards"] == b["cards"] and a["labs"] == b["labs"]
    assert sorted(c for r in a["cards"] for c in r) == list(range(1, 37))
    assert all(1 <= d <= 6 for r in a["dice"] for d in r)
    assert new(1, 6)["dice"] != a["dice"]
    labs = a["labs"]
    drawn = [t for lab in labs.values() for level in lab.values() for t in level]
    assert len(drawn) == len(set(drawn)) == 12
