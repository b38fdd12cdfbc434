"""One Area action (a turn's Area Action step or a Foreign Agent), from choosing the Area to its
effect, as a chain of small decisions kept in `state["turn"]["act"]`.

Steps of an act: "area" (Foreign Agent only: pick any Area) -> "power" (Power card and Extra Power
card) -> "telephone" (if Telephone can be used) -> the effect, which for Church, Port, Chinatown and
Laboratory asks further questions ("church", "faith", "keep", "keep2", "bottom", "exchange", "tech",
"pay", "station"), each Area's questions living in its own module (church, port, chinatown,
laboratory). When the effect is done, `act.finish_act` records the 5-Power Bonus and construction
steps the Power allows.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel import chinatown, church, laboratory, port
from engine.duel.act import Action, finish_act
from engine.duel.cards import AGENT_POWER, AREA_IDS, AREAS
from engine.duel.gains import flip_imported, gain_copper
from engine.duel.state import area_used, has_tech, house_owner, log, name, power_card_values, tech_ready

#: Techs that let the Area Action step select a Used Area, once per round each.
USED_AREA_TECHS: tuple[str, ...] = ("tram", "stagecoach", "station")


# ----- choosing the Area -------------------------------------------------------------------
def area_options(state: State, seat: int) -> list[Action]:
    """Areas the Area Action step may select: unused ones, the Laboratory and Port always, and a Used
    Area through Tram (any), Stagecoach (own Trading House there) or Station (the token's Area)."""
    player = state["players"][seat]
    options: list[Action] = []
    for area in AREA_IDS:
        if not area_used(state, area):
            options.append({"do": "area", "area": area})
            continue
        for tech in USED_AREA_TECHS:
            if via_allows(state, seat, tech, area) and tech_ready(player, tech):
                options.append({"do": "area", "area": area, "via": tech})
    return options


def via_allows(state: State, seat: int, tech: str, area: str) -> bool:
    player = state["players"][seat]
    if tech == "tram":
        return True
    if tech == "stagecoach":
        return area in player["houses"]
    return tech == "station" and state["station"] == area


def start_act(state: State, seat: int, kind: str, area: str | None, via: str | None = None) -> None:
    """Begin an Area action (`kind` "main") or a Foreign Agent (`kind` "agent")."""
    player = state["players"][seat]
    if via is not None:
        player["tilted"].append(via)
    if kind == "agent":
        player["agents_ready"] -= 1
        player["agents_spent"] += 1
    state["turn"]["act"] = {
        "kind": kind,
        "area": area,
        "via": via,
        "step": "area" if area is None else "power",
        "card": None,
        "extra": 0,
        "phone": False,
        "power": 0,
    }
    if area is not None:
        after_area_chosen(state, seat)


def agent_area_options() -> list[Action]:
    """A Foreign Agent may go to any Area, Used or not."""
    return [{"do": "area", "area": area} for area in AREA_IDS]


def choose_agent_area(state: State, seat: int, area: str) -> None:
    act = state["turn"]["act"]
    act["area"] = area
    act["step"] = "power"
    after_area_chosen(state, seat)


def after_area_chosen(state: State, seat: int) -> None:
    """Ask for the Power card / Extra Power card only when there is a real choice."""
    options = power_options(state, seat)
    if len(options) == 1:
        play_power(state, seat, options[0])


# ----- Power -------------------------------------------------------------------------------
def lowest_card(player: dict[str, Any]) -> int:
    return min(value for _, value in power_card_values(player))


def power_options(state: State, seat: int) -> list[Action]:
    """The Power card (lowest available, or any with Postal System) and at most one Extra Power card."""
    player = state["players"][seat]
    act = state["turn"]["act"]
    extras = [0] + [e for e in (1, 2) if player["extra"][str(e)] > 0]
    if act["kind"] == "agent":
        return [{"do": "power", "extra": e} for e in extras]
    values = sorted({value for _, value in power_card_values(player)})
    if not tech_ready(player, "postal_system"):
        values = values[:1]
    return [{"do": "power", "card": v, "extra": e} for v in values for e in extras]


def play_power(state: State, seat: int, action: Action) -> None:
    player = state["players"][seat]
    act = state["turn"]["act"]
    area = act["area"]
    if act["kind"] == "main":
        value = action["card"]
        if value != lowest_card(player):
            player["tilted"].append("postal_system")
        index = next(i for i, v in power_card_values(player) if v == value)
        player["played"][index] = True
        state["played"].setdefault(area, []).append([seat, value])
        act["card"] = value
    extra = action["extra"]
    if extra:
        player["extra"][str(extra)] -= 1
        state["extra_supply"][str(extra)] += 1
        act["extra"] = extra
    if tech_ready(player, "telephone") and player["money"] >= 1:
        act["step"] = "telephone"
    else:
        resolve(state, seat)


def telephone_options() -> list[Action]:
    return [{"do": "telephone", "use": True}, {"do": "telephone", "use": False}]


def use_telephone(state: State, seat: int, use: bool) -> None:
    player = state["players"][seat]
    if use:
        player["money"] -= 1
        player["tilted"].append("telephone")
        state["turn"]["act"]["phone"] = True
    resolve(state, seat)


def total_power(state: State, seat: int, act: dict[str, Any]) -> int:
    """The rulebook's power table: card (or Foreign Agent 3), Extra Power card (+1 with Telegram),
    own Shop, own Trading House, the Station token, and Telephone."""
    player = state["players"][seat]
    area = act["area"]
    power = AGENT_POWER if act["kind"] == "agent" else act["card"]
    if act["extra"]:
        power += act["extra"] + (1 if has_tech(player, "telegram") else 0)
    power += (area in player["shops"]) + (area in player["houses"])
    power += state["station"] == area
    power += act["phone"]
    return power


# ----- the effect --------------------------------------------------------------------------
def resolve(state: State, seat: int) -> None:
    """Carry out the Area action at the act's total Power."""
    act = state["turn"]["act"]
    player = state["players"][seat]
    area = act["area"]
    power = total_power(state, seat, act)
    act["power"] = power
    strength = AREAS[area].strength(power)
    act["strength"] = strength
    who = "Foreign Agent" if act["kind"] == "agent" else f"Power {act['card']}"
    log(state, f"{name(seat)}: {AREAS[area].name} with {who}, total Power {power}.")
    owner = house_owner(state, area)
    if owner is not None:
        state["players"][owner]["money"] += 1
        log(state, f"{name(owner)} gains ¥1 from their Trading House at {AREAS[area].name}.")
    if area in ("tea", "fishing", "silk"):
        good = {"tea": "tea", "fishing": "fish", "silk": "silk"}[area]
        player["goods"][good] += strength
        finish_act(state, seat)
    elif area == "copper":
        gain_copper(state, seat, strength, mining_applies=True)
        finish_act(state, seat)
    elif area == "bank":
        player["money"] += strength
        finish_act(state, seat)
    elif area == "customs":
        flipped = flip_imported(state, seat, strength)
        log(state, f"{name(seat)} flips {flipped} Imported Goods face down.")
        finish_act(state, seat)
    elif area == "church":
        act["step"] = "church"
        if not church.church_options(state, seat)[:-1]:
            finish_act(state, seat)
    elif area == "port":
        port.start_port(state, seat, strength)
    elif area == "chinatown":
        act["step"] = "exchange"
        act["left"] = strength
    elif area == "lab":
        act["step"] = "tech"
        if not laboratory.tech_options(state, seat)[:-1]:
            finish_act(state, seat)


# ----- dispatch ----------------------------------------------------------------------------
def step_options(state: State, seat: int) -> list[Action]:
    """The options of the act's current step."""
    step = state["turn"]["act"]["step"]
    if step == "area":
        return agent_area_options()
    if step == "power":
        return power_options(state, seat)
    if step == "telephone":
        return telephone_options()
    if step == "church":
        return church.church_options(state, seat)
    if step == "faith":
        return church.faith_options(state, seat)
    if step == "keep":
        return port.keep_options(state, seat)
    if step == "keep2":
        return port.keep2_options(state, seat)
    if step == "bottom":
        return port.bottom_options(state, seat)
    if step == "exchange":
        return chinatown.exchange_options(state, seat)
    if step == "tech":
        return laboratory.tech_options(state, seat)
    if step == "pay":
        return laboratory.pay_options(state, seat)
    if step == "station":
        return laboratory.station_options()
    raise ValueError(f"unknown step {step}")


def apply_step(state: State, seat: int, action: Action) -> None:
    do = action["do"]
    if do == "area":
        choose_agent_area(state, seat, action["area"])
    elif do == "power":
        play_power(state, seat, action)
    elif do == "telephone":
        use_telephone(state, seat, action["use"])
    elif do == "church":
        church.choose_church(state, seat, action["card"])
    elif do == "faith":
        church.pay_faith(state, seat, action["pay"])
    elif do == "keep":
        port.keep_order(state, seat, action["card"])
    elif do == "keep2":
        port.keep_second(state, seat, action["card"], action.get("pay"))
    elif do == "bottom":
        port.put_bottom(state, seat, action["card"])
    elif do in ("buy", "sell", "stop"):
        chinatown.exchange(state, seat, action)
    elif do == "tech":
        laboratory.choose_tech(state, seat, action["tech"])
    elif do == "pay":
        laboratory.pay_tech(state, seat, action["up"], action["down"])
    elif do == "station":
        laboratory.place_station(state, seat, action["area"])
    else:
        raise ValueError(f"unknown step action {do}")
