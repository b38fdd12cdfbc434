"""End-of-game scoring: the rulebook's eleven categories, in order, and the tie-breaks.

The categories are kept in their rulebook order because the tie-break walks them in that order
("the player with the highest score in category 1 ... proceed to category 2 and so forth").
"""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel.cards import CHURCH, ORDERS, TECHS

CATEGORIES: tuple[str, ...] = (
    "orders",
    "order_bonus",
    "technologies",
    "technology_bonus",
    "church",
    "trading_houses",
    "shops",
    "imported_down",
    "imported_up",
    "yen",
    "goods",
)
CATEGORY_LABELS: dict[str, str] = {
    "orders": "Completed Orders",
    "order_bonus": "Completed Order Bonus",
    "technologies": "Technology cards",
    "technology_bonus": "Technology Bonus",
    "church": "Church cards",
    "trading_houses": "Trading Houses",
    "shops": "Shops",
    "imported_down": "Face-down Imported Goods",
    "imported_up": "Face-up Imported Goods",
    "yen": "Yen",
    "goods": "Trade Goods",
}
MAJORITY_BONUS = 6


def production(player: dict[str, Any]) -> int:
    return sum(TECHS[t].production for t in player["techs"])


def technology_points(player: dict[str, Any]) -> int:
    """Ball, Brickyard, Electrical Light, Exposition, Gaslight, Patent System and Winery."""
    techs = player["techs"]
    points = 0
    if "ball" in techs:
        points += len(player["orders_done"])
    if "brickyard" in techs:
        points += 2 * player["imported_down"]
    if "electrical_light" in techs:
        points += 3 * len(player["houses"])
    if "exposition" in techs:
        points += 8
    if "gaslight" in techs:
        points += len(player["shops"])
    if "patent_system" in techs:
        points += 2 * len(techs)
    if "winery" in techs:
        points += 2 * len(player["church"])
    return points


def majority(values: list[int]) -> list[int]:
    """6 points to the single highest; a tie gives nobody the bonus."""
    best = max(values)
    if values.count(best) > 1:
        return [0] * len(values)
    return [MAJORITY_BONUS if v == best else 0 for v in values]


def score_sheet(state: State) -> list[dict[str, int]]:
    players = state["players"]
    order_bonus = majority([len(p["orders_done"]) for p in players])
    tech_bonus = majority([production(p) for p in players])
    sheets = []
    for seat, p in enumerate(players):
        sheet = {
            "orders": sum(ORDERS[c].points for c in p["orders_done"]),
            "order_bonus": order_bonus[seat],
            "technologies": technology_points(p),
            "technology_bonus": tech_bonus[seat],
            "church": sum(CHURCH[c].points for c in p["church"]),
            "trading_houses": 5 * len(p["houses"]),
            "shops": len(p["shops"]),
            "imported_down": 4 * p["imported_down"],
            "imported_up": p["imported_up"],
            "yen": p["money"] // 2,
            "goods": sum(p["goods"].values()) // 3,
        }
        sheet["total"] = sum(sheet[c] for c in CATEGORIES)
        sheets.append(sheet)
    return sheets


def rank_key(sheet: dict[str, int]) -> tuple[int, ...]:
    """Total first, then category 1, 2, ... 11 (higher is better throughout)."""
    return (sheet["total"], *(sheet[c] for c in CATEGORIES))


def winners(sheets: list[dict[str, int]]) -> list[int]:
    """The winning seat, or both seats when every tie-break is equal (a shared victory)."""
    best = max(rank_key(s) for s in sheets)
    return [seat for seat, s in enumerate(sheets) if rank_key(s) == best]


def ranking(sheets: list[dict[str, int]]) -> list[int]:
    return sorted(range(len(sheets)), key=lambda seat: rank_key(sheets[seat]), reverse=True)
