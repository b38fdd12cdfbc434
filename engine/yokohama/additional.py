"""The Additional Action phases (before and after the main action): any number of free actions.

Foreign Mercenary (once per turn), achievements, orders, and the once-per-turn technology
actions Spinning Mill and University; "start the main action" / "end the turn" are explicit.
"""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _
from engine.yokohama import achievements
from engine.yokohama.areas import check_mercenary
from engine.yokohama.board import action_areas, has_tech, power
from engine.yokohama.components import GOODS, achievement_name, area_name, parts
from engine.yokohama.rewards import effect_gain, grant, log
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import around, order_label, order_text, power_text
from engine.yokohama.types import AchieveAction, Action, AreaChoice, Candidate, FulfillAction, State

#: Spinning Mill's exchange and University's price (technologies.toml `effect_terms`).
SPIN = parts().effect_terms["spinning_mill"]
UNIVERSITY = parts().effect_terms["university"]


#: Each order's cost as (good, count) pairs (component data), read at every Additional Action phase.
ORDER_COSTS: dict[int, tuple[tuple[str, int], ...]] = {
    order: tuple(card["cost"].items()) for order, card in parts().orders.items()
}


def can_pay_order(state: State, seat: int, order: int) -> bool:
    goods = state["p"][seat]["goods"]
    for good, n in ORDER_COSTS[order]:  # noqa: SIM110 - a loop: `all()` over a generator is slower here
        if goods[good] < n:
            return False
    return True


def merc_areas(state: State, seat: int) -> list[str]:
    """Areas a mercenary may act in: own assistant there, own President not there."""
    pl = state["p"][seat]
    return [a for a in action_areas(state) if pl["placed"].get(a) and pl["president"] != a]


def fulfill(state: State, seat: int, order: int) -> None:
    pl = state["p"][seat]
    card = parts().orders[order]
    for good in GOODS:
        pl["goods"][good] -= card["cost"].get(good, 0)
    pl["orders"].remove(order)
    pl["done"].append(order)
    grant(state, seat, card["reward"])
    effect_gain(state, seat, "ball")
    effect_gain(state, seat, "language_school")
    log(state, N_("{seat} completed order #{order}"), order=order)
    check_mercenary(state, seat, card["country"])


def merc_text(state: State, area: str) -> str:
    """"Mercenary acts in Bank → Power 2: ¥2": the Power counts what stands there, never the President
    (a mercenary acts only where the President is not)."""
    return _("Mercenary acts in {area} → {action}").format(area=area_name(area),
                                                          action=power_text(area, power(state, state["seat"], area)))


def send_mercenary(state: State, seat: int, area: str, back: str) -> None:
    """A Foreign Mercenary acts in `area` (steps 3-6), then the turn goes back to stage `back`."""
    pl = state["p"][seat]
    token = next(m for m in pl["mercs"] if not m["used"])
    token["used"] = True
    pl["flags"]["merc"] = True
    log(state, N_("{seat} sent a Foreign Mercenary"))
    state["ctx"] = {"area": area, "merc": True, "back": back}
    state["stage"] = "action_start"


