"""Victory points: the port district (rounds 6 and 12), cargo and technologies, and achievements.

Kept apart from the decision flow because the bot, the renderer and the greedy player all
need the same numbers the physical score boxes would show.
"""

from __future__ import annotations

from typing import Any

from engine.core.translate import _
from engine.rollwrite.components import rules_data
from engine.rollwrite.sheet import available
from engine.rollwrite.state_types import Sheet, State


def port_parts(ps: Sheet, data: dict[str, Any]) -> dict[str, int]:
    """The port district's value now, split into fulfilled orders, shop doubling and trading houses."""
    port = rules_data()["port"]
    orders = shops = houses = 0
    for form in data["forms"]:
        if ps["fulfilled"][form["id"]]:
            orders += form["points"]
            if ps["shops"][form["id"]]:
                shops += form["points"] * (port["shop_multiplier"] - 1)
    for h, house in enumerate(data["trading_houses"]):
        if ps["trading"][h]:
            houses += port["trading_house_vp"] * sum(1 for f in house["forms"] if ps["fulfilled"][f])
    return {"orders": orders, "shops": shops, "trading_houses": houses}


def port_points(ps: Sheet, data: dict[str, Any]) -> int:
    return sum(port_parts(ps, data).values())


def cargo_points(ps: Sheet, data: dict[str, Any]) -> int:
    """The star of the rightmost cargo circle."""
    return data["cargo_points"][ps["cargo"] - 1] if ps["cargo"] > 0 else 0


def tech_points(ps: Sheet) -> dict[str, int]:
    """End-of-game victory points per technology held (only those that give any)."""
    from engine.rollwrite.components import technologies

    cards = technologies()
    held = {
        "technologies": len(ps["techs"]),
        "shops": sum(ps["shops"]),
        "trading_houses": sum(ps["trading"]),
        "orders": sum(ps["fulfilled"]),
    }
    out: dict[str, int] = {}
    for tech in ps["techs"]:
        each = cards[tech].get("end_vp_each")
        points: int = each["vp"] * held[each["of"]] if each else cards[tech].get("end_vp", 0)
        if points:
            out[tech] = points
    return out


def score_end_of_round(state: State, ps: Sheet, data: dict[str, Any]) -> None:
    """6) Scoring: the 6R box in round 6; in round 12 the 12R, cargo, technology and grand total boxes.
    Other rounds score nothing (the port district is reckoned only when a box takes it)."""
    if state["round"] not in (6, 12):
        return
    ps["boxes"] = boxes = dict(ps["boxes"])  # shared with the old sheet by a move's copy: replaced
    parts = port_parts(ps, data)
    if state["round"] == 6:
        boxes["6R"] = sum(parts.values())
        ps["parts_6r"] = parts
    elif state["round"] == 12:
        boxes["12R"] = port_12r = sum(parts.values())
        ps["parts_12r"] = parts
        boxes["cargo"] = cargo = cargo_points(ps, data)
        boxes["tech"] = tech = sum(tech_points(ps).values())
        boxes["total"] = (boxes["6R"] or 0) + port_12r + cargo + tech


def score_sheet(state: State, ps: Sheet, data: dict[str, Any]) -> dict[str, int]:
    """Points by category; before the end, as if the game ended now.

    total = port + cargo + technology; port = port_6r + port_12r = orders + shops +
    trading_houses (the same points split two ways: by scoring round, and by source).
    """
    zero = {"orders": 0, "shops": 0, "trading_houses": 0}
    now = port_parts(ps, data)
    p6 = ps.get("parts_6r", zero)
    p12 = ps.get("parts_12r", now)
    port_6r = sum(p6.values())
    port_12r = sum(p12.values())
    cargo = cargo_points(ps, data)
    tech = sum(tech_points(ps).values())
    return {
        "port": port_6r + port_12r,
        "port_6r": port_6r,
        "port_12r": port_12r,
        "orders": p6["orders"] + p12["orders"],
        "shops": p6["shops"] + p12["shops"],
        "trading_houses": p6["trading_houses"] + p12["trading_houses"],
        "cargo": cargo,
        "technology": tech,
        "total": port_6r + port_12r + cargo + tech,
    }


def tie_break_key(ps: Sheet) -> tuple[int, int]:
    """Tie-breakers: unconsumed money + faith, then unused circles on the employee tracks."""
    resources = available(ps, "money") + available(ps, "faith")
    circles = sum(w - c for w, c in zip(ps["written"], ps["crossed"], strict=True))
    return resources, circles


def achievements(state: State, ps: Sheet, data: dict[str, Any], *, total: int | None = None) -> list[str]:
    """The rulebook's achievements this sheet has earned (a record, not points); `total`: the sheet's
    `score_sheet` total when the caller has reckoned it already (the view does, for every seat)."""
    got: list[str] = []
    if total is None:
        total = score_sheet(state, ps, data)["total"]
    got += [_("{n}+ victory points").format(n=n) for n in range(100, 161, 10) if total >= n]
    orders = sum(ps["fulfilled"])
    got += [_("{n}+ order forms fulfilled").format(n=n) for n in range(13, 19) if orders >= n]
    tech_vp = sum(tech_points(ps).values())
    if tech_vp == 0:
        got.append(_("0 victory points from technologies"))
    got += [_("{n}+ victory points from technologies").format(n=n) for n in range(20, 41, 5) if tech_vp >= n]
    if len(ps["techs"]) >= 6:
        got.append(_("6 technologies acquired"))
    if not ps["techs"]:
        got.append(_("0 technologies acquired"))
    houses = sum(ps["trading"])
    got += [_("{n}+ trading houses").format(n=n) for n in range(3, 7) if houses >= n]
    shops = sum(ps["shops"])
    got += [_("{n}+ shops").format(n=n) for n in range(10, 14) if shops >= n]
    got += [_("Money stock {n}+").format(n=n) for n in (20, 25, 30) if ps["money"]["got"] >= n]
    got += [_("Faith stock {n}+").format(n=n) for n in (20, 25, 30) if ps["faith"]["got"] >= n]
    got += [_("Cargo stock {n}+").format(n=n) for n in (12, 13, 14) if ps["cargo"] >= n]
    full_tracks = sum(w >= data["track_length"] for w in ps["written"])
    got += [_("{n} employee tracks filled").format(n=n) for n in (2, 3, 4) if full_tracks >= n]
    shortest = min(ps["written"])  # a column is filled when every track reaches past it
    columns = sum(1 for c in range(1, data["track_length"]) if shortest > c)
    got += [_("{n} vertical columns filled").format(n=n) for n in (7, 8, 9) if columns >= n]
    got.append(_("Played side {side}").format(side=state["options"]["side"]))
    players = state["players"]
    if players == 1:
        got.append(_("Played alone"))
    if players >= 8:
        got.append(_("Played with 8+ players"))
    if players >= 10:
        got.append(_("Played with 10+ players"))
    return got
