"""Each AI keeps its time budget as a real cap : every AI
checks its deadline inside rollouts and candidate loops, and a fake clock shows it.

Timing assertions are not allowed in tests (the machines are shared and noisy), so the AI reads a
fake clock (`ai_action(..., clock=...)`) that moves with the work: one tick for every decision the
engine carries out — every trial of a greedy player, every rollout move (`tests/engine/fake_clock.py`).
With an ample budget the AI does its full, fixed look-ahead, which takes many ticks; with a budget of
a fraction of that, it must stop within budget + 10 % of ticks — wherever in its work the deadline
falls (choosing candidates, inside a rollout, inside one greedy decision) — and still answer with a
legal action; with a budget of less than one tick it still answers with a legal action. With time
to spare the fake clock changes nothing: the same choice as on the real clock.
"""

from __future__ import annotations

import contextvars
from typing import Any

import pytest

from engine.core import Game, random_playout
from engine.duel import GAME as DUEL
from engine.rollwrite import GAME as ROLLWRITE
from engine.yokohama import GAME as YOKOHAMA
from tests.engine.fake_clock import WorkClock, count_work

TICK = 0.001  # fake seconds per engine decision
AMPLE = 10_000.0


def _position(game: Game, players: int, seed: int, wide: int) -> tuple[Any, int]:
    """A position reached by greedy play where the seat to act has at least `wide` options."""
    for cut in range(30, 400, 7):
        state = random_playout(game, players, seed, max_actions=cut,
                               policy=lambda g, s, seat, rng: g.auto_action(s, seat)).state
        if game.is_over(state):
            continue
        seat = game.to_act(state)[0]
        if len(game.legal(state, seat)) >= wide:
            return state, seat
    raise AssertionError("no position with enough options")


def _decide(monkeypatch: pytest.MonkeyPatch, game: Game, state: Any, seat: int, budget_s: float
            ) -> tuple[Any, WorkClock]:
    """The AI's decision under a work clock, and that clock (how much work the decision did)."""
    clock = WorkClock(TICK)
    with monkeypatch.context() as patch:
        count_work(patch, game.name, clock)
        action = game.ai_action(state, seat, seed=1, budget_s=budget_s, clock=clock)
    return action, clock


CASES = [
    pytest.param(YOKOHAMA, 3, 4, id="yokohama", marks=pytest.mark.slow),
    pytest.param(YOKOHAMA, 4, 9, id="yokohama-4p", marks=pytest.mark.slow),
    pytest.param(DUEL, 2, 4, id="duel"),
    pytest.param(DUEL, 2, 11, id="duel-b"),
    pytest.param(ROLLWRITE, 1, 4, id="rollwrite"),
    pytest.param(ROLLWRITE, 3, 6, id="rollwrite-3p"),
]


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_a_decision_never_runs_past_its_budget_and_still_answers_legally(
        monkeypatch: pytest.MonkeyPatch, game: Game, players: int, seed: int) -> None:
    state, seat = _position(game, players, seed=seed, wide=4)
    ample, clock = _decide(monkeypatch, game, state, seat, AMPLE)
    full = clock.now
    assert full >= 40 * TICK, "the full look-ahead is long enough for a cap to bite"
    assert ample == game.ai_action(state, seat, seed=1, budget_s=AMPLE), "time to spare: the real clock's choice"
    assert game.match_legal(state, seat, ample) is not None

    for share in (0.05, 0.2, 0.5, 0.8):
        budget = max(full * share, 12 * TICK)  # the clock moves in ticks: 10 % of a budget is a tick or more
        action, clock = _decide(monkeypatch, game, state, seat, budget)
        assert clock.now - clock.readings[0] <= budget * 1.1, f"{share:.0%} of the work: ran past budget + 10 %"
        assert game.match_legal(state, seat, action) is not None, "a cut-short decision is a legal action"

    tiny, clock = _decide(monkeypatch, game, state, seat, TICK / 2)
    assert clock.steps <= 1, "a budget below one engine decision stops at the first one"
    assert game.match_legal(state, seat, tiny) is not None, "even a tiny budget answers with a legal action"


@pytest.mark.parametrize(("game", "players", "seed"), [CASES[2], CASES[4]])
def test_the_deadline_is_read_inside_the_look_ahead_not_only_between_look_aheads(
        monkeypatch: pytest.MonkeyPatch, game: Game, players: int, seed: int) -> None:
    """The clock is read at (about) every engine decision of the search, so no stretch of work runs unchecked."""
    state, seat = _position(game, players, seed=seed, wide=4)
    _, clock = _decide(monkeypatch, game, state, seat, AMPLE)
    assert clock.steps > 1
    assert len(clock.readings) >= clock.steps, "at least one reading per engine decision"


def test_a_search_leaves_the_garbage_collector_alone_unless_asked() -> None:
    """The bot's process keeps its cyclic collector while a bot thinks: its memory does not depend on
    whether a search runs. Only a process that asks (`pausing_the_collector`) pauses it."""
    import contextvars
    import gc

    from engine.core.deadline import Deadline

    assert gc.isenabled()
    with Deadline(AMPLE).running():
        assert gc.isenabled()

    def asked() -> bool:
        from engine.core.deadline import pausing_the_collector

        pausing_the_collector()
        with Deadline(AMPLE).running():
            return gc.isenabled()

    assert contextvars.copy_context().run(asked) is False
    assert gc.isenabled()


def test_asked_the_garbage_collector_waits_while_a_search_runs_and_is_back_after() -> None:
    contextvars.copy_context().run(_collector_waits)


def _collector_waits() -> None:
    """A full collection set off inside a search walked the whole heap without a look at the clock
    (28-44 ms of CPU, more than a 0.15-s budget's 10 % margin): the collector is off while any search
    runs, in any thread, and back as it was once the last one ends, in a process that asked for it (a
    benchmark of small budgets)."""
    import gc
    import threading

    from engine.core.deadline import Deadline, pausing_the_collector

    pausing_the_collector()

    assert gc.isenabled()
    first, second = Deadline(AMPLE), Deadline(AMPLE)
    inside = threading.Event()
    leave = threading.Event()
    seen: list[bool] = []

    def other_search() -> None:
        pausing_the_collector()  # a thread starts with a context of its own
        with second.running():
            inside.set()
            leave.wait(10)
            seen.append(gc.isenabled())

    with first.running():
        assert not gc.isenabled()
        thread = threading.Thread(target=other_search)
        thread.start()
        inside.wait(10)
    assert not gc.isenabled()  # the other thread's search still runs
    leave.set()
    thread.join(10)
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        with Deadline(AMPLE).running():
            pass
        assert not gc.isenabled()  # off before, off after
    finally:
        gc.enable()


def test_a_search_stops_a_little_before_its_budget_so_the_answer_is_within_it() -> None:
    from engine.core.deadline import Deadline

    now = [100.0]
    for budget, stop in ((2.0, 1.9), (0.5, 0.475), (0.15, 0.1425), (0.0, 0.0)):
        deadline = Deadline(budget, clock=lambda: now[0])
        assert deadline.at - deadline.start == pytest.approx(stop)
        now[0] = 100.0 + stop - 1e-6
        assert not deadline.passed()
        now[0] = 100.0 + stop + 1e-6
        assert deadline.passed()
        now[0] = 100.0
