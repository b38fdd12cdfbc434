"""Steps 3–6 of the main action: the Area Action, the 5-Power bonus, construction, recovery.

The same chain runs after a normal move and after a Foreign Mercenary (which returns to
the Additional Action phase it came from). Each area's choices are small decisions held
in `state["stage"]` with their working data in `state["ctx"]`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.core import State
from engine.yokohama.board import (
    ONE_STEP_LIMIT,
    SHOP_COST,
    add_assistants,
    assistants_at,
    has_tech,
    icons,
    power,
    shop_at,
    th_cost,
)
from engine.yokohama.components import area_kind, area_name, parts
from engine.yokohama.rewards import gain_goods, grant, log

Action = dict[str, Any]

RULES = parts().rules
#: Goods produced at Power 1..5, per production area kind (rulebook Area tables).
PRODUCTION: dict[str, list[int]] = RULES["production"]
#: Port order levels reachable at Power 1..5.
PORT_REACH: list[list[str]] = RULES["port"]["reach"]
#: Chinatown's exchange table: (pay, receive) per exchange.
EXCHANGES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    name: (trade["pay"], trade["get"]) for name, trade in RULES["chinatown"]["trades"].items()
}
FAITH_KINDS: tuple[str, ...] = tuple(RULES["church"]["faith_kinds"])
HAND_LIMIT: int = RULES["port"]["hand_limit"]
#: Owning this many already, the next technology costs one unit (¥2 / 1 imported) more.
TECH_SURCHARGE_FROM: int = RULES["laboratory"]["surcharge_from"]
#: Faith from Action Power 1..5, as printed ("2 Power: 1 Faith value"; ruling R1.2).
CHURCH_FAITH: list[int] = RULES["church"]["faith"]
#: What a second order card costs at the Port, per way of paying.
SECOND_CARD = {"yen": RULES["port"]["second_card_yen"], "imported": 1}
UNIT_YEN: int = RULES["laboratory"]["unit_yen"]


def has(state: State, seat: int, what: str, n: int = 1) -> bool:
    pl = state["p"][seat]
    if what == "yen":
        return pl["yen"] >= n
    if what == "imported":
        return pl["imported"] >= n
    return pl["goods"][what] >= n


def spend(state: State, seat: int, what: str, n: int = 1) -> None:
    pl = state["p"][seat]
    if what in ("yen", "imported"):
        pl[what] -= n
    else:
        pl["goods"][what] -= n


def start(state: State, seat: int) -> None:
    """Step 3 begins: work out Power, pay other Trading Houses, and do or open the action."""
    ctx = state["ctx"]
    area = ctx["area"]
    pw = power(state, seat, area)
    ctx["power"] = pw
    site = state["sites"][area]
    if site["th"] is not None and site["th"] != seat:
        state["p"][site["th"]]["yen"] += 1
    kind = area_kind(area)
    pl = state["p"][seat]
    log(state, f"acted in {area_name(area)} with Power {pw}")
    if kind in PRODUCTION:
        gain_goods(state, seat, kind, PRODUCTION[kind][pw - 1])
        state["stage"] = "after_action"
    elif kind == "bank":
        pl["yen"] += pw
        state["stage"] = "after_action"
    elif kind == "port":
        ctx["taken"] = 0
        state["stage"] = "act_port" if pw >= 2 else "after_action"
    elif kind == "lab":
        state["stage"] = "act_lab"
    elif kind == "agency":
        ctx["left"] = pw - 1
        state["stage"] = "act_agency" if pw >= 2 else "after_action"
    elif kind == "chinatown":
        ctx["left"] = pw
        state["stage"] = "act_chinatown"
    elif kind == "church":
        ctx["power_faith"] = CHURCH_FAITH[pw - 1]
        state["stage"] = "act_church"
    elif kind == "customs":
        state["stage"] = "act_customs"
    else:
        raise ValueError(f"no action in {area}")


# ----- Port ------------------------------------------------------------------------------------

def port_slots(state: State, seat: int) -> list[int]:
    ctx = state["ctx"]
    levels = parts().boards["port_levels"]
    row = state["ports"][ctx["area"]]
    reach = PORT_REACH[ctx["power"] - 1]
    return [i for i, card in enumerate(row) if card is not None and levels[i] in reach]


def port_options(state: State, seat: int) -> list[Action]:
    """All the orders taken in one decision: none, one card, or two (the second paid ¥2 or 1
    imported good; ruling R3.1: both chosen from the cards on the board before they slide).
    A list longer than `ONE_STEP_LIMIT` asks the first card (`"then": "second"` to go on to a
    second) and then the second."""
    ctx = state["ctx"]
    pl = state["p"][seat]
    room = HAND_LIMIT - len(pl["orders"])
    slots = port_slots(state, seat) if room > 0 else []
    pays = [p for p in ("yen", "imported") if has(state, seat, p, SECOND_CARD[p])]
    out: list[Action] = [{"do": "orders", "slots": []}]
    if ctx.get("taken", 0):  # the first card is taken (split decision, or schema 1)
        return out + [{"do": "orders", "slots": [i], "pay": p} for i in slots for p in pays]
    out += [{"do": "orders", "slots": [i]} for i in slots]
    if room < 2 or not pays:
        return out
    pairs: list[Action] = [{"do": "orders", "slots": [i, j], "pay": p}
                           for i, j in combinations(slots, 2) for p in pays]
    if len(out) + len(pairs) <= ONE_STEP_LIMIT:
        return out + pairs
    return out + [{"do": "orders", "slots": [i], "then": "second"} for i in slots]


def port_apply(state: State, seat: int, action: Action) -> None:
    ctx = state["ctx"]
    area = ctx["area"]
    pl = state["p"][seat]
    pay = action.get("pay")
    if pay:
        spend(state, seat, pay, SECOND_CARD[pay])
    row = state["ports"][area]
    for slot in action["slots"]:
        pl["orders"].append(row[slot])
        row[slot] = None
    if action.get("then") == "second":
        ctx["taken"] = 1
        return
    if action["slots"]:
        log(state, f"took {len(action['slots'])} order card{'s' if len(action['slots']) > 1 else ''} "
                   f"from {area_name(area)}")
    if ctx["power"] == 5:
        pl["vp"] += RULES["port"]["power5_vp"]
    refill_port(state, area)
    state["stage"] = "after_action"


def refill_port(state: State, area: str) -> None:
    """Slide cards left, refill from the deck; an empty space left over triggers the end."""
    row = [c for c in state["ports"][area] if c is not None]
    while len(row) < len(state["ports"][area]) and state["order_deck"]:
        row.append(state["order_deck"].pop())
    missing = len(state["ports"][area]) - len(row)
    state["ports"][area] = row + [None] * missing
    if missing and "orders" not in state["end"]["reasons"]:
        state["end"]["reasons"].append("orders")


# ----- Laboratory ------------------------------------------------------------------------------

def tech_units(state: State, seat: int, slot: int) -> int:
    """Industry value still owed after Power (in ¥2-or-1-imported units), with the 5th-card extra."""
    ctx = state["ctx"]
    card = state["labs"][ctx["area"]][slot]
    need = parts().techs[card]["value"] + parts().boards["lab_extra"][slot]
    units = max(0, need - ctx["power"])
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


def lab_options(state: State, seat: int) -> list[Action]:
    """One decision: which technology, and how its price is paid (imported goods, the rest in ¥)."""
    row = state["labs"][state["ctx"]["area"]]
    slots = [state["ctx"]["slot"]] if state["stage"] == "act_lab_pay" else range(len(row))  # schema 1
    out: list[Action] = []
    for slot in slots:
        card = row[slot]
        if card is None or owns_name(state, seat, card):
            continue
        out += [{"do": "tech", "slot": slot, "imported": k} for k in tech_payments(state, seat, slot)]
    return [*out, {"do": "tech_none"}]


def lab_apply(state: State, seat: int, action: Action) -> None:
    ctx = state["ctx"]
    if action["do"] == "tech_none":
        state["stage"] = "after_action"
        return
    slot, imported = action["slot"], action["imported"]
    units = tech_units(state, seat, slot)
    spend(state, seat, "imported", imported)
    spend(state, seat, "yen", UNIT_YEN * (units - imported))
    row = state["labs"][ctx["area"]]
    card = row[slot]
    row[slot] = None
    gain_tech(state, seat, card)
    rest = [c for c in row if c is not None]
    if state["tech_deck"]:
        rest.append(state["tech_deck"].pop())
    state["labs"][ctx["area"]] = rest + [None] * (len(row) - len(rest))
    state["stage"] = "after_action"


def gain_tech(state: State, seat: int, card: int) -> None:
    """A technology joins the seat's cards: effects of owned cards, then its own, then icons."""
    pl = state["p"][seat]
    if has_tech(state, seat, "letterpress"):
        pl["yen"] += 1
    if has_tech(state, seat, "patent"):
        pl["vp"] += 2
    pl["techs"].append(card)
    tech = parts().techs[card]
    log(state, f"learned {tech['name']}")
    if tech["effect"] == "exposition":
        pl["vp"] += 10
    elif tech["effect"] == "station":
        state["pending"].append({"kind": "station"})
    check_mercenary(state, seat, tech["country"])


