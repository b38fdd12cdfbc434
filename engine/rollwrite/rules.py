"""Small rule look-ups shared by the decision steps, the scoring and the greedy player.

Each function answers one question the rulebook poses ("what does an Elite cost here?",
"which technologies may this player still take at this laboratory?") so the answer is
written once. The numbers come from data/rollwrite/rules.toml.
"""

from __future__ import annotations

from typing import Any

from engine.rollwrite.components import (
    LEVEL_COST,
    LEVELS,
    MAX_CROSSED,
    areas,
    employment_cards,
    rules_data,
    sheet,
)
from engine.rollwrite.shapes import Cost
from engine.rollwrite.sheet import available, unused_circles
from engine.rollwrite.state_types import Sheet, State, Task


def side_data(state: State) -> dict[str, Any]:
    return sheet(state["options"]["side"])


def area_kind(area_id: str) -> str:
    kind: str = areas()[area_id]["kind"]
    return kind


def has(ps: Sheet, tech: str) -> bool:
    return tech in ps["techs"]


def lab_power(what: str) -> int:
    """Action power a laboratory purchase consumes (Elite 1, shop 1, trading house 2)."""
    power: int = rules_data()["laboratory"][what]["power"]
    return power


def brick_discount_open(ps: Sheet, task: Task) -> bool:
    """Brick factory, once per laboratory action (ruling R10): not yet used in this action."""
    return has(ps, "brick_factory") and not task.get("brick_used", False)


def lab_cost(ps: Sheet, what: str, task: Task) -> Cost:
    """Money a laboratory purchase costs now; Brick factory takes 1 off once per action (R10)."""
    money: int = rules_data()["laboratory"][what]["money"]
    if money > 0 and brick_discount_open(ps, task):
        money -= rules_data()["brick_factory"]["discount"]
    return {"money": money} if money else {}


def chinatown_cost(what: str) -> tuple[int, Cost]:
    """(power, cost) of a Chinatown purchase ("good" or "cargo"); Brick factory does not apply (R14)."""
    entry = rules_data()["chinatown"][what]
    return entry["power"], {"money": entry["money"]}


def extra_cost(ps: Sheet, pick: str) -> Cost:
    """Faith and money the additional actions A-E consume (Brick factory: shops/trading houses -1)."""
    cost: Cost = dict(rules_data()["additional"][pick])
    brick = rules_data()["brick_factory"]
    if has(ps, "brick_factory") and pick in brick["additional"] and cost.get("money", 0) > 0:
        cost["money"] -= brick["discount"]
        if not cost["money"]:
            del cost["money"]
    return cost


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
    """Rows with a circle written and not crossed off (`unused_circles` > 0), in one pass."""
    return [r for r, (written, crossed) in enumerate(zip(ps["written"], ps["crossed"], strict=True))
            if written > crossed]


def most_crossed(ps: Sheet, row: int) -> int:
    """"Cross off 1 to 5 of the circles written on that area's employee track"."""
    return min(MAX_CROSSED, unused_circles(ps, row))


def phone_cost() -> Cost:
    return {"money": rules_data()["telephone"]["money"]}


def phone_possible(state: State, ps: Sheet) -> bool:
    """Telephone: once per round, 1 money, 1 circle anywhere (needs a track with space)."""
    if "telephone" not in ps["techs"]:  # asked at most steps of every round; few hold the Telephone
        return False
    length = side_data(state)["track_length"]
    return (
        ps["phone_round"] != state["round"]
        and available(ps, "money") >= phone_cost()["money"]
        and any(w < length for w in ps["written"])
    )


def action_power(ps: Sheet, row: int, circles: int) -> int:
    """Circles crossed + the row's Elite; Newspaper raises a power of 4 or less by 1 (R9)."""
    power = circles + (1 if ps["elites"][row] else 0)
    paper = rules_data()["newspaper"]
    if has(ps, "newspaper") and power <= paper["up_to"]:
        power += paper["bonus"]
    return power


def employment_number(state: State, ps: Sheet, card_id: int) -> int:
    """The chosen card's employment number; Telegraph raises 1 to 3 by 1."""
    number: int = employment_cards()[card_id]["number"]
    wire = rules_data()["telegraph"]
    if has(ps, "telegraph") and wire["low"] <= number <= wire["high"]:
        number += wire["bonus"]
    return number


def chamber_power(power: int) -> int:
    """The borrowed action's power: "action power minus 1"."""
    loss: int = rules_data()["chamber_of_commerce"]["power_loss"]
    return power - loss


def chamber_targets(state: State, row: int) -> list[str]:
    """Areas the Chamber of Commerce may borrow: every other area on the sheet and the set-aside card."""
    out = [a for r, a in enumerate(state["areas"]) if r != row and area_kind(a) != "chamber"]
    aside = state.get("aside")
    if aside:
        out.append(aside)
    return out
