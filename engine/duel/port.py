"""The Port: draw by Power, keep one free or two for ¥2 / one Imported Good, and put the rest at
the bottom of the deck in the order the player chooses (drawn cards are the player's secret)."""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _, ngettext
from engine.duel.act import finish_act
from engine.duel.cards import RULES
from engine.duel.state import draw_orders, log, name
from engine.duel.step import DuelStep
from engine.duel.text import order_detail, order_text
from engine.duel.types import Action, ActState, Candidate, CardAction, Keep2Action, Payment, State

PAY_NAMES = {
    "yen": f"¥{RULES.port_second_card_yen}",
    "imported_up": N_("face-up Imported"),
    "imported_down": N_("face-down Imported"),
}
#: The payment in the fewest words, for a label whose card would not fit otherwise (the step's prompt
#: says the payment is ¥2 or an Imported Good).
PAY_SHORT = {"yen": PAY_NAMES["yen"], "imported_up": N_("face-up"), "imported_down": N_("face-down")}


def start_port(state: State, seat: int, strength: int) -> None:
    act = cast(ActState, state["turn"]["act"])
    drawn = draw_orders(state, strength)
    act["drawn"] = drawn
    act["kept"] = []
    act["paid"] = None
    if len(drawn) < strength:
        log(state, ngettext("only {n} Order card left in the deck", "only {n} Order cards left in the deck",
                            len(drawn)).format(n=len(drawn)))
    if not drawn:
        finish_act(state, seat)
    elif len(drawn) == 1:
        keep_order(state, seat, drawn[0])
    else:
        act["step"] = "keep"


def keep_order(state: State, seat: int, card: int) -> None:
    act = cast(ActState, state["turn"]["act"])
    act["drawn"].remove(card)
    act["kept"].append(card)
    state["players"][seat]["hand"].append(card)
    act["step"] = "keep2"
    if not act["drawn"]:
        port_done(state, seat)


class KeepStep(DuelStep):
    name = "keep"
    kinds = ("keep",)
    hint = N_("choose the Order card to keep")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "keep", "card": c}, None) for c in cast(ActState, state["turn"]["act"])["drawn"]]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(CardAction, action)
        keep_order(state, seat, action["card"])

    def text(self, state: State, action: Action) -> str:
        action = cast(CardAction, action)
        return order_text(action["card"], _("Keep "))

    def details(self, state: State, action: Action) -> str:
        action = cast(CardAction, action)
        return order_detail(action["card"])

    def hidden_text(self, state: State, action: Action) -> str:
        return _("Keep an Order card drawn at the Port")

    def prompt(self, state: State, seat: int) -> str:
        drawn = len(cast(ActState, state["turn"]["act"])["drawn"])
        return _("Port: keep one of the {n} Order cards drawn (free).").format(n=drawn)


class Keep2Step(DuelStep):
    """A second card for ¥2 or one Imported Good (face up or down), or keep just one."""

    name = "keep2"
    kinds = ("keep2",)
    hint = N_("decide whether to keep a second Order card")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        yen = RULES.port_second_card_yen
        reasons: dict[Payment, str | None] = {
            "yen": None if player["money"] >= yen else _(
                "Keeping a second Order card costs ¥{yen}; you have ¥{money}.").format(yen=yen, money=player["money"]),
            "imported_up": None if player["imported_up"] > 0 else _("You have no face-up Imported Good."),
            "imported_down": None if player["imported_down"] > 0 else _("You have no face-down Imported Good."),
        }
        result: list[Candidate] = [({"do": "keep2", "card": c, "pay": p}, why)
                                   for c in cast(ActState, state["turn"]["act"])["drawn"] for p, why in reasons.items()]
        return result + [({"do": "keep2", "card": None}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(Keep2Action, action)
        player = state["players"][seat]
        act = cast(ActState, state["turn"]["act"])
        card = action["card"]
        if card is not None:
            pay: Payment = action["pay"]
            if pay == "yen":
                player["money"] -= RULES.port_second_card_yen
            else:
                player[pay] -= 1
            act["drawn"].remove(card)
            act["kept"].append(card)
            act["paid"] = pay
            player["hand"].append(card)
        bottom_rest(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(Keep2Action, action)
        if action["card"] is None:
            return _("Keep only one Order card")
        pay = action["pay"]
        return order_text(action["card"], _("Keep 2nd for {pay}: ").format(pay=_(PAY_NAMES[pay])),
                          _("2nd for {pay}: ").format(pay=_(PAY_NAMES[pay])),
                          _("2nd for {pay}: ").format(pay=_(PAY_SHORT[pay])))

    def details(self, state: State, action: Action) -> str:
        action = cast(Keep2Action, action)
        return order_detail(action["card"]) if action["card"] is not None else ""

    def hidden_text(self, state: State, action: Action) -> str | None:
        action = cast(Keep2Action, action)
        if action["card"] is None:
            return None
        pay = _("an Imported Good") if action["pay"] != "yen" else PAY_NAMES["yen"]
        return _("Also keep a second Order card for {pay}").format(pay=pay)

    def prompt(self, state: State, seat: int) -> str:
        yen = RULES.port_second_card_yen
        return _("Keep a second card for ¥{yen} or an Imported Good, or keep only one.").format(yen=yen)


def bottom_rest(state: State, seat: int) -> None:
    """Cards not kept go to the bottom of the deck in the order the player chooses; one is automatic."""
    act = cast(ActState, state["turn"]["act"])
    if len(act["drawn"]) >= 2:
        act["step"] = "bottom"
        return
    state["order_deck"].extend(act["drawn"])
    act["drawn"] = []
    port_done(state, seat)


class BottomStep(DuelStep):
    name = "bottom"
    kinds = ("bottom",)
    hint = N_("put the Order cards you did not keep at the bottom of the deck")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "bottom", "card": c}, None) for c in cast(ActState, state["turn"]["act"])["drawn"]]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(CardAction, action)
        act = cast(ActState, state["turn"]["act"])
        act["drawn"].remove(action["card"])
        state["order_deck"].append(action["card"])
        bottom_rest(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(CardAction, action)
        return order_text(action["card"], _("Next to the bottom: "), _("Bottom next: "))

    def details(self, state: State, action: Action) -> str:
        action = cast(CardAction, action)
        return order_detail(action["card"])

    def hidden_text(self, state: State, action: Action) -> str:
        return _("Put an Order card at the bottom of the deck")

    def prompt(self, state: State, seat: int) -> str:
        return _("Put the cards you did not keep at the bottom of the deck: which goes next?")


def port_done(state: State, seat: int) -> None:
    act = cast(ActState, state["turn"]["act"])
    kept = len(act.pop("kept", []))
    act.pop("drawn", None)
    paid = act.pop("paid", None)
    event = ngettext("{seat} keeps {n} Order card", "{seat} keeps {n} Order cards", kept).format(seat=name(seat),
                                                                                                 n=kept)
    if paid:
        event = _("{event} for {pay}").format(event=event, pay=_(PAY_NAMES[paid]) if paid == "yen" else
                                              _("an Imported Good"))
    log(state, event)
    finish_act(state, seat)


STEPS: dict[str, DuelStep] = {"keep": KeepStep(), "keep2": Keep2Step(), "bottom": BottomStep()}