def check_mercenary(state: State, seat: int, country: str) -> None:
    """Every 2nd icon of a country (on completed orders and techs) brings its mercenary, if any left."""
    if icons(state, seat, country) % 2 == 0 and state["mercs"][country] > 0:
        state["mercs"][country] -= 1
        state["p"][seat]["mercs"].append({"country": country, "used": False})
        log(state, f"gained a {country.capitalize()} mercenary")


# ----- Employment Agency and Chinatown --------------------------------------------------------

def agency_options(state: State, seat: int) -> list[Action]:
    """Every set of tokens the Power allows (`ctx["left"]`) and the money pays, taken at once;
    a list longer than `ONE_STEP_LIMIT` asks the Trading Houses first (`ctx["th"]`), then the rest."""
    pl = state["p"][seat]
    ctx = state["ctx"]
    left = ctx["left"]
    house = pl["warehouse"]
    out: list[Action] = []
    th_counts = [ctx["th"]] if "th" in ctx else range(min(left, house["th"]) + 1)
    for th in th_counts:
        for shops in range(min(left - th, house["shops"]) + 1):
            for assistants in range(min(left - th - shops, house["assistants"]) + 1):
                if th + shops + assistants and agency_price(state, seat, shops, th) <= pl["yen"]:
                    take = {"assistant": assistants, "shop": shops, "th": th}
                    out.append({"do": "hire", "take": {k: n for k, n in take.items() if n}})
    if "th" not in ctx and len(out) + 1 > ONE_STEP_LIMIT:
        counts = sorted({a["take"].get("th", 0) for a in out})
        return [*({"do": "hire_th", "th": n} for n in counts), {"do": "hire_done"}]
    return [*out, {"do": "hire_done"}]


