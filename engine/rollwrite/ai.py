"""The Roll & Write AI: the greedy player's judgement, looking to the end of the round.

The greedy player (greedy.py) values each option by the sheet right after it, a step or two
ahead. That misses what an option sets up later in the same round: a set whose die is weak but
whose card pays for a Laboratory, circles that only pay off after the main action. This AI plays
each promising option out to the end of the seat's round with the greedy player's own choices and
keeps the one whose sheet is then worth most (by the greedy player's `sheet_value`, or the real
score once the game is over).

It sees only what the seat sees: the round's rolled dice and cards and its own sheet. The rollout
stops where the round ends, and `sheet_value` reads no dice, so the future rolls fixed in the state
at `new()` (the daily challenge's fairness rests on them) are never used — a test swaps them and
checks the decision does not move. It is deterministic: the same state gives the same action,
whatever the seed; the time budget is a safety cap that, in normal play, is never reached.

The cap is real: the deadline is read in the candidate loops and at every decision of
a rollout, and every trial the greedy player makes checks it too (`engine.core.deadline`). Cut
short, the AI answers with the best option whose rollout finished, else the best by the one-step
worth among those tried, else the first option.
"""

from __future__ import annotations

from typing import Any

from engine.core import Game
from engine.core.deadline import Clock, Deadline, OutOfTime, checkpoint
from engine.rollwrite.greedy import greedy_action, sheet_value
from engine.rollwrite.shapes import Action
from engine.rollwrite.state_types import State

#: At most this many options (the greedy player's best by its own one-step value) are played out.
MAX_CANDIDATES = 8


def _round_end(game: Game[State, Action, Any], state: State, seat: int) -> State:
    """The state when `seat` has finished this round, playing the greedy player's choices."""
    start = state["round"]
    while not game.is_over(state) and state["round"] == start and seat in game.to_act(state):
        checkpoint()
        state = game.apply(state, seat, greedy_action(game, state, seat))
    return state


def _worth(game: Game[State, Action, Any], state: State, seat: int) -> float:
    if game.is_over(state):
        return float(game.scores(state)[seat]["total"])
    return sheet_value(state, state["sheets"][seat])


def ai_action(game: Game[State, Action, Any], state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
              clock: Clock | None = None) -> Action | None:
    """The search's choice for `seat`; `budget_s` caps the thinking time on `clock` (default
    `time.perf_counter`), checked inside the work."""
    deadline = Deadline(budget_s, clock)  # from the call on: listing the options counts too
    choices = game.legal(state, seat)
    if len(choices) <= 1:
        return choices[0] if choices else None
    best, best_value = 0, float("-inf")
    with deadline.running():
        try:
            rated: list[tuple[float, int]] = []
            after = []
            for i, action in enumerate(choices):
                checkpoint()
                after.append(game.apply(state, seat, action, offered=choices))
                rated.append((-_worth(game, after[i], seat), i))
                best = min(rated)[1]  # cut short here: the best one-step worth so far
            ranked = [i for _, i in sorted(rated)][:MAX_CANDIDATES]
            best = ranked[0]
            for i in ranked:
                value = _worth(game, _round_end(game, after[i], seat), seat)
                if value > best_value + 1e-9:
                    best, best_value = i, value
        except OutOfTime:
            pass  # keep the best option judged so far
    return choices[best]
