"""Small rule look-ups shared by the decision flow, the scoring and the greedy player.

Each function answers one question the rulebook poses ("what does an Elite cost here?",
"which technologies may this player still take at this laboratory?") so the answer is
written once.
"""

from __future__ import annotations

from typing import Any

from engine.rollwrite.components import LEVEL_COST, LEVELS, areas, sheet
from engine.rollwrite.sheet import Sheet, available, unused_circles

State = dict[str, Any]


def side_data(state: State) -> dict[str, Any]:
    return sheet(state["options"]["side"])


def area_kind(area_id: str) -> str:
    return areas()[area_id]["kind"]


def has(ps: Sheet, tech: str) -> bool:
    return tech in ps["techs"]


def lab_cost(ps: Sheet, what: str) -> dict[str, int]:
    """Money an Elite / shop / trading house costs inside a laboratory action (Brick factory: -1)."""
    money = {"elite": 1, "shop": 2, "trading": 4}[what]
    if has(ps, "brick_factory"):
        money -= 1
    return {"money": money} if money else {}


LAB_POWER: dict[str, int] = {"elite": 1, "shop": 1, "trading": 2}


def extra_cost(ps: Sheet, pick: str) -> dict[str, int]:
    """Faith and money the additional actions A-D consume (Brick factory: shops/trading houses -1)."""
    brick = 1 if has(ps, "brick_factory") else 0
    if pick == "A":
        return {"faith": 1, "money": 1}
    if pick == "B":
        return {"faith": 1, "money": 2 - brick}
    if pick == "C":
        return {"faith": 2, "money": 4 - brick}
    if pick == "D":
        return {"faith": 4}
    return {}


def tech_slot(state: State, tech: str) -> tuple[str, str]:
    """(laboratory, level) a technology lies at in this game."""
    for lab, levels in state["labs"].items():
        for level in LEVELS:
            if tech in levels[level]:
                return lab, level
    raise KeyError(tech)


def takeable_techs(state: State, ps: Sheet, lab: str, power: int) -> list[str]:
    """Technologies of this laboratory the player may acquire with `power` left.

    One of the two technologies per level per laboratory, ever ("Limit on acquiring").
    """
    out: list[str] = []
    for level in LEVELS:
        if LEVEL_COST[level] > power:
            continue
        pair = state["labs"][lab][level]
        if any(t in ps["techs"] for t in pair):
            continue
        out.extend(pair)
    return out


def rows_with_unused(ps: Sheet) -> list[int]:
    return [r for r in range(len(ps["written"])) if unused_circles(ps, r) > 0]


def phone_possible(state: State, ps: Sheet) -> bool:
    """Telephone: once per round, 1 money, 1 circle anywhere (needs a track with space)."""
    data = side_data(state)
    return (
        has(ps, "telephone")
        and ps["phone_round"] != state["round"]
        and available(ps, "money") >= 1
        and any(w < data["track_length"] for w in ps["written"])
    )


def action_power(ps: Sheet, row: int, circles: int) -> int:
    """Circles crossed + the row's Elite; Newspaper raises a power of 4 or less by 1."""
    power = circles + (1 if ps["elites"][row] else 0)
    if has(ps, "newspaper") and power <= 4:
        power += 1
    return power


def employment_number(state: State, ps: Sheet, card_id: int) -> int:
    from engine.rollwrite.components import employment_cards

    number = employment_cards()[card_id]["number"]
    if has(ps, "telegraph") and 1 <= number <= 3:
        number += 1
    return number


def chamber_targets(state: State, row: int) -> list[str]:
    """Areas the Chamber of Commerce may borrow: every other area on the sheet and the set-aside card."""
    out = [a for r, a in enumerate(state["areas"]) if r != row and area_kind(a) != "chamber"]
    if state.get("aside"):
        out.append(state["aside"])
    return out