def agency_price(state: State, seat: int, shops: int, th: int) -> int:
    """Yen for `shops` Shophouses and `th` Trading Houses (each Trading House dearer than the last)."""
    return shops * SHOP_COST + sum(th_cost(state, seat) + k for k in range(th))


def agency_apply(state: State, seat: int, action: Action) -> None:
    from engine.yokohama.rewards import take_from_warehouse

    if action["do"] == "hire_th":
        state["ctx"]["th"] = action["th"]
        return
    if action["do"] == "hire":
        for what in ("assistant", "shop", "th"):
            for _ in range(action["take"].get(what, 0)):
                take_from_warehouse(state, seat, what)
    state["stage"] = "after_action"


def chinatown_options(state: State, seat: int) -> list[Action]:
    out: list[Action] = []
    for name, (pay, _get) in EXCHANGES.items():
        if all(has(state, seat, what, n) for what, n in pay.items()):
            out.append({"do": "exchange", "trade": name})
    return [*out, {"do": "exchange_done"}]


def chinatown_apply(state: State, seat: int, action: Action) -> None:
    ctx = state["ctx"]
    if action["do"] == "exchange":
        pay, get = EXCHANGES[action["trade"]]
        for what, n in pay.items():
            spend(state, seat, what, n)
        # All exchanges of one Chinatown action are one receipt for Mining Technology (R5.4).
        if grant(state, seat, get, mining=not ctx.get("mined")):
            ctx["mined"] = True
        ctx["left"] -= 1
        if ctx["left"] > 0:
            return
    state["stage"] = "after_action"


# ----- Church and Customs ---------------------------------------------------------------------

def pawn_sources(state: State, seat: int) -> list[str]:
    """Where the pawn for the management board may come from: the area itself, or hand."""
    out = []
    if assistants_at(state, seat, state["ctx"]["area"]):
        out.append("area")
    if state["p"][seat]["hand"]["assistants"]:
        out.append("hand")
    return out


def faith_kinds_owned(state: State, seat: int) -> list[str]:
    paid = state["ctx"].get("paid", [])
    return [k for k in FAITH_KINDS if k not in paid and has(state, seat, k)]


