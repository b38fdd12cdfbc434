"""Roll & Write's compact own view for a phone (`rendering.kit.own`): what to do now, money, faith, cargo
and points, the choices offered now with their costs, this turn so far, and the Port's open orders (the
goods each still needs)."""

from __future__ import annotations

from typing import Any

from rendering.kit.own import CHOICES_MORE, Good, Line, Own, Section

GOODS = ("tea", "fish", "silk", "copper")


def own(view: dict[str, Any], name: str | None = None) -> Own:
    seat = view["viewer"]
    me = view["seats"][seat]
    sheet = me.get("sheet") or {}
    store = sheet.get("warehouse") or {}
    scores = me.get("scores") or {}
    money = (store.get("money") or {}).get("available", 0)
    faith = (store.get("faith") or {}).get("available", 0)
    cargo = (store.get("cargo") or {}).get("count", 0)
    holdings: list[Line] = [(f"¥{money} · faith {faith} · cargo {cargo} · {scores.get('total', 0)} VP",)]
    acting = bool(me.get("owes"))
    now = ("You: " + str(me.get("pending"))) if acting and me.get("pending") else "Waiting for the others"
    you = view.get("you") or {}
    sections: list[Section] = []
    options = [str(o.get("label", "")) for o in you.get("options") or [] if o.get("label")]
    if options and acting:
        sections.append(Section("Your choices now", [(label,) for label in options], more=CHOICES_MORE))
    events = (sheet.get("turn") or {}).get("events") or []
    if events:
        sections.append(Section("This turn so far", [(str(e),) for e in events]))
    open_orders: list[Line] = []
    for form in (sheet.get("port") or {}).get("forms") or []:
        if form.get("fulfilled"):
            continue
        needed: dict[str, int] = {}
        for good in form.get("goods") or []:
            if not good.get("crossed"):
                needed[good.get("good", "")] = needed.get(good.get("good", ""), 0) + 1
        if needed:
            open_orders.append((f"#{form.get('id', 0) + 1}, {form.get('points', 0)} VP:   ",
                                *(Good(g, needed[g]) for g in GOODS if needed.get(g)), "still to cross"))
    open_orders.sort(key=lambda line: sum(p.count for p in line if isinstance(p, Good)))
    sections.append(Section(f"Port orders open ({len(open_orders)}), nearest first", open_orders))
    techs = sheet.get("technologies") or []
    if techs:
        sections.append(Section(f"Your Technologies ({len(techs)})",
                                [(str(t.get("name", t.get("id", "?"))) if isinstance(t, dict) else str(t),)
                                 for t in techs]))
    player = name or f"Player {seat + 1}"
    return Own("Yokohama Roll & Write", player, now, acting, holdings, sections)
