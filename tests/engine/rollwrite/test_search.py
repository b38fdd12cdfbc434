"""The Roll & Write hard AI (engine/rollwrite/search.py): always legal, blind to the future rolls
fixed at `new()`, deterministic under a seed on a fake clock, within its budget.

The search uses its whole budget, so how much it does depends on the clock: every test that compares
two decisions drives a fake clock (tests/engine/fake_clock.py) that moves the same way in both runs.
No timing assertions (the machines are shared and noisy).
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from engine.core import Rng, random_playout
from engine.rollwrite import GAME
from engine.rollwrite.components import ROUNDS, employment_cards
from engine.rollwrite.search import Settings, search_action, world
from engine.rollwrite.state_types import State
from tests.engine.fake_clock import ReadingClock, WorkClock, count_work

#: A small search for the tests: few options, few worlds, a short look-ahead (the same code paths).
SMALL = Settings(width=3, horizons=(0, 1), keeps=(2,), max_worlds=3)
TICK = 0.001


def _positions(count: int, seed: int) -> list[tuple[State, int]]:
    """Positions from random play: 1-4 players, both sheet sides, every seat, round 1 to 12, and the
    expansions and start player priority now and then (every kind of step)."""
    rng = Rng(seed)
    out: list[tuple[State, int]] = []
    while len(out) < count:
        players = 1 + rng.below(4)
        options = {"side": "AB"[rng.below(2)], "chinatown": rng.below(3) == 0,
                   "chamber_of_commerce": rng.below(3) == 0,
                   "start_player_priority": players >= 2 and rng.below(2) == 0}
        playout = random_playout(GAME, players, rng.below(10**6), options,
                                 max_actions=rng.below(125 * players))
        state = playout.state
        if not GAME.is_over(state):
            out.append((state, rng.choice(GAME.to_act(state))))
    return out


def _swap_future(state: State, rng: Rng) -> State:
    """The same position with other dice and employment cards in every round still to come."""
    other = copy.deepcopy(state)
    now = state["round"]
    for r in range(now, ROUNDS):  # index `now` is the next round
        other["dice"][r] = [rng.randint(1, 6) for _ in range(3)]
    future = rng.shuffled([c for r in range(now, ROUNDS) for c in other["cards"][r]])
    for i, r in enumerate(range(now, ROUNDS)):
        other["cards"][r] = future[3 * i:3 * i + 3]
    return other


def test_the_search_always_picks_a_legal_action() -> None:
    """Through the contract on positions from random play, under a budget that cuts it anywhere:
    while ranking, inside the first world, or after several."""
    seen_players: set[int] = set()
    seen_sides: set[str] = set()
    for n, (state, seat) in enumerate(_positions(48, 21)):
        budget = (5, 40, 400, 4000)[n % 4] * TICK
        action = GAME.ai_action(state, seat, seed=n, budget_s=budget, clock=ReadingClock(TICK), level="hard")
        assert GAME.match_legal(state, seat, action) is not None, action
        small = search_action(GAME, state, seat, seed=n, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
        assert small is not None and GAME.match_legal(state, seat, small) is not None, small
        seen_players.add(state["players"])
        seen_sides.add(state["options"]["side"])
    assert seen_players == {1, 2, 3, 4} and seen_sides == {"A", "B"}


def test_the_search_is_deterministic_under_a_seed_on_a_fake_clock() -> None:
    for n, (state, seat) in enumerate(_positions(6, 22)):
        first = search_action(GAME, state, seat, seed=5, budget_s=2.0, clock=ReadingClock(TICK), settings=SMALL)
        again = search_action(GAME, copy.deepcopy(state), seat, seed=5, budget_s=2.0, clock=ReadingClock(TICK),
                              settings=SMALL)
        assert again == first, n


def test_the_search_ends_by_its_world_cap_when_time_is_ample() -> None:
    """An ample budget does not mean an endless search: it stops after `max_worlds` and answers the
    same as on the real clock (nothing depends on the clock when it never runs out)."""
    state, seat = next((s, seat) for s, seat in _positions(20, 23) if len(GAME.legal(s, seat)) >= 3)
    fake = search_action(GAME, state, seat, seed=2, budget_s=10_000.0, clock=ReadingClock(TICK), settings=SMALL)
    assert fake == search_action(GAME, state, seat, seed=2, budget_s=10_000.0, settings=SMALL)


def test_a_world_keeps_what_the_seat_has_seen_and_samples_the_rest_afresh() -> None:
    """The rounds rolled so far stay; every later round gets new dice and cards dealt from the cards not
    yet shown; the world is this seat's solo game; and the state's own future rolls are never read:
    with them swapped, the same rng gives the same world."""
    for n, (state, seat) in enumerate(_positions(12, 24)):
        now = state["round"]
        sampled = world(state, seat, Rng(n))
        assert sampled["players"] == 1 and sampled["sheets"] == [state["sheets"][seat]]
        assert sampled["dice"][:now] == state["dice"][:now] and sampled["cards"][:now] == state["cards"][:now]
        assert len(sampled["dice"]) == len(sampled["cards"]) == ROUNDS
        assert Counter(c for r in sampled["cards"] for c in r) == Counter(list(employment_cards())), "each card once"
        assert all(1 <= d <= 6 for r in sampled["dice"] for d in r)
        assert world(_swap_future(state, Rng(100 + n)), seat, Rng(n)) == sampled
    early = next(s for s, _ in _positions(30, 25) if s["round"] <= 6)
    worlds = [world(early, 0, Rng(k)) for k in range(4)]
    assert len({str(w["dice"][early["round"]:]) for w in worlds}) == 4, "every world rolls its own future"
    assert len({str(w["cards"][early["round"]:]) for w in worlds}) == 4, "and deals its own cards"


def test_swapping_the_future_rolls_never_changes_the_decision() -> None:
    """The swap test (as tests/engine/rollwrite/test_ai.py): other dice and cards for the rounds still to
    come, under the same seed and the same fake clock, leave the choice unchanged, whether the clock
    cuts the search short or not (the daily challenge's fairness rests on the rolls fixed at `new()`)."""
    compared = 0
    for n, (state, seat) in enumerate(_positions(14, 26)):
        if state["round"] >= ROUNDS or len(GAME.legal(state, seat)) < 2:
            continue
        other = _swap_future(state, Rng(3000 + n))
        for budget in (0.05, 10_000.0):
            mine = search_action(GAME, state, seat, seed=9, budget_s=budget, clock=ReadingClock(TICK),
                                 settings=SMALL)
            theirs = search_action(GAME, other, seat, seed=9, budget_s=budget, clock=ReadingClock(TICK),
                                   settings=SMALL)
            assert theirs == mine, (n, budget)
        compared += 1
    assert compared >= 5


def _work_position() -> tuple[State, int]:
    """A position in the first half of the game with at least four options (deep play-outs)."""
    for state, seat in _positions(60, 27):
        if state["round"] <= 6 and len(GAME.legal(state, seat)) >= 4:
            return state, seat
    raise AssertionError("no wide position")


def _decide(monkeypatch: pytest.MonkeyPatch, state: State, seat: int, budget_s: float) -> tuple[object, WorkClock]:
    """The hard level's decision under a work clock, and that clock (how much work the decision did)."""
    clock = WorkClock(TICK)
    with monkeypatch.context() as patch:
        count_work(patch, "rollwrite", clock)
        action = GAME.ai_action(state, seat, seed=1, budget_s=budget_s, clock=clock, level="hard")
    return action, clock


def test_the_search_keeps_its_deadline_wherever_it_falls(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that moves one tick per engine decision (every greedy trial, every play-out move),
    the search spends its budget and stops within budget + 10 % of ticks — wherever the deadline falls:
    while ranking the options, inside a play-out, or between worlds — and answers with a legal action."""
    state, seat = _work_position()
    _, ample = _decide(monkeypatch, state, seat, 10_000.0)
    full = ample.steps
    assert full >= 600, "the full search is long enough for a cap to bite"
    for share in (0.005, 0.02, 0.05, 0.2, 0.5, 0.8):
        budget_ticks = max(12, round(full * share))
        action, clock = _decide(monkeypatch, state, seat, budget_ticks * TICK)
        assert clock.steps >= budget_ticks * 0.9, f"{share:.1%}: it spends its budget"
        assert clock.now - clock.readings[0] <= budget_ticks * TICK * 1.1, f"{share:.1%}: past budget + 10 %"
        assert GAME.match_legal(state, seat, action) is not None
    action, clock = _decide(monkeypatch, state, seat, TICK / 2)
    assert clock.steps <= 1, "a budget below one engine decision stops at the first one"
    assert GAME.match_legal(state, seat, action) is not None
