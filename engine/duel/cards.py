"""The Duel's component data, read from `data/duel/*.toml` and checked once at import.

Cards are referred to in the state by small ids (the index of an Order, Church or Power Bonus
card in its file, a Technology's string id), so the state stays small and a corrected data file
changes the cards without touching saved games' shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from data import load_data

GOODS: tuple[str, ...] = ("tea", "fish", "silk", "copper")
GOOD_NAMES: dict[str, str] = {"tea": "Tea", "fish": "Fish", "silk": "Silk", "copper": "Copper"}
#: Every key a reward may use (the rulebook's icons that appear on Order, Church and Power Bonus cards).
REWARD_KEYS: tuple[str, ...] = ("yen", *GOODS, "imported", "flip", "orders", "extra1", "extra2")


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    board: int
    table: tuple[int, ...]
    never_used: bool

    def strength(self, power: int) -> int:
        """The effect at `power` (the table's last entry covers 5 and more; 0 power does nothing)."""
        if power <= 0:
            return 0
        return self.table[min(power, len(self.table)) - 1]


@dataclass(frozen=True)
class Order:
    id: int
    cost: dict[str, int]
    points: int
    reward: dict[str, int]


@dataclass(frozen=True)
class Church:
    id: int
    faith: int
    points: int
    reward: dict[str, int]


@dataclass(frozen=True)
class Bonus:
    id: int
    rewards: tuple[dict[str, int], ...]


@dataclass(frozen=True)
class Tech:
    id: str
    name: str
    production: int
    text: str
    once_per_round: bool


@dataclass(frozen=True)
class PowerCard:
    id: int
    base: int
    upgraded: int
    cost: int

    def value(self, upgraded: bool) -> int:
        return self.upgraded if upgraded else self.base


def _check_reward(reward: dict[str, Any], where: str) -> dict[str, int]:
    for key, amount in reward.items():
        if key not in REWARD_KEYS:
            raise ValueError(f"{where}: unknown reward '{key}'")
        if not isinstance(amount, int) or amount <= 0:
            raise ValueError(f"{where}: reward '{key}' must be a positive whole number")
    return dict(reward)


def _load() -> tuple[
    dict[str, Area], list[Order], list[Church], list[Bonus], dict[str, Tech], list[PowerCard]
]:
    areas = {
        a["id"]: Area(a["id"], a["name"], a["board"], tuple(a["table"]), bool(a.get("never_used", False)))
        for a in load_data("duel", "areas.toml")["area"]
    }
    orders = []
    for i, o in enumerate(load_data("duel", "orders.toml")["order"]):
        if not o["cost"] or any(g not in GOODS for g in o["cost"]):
            raise ValueError(f"order {i}: costs must be Trade Goods")
        orders.append(Order(i, dict(o["cost"]), o["points"], _check_reward(o["reward"], f"order {i}")))
    church = [
        Church(i, c["faith"], c["points"], _check_reward(c["reward"], f"church {i}"))
        for i, c in enumerate(load_data("duel", "church.toml")["church"])
    ]
    bonus = []
    for i, b in enumerate(load_data("duel", "power_bonus.toml")["bonus"]):
        if len(b["rewards"]) != 3:
            raise ValueError(f"power bonus {i}: needs exactly 3 rewards (Power 5, 6, 7+)")
        bonus.append(Bonus(i, tuple(_check_reward(r, f"power bonus {i}") for r in b["rewards"])))
    techs = {
        t["id"]: Tech(t["id"], t["name"], t["production"], t["text"], bool(t.get("once_per_round", False)))
        for t in load_data("duel", "technologies.toml")["tech"]
    }
    power_cards = [
        PowerCard(i, c["base"], c["upgraded"], c["cost"])
        for i, c in enumerate(load_data("duel", "power_cards.toml")["card"])
    ]
    return areas, orders, church, bonus, techs, power_cards


AREAS, ORDERS, CHURCH, BONUS, TECHS, POWER_CARDS = _load()
AREA_IDS: tuple[str, ...] = tuple(AREAS)
TRADING_HOUSE_COSTS: tuple[int, ...] = (4, 5, 6, 7)
SHOPS_PER_PLAYER = 8
EXTRA_DECK: dict[str, int] = {"1": 8, "2": 5}
FOREIGN_AGENTS = 7
AGENT_POWER = 3
FACE_UP_TECHS = 5
FACE_UP_CHURCH = 6
FACE_UP_BONUS = 3
ROUNDS = 4
TURNS_PER_ROUND = 4
EXTRA_HAND_LIMIT = 4
#: The four Foreign Agent requirements: key -> (label, test on a player's sheet).
HIRE_REQUIREMENTS: tuple[str, ...] = ("orders", "techs", "church", "flipped")
HIRE_LABELS: dict[str, str] = {
    "orders": "3+ completed Orders",
    "techs": "3+ Technologies",
    "church": "2+ Church cards",
    "flipped": "2+ face-down Imported Goods",
}


def reward_text(reward: dict[str, int]) -> str:
    """A short reading of a reward ("¥2, 1 Tea, +1 Extra Power")."""
    parts = []
    for key, n in reward.items():
        if key == "yen":
            parts.append(f"¥{n}")
        elif key in GOODS:
            parts.append(f"{n} {GOOD_NAMES[key]}")
        elif key == "imported":
            parts.append(f"{n} Imported Good" + ("s" if n > 1 else ""))
        elif key == "flip":
            parts.append(f"flip {n} Imported Good" + ("s" if n > 1 else ""))
        elif key == "orders":
            parts.append(f"draw {n} Order" + ("s" if n > 1 else ""))
        elif key == "extra1":
            parts.append("+1 Extra Power" + (f" x{n}" if n > 1 else ""))
        elif key == "extra2":
            parts.append("+2 Extra Power" + (f" x{n}" if n > 1 else ""))
    return ", ".join(parts)


def cost_text(cost: dict[str, int]) -> str:
    return ", ".join(f"{n} {GOOD_NAMES[g]}" for g, n in cost.items())
