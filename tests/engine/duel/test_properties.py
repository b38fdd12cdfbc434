"""Property tests over many seeds: random playouts through the contract never raise, end after
exactly 16 turns per player, never show a hidden card to the wrong seat, replay identically, and
round-trip through dump/load. Greedy play is checked the same way."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core import IllegalAction, Rng, canonical, random_playout, replay
from engine.duel import GAME

SEEDS = range(200)


def _turn_counts(log: list[tuple[int, Any]]) -> list[int]:
    counts = [0, 0]
    for seat, action in log:
        if action == {"do": "end"}:
            counts[seat] += 1
    return counts


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_finishes_after_16_turns_each_and_replays(seed: int) -> None:
    result = random_playout(GAME, 2, seed, check_every=25)
    assert result.finished and GAME.is_over(result.state)
    assert _turn_counts(result.log) == [16, 16]
    assert result.state["round"] == 4
    again = replay(GAME, 2, seed, None, result.log)
    assert GAME.dump(again) == GAME.dump(result.state)
    assert GAME.load(GAME.dump(again)) == result.state
    scores = GAME.scores(result.state)
    assert all(s["total"] == sum(v for k, v in s.items() if k != "total") for s in scores)
    assert sorted(GAME.ranking(result.state)) == [0, 1]


def _hide_swap(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """The same position except that `seat`'s hidden cards (hand, setup draw, Port draw, face-down
    Church cards) are other cards from the unseen deck and the Church cards left in the box: nothing
    another seat may see should change."""
    other = copy.deepcopy(state)
    p = other["players"][seat]
    deck = other["order_deck"]
    n = min(len(p["hand"]), len(deck))
    p["hand"][:n], deck[:n] = deck[:n], p["hand"][:n]
    draw = p["setup_draw"]
    k = min(len(draw), len(deck) - n)
    draw[:k], deck[n:n + k] = deck[n:n + k], draw[:k]
    act = other["turn"]["act"]
    if act and other["current"] == seat and act.get("drawn"):
        j = min(len(act["drawn"]), len(deck) - n - k)
        act["drawn"][:j], deck[n + k:n + k + j] = deck[n + k:n + k + j], act["drawn"][:j]
    box = other["church_box"]
    m = min(len(p["church"]), len(box))
    p["church"][:m], box[:m] = box[:m], p["church"][:m]
    return other


@pytest.mark.parametrize("seed", range(60))
def test_no_view_shows_a_hand_or_face_down_church_card_to_anyone_else(seed: int) -> None:
    state = GAME.new(2, seed)
    rng = Rng(seed + 99)
    step = 0
    while not GAME.is_over(state):
        if step % 3 == 0:
            for seat in (0, 1):
                swapped = _hide_swap(state, seat)
                for viewer in (None, 1 - seat):
                    assert canonical(GAME.view(swapped, viewer)) == canonical(GAME.view(state, viewer))
                own = GAME.view(state, seat)["players"][seat]
                assert [o["id"] for o in own["hand"]] == state["players"][seat]["hand"]
                public = GAME.view(state, None)["players"][seat]
                assert public["hand"] is None and public["church"] is None
                assert public["hand_count"] == len(state["players"][seat]["hand"])
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        step += 1
    # At the end the Church cards are revealed, hands still not.
    assert GAME.view(state, None)["players"][0]["church"] is not None


@pytest.mark.parametrize("seed", range(30))
def test_every_offered_action_has_a_short_label_and_is_unique(seed: int) -> None:
    state = GAME.new(2, seed)
    rng = Rng(seed)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal(state, seat)
        assert legal, "a seat that owes a decision has options"
        assert len({canonical(a) for a in legal}) == len(legal)
        for action in legal:
            label = GAME.describe(state, action)
            assert 0 < len(label) <= 80 and not label.startswith("{")
        state = GAME.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("seed", range(40))
def test_refused_actions_raise_with_a_reason_and_leave_the_state_unchanged(seed: int) -> None:
    state = GAME.new(2, seed)
    rng = Rng(seed + 5)
    probes = [{"do": "end"}, {"do": "area", "area": "tea"}, {"do": "build", "what": "house"},
              {"do": "agent"}, {"do": "order", "card": 0}, {"do": "bonus", "card": 0}, "nonsense",
              {"do": "upgrade", "card": 3}, {"do": "hire", "req": "orders"}, {"do": "spin"}]
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal(state, seat)
        before = GAME.dump(state)
        for probe in probes:
            for who in (0, 1):
                if who in GAME.to_act(state) and probe in GAME.legal(state, who):
                    continue
                with pytest.raises(IllegalAction) as info:
                    GAME.apply(state, who, probe)
                assert str(info.value).endswith(".")
        assert GAME.dump(state) == before
        state = GAME.apply(state, seat, rng.choice(legal))


def test_greedy_player_finishes_and_beats_random_play() -> None:
    wins, margin = 0, 0
    for seed in range(4):
        seat = seed % 2

        def mixed(game: Any, state: Any, who: int, rng: Rng, seat: int = seat) -> Any:
            if who == seat:
                return game.auto_action(state, who)
            return rng.choice(game.legal(state, who))

        result = random_playout(GAME, 2, seed, policy=mixed)
        assert result.finished and _turn_counts(result.log) == [16, 16]
        scores = [s["total"] for s in GAME.scores(result.state)]
        wins += scores[seat] > scores[1 - seat]
        margin += scores[seat] - scores[1 - seat]
    assert wins >= 3 and margin > 0


def test_greedy_choice_is_always_legal_and_deterministic() -> None:
    state = GAME.new(2, 11)
    rng = Rng(3)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        action = GAME.auto_action(state, seat)
        assert action in GAME.legal(state, seat) and action == GAME.auto_action(state, seat)
        state = GAME.apply(state, seat, action)


def check_invariants(state: dict[str, Any]) -> None:
    """Every component is in exactly one place and no count ever goes negative or over its limit."""
    players = state["players"]
    act = state["turn"]["act"] or {}
    orders = state["order_deck"] + list(act.get("drawn", []))
    for p in players:
        orders += p["hand"] + p["orders_done"] + p["setup_draw"]
    assert sorted(orders) == list(range(24))
    assert sorted(state["church_row"] + state["church_box"] + [c for p in players for c in p["church"]]) == \
        list(range(9))
    assert sorted(state["bonus_row"] + state["bonus_deck"] + state["bonus_discard"]) == list(range(16))
    techs = state["tech_row"] + state["tech_deck"] + state["tech_discard"] + [t for p in players for t in p["techs"]]
    assert len(techs) == len(set(techs)) == 20
    for key, total in (("1", 8), ("2", 5)):
        assert state["extra_supply"][key] + sum(p["extra"][key] for p in players) == total
        assert state["extra_supply"][key] >= 0
    assert state["agents_supply"] + sum(p["agents_ready"] + p["agents_spent"] for p in players) == 7
    houses = [a for p in players for a in p["houses"]]
    assert len(houses) == len(set(houses))
    for seat, p in enumerate(players):
        assert p["money"] >= 0 and p["imported_up"] >= 0 and p["imported_down"] >= 0
        assert all(n >= 0 for n in p["goods"].values())
        assert len(p["shops"]) == len(set(p["shops"])) <= 8 and len(p["houses"]) <= 4
        assert len(p["hired"]) == len(set(p["hired"])) == p["agents_ready"] + p["agents_spent"]
        if seat not in state["discard_due"]:
            assert p["extra"]["1"] + p["extra"]["2"] <= 4
        assert len(p["tilted"]) == len(set(p["tilted"]))
        assert sum(p["played"]) <= 4


@pytest.mark.parametrize("seed", range(40))
def test_components_are_conserved_and_limits_hold_throughout(seed: int) -> None:
    state = GAME.new(2, seed)
    rng = Rng(seed + 1234)
    while not GAME.is_over(state):
        check_invariants(state)
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    check_invariants(state)


@pytest.mark.parametrize("seed", range(3))
def test_invariants_hold_in_greedy_games_too(seed: int) -> None:
    # Greedy play reaches richer positions (Trading Houses, agents, full hands) than random play.
    state = GAME.new(2, 500 + seed)
    while not GAME.is_over(state):
        check_invariants(state)
        seat = GAME.to_act(state)[0]
        state = GAME.apply(state, seat, GAME.auto_action(state, seat))
    check_invariants(state)
    assert sum(len(p["houses"]) + len(p["shops"]) for p in state["players"]) > 0
