"""The Laboratory: Production from Power, topped up with ¥2 or an Imported Good per point (and one
more for the 4th Technology on); the Technology's on-gain effects (Letterpress, Newspaper, Station)."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.act import Action, finish_act
from engine.duel.cards import AREA_IDS, AREAS, TECHS
from engine.duel.gains import gain_extra
from engine.duel.state import has_tech, log, name


def tech_units(player: dict[str, Any], production: int, tech: str) -> int:
    """Units still to pay (each ¥2 or one Imported Good): the missing Production, plus one for the
    4th Technology and every one after it."""
    return max(0, TECHS[tech].production - production) + (1 if len(player["techs"]) >= 3 else 0)


def can_pay_units(player: dict[str, Any], units: int) -> bool:
    return player["money"] // 2 + player["imported_up"] + player["imported_down"] >= units


def tech_options(state: State, seat: int) -> list[Action]:
    player = state["players"][seat]
    act = state["turn"]["act"]
    cards = [
        {"do": "tech", "tech": t}
        for t in state["tech_row"]
        if can_pay_units(player, tech_units(player, act["strength"], t))
    ]
    return cards + [{"do": "tech", "tech": None}]


def choose_tech(state: State, seat: int, tech: str | None) -> None:
    player = state["players"][seat]
    act = state["turn"]["act"]
    if tech is None:
        log(state, f"{name(seat)} takes no Technology.")
        finish_act(state, seat)
        return
    units = tech_units(player, act["strength"], tech)
    act["tech"] = tech
    act["units"] = units
    if units == 0 or (player["imported_up"] == 0 and player["imported_down"] == 0):
        pay_tech(state, seat, 0, 0)
    else:
        act["step"] = "pay"


def pay_options(state: State, seat: int) -> list[Action]:
    """Every split of the units between face-up / face-down Imported Goods and ¥2 each."""
    player = state["players"][seat]
    units = state["turn"]["act"]["units"]
    options: list[Action] = []
    for up in range(min(units, player["imported_up"]) + 1):
        for down in range(min(units - up, player["imported_down"]) + 1):
            if (units - up - down) * 2 <= player["money"]:
                options.append({"do": "pay", "up": up, "down": down})
    return options


def pay_tech(state: State, seat: int, up: int, down: int) -> None:
    player = state["players"][seat]
    act = state["turn"]["act"]
    tech = act["tech"]
    player["imported_up"] -= up
    player["imported_down"] -= down
    player["money"] -= (act["units"] - up - down) * 2
    gain_tech(state, seat, tech)
    if tech == "station":
        act["step"] = "station"
    else:
        finish_act(state, seat)


def gain_tech(state: State, seat: int, tech: str) -> None:
    """Take a Technology: Letterpress Printing pays ¥2 for later ones, Newspaper gives a +1 card."""
    player = state["players"][seat]
    if has_tech(player, "letterpress_printing"):
        player["money"] += 2
    state["tech_row"].remove(tech)
    player["techs"].append(tech)
    log(state, f"{name(seat)} gains the Technology {TECHS[tech].name}.")
    if tech == "newspaper":
        gain_extra(state, seat, 1)


def station_options() -> list[Action]:
    return [{"do": "station", "area": area} for area in AREA_IDS]


def place_station(state: State, seat: int, area: str) -> None:
    state["station"] = area
    log(state, f"{name(seat)} places the Station token at {AREAS[area].name}.")
    finish_act(state, seat)