def faith_payments(state: State, seat: int, space: int) -> list[list[str]]:
    """Every set of items (one of a kind) that brings Power's Faith exactly to the space's need.

    RB: "Excess Faith value is lost", so more than the need is never paid (ruling R3.3).
    """
    ctx = state["ctx"]
    owed = parts().boards["church"][space]["need"] - ctx["power_faith"] - len(ctx.get("paid", []))
    if owed <= 0:
        return [[]]
    return [list(c) for c in combinations(faith_kinds_owned(state, seat), owed)]


def church_all(state: State, seat: int) -> list[Action]:
    """Every space with every way to pay for it (one decision when the list is short)."""
    board = parts().boards["church"]
    if not pawn_sources(state, seat):
        return []
    return [{"do": "church", "space": i, "pay": pay} for i, _s in enumerate(board)
            if state["church"][i] is None for pay in faith_payments(state, seat, i)]


def church_options(state: State, seat: int) -> list[Action]:
    """Space and payment in one decision; when that list is longer than `ONE_STEP_LIMIT`, the
    space first and then the items to pay (`act_church_pay`), each listed as a whole."""
    ctx = state["ctx"]
    if state["stage"] == "act_church_pay":
        return [{"do": "faith", "pay": pay} for pay in faith_payments(state, seat, ctx["space"])]
    every = church_all(state, seat)
    if len(every) + 1 <= ONE_STEP_LIMIT:
        return [*every, {"do": "church_none"}]
    spaces = sorted({a["space"] for a in every})
    return [*({"do": "church", "space": i} for i in spaces), {"do": "church_none"}]


def church_apply(state: State, seat: int, action: Action) -> None:
    ctx = state["ctx"]
    if action["do"] == "church_none":
        state["stage"] = "after_action"
        return
    if action["do"] == "church":
        ctx["space"] = action["space"]
        ctx["paid"] = []
        if "pay" not in action:
            payments = faith_payments(state, seat, action["space"])
            if len(payments) > 1:
                state["stage"] = "act_church_pay"
                return
            pay = payments[0]
        else:
            pay = action["pay"]
    else:
        pay = action["pay"]
    for kind in pay:
        spend(state, seat, kind)
        ctx["paid"].append(kind)
    ctx["board"] = "church"
    choose_pawn(state, seat)


def customs_options(state: State, seat: int) -> list[Action]:
    ctx = state["ctx"]
    board = parts().boards["customs"]
    out: list[Action] = []
    if pawn_sources(state, seat):
        limit = min(RULES["customs"]["imports"][ctx["power"] - 1], state["p"][seat]["imported"])
        out = [{"do": "customs", "space": i} for i, s in enumerate(board)
               if state["customs"][i] is None and s["need"] <= limit]
    return [*out, {"do": "customs_none"}]


def customs_apply(state: State, seat: int, action: Action) -> None:
    ctx = state["ctx"]
    if action["do"] == "customs_none":
        state["stage"] = "after_action"
        return
    ctx["space"] = action["space"]
    spend(state, seat, "imported", parts().boards["customs"][action["space"]]["need"])
    ctx["board"] = "customs"
    choose_pawn(state, seat)


def choose_pawn(state: State, seat: int) -> None:
    sources = pawn_sources(state, seat)
    if len(sources) > 1:
        state["stage"] = "act_pawn"
    else:
        place_pawn(state, seat, sources[0])


def place_pawn(state: State, seat: int, source: str) -> None:
    """The assistant goes onto the board for good; the space pays its reward (+ Winery/Brickyard)."""
    ctx = state["ctx"]
    board = ctx["board"]
    if source == "area":
        add_assistants(state, seat, ctx["area"], -1)
    else:
        state["p"][seat]["hand"]["assistants"] -= 1
    state[board][ctx["space"]] = seat
    space = parts().boards[board][ctx["space"]]
    grant(state, seat, space["reward"])
    if board == "church" and has_tech(state, seat, "winery"):
        state["p"][seat]["vp"] += 3
    if board == "customs" and has_tech(state, seat, "brickyard"):
        state["p"][seat]["vp"] += 4
    log(state, f"placed an assistant on the {board.capitalize()} board (space {ctx['space'] + 1})")
    state["stage"] = "after_action"


# ----- Steps 4 to 6 -----------------------------------------------------------------------------

def after_action(state: State, seat: int) -> None:
    ctx = state["ctx"]
    if ctx["power"] == 5 and state["tokens"].get(ctx["area"]) is not None:
        state["stage"] = "bonus"
    elif build_options(state, seat):
        state["stage"] = "build"
    else:
        state["stage"] = "recover"


