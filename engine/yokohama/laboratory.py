"""The Laboratory's Area Action: learning one technology (rulebook "Laboratory"), in one decision.

Power pays that much of the card's Industry value (plus the row's extra for the rightmost cards);
each unit still owed costs ¥2 or 1 imported good, one unit more from the 5th card on; a player never
owns two cards of one name.
"""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _
from engine.yokohama.areas import TECH_SURCHARGE_FROM, UNIT_YEN, gain_tech, spend
from engine.yokohama.components import imported_text, parts, tech_name
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import tech_detail, tech_text
from engine.yokohama.types import Action, Candidate, SimpleAction, State, TechAction


def tech_units(state: State, seat: int, slot: int) -> int:
    """Industry value still owed after Power (in ¥2-or-1-imported units), with the 5th-card extra."""
    ctx = state["ctx"]
    card = cast(int, state["labs"][ctx["area"]][slot])  # offered slots hold a card
    need = parts().techs[card]["value"] + parts().boards["lab_extra"][slot]
    units: int = max(0, need - ctx["power"])
    if len(state["p"][seat]["techs"]) >= TECH_SURCHARGE_FROM:
        units += 1
    return units


def tech_payments(state: State, seat: int, slot: int) -> list[int]:
    """How many imported goods may go into the payment (the rest in ¥2 each)."""
    pl = state["p"][seat]
    units = tech_units(state, seat, slot)
    return [k for k in range(min(units, pl["imported"]) + 1) if UNIT_YEN * (units - k) <= pl["yen"]]


def owns_name(state: State, seat: int, card: int) -> bool:
    name = parts().techs[card]["name"]
    return any(parts().techs[t]["name"] == name for t in state["p"][seat]["techs"])


def learn(state: State, seat: int, slot: int, imported: int) -> None:
    """Pay for the card in `slot` (`imported` goods, the rest in ¥), learn it, refill the row."""
    ctx = state["ctx"]
    units = tech_units(state, seat, slot)
    spend(state, seat, "imported", imported)
    spend(state, seat, "yen", UNIT_YEN * (units - imported))
    row = state["labs"][ctx["area"]]
    card = cast(int, row[slot])
    row[slot] = None
    gain_tech(state, seat, card)
    rest = [c for c in row if c is not None]
    if state["tech_deck"]:
        rest.append(state["tech_deck"].pop())
    state["labs"][ctx["area"]] = rest + [None] * (len(row) - len(rest))


class LabStep(YokohamaStep):
    """Which technology, and how its price is paid (imported goods, the rest in ¥), or none."""

    stage = "act_lab"
    stage_text = N_("Laboratory: choosing a technology")
    kinds: tuple[str, ...] = ("tech", "tech_none")
    hint = N_("choose a technology (or none)")

    def slots(self, state: State) -> list[int]:
        return list(range(len(state["labs"][state["ctx"]["area"]])))

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        row = state["labs"][state["ctx"]["area"]]
        out: list[Candidate] = []
        for slot in self.slots(state):
            card = row[slot]
            if card is None or owns_name(state, seat, card):
                continue
            out += [({"do": "tech", "slot": slot, "imported": k}, None) for k in tech_payments(state, seat, slot)]
        return [*out, ({"do": "tech_none"}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        if action["do"] == "tech":
            learn(state, seat, action["slot"], action["imported"])
        state["stage"] = "after_action"

    def text(self, state: State, action: Action) -> str:
        action = cast(SimpleAction | TechAction, action)
        if action["do"] == "tech_none":
            return _("Learn no technology")
        action = cast(TechAction, action)
        card = cast(int, state["labs"][state["ctx"]["area"]][action["slot"]])  # an offered slot holds a card
        units = tech_units(state, state["seat"], action["slot"])
        k = action["imported"]
        paid = " + ".join([*([f"¥{UNIT_YEN * (units - k)}"] if units > k else []),
                           *([imported_text(k)] if k else [])]) or _("free")
        return _("Learn {tech} — {paid}").format(tech=tech_text(card), paid=paid)

    def told(self, state: State, action: Action) -> str:
        action = cast(SimpleAction | TechAction, action)
        if action["do"] == "tech_none":
            return super().told(state, action)
        action = cast(TechAction, action)
        card = cast(int, state["labs"][state["ctx"]["area"]][action["slot"]])
        return _("learns {tech}").format(tech=tech_name(card))

    def details(self, state: State, action: Action) -> str:
        action = cast(SimpleAction | TechAction, action)
        if action["do"] == "tech_none":
            return ""
        action = cast(TechAction, action)
        return tech_detail(cast(int, state["labs"][state["ctx"]["area"]][action["slot"]]))

    def prompt(self, state: State, seat: int) -> str:
        return _("Laboratory (Power {n}): which technology do you learn? "
                 "Each Industry point over your Power costs ¥{yen} or 1 imported good.").format(
            n=state["ctx"]["power"], yen=UNIT_YEN)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        row = state["labs"][state["ctx"]["area"]]
        slot = action.get("slot")
        card = row[slot] if isinstance(slot, int) and 0 <= slot < len(row) else None
        if card is None:
            return _("There is no technology card in that space.")
        if owns_name(state, seat, card):
            return _("You already own a technology of that name.")
        return _("You cannot pay that technology's Industry value that way.")


class LabPayStep(LabStep):
    """How the chosen card is paid (a choice split in two under schema 1)."""

    stage = "act_lab_pay"
    stage_text = N_("Laboratory: paying")

    def slots(self, state: State) -> list[int]:
        return [state["ctx"]["slot"]]


STEPS: tuple[YokohamaStep, ...] = (LabStep(), LabPayStep())
