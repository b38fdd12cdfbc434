"""The Church and Customs Area Actions: an assistant onto a management board's space for its reward.

Church: Power gives Faith (rules.toml), items of different kinds add 1 each, exactly the space's need
is paid (ruling R3.3). Customs: Power - 1 imported goods may be paid for a space. The assistant comes
from the area itself or from hand (asked when both are possible).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import cast

from engine.core.translate import N_, _
from engine.yokohama.areas import FAITH_KINDS, RULES, has, spend
from engine.yokohama.board import ONE_STEP_LIMIT, add_assistants, assistants_at
from engine.yokohama.components import parts, reward_text
from engine.yokohama.rewards import effect_gain, grant, log
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import faith_text
from engine.yokohama.types import (
    Action,
    Board,
    Candidate,
    ChurchAction,
    CustomsAction,
    FaithAction,
    FaithItem,
    PawnAction,
    PawnSource,
    SimpleAction,
    State,
)

NONE_TEXT = N_("Place no assistant on the board")


def pawn_sources(state: State, seat: int) -> list[PawnSource]:
    """Where the pawn for the management board may come from: the area itself, or hand."""
    out: list[PawnSource] = []
    if assistants_at(state, seat, state["ctx"]["area"]):
        out.append("area")
    if state["p"][seat]["hand"]["assistants"]:
        out.append("hand")
    return out


def faith_kinds_owned(state: State, seat: int) -> list[FaithItem]:
    paid = state["ctx"].get("paid", [])
    return [k for k in FAITH_KINDS if k not in paid and has(state, seat, k)]


def faith_payments(state: State, seat: int, space: int) -> list[list[FaithItem]]:
    """Every set of items (one of a kind) that brings Power's Faith exactly to the space's need.

    RB: "Excess Faith value is lost", so more than the need is never paid (ruling R3.3).
    """
    ctx = state["ctx"]
    owed = parts().boards["church"][space]["need"] - ctx["power_faith"] - len(ctx.get("paid", []))
    if owed <= 0:
        return [[]]
    return [list(c) for c in combinations(faith_kinds_owned(state, seat), owed)]


def church_all(state: State, seat: int) -> list[ChurchAction]:
    """Every space with every way to pay for it (one decision when the list is short)."""
    board = parts().boards["church"]
    if not pawn_sources(state, seat):
        return []
    return [{"do": "church", "space": i, "pay": pay} for i, _s in enumerate(board)
            if state["church"][i] is None for pay in faith_payments(state, seat, i)]


def church_pay_text(state: State, pay: Sequence[str]) -> str:
    """"¥1 + 1 Tea (Power 3 + 2 = 5 Faith)": what is paid and the Faith total it makes."""
    ctx = state["ctx"]
    total = ctx["power_faith"] + len(ctx.get("paid", [])) + len(pay)
    items = faith_text(pay) if pay else _("pay nothing")
    return _("{items} = {n} Faith").format(items=items, n=total)


def pay_faith(state: State, seat: int, pay: Sequence[str]) -> None:
    ctx = state["ctx"]
    for kind in pay:
        spend(state, seat, kind)
        ctx["paid"].append(kind)
    ctx["board"] = "church"
    choose_pawn(state, seat)


def reopen_church_choice(state: State) -> None:
    """A Church payment stored under schema 2 or older asked for the old board's Faith (ruling R7
    changed the board): the items paid so far go back and the space is chosen again on today's board,
    so a game stopped half-way through a payment is never left without an answer."""
    if state["stage"] != "act_church_pay":
        return
    ctx = state["ctx"]
    pl = state["p"][state["seat"]]
    for kind in ctx.get("paid", []):
        if kind == "yen":
            pl["yen"] += 1
        elif kind == "imported":
            pl["imported"] += 1
        else:
            pl["goods"][kind] += 1
    ctx.pop("space", None)
    ctx["paid"] = []
    state["stage"] = "act_church"


def choose_pawn(state: State, seat: int) -> None:
    sources = pawn_sources(state, seat)
    if len(sources) > 1:
        state["stage"] = "act_pawn"
    else:
        place_pawn(state, seat, sources[0])


def place_pawn(state: State, seat: int, source: str) -> None:
    """The assistant goes onto the board for good; the space pays its reward (+ Winery/Brickyard)."""
    ctx = state["ctx"]
    board: Board = ctx["board"]
    if source == "area":
        add_assistants(state, seat, ctx["area"], -1)
    else:
        state["p"][seat]["hand"]["assistants"] -= 1
    state[board][ctx["space"]] = seat
    space = parts().boards[board][ctx["space"]]
    grant(state, seat, space["reward"])
    effect_gain(state, seat, "winery" if board == "church" else "brickyard")
    log(state, N_("{seat} placed an assistant on the Church board (space {space})") if board == "church"
        else N_("{seat} placed an assistant on the Customs board (space {space})"), space=ctx["space"] + 1)
    state["stage"] = "after_action"


def space_refusal(state: State, seat: int, board: Board, action: Action) -> str:
    space = action.get("space")
    if not isinstance(space, int) or not 0 <= space < len(state[board]):
        return (_("The Church board has no such space.") if board == "church"
                else _("The Customs board has no such space."))
    if state[board][space] is not None:
        return (_("Church space {n} is taken.") if board == "church" else _("Customs space {n} is taken.")).format(
            n=space + 1)
    if not pawn_sources(state, seat):
        return _("You need an assistant in this area or in hand to put on the board.")
    if board == "church":
        return _("You cannot pay exactly the Faith Church space {n} needs that way (one item of each kind).").format(
            n=space + 1)
    return _("Customs space {n} needs more imported goods than you may pay now.").format(n=space + 1)


class ChurchStep(YokohamaStep):
    """Space and payment in one decision; when that list is longer than `ONE_STEP_LIMIT`, the space
    first and then the items to pay (`act_church_pay`), each listed as a whole."""

    stage = "act_church"
    stage_text = N_("Church: choosing a space")
    kinds: tuple[str, ...] = ("church", "church_none")
    hint = N_("choose a Church space (or none)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        every = church_all(state, seat)
        if len(every) + 1 <= ONE_STEP_LIMIT:
            answers: list[Action] = [*every, {"do": "church_none"}]
            return [(a, None) for a in answers]
        spaces = sorted({a["space"] for a in every})
        first: list[Candidate] = [({"do": "church", "space": i}, None) for i in spaces]
        return [*first, ({"do": "church_none"}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(ChurchAction | SimpleAction, action)
        ctx = state["ctx"]
        if action["do"] == "church_none":
            state["stage"] = "after_action"
            return
        action = cast(ChurchAction, action)
        ctx["space"] = action["space"]
        ctx["paid"] = []
        if "pay" in action:
            pay_faith(state, seat, action["pay"])
            return
        payments = faith_payments(state, seat, action["space"])
        if len(payments) > 1:
            state["stage"] = "act_church_pay"
        else:
            pay_faith(state, seat, payments[0])

    def text(self, state: State, action: Action) -> str:
        action = cast(ChurchAction | SimpleAction, action)
        if action["do"] == "church_none":
            return _(NONE_TEXT)
        action = cast(ChurchAction, action)
        space = parts().boards["church"][action["space"]]
        if "pay" not in action:
            return _("Church {n} ({need} Faith → {reward})").format(n=action["space"] + 1, need=space["need"],
                                                                    reward=reward_text(space["reward"]))
        return _("Church {n} ({reward}): {pay}").format(n=action["space"] + 1, reward=reward_text(space["reward"]),
                                                        pay=church_pay_text(state, action["pay"]))

    def prompt(self, state: State, seat: int) -> str:
        return _("Church: your Power gives {n} Faith; add 1 per item of a different "
                 "kind to pay a space's need exactly.").format(n=state["ctx"]["power_faith"])

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return space_refusal(state, seat, "church", action)


class ChurchPayStep(YokohamaStep):
    """The items that pay the chosen Church space, each way listed as a whole."""

    stage = "act_church_pay"
    stage_text = N_("Church: paying Faith")
    kinds: tuple[str, ...] = ("faith",)
    hint = N_("choose how to pay the Church space")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "faith", "pay": pay}, None) for pay in faith_payments(state, seat, state["ctx"]["space"])]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(FaithAction, action)
        pay_faith(state, seat, action["pay"])

    def text(self, state: State, action: Action) -> str:
        action = cast(FaithAction, action)
        return _("Pay {pay}").format(pay=church_pay_text(state, action["pay"]))

    def prompt(self, state: State, seat: int) -> str:
        need = parts().boards["church"][state["ctx"]["space"]]["need"]
        return _("Church space {n} needs {need} Faith: which items do you pay?").format(n=state["ctx"]["space"] + 1,
                                                                                        need=need)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("Pay exactly the Faith still owed, with one item of each kind you own.")


class CustomsStep(YokohamaStep):
    stage = "act_customs"
    stage_text = N_("Customs: choosing a space")
    kinds: tuple[str, ...] = ("customs", "customs_none")
    hint = N_("choose a Customs space (or none)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        board = parts().boards["customs"]
        out: list[Candidate] = []
        if pawn_sources(state, seat):
            limit = min(RULES["customs"]["imports"][state["ctx"]["power"] - 1], state["p"][seat]["imported"])
            out = [({"do": "customs", "space": i}, None) for i, s in enumerate(board)
                   if state["customs"][i] is None and s["need"] <= limit]
        return [*out, ({"do": "customs_none"}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(CustomsAction | SimpleAction, action)
        ctx = state["ctx"]
        if action["do"] == "customs_none":
            state["stage"] = "after_action"
            return
        action = cast(CustomsAction, action)
        ctx["space"] = action["space"]
        spend(state, seat, "imported", parts().boards["customs"][action["space"]]["need"])
        ctx["board"] = "customs"
        choose_pawn(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(CustomsAction | SimpleAction, action)
        if action["do"] == "customs_none":
            return _(NONE_TEXT)
        action = cast(CustomsAction, action)
        space = parts().boards["customs"][action["space"]]
        return _("Customs {n}: pay {need} imported → {reward}").format(n=action["space"] + 1, need=space["need"],
                                                                       reward=reward_text(space["reward"]))

    def prompt(self, state: State, seat: int) -> str:
        most = RULES["customs"]["imports"][state["ctx"]["power"] - 1]
        return _("Customs: pay up to {n} imported goods for a space (or none).").format(n=most)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return space_refusal(state, seat, "customs", action)


class PawnStep(YokohamaStep):
    """Which assistant goes onto the board: the one in this area or one from hand."""

    stage = "act_pawn"
    stage_text = N_("choosing which assistant goes on the board")
    kinds: tuple[str, ...] = ("pawn_from",)
    hint = N_("choose which assistant goes on the board")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "pawn_from", "source": s}, None) for s in pawn_sources(state, seat)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(PawnAction, action)
        place_pawn(state, seat, action["source"])

    def text(self, state: State, action: Action) -> str:
        action = cast(PawnAction, action)
        return _("Use an assistant from this area") if action["source"] == "area" else _("Use an assistant from hand")

    def prompt(self, state: State, seat: int) -> str:
        return (_("Which assistant goes onto the Church board?") if state["ctx"]["board"] == "church"
                else _("Which assistant goes onto the Customs board?"))


STEPS: tuple[YokohamaStep, ...] = (ChurchStep(), ChurchPayStep(), CustomsStep(), PawnStep())
