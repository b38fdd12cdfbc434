"""Steps 3–6 of the main action, the automatic parts: Power, the Area Action's start, the way to
the 5-Power bonus and construction, recovery; and what several areas share (paying, technologies).

The same chain runs after a normal move and after a Foreign Mercenary (which returns to the
Additional Action phase it came from). The decisions inside it are steps of their own modules
(`port`, `laboratory`, `agency`, `chinatown`, `church`, `construction`), with their working data
in `state["ctx"]`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.translate import N_, _
from engine.yokohama.board import add_assistants, assistants_at, has_tech, icons, power, shop_at
from engine.yokohama.components import COUNTRY_NAMES, area_kind, area_name, parts
from engine.yokohama.copying import pay_seat
from engine.yokohama.rewards import effect_gain, gain_goods, log
from engine.yokohama.types import Action, FaithItem, State

RULES = parts().rules
#: Goods produced at Power 1..5, per production area kind (rulebook Area tables).
PRODUCTION: dict[str, list[int]] = RULES["production"]
#: Port order levels reachable at Power 1..5.
PORT_REACH: list[list[str]] = RULES["port"]["reach"]
#: Chinatown's exchange table: (pay, receive) per exchange.
EXCHANGES: dict[str, tuple[dict[str, int], dict[str, int]]] = {
    name: (trade["pay"], trade["get"]) for name, trade in RULES["chinatown"]["trades"].items()
}
FAITH_KINDS: tuple[FaithItem, ...] = tuple(RULES["church"]["faith_kinds"])
HAND_LIMIT: int = RULES["port"]["hand_limit"]
#: Owning this many already, the next technology costs one unit (¥2 / 1 imported) more.
TECH_SURCHARGE_FROM: int = RULES["laboratory"]["surcharge_from"]
#: Faith from Action Power 1..5, as printed ("2 Power: 1 Faith value"; ruling R1.2).
CHURCH_FAITH: list[int] = RULES["church"]["faith"]
#: What a second order card costs at the Port, per way of paying.
SECOND_CARD = {"yen": RULES["port"]["second_card_yen"], "imported": 1}
UNIT_YEN: int = RULES["laboratory"]["unit_yen"]
#: Money the Bank pays at Power 1..5.
BANK_YEN: list[int] = RULES["bank"]["yen"]
#: Warehouse tokens the Employment Agency lets a player take at Power 1..5.
AGENCY_TOKENS: list[int] = RULES["agency"]["tokens"]
#: Exchanges Chinatown allows at Power 1..5.
CHINATOWN_EXCHANGES: list[int] = RULES["chinatown"]["exchanges"]
#: Imported Goods the Customs takes at Power 1..5.
CUSTOMS_IMPORTS: list[int] = RULES["customs"]["imports"]
#: Victory points the Port adds at Power 5 ("In addition, you gain 3 Victory points").
PORT_POWER5_VP: int = RULES["port"]["power5_vp"]
#: RB Construction step: "If ... the player carried out an action of 4 or more Power, they may carry out this action".
BUILD_POWER = 4


def has(state: State, seat: int, what: str, n: int = 1) -> bool:
    pl = state["p"][seat]
    have: int = pl["yen"] if what == "yen" else pl["imported"] if what == "imported" else pl["goods"][what]
    return have >= n


def spend(state: State, seat: int, what: str, n: int = 1) -> None:
    pl = state["p"][seat]
    if what == "yen":
        pl["yen"] -= n
    elif what == "imported":
        pl["imported"] -= n
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
        pay_seat(state, site["th"], 1)
    log(state, N_("{seat} acted in {area} with Power {power}"), area=area_name(area), power=pw)
    kind = area_kind(area)
    if kind in PRODUCTION:
        gain_goods(state, seat, kind, PRODUCTION[kind][pw - 1])
        state["stage"] = "after_action"
    elif kind in OPENERS:
        state["stage"] = OPENERS[kind](state, seat, pw)
    else:
        raise ValueError(f"no action in {area}")


def open_bank(state: State, seat: int, pw: int) -> str:
    state["p"][seat]["yen"] += BANK_YEN[pw - 1]
    return "after_action"


def open_port(state: State, seat: int, pw: int) -> str:
    state["ctx"]["taken"] = 0
    return "act_port" if RULES["port"]["reach"][pw - 1] else "after_action"


def open_agency(state: State, seat: int, pw: int) -> str:
    state["ctx"]["left"] = AGENCY_TOKENS[pw - 1]
    return "act_agency" if state["ctx"]["left"] else "after_action"


def open_chinatown(state: State, seat: int, pw: int) -> str:
    state["ctx"]["left"] = CHINATOWN_EXCHANGES[pw - 1]
    return "act_chinatown"


def open_church(state: State, seat: int, pw: int) -> str:
    state["ctx"]["power_faith"] = CHURCH_FAITH[pw - 1]
    return "act_church"


#: How each non-production area's action opens at Power `pw`: its working data, and the stage it asks.
OPENERS: dict[str, Callable[[State, int, int], str]] = {
    "bank": open_bank,
    "port": open_port,
    "lab": lambda state, seat, pw: "act_lab",
    "agency": open_agency,
    "chinatown": open_chinatown,
    "church": open_church,
    "customs": lambda state, seat, pw: "act_customs",
}


def gain_tech(state: State, seat: int, card: int) -> None:
    """A technology joins the seat's cards: effects of owned cards, then its own, then icons."""
    pl = state["p"][seat]
    effect_gain(state, seat, "letterpress")
    effect_gain(state, seat, "patent")
    pl["techs"].append(card)
    tech = parts().techs[card]
    log(state, N_("{seat} learned {tech}"), tech=_(tech["name"]))
    if tech["effect"] == "exposition":
        effect_gain(state, seat, "exposition", owned=True)
    elif tech["effect"] == "station":
        state["pending"].append({"kind": "station"})
    check_mercenary(state, seat, tech["country"])


def check_mercenary(state: State, seat: int, country: str) -> None:
    """Every 2nd icon of a country (on completed orders and techs) brings its mercenary, if any left."""
    if icons(state, seat, country) % 2 == 0 and state["mercs"][country] > 0:
        mercs = state["mercs"]  # shared with the state copied from (copying.py): replaced, never edited
        state["mercs"] = {**mercs, country: mercs[country] - 1}
        state["p"][seat]["mercs"].append({"country": country, "used": False})
        log(state, N_("{seat} gained a mercenary: {country}"), country=COUNTRY_NAMES[country])


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
    if ctx["power"] < BUILD_POWER:
        return []
    return builds_at(state, seat, ctx["area"])


def builds_at(state: State, seat: int, area: str) -> list[Action]:
    """What `seat` could build in `area` with Power 4 or more: a Shophouse from hand on a free space where it has
    none yet, or a Trading House from hand on a free Trading House space (none in an area without a site)."""
    site = state["sites"].get(area)
    if site is None:
        return []
    hand = state["p"][seat]["hand"]
    out: list[Action] = []
    if hand["shops"] and not shop_at(state, seat, area):
        out += [{"do": "build", "what": "shop", "space": i} for i, s in enumerate(site["shops"]) if s is None]
    if hand["th"] and site["th"] is None:
        out.append({"do": "build", "what": "th"})
    return out


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
