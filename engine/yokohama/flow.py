"""The turn as a chain of decisions: which step answers now, and the automatic steps between
decisions (start of turn, Area Action set-up, recovery, next player).

`state["stage"]` names the decision awaited; `state["pending"]` holds reward choices that come
first. Each decision is a `YokohamaStep` (engine/yokohama/step.py) declared beside its rules; this
module only finds the current one. After every decision `settle` runs the automatic steps until a
decision (or the end of the game) is reached, so `legal` never has to look ahead.
"""

from __future__ import annotations

from typing import cast

from engine.core.deadline import checkpoint
from engine.core.steps import forget_options
from engine.core.translate import N_, _
from engine.yokohama import (
    additional,
    agency,
    areas,
    chinatown,
    church,
    construction,
    laboratory,
    movement,
    placement,
    port,
)
from engine.yokohama.board import has_tech
from engine.yokohama.components import parts
from engine.yokohama.copying import own_board
from engine.yokohama.endgame import check_end
from engine.yokohama.rewards import PENDING_STEPS
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import around, order_label, order_text
from engine.yokohama.types import Action, Candidate, KeepAction, State

#: What the end conditions read, in short (`_end_mark`): supply, open Church and Customs spaces, reasons.
EndMark = tuple[int, int, int, int]


class KeepStep(YokohamaStep):
    """Setup: every player at once keeps 1 of the 2 order cards dealt to them (a hidden choice)."""

    stage = "keep"
    stage_text = N_("choosing the starting order card")
    kinds: tuple[str, ...] = ("keep",)
    hint = N_("keep one of your two dealt order cards")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "keep", "order": o}, None) for o in state["p"][seat]["keep"]]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(KeepAction, action)
        pl = state["p"][seat]
        pl["orders"].append(action["order"])
        pl["keep"] = []
        if not any(p["keep"] for p in state["p"]):
            begin_turn(state)

    def text(self, state: State, action: Action) -> str:
        action = cast(KeepAction, action)
        return order_label(action["order"], around(_("Keep order {card}")), around(_("Keep {card}")))

    def hidden_text(self, state: State, action: Action) -> str:
        return _("Keep one of the two dealt order cards")

    def details(self, state: State, action: Action) -> str:
        action = cast(KeepAction, action)
        return order_text(action["order"])

    def told(self, state: State, action: Action) -> str:
        return _("keeps one of the two dealt order cards")

    def prompt(self, state: State, seat: int) -> str:
        return _("Setup: keep 1 of the 2 order cards dealt to you (the other is set aside).")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("That order card was not dealt to you.")


KEEP = KeepStep()
#: Every decision step, one per stage (the pending reward choices are keyed by their kind).
STAGE_STEPS: dict[str, YokohamaStep] = {
    step.stage: step
    for step in (KEEP, additional.FIRST, additional.SECOND, additional.MERC_AREA, *placement.STEPS,
                 *movement.STEPS, *port.STEPS, *laboratory.STEPS, *agency.STEPS, *chinatown.STEPS,
                 *church.STEPS, *construction.STEPS)
}
#: Stages inside an Area Action (steps 3 to 6), where the greedy player looks one decision ahead.
AREA: frozenset[str] = frozenset(
    step.stage for module in (port, laboratory, agency, chinatown, church, construction) for step in module.STEPS
)
#: Every step: where several declare a kind, the first words it outside its own moment.
ALL_STEPS: tuple[YokohamaStep, ...] = (*STAGE_STEPS.values(), *PENDING_STEPS.values())


def to_act(state: State) -> list[int]:
    if state["over"]:
        return []
    if state["stage"] == "keep":
        return [s for s, pl in enumerate(state["p"]) if pl["keep"]]
    return [state["seat"]]


def current_step(state: State) -> YokohamaStep:
    """The decision awaited now (of the seat to act; at setup, each seat's keep)."""
    if state["pending"] and state["stage"] != "keep":
        return PENDING_STEPS[state["pending"][0]["kind"]]
    step = STAGE_STEPS.get(state["stage"])
    if step is None:
        raise ValueError(f"no decisions in stage {state['stage']}")
    return step


def step_of(state: State, seat: int) -> YokohamaStep | None:
    """The step `seat` is in now (None: the seat owes nothing)."""
    return current_step(state) if seat in to_act(state) else None


def options(state: State, seat: int) -> list[Action]:
    step = step_of(state, seat)
    return step.options(state, seat) if step is not None else []


def apply(state: State, seat: int, action: Action, checked: EndMark | None = None) -> None:
    """One decision and the automatic steps after it. A search's deadline may stop it here
    (`checkpoint`; nothing happens outside a search). `checked`: the end mark (`_end_mark`) the
    end conditions were last checked at in this very position (`settled_mark`), if known."""
    checkpoint()
    current_step(state).apply(state, seat, action)
    settle(state, checked)


