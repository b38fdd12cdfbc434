"""The Yokohama search (the hard level, engine/yokohama/search.py): always legal, deterministic
under a seed on a fake clock, blind to the cards its seat cannot see, and within its budget.

The search uses its whole budget, so how much it does depends on the clock: every test that compares
two decisions drives a fake clock (tests/engine/fake_clock.py) that moves the same way in both runs.
"""

from __future__ import annotations

import copy

import pytest

from engine.core import Rng
from engine.yokohama import GAME, ai
from engine.yokohama.search import Settings, search_action
from tests.engine.fake_clock import ReadingClock, WorkClock, count_work
from tests.engine.yokohama.test_ai import _hidden_in_hands, _late_leader, _positions, _swap_hidden, play_turn

#: Two worlds at most: the tests need the search's paths, not its strength.
SMALL = Settings(width=4, keeps=(3, 2), deeper_from=1, max_worlds=2)
TICK = 0.001


def _choices(count: int, seed: int) -> list[tuple[dict, int]]:
    """Positions where the seat to act has at least two options."""
    return [(s, seat) for s, seat in _positions(count, seed) if len(GAME.legal(s, seat)) >= 2]


@pytest.mark.slow
def test_the_search_always_picks_a_legal_action() -> None:
    for n, (state, seat) in enumerate(_choices(16, 21)):
        for budget in (0.0, 0.05, 10_000.0):  # cut at once, cut mid-way, ended by the world cap
            action = search_action(state, seat, seed=n, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
            assert GAME.match_legal(state, seat, action) is not None, (n, budget, action)


@pytest.mark.slow
def test_the_search_is_deterministic_under_a_seed_on_a_fake_clock() -> None:
    for state, seat in _choices(6, 22)[:3]:
        for budget in (0.05, 10_000.0):
            first = search_action(state, seat, seed=5, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
            again = search_action(copy.deepcopy(state), seat, seed=5, budget_s=budget, clock=ReadingClock(TICK),
                                  settings=SMALL)
            assert again == first


def test_the_search_cut_short_at_once_answers_with_a_legal_action() -> None:
    """No time even for the greedy choice: the first option, as today's AI answers."""
    for state, seat in _choices(8, 23):
        assert search_action(state, seat, budget_s=0.0, clock=ReadingClock(TICK)) == GAME.legal(state, seat)[0]


@pytest.mark.slow
def test_swapping_another_players_hidden_orders_never_changes_the_decision() -> None:
    """The swap test: rivals' order cards in hand exchanged with unseen ones (and the decks reshuffled)
    leave the search's decision unchanged, for a seed and the same fake clock, cut short or not."""
    checked = 0
    for state, seat in _choices(12, 24):
        if _hidden_in_hands(state, seat) == 0:
            continue
        swapped = _swap_hidden(state, seat, Rng(200 + checked))
        for budget in (0.2, 10_000.0):
            mine = search_action(state, seat, seed=9, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
            theirs = search_action(swapped, seat, seed=9, budget_s=budget, clock=ReadingClock(TICK), settings=SMALL)
            assert mine == theirs
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.slow
def test_the_search_keeps_its_deadline_wherever_it_falls(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that moves one tick per engine decision (every greedy trial, every play-out move),
    the search stops within a tenth of its budget, wherever the budget runs out."""
    state, seat = _choices(4, 25)[0]
    for budget_ticks in (1, 7, 40, 300):
        clock = WorkClock(TICK)
        with monkeypatch.context() as patch:
            count_work(patch, "yokohama", clock)
            action = search_action(state, seat, seed=1, budget_s=budget_ticks * TICK, clock=clock)
        assert clock.now - clock.readings[0] <= budget_ticks * TICK * 1.1 + TICK, budget_ticks
        assert GAME.match_legal(state, seat, action) is not None


def test_the_search_never_passes_while_the_greedy_player_moves() -> None:
    """"The greedy player and the AI never pass while an action that gains something is open to
    them." The race holds the President's return to hand only when the greedy player returns it."""
    found = 0
    for state, seat in _positions(60, 26):
        if not any(a.get("do") == "return" for a in GAME.legal(state, seat)):
            continue
        choice, chosen = ai.greedy_choice(state, seat)
        if choice.get("do") == "return":
            continue
        raced = ai.ranked_candidates(state, seat, choice, chosen, width=50)
        assert all(a.get("do") != "return" for a, _ in raced)
        found += 1
    assert found >= 1


def test_the_games_hard_level_is_the_search_and_easy_is_todays_ai() -> None:
    """`ai_action(level="hard")` answers what the search answers, `level="easy"` (the default) what ai.py
    answers, on the same clock and seed; a level the game lacks is refused."""
    assert GAME.ai_levels == ("easy", "hard")
    differ = 0
    for n, (state, seat) in list(enumerate(_choices(5, 26)))[2:]:  # the search and ai.py part in the last
        hard = GAME.ai_action(state, seat, seed=n, budget_s=5.0, clock=ReadingClock(TICK), level="hard")
        assert hard == search_action(state, seat, seed=n, budget_s=5.0, clock=ReadingClock(TICK))
        easy = GAME.ai_action(state, seat, seed=n, budget_s=5.0, clock=ReadingClock(TICK))
        assert easy == ai.ai_action(state, seat, seed=n, budget_s=5.0, clock=ReadingClock(TICK))
        differ += hard != easy
    assert differ, "the positions tell the two levels apart"
    with pytest.raises(ValueError, match="has no level 'expert'"):
        GAME.ai_action(*_choices(1, 26)[0], level="expert")


def _search_turn(state: dict, seat: int) -> dict:
    """`seat`'s whole turn as the search plays it (four worlds a decision, no deadline in reach)."""
    settings = Settings(width=4, keeps=(4, 3, 2), deeper_from=9, max_worlds=4)
    return play_turn(state, seat, lambda s, who, k: search_action(s, who, seed=k, budget_s=600.0, settings=settings))


def test_a_leader_late_in_the_game_closes_at_the_hard_level_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """RB End of Game Conditions: "After replenishing Order cards, the Order deck has run out and there is an
    empty space on the card area of the Port Order Form Board." The hard level ranks options as today's AI
    does late in a game (ruling R7): the player ahead, from round 27, takes the option
    whose play-outs end the game soonest, here an order from the display in this very turn."""
    closed = _search_turn(_late_leader(), 1)
    assert closed["end"]["reasons"] == ["orders"] and closed["end"]["final_round"] == 30
    monkeypatch.setattr(ai, "CLOSE_FROM_ROUND", 99)
    drifting = _search_turn(_late_leader(), 1)
    assert drifting["end"]["final_round"] != 30


def test_the_race_keeps_the_options_that_end_the_game_soonest() -> None:
    """Ruling ruling R7: the player ahead, from round 27, keeps "the candidate whose look-ahead fixes
    the earliest final round". RB End of Game Conditions: "the Order deck has run out and there is an empty space
    on the card area of the Port Order Form Board". With no option dropped by margin before the second world and
    only two kept after the first, what the race keeps decides: kept soonest-end first, the leader takes an order
    in this turn and round 30 is the last; kept latest-end first (ec0f785 mended that order), it drifts on."""
    settings = Settings(width=6, keeps=(2, 1), drop_after=99, deeper_from=9, max_worlds=2)
    closed = play_turn(_late_leader(), 1,
                       lambda s, who, k: search_action(s, who, seed=k, budget_s=600.0, settings=settings))
    assert closed["end"]["reasons"] == ["orders"] and closed["end"]["final_round"] == 30
