"""End-of-game scoring: the rulebook's eleven categories, in order, and the tie-breaks.

The categories are kept in their rulebook order because the tie-break walks them in that order
("the player with the highest score in category 1 ... proceed to category 2 and so forth").
"""

from __future__ import annotations

from engine.core.translate import N_
from engine.duel.cards import CHURCH, ORDERS, RULES, TECHS
from engine.duel.types import PlayerState, State

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
#: In English; a view words them in its reader's language.
# TRANSLATORS: the Duel's final scoring categories: plain choice, not verified against the Duel's published
# editions.
CATEGORY_LABELS: dict[str, str] = {
    "orders": N_("Completed Orders"),
    "order_bonus": N_("Completed Order Bonus"),
    "technologies": N_("Technology cards"),
    "technology_bonus": N_("Technology Bonus"),
    "church": N_("Church cards"),
    "trading_houses": N_("Trading Houses"),
    "shops": N_("Shops"),
    "imported_down": N_("Face-down Imported Goods"),
    "imported_up": N_("Face-up Imported Goods"),
    "yen": N_("Yen"),
    "goods": N_("Trade Goods"),
}
MAJORITY_BONUS = RULES.majority_bonus
POINTS = RULES.scoring


def production(player: PlayerState) -> int:
    return sum(TECHS[t].production for t in player["techs"])


def technology_points(player: PlayerState) -> int:
    """Ball, Brickyard, Electrical Light, Exposition, Gaslight, Patent System and Winery: each card's
    `end_points` per thing counted (data/duel/technologies.toml)."""
    counts = {
        "orders": len(player["orders_done"]),
        "imported_down": player["imported_down"],
        "houses": len(player["houses"]),
        "shops": len(player["shops"]),
        "techs": len(player["techs"]),
        "church": len(player["church"]),
    }
    points = 0
    for tech in player["techs"]:
        card = TECHS[tech]
        points += card.end_points * (counts[card.end_per] if card.end_per else 1)
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
            "trading_houses": POINTS["trading_house"] * len(p["houses"]),
            "shops": POINTS["shop"] * len(p["shops"]),
            "imported_down": POINTS["imported_down"] * p["imported_down"],
            "imported_up": POINTS["imported_up"] * p["imported_up"],
            "yen": p["money"] // POINTS["yen_per_point"],
            "goods": sum(p["goods"].values()) // POINTS["goods_per_point"],
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
