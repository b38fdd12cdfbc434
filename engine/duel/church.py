"""The Church: Faith from Power (at most 5) plus at most one each of the goods, an Imported Good
and ¥1; the card is taken face down and its reward gained at once."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.act import Action, finish_act
from engine.duel.cards import CHURCH, GOODS
from engine.duel.gains import gain_reward
from engine.duel.state import log, name


def faith_types(player: dict[str, Any], spent: list[str]) -> list[str]:
    """What may still be spent for +1 Faith: one each of the goods, one Imported Good (face up or down),
    and ¥1. Imported Goods are offered as "up"/"down" so the player picks which token goes."""
    types = [g for g in GOODS if player["goods"][g] >= 1 and g not in spent]
    if "imported" not in spent:
        if player["imported_up"]:
            types.append("imported_up")
        if player["imported_down"]:
            types.append("imported_down")
    if "yen" not in spent and player["money"] >= 1:
        types.append("yen")
    return types


def max_extra_faith(player: dict[str, Any]) -> int:
    types = faith_types(player, [])
    return len(types) - (("imported_up" in types) and ("imported_down" in types))


def church_options(state: State, seat: int) -> list[Action]:
    """Church cards the Faith (Power, at most 5, plus what can be spent) reaches, then "none"."""
    act = state["turn"]["act"]
    reach = act["strength"] + max_extra_faith(state["players"][seat])
    cards = [{"do": "church", "card": c} for c in state["church_row"] if CHURCH[c].faith <= reach]
    return cards + [{"do": "church", "card": None}]


def choose_church(state: State, seat: int, card: int | None) -> None:
    act = state["turn"]["act"]
    if card is None:
        log(state, f"{name(seat)} takes no Church card.")
        finish_act(state, seat)
        return
    act["church"] = card
    act["need"] = max(0, CHURCH[card].faith - act["strength"])
    act["spent"] = []
    act["step"] = "faith"
    if act["need"] == 0:
        take_church(state, seat)


def faith_options(state: State, seat: int) -> list[Action]:
    act = state["turn"]["act"]
    return [{"do": "faith", "pay": t} for t in faith_types(state["players"][seat], act["spent"])]


def pay_faith(state: State, seat: int, pay: str) -> None:
    player = state["players"][seat]
    act = state["turn"]["act"]
    if pay in GOODS:
        player["goods"][pay] -= 1
        act["spent"].append(pay)
    elif pay == "yen":
        player["money"] -= 1
        act["spent"].append("yen")
    else:
        player[pay] -= 1
        act["spent"].append("imported")
    act["need"] -= 1
    if act["need"] == 0:
        take_church(state, seat)


def take_church(state: State, seat: int) -> None:
    act = state["turn"]["act"]
    card = act["church"]
    state["church_row"].remove(card)
    state["players"][seat]["church"].append(card)
    log(state, f"{name(seat)} takes a Church card and places it face down.")
    gain_reward(state, seat, CHURCH[card].reward, "church")
    finish_act(state, seat)
