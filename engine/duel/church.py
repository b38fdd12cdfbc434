"""The Church: Faith from Power (at most 5) plus at most one each of the goods, an Imported Good
and ¥1; the card is taken face down and its reward gained at once."""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _
from engine.duel.act import finish_act
from engine.duel.cards import CHURCH, GOODS, RULES, reward_text
from engine.duel.free import FREE
from engine.duel.gains import gain_reward
from engine.duel.state import log, name
from engine.duel.step import DuelStep
from engine.duel.text import church_text
from engine.duel.types import Action, ActState, Candidate, ChurchAction, FaithAction, ImportedSide, PlayerState, State

FAITH_NAMES = {
    "yen": f"¥{RULES.faith_yen}",
    "imported_up": N_("a face-up Imported Good"),
    "imported_down": N_("a face-down Imported Good"),
    "tea": N_("1 Tea"), "fish": N_("1 Fish"), "silk": N_("1 Silk"), "copper": N_("1 Copper"),
}


def faith_types(player: PlayerState, spent: list[str]) -> list[str]:
    """What may still be spent for +1 Faith: one each of the goods, one Imported Good (face up or down),
    and ¥1. Imported Goods are offered as "up"/"down" so the player picks which token goes."""
    types = [g for g in GOODS if player["goods"][g] >= 1 and g not in spent]
    if "imported" not in spent:
        if player["imported_up"]:
            types.append("imported_up")
        if player["imported_down"]:
            types.append("imported_down")
    if "yen" not in spent and player["money"] >= RULES.faith_yen:
        types.append("yen")
    return types


def max_extra_faith(player: PlayerState, spent: list[str] | None = None) -> int:
    types = faith_types(player, spent or [])
    return len(types) - (("imported_up" in types) and ("imported_down" in types))


def ask_or_skip(state: State, seat: int) -> None:
    """Ask for a Church card when one is within reach or a free action could change that; otherwise
    the action ends, and the story says why."""
    if CHURCH_STEP.options(state, seat)[:-1] or FREE.options(state, seat, agents=False):
        return
    act = cast(ActState, state["turn"]["act"])
    reach = act["strength"] + max_extra_faith(state["players"][seat])
    log(state, _("{seat} has no Church card within reach (Faith at most {reach})").format(seat=name(seat), reach=reach))
    finish_act(state, seat)


class ChurchStep(DuelStep):
    """Church cards the Faith (Power, at most 5, plus what can be spent) reaches, then "none"."""

    name = "church"
    kinds = ("church",)
    hint = N_("choose a Church card")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        reach = cast(ActState, state["turn"]["act"])["strength"] + max_extra_faith(state["players"][seat])
        cards: list[Candidate] = [
            ({"do": "church", "card": c},
             None if CHURCH[c].faith <= reach else
             _("That card needs Faith {faith}; you can reach at most {reach}.").format(
                 faith=CHURCH[c].faith, reach=reach))
            for c in state["church_row"]
        ]
        return cards + [({"do": "church", "card": None}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(ChurchAction, action)
        card = action["card"]
        act = cast(ActState, state["turn"]["act"])
        if card is None:
            log(state, _("{seat} takes no Church card").format(seat=name(seat)))
            finish_act(state, seat)
            return
        act["church"] = card
        act["need"] = max(0, CHURCH[card].faith - act["strength"])
        act["spent"] = []
        act["step"] = "faith"
        if act["need"] == 0:
            take_church(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(ChurchAction, action)
        if action["card"] is None:
            return _("Take no Church card")
        card = action["card"]
        need = max(0, CHURCH[card].faith - cast(ActState, state["turn"]["act"])["strength"])
        if need:
            return _("{card} (spend {n} more)").format(card=church_text(card), n=need)
        return church_text(card)

    def details(self, state: State, action: Action) -> str:
        action = cast(ChurchAction, action)
        if action["card"] is None:
            return ""
        c = CHURCH[action["card"]]
        return _("Faith {faith}; {points} points at the end; gain {reward} now. Goods, an Imported Good and ¥1 add 1 "
                 "Faith each.").format(faith=c.faith, points=c.points, reward=reward_text(c.reward))

    def hidden_text(self, state: State, action: Action) -> str | None:
        action = cast(ChurchAction, action)
        return _("Take a Church card (face down)") if action["card"] is not None else None

    def prompt(self, state: State, seat: int) -> str:
        strength = cast(ActState, state["turn"]["act"])["strength"]
        return _("Faith {faith}: choose a Church card; one each of the goods, an Imported Good and ¥1 add 1 "
                 "Faith.").format(faith=strength)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("That Church card is not on the board.")


class FaithStep(DuelStep):
    """Paying the chosen card's missing Faith, one token at a time (at most one of each kind).

    Free actions stay open, but only those that leave the payment possible (an Order could spend
    the very goods the Faith needs)."""

    name = "faith"
    kinds = ("faith",)
    guard_free = True
    hint = N_("choose what to spend for Faith")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        act = cast(ActState, state["turn"]["act"])
        if max_extra_faith(player, act["spent"]) < act["need"]:
            return []  # only reachable through a free action that is never offered (guard_free)
        allowed = faith_types(player, act["spent"])
        result: list[Candidate] = []
        for pay in ("tea", "fish", "silk", "copper", "imported_up", "imported_down", "yen"):
            kind = "imported" if pay.startswith("imported") else pay
            if pay in allowed:
                result.append(({"do": "faith", "pay": pay}, None))
            elif kind in act["spent"]:
                result.append(({"do": "faith", "pay": pay}, _("You may spend at most one of each kind for Faith.")))
            else:
                result.append(({"do": "faith", "pay": pay}, _("You have none of that to spend.")))
        return result

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(FaithAction, action)
        player = state["players"][seat]
        act = cast(ActState, state["turn"]["act"])
        pay = action["pay"]
        if pay in GOODS:
            player["goods"][pay] -= 1
            act["spent"].append(pay)
        elif pay == "yen":
            player["money"] -= RULES.faith_yen
            act["spent"].append("yen")
        else:
            player[cast(ImportedSide, pay)] -= 1
            act["spent"].append("imported")
        act["paid"] = [*cast(list[str], act.get("paid", [])), pay]  # Church: the items paid so far
        act["need"] -= 1
        if act["need"] == 0:
            take_church(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(FaithAction, action)
        return _("Spend {what} for +1 Faith").format(what=_(FAITH_NAMES[action["pay"]]))

    def prompt(self, state: State, seat: int) -> str:
        return _("Spend {n} more for Faith (at most one of each kind).").format(
            n=cast(ActState, state["turn"]["act"])["need"])


def take_church(state: State, seat: int) -> None:
    act = cast(ActState, state["turn"]["act"])
    card = act["church"]
    state["church_row"].remove(card)
    state["players"][seat]["church"].append(card)
    paid = act.get("paid", [])
    if paid:
        log(state, _("{seat} takes a Church card face down, spending {paid} for Faith").format(
            seat=name(seat), paid=", ".join(_(FAITH_NAMES[p]) for p in paid)))
    else:
        log(state, _("{seat} takes a Church card face down").format(seat=name(seat)))
    gain_reward(state, seat, CHURCH[card].reward, "church")
    finish_act(state, seat)


CHURCH_STEP = ChurchStep()
STEPS: dict[str, DuelStep] = {"church": CHURCH_STEP, "faith": FaithStep()}
