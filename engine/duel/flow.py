"""Which decision a seat faces now (`step_of`), and making a move through it (`perform`).

Every Duel decision is one `DuelStep` (engine/duel/step.py); this module only picks the one that
applies, so `legal`, refusals, prompts and labels all come from the step's own declaration.
"""

from __future__ import annotations

from engine.core import translate
from engine.core.deadline import checkpoint
from engine.core.kept_text import RECORDER
from engine.duel.act import resume_owed_steps
from engine.duel.areas import ACT_STEPS
from engine.duel.step import DuelStep
from engine.duel.turns import BONUS_STEP, BUILD, DISCARD, SETUP, TURN, UPGRADE
from engine.duel.types import Action, State

#: Every step: where several declare a kind ("area"), the first words it outside its own moment.
ALL_STEPS: tuple[DuelStep, ...] = (DISCARD, SETUP, UPGRADE, TURN, BONUS_STEP, BUILD, *ACT_STEPS.values())


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


def perform(state: State, seat: int, action: Action, step: DuelStep | None = None) -> None:
    """Carry out a legal `action` of `seat` on `state` (mutated), then take back any steps a
    finished Foreign Agent interrupted. A search's deadline may stop it here (`checkpoint`).
    `step`: `step_of(state, seat)`, when the caller has it."""
    checkpoint()
    if step is None:
        step = step_of(state, seat)
    assert step is not None, "perform() is only called for a seat that owes a decision"
    # The log is kept in the state, so it is kept text whoever is reading (a state must not depend on the
    # reader's language: `engine.core.kept_text`); a plain set and reset, as a playout performs thousands of moves.
    token = translate.translator.set(RECORDER)
    try:
        step.apply(state, seat, action)
        resume_owed_steps(state)
    finally:
        translate.translator.reset(token)
