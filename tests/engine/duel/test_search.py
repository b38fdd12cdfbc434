"""The Duel search AI (engine/duel/search.py): always legal, blind to hidden cards,
deterministic under a seed on a fake clock, within its budget, and right where the answer is plain.

The search uses its whole budget, so how much it does depends on the clock: every test that compares
two decisions drives a fake clock (tests/engine/fake_clock.py) that moves the same way in both runs.
No timing assertions (the machines are shared and noisy).
"""

from __future__ import annotations

import copy

import pytest

from engine.core import Rng, State
from engine.duel import GAME, greedy
from engine.duel.cards import ORDERS, ROUNDS, TURNS_PER_ROUND
from engine.duel.search import Settings, search_action
from tests.engine.duel.helpers import set_player, started
from tests.engine.duel.test_ai import _positions, _swap_hidden
from tests.engine.fake_clock import ReadingClock, WorkClock, count_work

#: A small search for the tests: few options, few worlds, a short look-ahead (the same code paths).
SMALL = Settings(width=3, horizons=(1, 2), max_worlds=3)
TICK = 0.001


def test_the_search_always_picks_a_legal_action() -> None:
    """On positions from random play (setup to the last round, every kind of step), under a budget
    that cuts it anywhere: before the first world, inside one, or after several."""
    for n, (state, seat) in enumerate(_positions(60, 11)):
        budget = (5, 40, 400, 4000)[n % 4] * TICK
        action = search_action(state, seat, seed=n, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
        assert GAME.match_legal(state, seat, action) is not None, action


def test_the_search_is_deterministic_under_a_seed_on_a_fake_clock() -> None:
    for n, (state, seat) in enumerate(_positions(6, 12)):
        first = search_action(state, seat, seed=5, budget_s=2.0, clock=ReadingClock(TICK), settings=SMALL)
        again = search_action(copy.deepcopy(state), seat, seed=5, budget_s=2.0, clock=ReadingClock(TICK),
                              settings=SMALL)
        assert again == first, n


def test_the_search_ends_by_its_world_cap_when_time_is_ample() -> None:
    """An ample budget does not mean an endless search: it stops after `max_worlds` and answers the
    same as on the real clock (nothing depends on the clock when it never runs out)."""
    state, seat = next((s, seat) for s, seat in _positions(20, 13) if len(GAME.legal(s, seat)) >= 3)
    fake = search_action(state, seat, seed=2, budget_s=10_000.0, clock=ReadingClock(TICK), settings=SMALL)
    assert fake == search_action(state, seat, seed=2, budget_s=10_000.0, settings=SMALL)


def test_swapping_the_opponents_hidden_cards_never_changes_the_decision() -> None:
    """The swap test (as tests/engine/duel/test_ai.py): the opponent's hand, face-down Church cards
    and the decks' order exchanged for unseen cards leave the choice under the same seed and the
    same fake clock unchanged, whether the clock cuts the search short or not."""
    compared = 0
    for n, (state, seat) in enumerate(_positions(10, 14)):
        if len(GAME.legal(state, seat)) < 2:
            continue
        other = _swap_hidden(state, seat, Rng(3000 + n))
        for budget in (0.3, 10_000.0):
            mine = search_action(state, seat, seed=9, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
            theirs = search_action(other, seat, seed=9, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
            assert theirs == mine, (n, budget)
        compared += 1
    assert compared >= 5


def _work_position() -> tuple[State, int]:
    """A mid-game position reached by greedy play with at least four options."""
    for state, seat in _positions(40, 15):
        if state["phase"] == "turn" and len(GAME.legal(state, seat)) >= 4:
            return state, seat
    raise AssertionError("no wide position")


def test_the_search_keeps_its_deadline_wherever_it_falls(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that moves one tick per engine decision (every greedy trial, every play-out move),
    the search stops within budget + 10 % of ticks — wherever the deadline falls: while ranking the
    options, inside a play-out, or between worlds — and answers with a legal action."""
    state, seat = _work_position()
    for budget_ticks in (12, 30, 80, 200, 600, 2000):
        clock = WorkClock(TICK)
        with monkeypatch.context() as patch:
            count_work(patch, "duel", clock)
            action = search_action(state, seat, seed=1, budget_s=budget_ticks * TICK, clock=clock)
        assert clock.now - clock.readings[0] <= budget_ticks * TICK * 1.1, budget_ticks
        assert GAME.match_legal(state, seat, action) is not None
    clock = WorkClock(TICK)
    with monkeypatch.context() as patch:
        count_work(patch, "duel", clock)
        action = search_action(state, seat, seed=1, budget_s=TICK / 2, clock=clock)
    assert clock.steps <= 1, "a budget below one engine decision stops at the first one"
    assert GAME.match_legal(state, seat, action) is not None


def _last_decision(margin: int) -> tuple[State, int, int]:
    """The last turn of the game, the seat's Area action done: it can complete one Order (worth
    `margin` + 1 points more than it is behind) or end the game behind. Returns (state, seat, card)."""
    state = started(seed=3, start_seat=0)
    state["round"] = ROUNDS
    state["turns_done"] = 2 * TURNS_PER_ROUND - 1
    seat = 1
    state["current"] = seat
    state["turn"]["area_done"] = True
    card = max(state["players"][seat]["hand"], key=lambda c: ORDERS[c].points)
    state = set_player(state, seat, goods=dict(ORDERS[card].cost), money=0, extra={"1": 0, "2": 0})
    state["players"][seat]["hand"] = [card]
    set_player(state, 1 - seat, money=0, extra={"1": 0, "2": 0})
    totals = [s["total"] for s in GAME.scores(state)]
    # the opponent leads by just less than the Order is worth: ending now loses, completing it wins
    state["players"][1 - seat]["money"] = 2 * (totals[seat] - totals[1 - seat] + ORDERS[card].points - margin)
    return state, seat, card


def test_the_search_takes_the_points_that_win_the_game() -> None:
    state, seat, card = _last_decision(margin=1)
    assert {"do": "order", "card": card} in GAME.legal(state, seat)
    ended = GAME.apply(state, seat, {"do": "end"})
    assert GAME.is_over(ended) and GAME.winners(ended) == [1 - seat], "ending the turn now loses"
    action = search_action(state, seat, seed=4, budget_s=10_000.0, clock=ReadingClock(TICK), settings=SMALL)
    assert action == {"do": "order", "card": card}


def test_the_greedy_players_worth_reckons_the_points_as_the_score_sheet_does() -> None:
    """greedy.worth (the value of every play-out) reckons the points directly; it must equal the score
    sheet's total without money, goods and imported goods still up, plus the same estimates, on positions
    from random play (every kind of step), exactly (the same float)."""
    from engine.duel.cards import POWER_CARDS
    from engine.duel.scoring import score_sheet

    def by_the_sheet(state: State, seat: int) -> float:  # greedy.worth as it was, from the whole sheet
        sheet = score_sheet(state)[seat]
        p = state["players"][seat]
        value: float = float(sheet["total"] - sheet["yen"] - sheet["goods"] - sheet["imported_up"])
        value += 0.5 * p["money"] + 2.5 * p["imported_up"]
        value += sum(greedy.GOOD_WORTH[g] * n for g, n in p["goods"].items())
        value += 1.5 * (p["extra"]["1"] + 1.5 * p["extra"]["2"]) + 3.0 * p["agents_ready"]
        for card in p["hand"]:
            order = ORDERS[card]
            need = sum(order.cost.values())
            have = sum(min(p["goods"][g], n) for g, n in order.cost.items())
            value += 0.4 * order.points * have / need
        value += 0.8 * (ROUNDS - state["round"]) * sum(c.value(up) for c, up in zip(POWER_CARDS, p["upgraded"],
                                                                                        strict=True))
        return value

    for state, _seat in _positions(80, 16):
        for who in (0, 1):
            assert greedy.worth(state, who) == by_the_sheet(state, who)
