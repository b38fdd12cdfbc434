"""Yokohama's compact own view for a phone (`rendering.kit.own`): what to do now, yen, VP and goods, the
pieces in hand and in the warehouse, the Order cards (what each needs and gives, "ready" when the goods
cover it), the Technologies, and the choices offered now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from i18n import N_, _, labelled
from rendering.kit.own import CHOICES_MORE, Good, Line, Own, Section
from rendering.yokohama.names import Names, seat_names

GOODS = ("tea", "fish", "silk", "copper")
#: The reward words an Order card may give besides VP and yen, and the countries of the cards.
GOOD_WORDS = {"tea": N_("Tea"), "fish": N_("Fish"), "silk": N_("Silk"), "copper": N_("Copper"),
              "imported": N_("Imported")}
COUNTRY_NAMES = {"english": N_("English"), "american": N_("American"), "french": N_("French"), "german": N_("German"),
                 "dutch": N_("Dutch")}


def _ready(order: dict[str, Any], goods: dict[str, int]) -> bool:
    cost = order.get("cost") or {}
    return bool(cost) and all(goods.get(g, 0) >= n for g, n in cost.items())


def _order(order: dict[str, Any], ready: bool) -> Line:
    cost = order.get("cost") or {}
    reward = order.get("reward") or {}
    gives = ", ".join(_("{n} VP").format(n=n) if k == "vp" else f"¥{n}" if k == "yen"
                      else f"{n} {_(GOOD_WORDS[k]) if k in GOOD_WORDS else k}" for k, n in reward.items())
    code = str(order.get("country", ""))
    country = _(COUNTRY_NAMES[code]) if code in COUNTRY_NAMES else code.title()
    return (f"#{order.get('id')} {country}:   ", *(Good(g, cost[g]) for g in GOODS if cost.get(g)),
            f"→ {gives}" + (" · " + _("ready") if ready else ""))


def own(view: dict[str, Any], names: Names = None, choices: Sequence[str] = ()) -> Own:
    seat = view["viewer"]
    people = seat_names(view, names)
    me = view["seats"][seat]
    goods = me.get("goods") or {}
    hand = me.get("hand") or {}
    store = me.get("warehouse") or {}
    holdings: list[Line] = [
        (f"¥{me.get('yen', 0)}    ", *(Good(g, goods.get(g, 0)) for g in GOODS),
         "   " + _("{n} VP").format(n=me.get("vp", 0))),
    ]
    pieces: list[Line] = [
        (_("In hand: {assistants} assistants, {shops} shops, {houses} trading houses").format(
            assistants=hand.get("assistants", 0), shops=hand.get("shops", 0), houses=hand.get("th", 0)),),
        (_("Warehouse: {assistants} assistants, {shops} shops, {houses} trading houses").format(
            assistants=store.get("assistants", 0), shops=store.get("shops", 0), houses=store.get("th", 0)),),
    ]
    if me.get("imported"):
        pieces.append((_("Imported goods: {n}").format(n=me["imported"]),))
    acting = seat in _acting_seats(view)
    stage = str(view.get("stage_text") or "")
    now = (_("You: {what}").format(what=stage) if acting and stage
           else labelled(_turn_of(view, people), stage) if stage else _("Waiting"))
    sections: list[Section] = []
    if choices:
        sections.append(Section(_("Your choices now"), [(c,) for c in choices], more=CHOICES_MORE))
    orders = me.get("orders") or []
    ready = frozenset(i for i, o in enumerate(orders) if _ready(o, goods))
    sections.append(Section(_("Your Orders ({n})").format(n=len(orders)),
                            [_order(o, i in ready) for i, o in enumerate(orders)], ready))
    sections.append(Section(_("Your pieces"), pieces))
    techs = me.get("technologies") or []
    if techs:
        sections.append(Section(_("Your Technologies ({n})").format(n=len(techs)),
                                [(str(t.get("name", t.get("id", "?"))) + (f": {t['text']}" if t.get("text") else ""),)
                                 if isinstance(t, dict) else (str(t),) for t in techs]))
    placed = me.get("assistants") or {}
    if placed:
        sections.append(Section(_("Your assistants on the map"),
                                [(", ".join(f"{_area(view, area)} ×{n}" for area, n in sorted(placed.items())),)]))
    return Own(_("Yokohama"), people[seat], now, acting, holdings, sections)


def _acting_seats(view: dict[str, Any]) -> list[int]:
    current = view.get("current")
    pending = view.get("pending") or []
    seats = [int(p["seat"]) for p in pending if isinstance(p, dict) and isinstance(p.get("seat"), int)]
    return seats or ([current] if isinstance(current, int) else [])


def _turn_of(view: dict[str, Any], people: list[str]) -> str:
    seats = _acting_seats(view)
    return _(" and ").join(people[s] for s in seats if 0 <= s < len(people)) or _("Next")


def _area(view: dict[str, Any], area: str) -> str:
    for info in view.get("areas") or []:
        if isinstance(info, dict) and info.get("id") == area and info.get("name"):
            return str(info["name"])
    return area.replace("_", " ")