class AdditionalStep(YokohamaStep):
    """An Additional Action phase: any number of free actions, then on to the main action (`first`)
    or the end of the turn (`second`)."""

    def __init__(self, stage: str) -> None:
        self.stage = stage
        self.stage_text = (N_("additional actions (before the main action)") if stage == "first"
                           else N_("additional actions (after the main action)"))
        self.kinds = ("fulfill", "achieve", "merc", "spin", "university", "main", "end_turn")
        self.hint = ("take additional actions or go on to the main action" if stage == "first"
                     else "take additional actions or end your turn")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        pl = state["p"][seat]
        out: list[Candidate] = [
            ({"do": "fulfill", "order": o},
             None if can_pay_order(state, seat, o) else "You do not have the goods that order needs.")
            for o in pl["orders"]]
        out += [({"do": "achieve", "card": a["id"]}, achievement_refusal(state, seat, a["id"]))
                for a in state["achievements"]]
        if merc_refusal(state, seat) is None:  # otherwise `unknown` gives the reason for every area
            out += [({"do": "merc", "area": a}, None) for a in merc_areas(state, seat)]
        out.append(({"do": "spin"}, spin_refusal(state, seat)))
        out.append(({"do": "university"}, university_refusal(state, seat)))
        if self.stage == "first":
            return [*out, ({"do": "main"}, None), ({"do": "end_turn"}, "Take your main action before ending the turn.")]
        return [*out, ({"do": "end_turn"}, None), ({"do": "main"}, "You have taken your main action this turn.")]

    def options(self, state: State, seat: int) -> list[Action]:
        """The allowed `candidates`, in their order, without writing the refused ones' reasons: the
        flow asks at every Additional Action phase whether there is more than going on."""
        pl = state["p"][seat]
        out: list[Action] = [{"do": "fulfill", "order": o} for o in pl["orders"] if can_pay_order(state, seat, o)]
        if pl["hand"]["assistants"] >= 1:  # `achievement_refusal` is None
            out += [{"do": "achieve", "card": a["id"]} for a in state["achievements"]
                    if seat not in a["claimed"] and achievements.meets(state, seat, a["id"])]
        if not pl["flags"]["merc"] and any(not m["used"] for m in pl["mercs"]):  # `merc_refusal` is None
            out += [{"do": "merc", "area": a} for a in merc_areas(state, seat)]
        if pl["techs"]:  # both refusals start with the technology owned
            if spin_refusal(state, seat) is None:
                out.append({"do": "spin"})
            if university_refusal(state, seat) is None:
                out.append({"do": "university"})
        out.append({"do": "main"} if self.stage == "first" else {"do": "end_turn"})
        return out

    def take(self, state: State, seat: int, action: Action) -> None:
        pl = state["p"][seat]
        do = action["do"]
        if do == "fulfill":
            fulfill(state, seat, cast(FulfillAction, action)["order"])
        elif do == "achieve":
            card = cast(AchieveAction, action)["card"]
            points = achievements.claim(state, seat, card)
            log(state, N_("{seat} completed achievement {name} for {points} VP"), name=achievement_name(card),
                points=points)
        elif do == "merc":
            send_mercenary(state, seat, cast(str, cast(AreaChoice, action)["area"]), self.stage)
        elif do == "spin":
            pl["goods"]["silk"] -= SPIN["silk"]
            pl["yen"] += SPIN["yen"]
            pl["flags"]["spin"] = True
        elif do == "university":
            pl["yen"] -= UNIVERSITY["yen"]
            pl["warehouse"]["assistants"] -= 1
            pl["hand"]["assistants"] += 1
            pl["flags"]["university"] = True
        elif do == "main":
            state["stage"] = "place_start"
            state["ctx"] = {}
        else:
            state["stage"] = "end_turn"

    def text(self, state: State, action: Action) -> str:
        do = action["do"]
        if do == "fulfill":
            return order_label(cast(FulfillAction, action)["order"], around(_("Complete order {card}")),
                               around(_("Complete {card}")))
        if do == "achieve":
            card_id = cast(AchieveAction, action)["card"]
            card = parts().achievements[card_id]
            entry = next(a for a in state["achievements"] if a["id"] == card_id)
            points = card["vp"][0] if not entry["claimed"] else card["vp"][1]
            return _("Achievement: {name} ({n} VP)").format(name=achievement_name(card_id), n=points)
        if do == "merc":
            return merc_text(state, cast(str, cast(AreaChoice, action)["area"]))
        return _(SIMPLE_TEXT[do]).format(silk=SPIN["silk"], yen=SPIN["yen"] if do == "spin" else UNIVERSITY["yen"])

    def details(self, state: State, action: Action) -> str:
        return order_text(action["order"]) if action["do"] == "fulfill" else ""

    def told(self, state: State, action: Action) -> str:
        if action["do"] in ("main", "end_turn"):
            return ""  # a formality: going on to the main action or ending the turn tells nothing
        return super().told(state, action)

    def prompt(self, state: State, seat: int) -> str:
        if self.stage == "first":
            return _("Additional actions before your main action: take any, then go on to the main action.")
        return _("Additional actions after your main action: take any, then end your turn.")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        do = action["do"]
        if do == "fulfill":
            return _("That order card is not in your hand.")
        if do == "achieve":
            return _("There is no such achievement in this game.")
        if do == "merc":
            return merc_refusal(state, seat) or _(MERC_WHERE)
        return _("That move is not possible now; choose one of the offered options.")


