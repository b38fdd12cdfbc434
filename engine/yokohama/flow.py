"""The turn as a chain of decisions: which module answers for the current stage, and the
automatic steps between decisions (start of turn, Area Action set-up, recovery, next player).

`state["stage"]` names the decision awaited; `state["pending"]` holds reward choices that
come first. After every decision `settle` runs the automatic steps until a decision (or the
end of the game) is reached, so `legal` never has to look ahead.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.yokohama import additional, areas, movement, placement, rewards
from engine.yokohama.board import has_tech
from engine.yokohama.endgame import check_end

Action = Any

ADDITIONAL = {"first", "second", "merc_area"}
PLACEMENT = {"place", "place_spread", "place_pair"}
MOVEMENT = {"move", "moving", "return"}
AREA = {"act_port", "act_lab", "act_lab_pay", "act_agency", "act_chinatown", "act_church",
        "act_church_pay", "act_customs", "act_pawn", "bonus", "build", "recover_choice"}


def to_act(state: State) -> list[int]:
    if state["over"]:
        return []
    if state["stage"] == "keep":
        return [s for s, pl in enumerate(state["p"]) if pl["keep"]]
    return [state["seat"]]


def options(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    stage = state["stage"]
    if stage == "keep":
        return [{"do": "keep", "order": o} for o in state["p"][seat]["keep"]]
    if state["pending"]:
        return rewards.pending_options(state, seat)
    if stage in ADDITIONAL:
        return additional.options(state, seat)
    if stage in PLACEMENT:
        return placement.options(state, seat)
    if stage in MOVEMENT:
        return movement.options(state, seat)
    if stage in AREA:
        return areas.options(state, seat)
    raise ValueError(f"no decisions in stage {stage}")


def apply(state: State, seat: int, action: Action) -> None:
    apply_decision(state, seat, action)
    settle(state)


def apply_decision(state: State, seat: int, action: Action) -> None:
    """One decision's own effect, without the automatic steps that follow it."""
    stage = state["stage"]
    if stage == "keep":
        pl = state["p"][seat]
        pl["orders"].append(action["order"])
        pl["keep"] = []
        if not any(p["keep"] for p in state["p"]):
            begin_turn(state)
    elif state["pending"]:
        rewards.apply_pending(state, seat, action)
    elif stage in ADDITIONAL:
        additional.apply(state, seat, action)
    elif stage in PLACEMENT:
        placement.apply(state, seat, action)
    elif stage in MOVEMENT:
        movement.apply(state, seat, action)
    else:
        areas.apply(state, seat, action)


def begin_turn(state: State) -> None:
    """A new turn: reset once-per-turn flags; System of Stock tops money up to ¥2."""
    seat = state["seat"]
    pl = state["p"][seat]
    pl["flags"] = {"merc": False, "spin": False, "university": False}
    if has_tech(state, seat, "stock") and pl["yen"] <= 1:
        pl["yen"] = 2
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


def settle(state: State) -> None:
    """Run automatic steps until someone owes a decision."""
    while not state["over"]:
        check_end(state)
        stage = state["stage"]
        seat = state["seat"]
        if state["pending"]:
            if not single_answer(state):
                return
            apply_decision(state, seat, options(state, seat)[0])
        elif stage == "place_start":
            placement.start(state, seat)
        elif stage == "action_start":
            areas.start(state, seat)
        elif stage == "after_action":
            areas.after_action(state, seat)
        elif stage == "recover":
            areas.recover(state, seat)
        elif stage == "end_turn":
            end_turn(state)
        elif single_answer(state):
            apply_decision(state, seat, options(state, seat)[0])
        else:
            return


def single_answer(state: State) -> bool:
    """The awaited decision has one possible answer, so nobody is asked ("Go on to the main
    action" when no free action is possible, "End your turn", a payment with one way)."""
    if state["stage"] == "keep":
        return False
    return len(options(state, state["seat"])) == 1


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
