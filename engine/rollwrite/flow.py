"""One seat's round as a chain of steps: which step the seat is in, and settling what needs no decision.

A seat's position in its round is its `step` (choose a set, record, main action, count,
additional action, end, done). Anything that interrupts a step — a bonus that needs a
choice, the action power still to spend, a technology's follow-up — is a *task* on the
seat's `queue`, handled first, front to back. `settle` carries out tasks with nothing to
decide (gain 2 money) and answers with a single possible outcome, so the player is only
asked real questions; the steps themselves live in round_steps.py and task_steps.py.
"""

from __future__ import annotations

from engine.core.deadline import checkpoint
from engine.core.kept_text import keeping
from engine.rollwrite import rules
from engine.rollwrite.round_steps import (
    Additional,
    ChooseSet,
    CrossOff,
    EndRound,
    MainArea,
    Record,
    waiting_for_start_player,
)
from engine.rollwrite.shapes import Action
from engine.rollwrite.sheet import gain, push
from engine.rollwrite.state_types import Resource, State
from engine.rollwrite.step import RollWriteStep
from engine.rollwrite.task_steps import TASK_STEPS, after_area

ROUND_STEPS: dict[str, RollWriteStep] = {
    step.name: step for step in (ChooseSet(), Record(), MainArea(), CrossOff(), Additional(), EndRound())
}
#: Every step: where several declare a kind ("form", "phone"), the first words it outside its own
#: moment (their words agree).
ALL_STEPS: tuple[RollWriteStep, ...] = (*ROUND_STEPS.values(), *TASK_STEPS.values())


def step_of(state: State, seat: int) -> RollWriteStep | None:
    """The step `seat` is in now (None: it owes nothing, or waits for the start player)."""
    if state["over"] or not 0 <= seat < state["players"]:
        return None
    ps = state["sheets"][seat]
    if ps["queue"]:
        return TASK_STEPS[ps["queue"][0]["t"]]
    if ps["step"] == "done" or waiting_for_start_player(state, seat):
        return None
    return ROUND_STEPS[ps["step"]]


def owes_decision(state: State, seat: int) -> bool:
    return step_of(state, seat) is not None


def options(state: State, seat: int) -> list[Action]:
    step = step_of(state, seat)
    return step.options(state, seat) if step is not None else []


def perform(state: State, seat: int, action: Action, step: RollWriteStep | None = None) -> None:
    """Carry out a legal action for this seat, then settle everything that needs no decision.
    A search's deadline may stop it here (`checkpoint`; nothing happens outside a search).
    `step`: `step_of(state, seat)`, when the caller has just read it (a playout's move, to learn that
    the seat owes a decision) — not looked up a second time."""
    checkpoint()
    if step is None:
        step = step_of(state, seat)
    assert step is not None, "perform() is only called for a seat that owes a decision"
    with keeping():  # kept in the state: the same whoever reads along (`note`, inlined: every decision)
        state["sheets"][seat]["events"].append(step.kept_label(state, action))
    step.apply(state, seat, action)
    settle(state, seat)


def note(state: State, seat: int, step: RollWriteStep, action: Action) -> None:
    """Keep the round's decisions in words (kept text: the state is the same whoever reads along, and the
    view words them for its reader), for the own sheet's picture and the round's summary."""
    with keeping():
        state["sheets"][seat]["events"].append(step.kept_label(state, action))


#: A seat's step and the option list `settle` built for it, noted while the state is settled.
Noted = tuple[RollWriteStep, list[Action]]
#: What `settle` noted in one state, seat by seat: (the state object, {seat: (step, options)}).
#: `note_options` (engine.core.steps) keeps only the last seat's list; in a simultaneous round
#: a playout picks any seat, so `RollWriteGame.apply(..., offered=...)` keeps every seat's, with
#: the step that built it (the seat's `step_of` in that state: a move need not look it up again).
_noted: tuple[State, dict[int, Noted]] | None = None


def noted_options(state: State) -> dict[int, Noted]:
    """What `settle` noted for `state`: every seat it settled there and left at a choice, with that
    choice's step and options."""
    noted = _noted
    return noted[1] if noted is not None and noted[0] is state else {}


def forget_noted() -> None:
    global _noted
    _noted = None


def settle(state: State, seat: int) -> None:
    """Carry out automatic tasks and steps until the seat faces a real choice or is done.

    The options of that choice are built here anyway (to see whether there is one); they are noted
    with their step (`noted_options`) so that `legal` and `apply` after a playout's
    `apply(..., offered=...)` need not build or look them up again. What was noted for this seat
    in this state before is dropped first: this settling changes its sheet. (The engine-wide note of
    engine.core.steps is not used: `RollWriteGame` keeps every seat's list itself.)"""
    global _noted
    noted = _noted
    if noted is None or noted[0] is not state:
        noted = _noted = (state, {})
    else:
        noted[1].pop(seat, None)  # settling changes only this seat's sheet: the others' lists hold
    ps = state["sheets"][seat]
    while True:
        if ps["queue"]:
            if auto_task(state, seat):
                continue
            step: RollWriteStep = TASK_STEPS[ps["queue"][0]["t"]]
        elif ps["step"] == "main" and not rules.rows_with_unused(ps):
            ps["step"] = "end" if ps["again"] else "additional"  # no circle to cross: no main action (R8)
            continue
        else:  # `step_of` with the queue known to be empty (asked after nearly every decision)
            name = ps["step"]
            if state["over"] or name == "done" or (name == "set" and waiting_for_start_player(state, seat)):
                return
            step = ROUND_STEPS[name]
        choices = step.options(state, seat)
        if not choices and ps["queue"]:
            ps["queue"].pop(0)  # nothing it could give has anywhere to go (R15)
            continue
        if len(choices) == 1 and step.auto_single:
            note(state, seat, step, choices[0])
            step.apply(state, seat, choices[0])
            continue
        noted[1][seat] = (step, choices)
        return


def auto_task(state: State, seat: int) -> bool:
    """Handle the front task if it has nothing to decide; False if it needs the player."""
    ps = state["sheets"][seat]
    task = ps["queue"][0]
    kind = task["t"]
    if kind == "gain":
        ps["queue"].pop(0)
        push(ps, gain(ps, task["res"], task["n"], rules.side_data(state)))
        return True
    if kind == "after":
        ps["queue"].pop(0)
        push(ps, after_area(ps, task["area"]))
        return True
    if kind == "power" and rules.area_kind(task["area"]) in ("bank", "church"):
        ps["queue"].pop(0)
        res: Resource = "money" if rules.area_kind(task["area"]) == "bank" else "faith"
        if task["left"] > 0:
            push(ps, gain(ps, res, task["left"], rules.side_data(state)))
        return True
    return False