def build_options(state: State, seat: int) -> list[Action]:
    ctx = state["ctx"]
    if ctx["power"] < 4:
        return []
    area = ctx["area"]
    site = state["sites"][area]
    hand = state["p"][seat]["hand"]
    out: list[Action] = []
    if hand["shops"] and not shop_at(state, seat, area):
        out += [{"do": "build", "what": "shop", "space": i} for i, s in enumerate(site["shops"]) if s is None]
    if hand["th"] and site["th"] is None:
        out.append({"do": "build", "what": "th"})
    return out


def bonus_apply(state: State, seat: int, action: Action) -> None:
    area = state["ctx"]["area"]
    if action["do"] == "bonus_take":
        token = state["tokens"][area]
        state["tokens"][area] = None
        state["p"][seat]["tokens"].append(token)
        grant(state, seat, parts().power_tokens[token]["reward"])
        log(state, f"took the 5-Power token of {area_name(area)}")
    state["stage"] = "build" if build_options(state, seat) else "recover"


def build_apply(state: State, seat: int, action: Action) -> None:
    area = state["ctx"]["area"]
    site = state["sites"][area]
    card = parts().sites[site["card"]]
    pl = state["p"][seat]
    if action["do"] == "build":
        if action["what"] == "shop":
            site["shops"][action["space"]] = seat
            pl["hand"]["shops"] -= 1
            grant(state, seat, card["shops"][action["space"]])
            if has_tech(state, seat, "gaslight"):
                pl["vp"] += 2
            log(state, f"built a Shophouse in {area_name(area)}")
        else:
            site["th"] = seat
            pl["hand"]["th"] -= 1
            grant(state, seat, card["trading_house"])
            if has_tech(state, seat, "electric_light"):
                pl["vp"] += 3
            log(state, f"built a Trading House in {area_name(area)}")
    state["stage"] = "recover"


def recover(state: State, seat: int) -> None:
    """Step 6 (automatic unless Telephone offers to leave one assistant behind)."""
    area = state["ctx"]["area"]
    if has_tech(state, seat, "telephone") and assistants_at(state, seat, area):
        state["stage"] = "recover_choice"
        return
    recover_all(state, seat, leave=0)


def recover_all(state: State, seat: int, leave: int) -> None:
    area = state["ctx"]["area"]
    n = assistants_at(state, seat, area) - leave
    add_assistants(state, seat, area, -n)
    state["p"][seat]["hand"]["assistants"] += n
    state["stage"] = state["ctx"].get("back", "second")
    state["ctx"] = {}


def options(state: State, seat: int) -> list[Action]:
    stage = state["stage"]
    if stage == "act_port":
        return port_options(state, seat)
    if stage in ("act_lab", "act_lab_pay"):
        return lab_options(state, seat)
    if stage == "act_agency":
        return agency_options(state, seat)
    if stage == "act_chinatown":
        return chinatown_options(state, seat)
    if stage in ("act_church", "act_church_pay"):
        return church_options(state, seat)
    if stage == "act_customs":
        return customs_options(state, seat)
    if stage == "act_pawn":
        return [{"do": "pawn_from", "source": s} for s in pawn_sources(state, seat)]
    if stage == "bonus":
        return [{"do": "bonus_take"}, {"do": "bonus_skip"}]
    if stage == "build":
        return [*build_options(state, seat), {"do": "build_skip"}]
    if stage == "recover_choice":
        return [{"do": "recover", "leave": 0}, {"do": "recover", "leave": 1}]
    return []


def apply(state: State, seat: int, action: Action) -> None:
    stage = state["stage"]
    if stage == "act_port":
        port_apply(state, seat, action)
    elif stage in ("act_lab", "act_lab_pay"):
        lab_apply(state, seat, action)
    elif stage == "act_agency":
        agency_apply(state, seat, action)
    elif stage == "act_chinatown":
        chinatown_apply(state, seat, action)
    elif stage in ("act_church", "act_church_pay"):
        church_apply(state, seat, action)
    elif stage == "act_customs":
        customs_apply(state, seat, action)
    elif stage == "act_pawn":
        place_pawn(state, seat, action["source"])
    elif stage == "bonus":
        bonus_apply(state, seat, action)
    elif stage == "build":
        build_apply(state, seat, action)
    elif stage == "recover_choice":
        recover_all(state, seat, leave=action["leave"])
    else:
        raise ValueError(f"no area decision in stage {stage}")