def begin_turn(state: State) -> None:
    """A new turn: reset once-per-turn flags; System of Stock tops money up to ¥2."""
    seat = state["seat"]
    pl = own_board(state, seat)  # shared with the state the last move was copied from (copying.py)
    pl["flags"] = {"merc": False, "spin": False, "university": False}
    stock = parts().effect_terms["stock"]["yen"]
    if has_tech(state, seat, "stock") and pl["yen"] < stock:
        pl["yen"] = stock
    state["stage"] = "first"
    state["ctx"] = {}


def end_turn(state: State) -> None:
    """Pass to the next seat; a round ends after the seat right of the start player."""
    state["turns"] += 1
    state["seat"] = (state["seat"] + 1) % state["players"]
    if state["seat"] == 0:
        state["round"] += 1
        final = state["end"]["final_round"]
        if final is not None and state["round"] > final:
            state["over"] = True
            state["stage"] = "over"
            return
    begin_turn(state)


#: The automatic steps between decisions, by stage.
AUTOMATIC = {
    "place_start": placement.start,
    "action_start": areas.start,
    "after_action": areas.after_action,
    "recover": areas.recover,
}


#: The position `settle` last stopped at (a decision) and the end mark it checked the end conditions
#: at there: held by identity, with a strong reference (the id cannot be reused while it is held).
_settled: tuple[object, EndMark] | None = None


def settled_mark(state: State) -> EndMark | None:
    """The end mark at which `settle` checked the end conditions of `state`, if `state` is the very
    position it stopped at last; None otherwise. Only for a caller that never edits a state in place
    (a playout's `apply(..., offered=...)`): an edited position would not be checked again."""
    settled = _settled
    return settled[1] if settled is not None and settled[0] is state else None


def settle(state: State, checked: EndMark | None = None) -> None:
    """Run automatic steps until someone owes a decision; a decision with one answer is taken
    ("Go on to the main action" when no free action is possible, "End your turn", a payment
    with one way).

    The end conditions are checked before every step, but only when something they read may have
    changed since the last check (`_end_mark`; `checked`: the mark of a check made before this
    settling, in the position a move was copied from): they are what most of a playout's steps
    would otherwise rescan. The automatic steps change nothing the mark reads (a test holds them
    to it), so the mark is taken again only after a decision is applied."""
    global _settled
    _settled = None
    mark = _end_mark(state)
    while not state["over"]:
        if mark != checked:
            check_end(state)
            checked = mark
        stage = state["stage"]
        seat = state["seat"]
        automatic = None if state["pending"] else AUTOMATIC.get(stage)
        if automatic is not None:
            automatic(state, seat)
        elif stage == "end_turn" and not state["pending"]:
            end_turn(state)
        elif stage == "keep":
            _settled = (state, mark)
            return
        else:
            step = current_step(state)
            answer = step.single_answer(state, seat)
            if answer is None:
                _settled = (state, mark)
                return
            forget_options()  # an option list noted for this position no longer holds
            step.apply(state, seat, answer)
            mark = _end_mark(state)


def _end_mark(state: State) -> EndMark:
    """Changes whenever an end condition may have changed: a Shophouse or Trading House leaves a
    player's supply (hand + warehouse) only to be built, a Church or Customs space is taken only by a
    pawn, and an end reason can be noted elsewhere (the Order deck running out)."""
    supply = 0
    for pl in state["p"]:
        hand, warehouse = pl["hand"], pl["warehouse"]
        supply += hand["shops"] + hand["th"] + warehouse["shops"] + warehouse["th"]
    return supply, state["church"].count(None), state["customs"].count(None), len(state["end"]["reasons"])


def upgrade_from_1(state: State) -> None:
    """A schema-1 state (one click per assistant, per step, per Faith item) in today's terms.

    Only decisions whose shape changed need a new place: a way chosen but nothing placed
    yet starts the placement again (choosing the way changed nothing); Telegram's pending
    extra assistant becomes a one-area spread next to the pair; a Tram chosen but not yet
    ridden is the move again. Moves on the way, half-paid Church spaces, a Laboratory
    payment and a second Port card are read from their old working data by today's steps.
    """
    stage, ctx = state["stage"], state["ctx"]
    if stage == "place_pair" or (stage == "place_spread" and not ctx.get("placed")):
        state["stage"], state["ctx"] = "place", {}
    elif stage == "telegram":
        state["stage"] = "place_spread"
        state["ctx"] = {"placed": list(ctx["placed"]), "limit": len(ctx["placed"]) + 1, "near": ctx["placed"][0]}
    elif stage == "tram":
        state["stage"] = "move"
    for item in state["pending"]:
        if item["kind"] == "any_good":
            item.setdefault("n", 1)
            item.setdefault("mining", True)
    settle(state)
