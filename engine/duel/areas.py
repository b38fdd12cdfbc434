"""One Area action (a turn's Area Action step or a Foreign Agent), from choosing the Area to its
effect, as a chain of small decisions kept in `state["turn"]["act"]`.

Steps of an act: "area" (Foreign Agent only: pick any Area) -> "power" (Power card and Extra Power
card) -> "telephone" (if Telephone can be used) -> the effect, which for Church, Port, Chinatown and
Laboratory asks further questions ("church", "faith", "keep", "keep2", "bottom", "exchange", "tech",
"pay", "station"). When the effect is done, `finish_act` records the 5-Power Bonus and construction
steps the Power allows.
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.cards import (
    AGENT_POWER,
    AREA_IDS,
    AREAS,
    CHURCH,
    GOOD_NAMES,
    GOODS,
    TECHS,
    TRADING_HOUSE_COSTS,
)
from engine.duel.gains import flip_imported, gain_copper, gain_extra, gain_reward
from engine.duel.state import (
    area_used,
    draw_orders,
    has_tech,
    house_owner,
    log,
    name,
    power_card_values,
    shops_left,
    tech_ready,
)

Action = dict[str, Any]

#: Chinatown prices in ¥ (buying and selling are both allowed except for Imported Goods).
CHINATOWN_PRICES: dict[str, int] = {"copper": 2, "silk": 1, "fish": 2, "tea": 1}
IMPORTED_PRICE = 4
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
        if not church_options(state, seat)[:-1]:
            finish_act(state, seat)
    elif area == "port":
        start_port(state, seat, strength)
    elif area == "chinatown":
        act["step"] = "exchange"
        act["left"] = strength
    elif area == "lab":
        act["step"] = "tech"
        if not tech_options(state, seat)[:-1]:
            finish_act(state, seat)


def finish_act(state: State, seat: int) -> None:
    """Close the act and owe the 5-Power Bonus step (Power 5+) and construction step (Power 4+)."""
    turn = state["turn"]
    act = turn["act"]
    power, area = act["power"], act["area"]
    if power >= 5 and state["bonus_row"]:
        turn["bonus"] = {"power": power}
    if power >= 4 and can_build_somehow(state, seat, area):
        turn["build"] = {"area": area}
    if act["kind"] == "main":
        turn["area_done"] = True
    turn["act"] = None


def can_build_somehow(state: State, seat: int, area: str) -> bool:
    """A Shop or Trading House could go here if the money were there."""
    player = state["players"][seat]
    shop = area not in player["shops"] and shops_left(player) > 0
    house = house_owner(state, area) is None and len(player["houses"]) < len(TRADING_HOUSE_COSTS)
    return shop or house


# ----- Church ------------------------------------------------------------------------------
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


# ----- Port --------------------------------------------------------------------------------
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


# ----- Chinatown ---------------------------------------------------------------------------
def exchange_options(state: State, seat: int) -> list[Action]:
    """One exchange at a time: buy or sell a Trade Good, buy an Imported Good (never sell), or stop."""
    player = state["players"][seat]
    options: list[Action] = []
    for good, price in CHINATOWN_PRICES.items():
        if player["money"] >= price:
            options.append({"do": "buy", "good": good})
    if player["money"] >= IMPORTED_PRICE:
        options.append({"do": "buy", "good": "imported"})
    for good in CHINATOWN_PRICES:
        if player["goods"][good] >= 1:
            options.append({"do": "sell", "good": good})
    return options + [{"do": "stop"}]


def exchange(state: State, seat: int, action: Action) -> None:
    player = state["players"][seat]
    act = state["turn"]["act"]
    good = action.get("good")
    if action["do"] == "buy" and good == "imported":
        player["money"] -= IMPORTED_PRICE
        player["imported_up"] += 1
    elif action["do"] == "buy":
        player["money"] -= CHINATOWN_PRICES[good]
        if good == "copper":
            gain_copper(state, seat, 1, mining_applies=True)
        else:
            player["goods"][good] += 1
    elif action["do"] == "sell":
        player["goods"][good] -= 1
        player["money"] += CHINATOWN_PRICES[good]
    if action["do"] != "stop":
        act["left"] -= 1
        verb = "buys" if action["do"] == "buy" else "sells"
        log(state, f"{name(seat)} {verb} {GOOD_NAMES.get(good, 'an Imported Good')} at Chinatown.")
    if action["do"] == "stop" or act["left"] <= 0:
        act.pop("left", None)
        finish_act(state, seat)


# ----- Laboratory --------------------------------------------------------------------------
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
        return church_options(state, seat)
    if step == "faith":
        return faith_options(state, seat)
    if step == "keep":
        return keep_options(state, seat)
    if step == "keep2":
        return keep2_options(state, seat)
    if step == "bottom":
        return bottom_options(state, seat)
    if step == "exchange":
        return exchange_options(state, seat)
    if step == "tech":
        return tech_options(state, seat)
    if step == "pay":
        return pay_options(state, seat)
    if step == "station":
        return station_options()
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
        choose_church(state, seat, action["card"])
    elif do == "faith":
        pay_faith(state, seat, action["pay"])
    elif do == "keep":
        keep_order(state, seat, action["card"])
    elif do == "keep2":
        keep_second(state, seat, action["card"], action.get("pay"))
    elif do == "bottom":
        put_bottom(state, seat, action["card"])
    elif do in ("buy", "sell", "stop"):
        exchange(state, seat, action)
    elif do == "tech":
        choose_tech(state, seat, action["tech"])
    elif do == "pay":
        pay_tech(state, seat, action["up"], action["down"])
    elif do == "station":
        place_station(state, seat, action["area"])
    else:
        raise ValueError(f"unknown step action {do}")
