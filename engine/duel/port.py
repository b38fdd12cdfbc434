"""The Port: draw by Power, keep one free or two for ¥2 / one Imported Good, and put the rest at
the bottom of the deck in the order the player chooses (drawn cards are the player's secret)."""

from __future__ import annotations

from engine.core import State
from engine.duel.act import Action, finish_act
from engine.duel.state import draw_orders, log, name


def start_port(state: State, seat: int, strength: int) -> None:
    act = state["turn"]["act"]
    drawn = draw_orders(state, strength)
    act["drawn"] = drawn
    act["kept"] = []
    log(state, f"{name(seat)} draws {len(drawn)} Order card(s) at the Port.")
    if not drawn:
        finish_act(state, seat)
    elif len(drawn) == 1:
        keep_order(state, seat, drawn[0])
    else:
        act["step"] = "keep"


def keep_options(state: State, seat: int) -> list[Action]:
    return [{"do": "keep", "card": c} for c in state["turn"]["act"]["drawn"]]


def keep_order(state: State, seat: int, card: int) -> None:
    act = state["turn"]["act"]
    act["drawn"].remove(card)
    act["kept"].append(card)
    state["players"][seat]["hand"].append(card)
    act["step"] = "keep2"
    if not act["drawn"]:
        port_done(state, seat)


def keep2_options(state: State, seat: int) -> list[Action]:
    """A second card for ¥2 or one Imported Good (face up or down), or keep just one."""
    player = state["players"][seat]
    pays = [p for p, ok in (("yen", player["money"] >= 2), ("imported_up", player["imported_up"] > 0),
                            ("imported_down", player["imported_down"] > 0)) if ok]
    act = state["turn"]["act"]
    options: list[Action] = [{"do": "keep2", "card": c, "pay": p} for c in act["drawn"] for p in pays]
    return options + [{"do": "keep2", "card": None}]


def keep_second(state: State, seat: int, card: int | None, pay: str | None) -> None:
    player = state["players"][seat]
    act = state["turn"]["act"]
    if card is not None:
        if pay == "yen":
            player["money"] -= 2
        else:
            player[pay] -= 1
        act["drawn"].remove(card)
        act["kept"].append(card)
        player["hand"].append(card)
    log(state, f"{name(seat)} keeps {len(act['kept'])} Order card(s).")
    bottom_rest(state, seat)


def bottom_rest(state: State, seat: int) -> None:
    """Cards not kept go to the bottom of the deck in the order the player chooses; one is automatic."""
    act = state["turn"]["act"]
    if len(act["drawn"]) >= 2:
        act["step"] = "bottom"
        return
    state["order_deck"].extend(act["drawn"])
    act["drawn"] = []
    port_done(state, seat)


def bottom_options(state: State, seat: int) -> list[Action]:
    return [{"do": "bottom", "card": c} for c in state["turn"]["act"]["drawn"]]


def put_bottom(state: State, seat: int, card: int) -> None:
    act = state["turn"]["act"]
    act["drawn"].remove(card)
    state["order_deck"].append(card)
    bottom_rest(state, seat)


def port_done(state: State, seat: int) -> None:
    act = state["turn"]["act"]
    act.pop("drawn", None)
    act.pop("kept", None)
    finish_act(state, seat)