SIMPLE_TEXT = {
    "spin": N_("Spinning Mill: discard {silk} Raw Silk for ¥{yen}"),
    "university": N_("University: pay ¥{yen} for an assistant from the warehouse"),
    "main": N_("Go on to the main action"),
    "end_turn": N_("End your turn"),
}
MERC_WHERE = N_("A Foreign Mercenary acts only in an area with your assistant and without your President.")


def achievement_refusal(state: State, seat: int, card: str) -> str | None:
    entry = next(a for a in state["achievements"] if a["id"] == card)
    if seat in entry["claimed"]:
        return _("You have already completed that achievement.")
    if state["p"][seat]["hand"]["assistants"] < 1:
        return _("An achievement takes an assistant from your hand; you have none in hand.")
    if not achievements.meets(state, seat, card):
        return _("You do not meet {name} yet.").format(name=achievement_name(card))
    return None


def merc_refusal(state: State, seat: int) -> str | None:
    """Why no Foreign Mercenary may be sent now at all (None: one may, where `merc_areas` allows)."""
    pl = state["p"][seat]
    if pl["flags"]["merc"]:
        return _("You may use a Foreign Mercenary only once per turn.")
    if not any(not m["used"] for m in pl["mercs"]):
        return _("You have no unused Foreign Mercenary.")
    return None


def spin_refusal(state: State, seat: int) -> str | None:
    pl = state["p"][seat]
    if not has_tech(state, seat, "spinning_mill"):
        return _("You do not own the Spinning Mill.")
    if pl["flags"]["spin"]:
        return _("You have used the Spinning Mill this turn.")
    if pl["goods"]["silk"] < SPIN["silk"]:
        return _("The Spinning Mill needs {n} Raw Silk; you have {have}.").format(n=SPIN["silk"],
                                                                                have=pl["goods"]["silk"])
    return None


def university_refusal(state: State, seat: int) -> str | None:
    pl = state["p"][seat]
    if not has_tech(state, seat, "university"):
        return _("You do not own the University.")
    if pl["flags"]["university"]:
        return _("You have used the University this turn.")
    if pl["yen"] < UNIVERSITY["yen"]:
        return _("The University costs ¥{n}; you have ¥{have}.").format(n=UNIVERSITY["yen"], have=pl["yen"])
    return None if pl["warehouse"]["assistants"] else _("Your warehouse holds no assistant.")


class MercAreaStep(YokohamaStep):
    """Where a mercenary acts, when that was asked on its own (a game stored under schema 1)."""

    stage = "merc_area"
    stage_text = N_("choosing where the mercenary acts")
    kinds: tuple[str, ...] = ("merc_area",)
    hint = N_("choose where the mercenary acts")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        here = merc_areas(state, seat)
        return [({"do": "merc_area", "area": a}, None if a in here else _(MERC_WHERE)) for a in action_areas(state)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(AreaChoice, action)
        send_mercenary(state, seat, cast(str, action["area"]), state["ctx"]["back"])

    def text(self, state: State, action: Action) -> str:
        action = cast(AreaChoice, action)
        return merc_text(state, cast(str, action["area"]))

    def prompt(self, state: State, seat: int) -> str:
        return _("Where does your Foreign Mercenary act?")


FIRST: AdditionalStep = AdditionalStep("first")
SECOND: AdditionalStep = AdditionalStep("second")
MERC_AREA: MercAreaStep = MercAreaStep()
