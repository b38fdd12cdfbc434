"""Which decision a seat faces now (`step_of`), and making a move through it (`perform`).

Every Duel decision is one `DuelStep` (engine/duel/step.py); this module only picks the one that
applies, so `legal`, refusals, prompts and labels all come from the step's own declaration.
"""

from __future__ import annotations

from engine.core.deadline import checkpoint
from engine.duel.act import resume_owed_steps
from engine.duel.areas import ACT_STEPS
from engine.duel.free import FREE
from engine.duel.step import DuelStep
from engine.duel.turns import BONUS_STEP, BUILD, DISCARD, SETUP, TURN, UPGRADE
from engine.duel.types import Action, State

#: Every step, for finding the one an action belongs to.
ALL_STEPS: tuple[DuelStep, ...] = (DISCARD, SETUP, UPGRADE, TURN, BONUS_STEP, BUILD, *ACT_STEPS.values())
#: Every action kind (`do`) a Duel knows.
KINDS: frozenset[str] = frozenset(kind for step in ALL_STEPS for kind in step.kinds) | frozenset(FREE.kinds)


def to_act(state: State) -> list[int]:
    if state["phase"] == "over":
        return []
    if state["discard_due"]:
        return [state["discard_due"][0]]
    if state["phase"] == "setup":
        return [s for s in (0, 1) if state["players"][s]["setup_draw"]]
    if state["phase"] == "upgrade":
        return [s for s in (0, 1) if state["upgrade_due"][s]]
    return [state["current"]]


def step_of(state: State, seat: int) -> DuelStep | None:
    """The step `seat` is in now (None: the seat owes nothing)."""
    if seat not in to_act(state):
        return None
    if state["discard_due"]:
        return DISCARD
    if state["phase"] == "setup":
        return SETUP
    if state["phase"] == "upgrade":
        return UPGRADE
    turn = state["turn"]
    if turn["act"] is not None:
        return ACT_STEPS[turn["act"]["step"]]
    if turn["bonus"] is not None:
        return BONUS_STEP
    if turn["build"] is not None:
        return BUILD
    return TURN


def options(state: State, seat: int) -> list[Action]:
    step = step_of(state, seat)
    return step.options(state, seat) if step is not None else []


def perform(state: State, seat: int, action: Action) -> None:
    """Carry out a legal `action` of `seat` on `state` (mutated), then take back any steps a
    finished Foreign Agent interrupted. A search's deadline may stop it here (`checkpoint`)."""
    checkpoint()
    step = step_of(state, seat)
    assert step is not None, "perform() is only called for a seat that owes a decision"
    step.apply(state, seat, action)
    resume_owed_steps(state)


def owner_of(state: State, action: Action) -> DuelStep | None:
    """The step that words `action`: the current one of a seat that owes a decision if it answers to
    this kind (several steps share "area"), else the first step declaring the kind."""
    do = action.get("do") if isinstance(action, dict) else None
    for seat in to_act(state):
        step = step_of(state, seat)
        if step is not None and (do in step.kinds or (step.free and do in FREE.kinds)):
            return step
    return next((s for s in ALL_STEPS if do in s.kinds), None)
