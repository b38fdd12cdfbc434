"""The Duel's component data and rule numbers, read from `data/duel/*.toml` and checked once at import.

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
    effect: str
    districts: bool

    def strength(self, power: int) -> int:
        """The effect at `power` (the table's last entry covers 5 and more; 0 power does nothing)."""
        if power <= 0:
            return 0
        return self.table[min(power, len(self.table)) - 1]

    def effect_text(self, power: int) -> str:
        """What `power` does here, in a few words ("gain 3 Silk", "1 exchange", "no effect")."""
        strength = self.strength(power)
        return self.effect.format(n=strength, s="" if strength == 1 else "s") if strength else "no effect"


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
    #: End-of-game points: `end_points` per `end_per` ("orders", "imported_down", "houses", "shops",
    #: "techs", "church"), or flat when `end_per` is None; 0 for cards that score nothing.
    end_points: int = 0
    end_per: str | None = None


@dataclass(frozen=True)
class PowerCard:
    id: int
    base: int
    upgraded: int
    cost: int

    def value(self, upgraded: bool) -> int:
        return self.upgraded if upgraded else self.base


@dataclass(frozen=True)
class Hire:
    """One Foreign Agent requirement: a count on the player's sheet that must reach `at_least`."""

    id: str
    label: str
    at_least: int


@dataclass(frozen=True)
class Rules:
    """The rulebook's numbers (data/duel/rules.toml)."""

    rounds: int
    turns_per_round: int
    extra_hand_limit: int
    foreign_agents: int
    agent_power: int
    face_up_techs: int
    face_up_church: int
    face_up_bonus: int
    shops_per_player: int
    shop_cost: int
    trading_house_costs: tuple[int, ...]
    construction_power: int
    bonus_power: int
    majority_bonus: int
    port_second_card_yen: int
    lab_unit_yen: int
    extra_tech_from: int
    faith_yen: int
    imported_price: int
    telephone_cost: int
    spinning_mill_yen: int
    letterpress_yen: int
    language_school_yen: int
    chinatown_prices: dict[str, int]
    extra_deck: dict[str, int]
    start: dict[str, int]
    scoring: dict[str, int]
    hire: tuple[Hire, ...]


def _check_reward(reward: dict[str, Any], where: str) -> dict[str, int]:
    for key, amount in reward.items():
        if key not in REWARD_KEYS:
            raise ValueError(f"{where}: unknown reward '{key}'")
        if not isinstance(amount, int) or amount <= 0:
            raise ValueError(f"{where}: reward '{key}' must be a positive whole number")
    return dict(reward)


def _load_rules() -> Rules:
    raw = dict(load_data("duel", "rules.toml"))
    raw.pop("reconstructed", None)
    raw["trading_house_costs"] = tuple(raw["trading_house_costs"])
    raw["hire"] = tuple(Hire(h["id"], h["label"], h["at_least"]) for h in raw["hire"])
    for key in ("chinatown_prices", "extra_deck", "start", "scoring"):
        raw[key] = dict(raw[key])
    if set(raw["chinatown_prices"]) != set(GOODS):
        raise ValueError("data/duel/rules.toml: chinatown_prices must price exactly the four Trade Goods")
    return Rules(**raw)


def _load_areas() -> dict[str, Area]:
    return {
        a["id"]: Area(a["id"], a["name"], a["board"], tuple(a["table"]), bool(a.get("never_used", False)),
                      a["effect"], bool(a.get("districts", True)))
        for a in load_data("duel", "areas.toml")["area"]
    }


def _load_orders() -> list[Order]:
    orders = []
    for i, o in enumerate(load_data("duel", "orders.toml")["order"]):
        if not o["cost"] or any(g not in GOODS for g in o["cost"]):
            raise ValueError(f"order {i}: costs must be Trade Goods")
        orders.append(Order(i, dict(o["cost"]), o["points"], _check_reward(o["reward"], f"order {i}")))
    return orders


def _load_bonus() -> list[Bonus]:
    bonus = []
    for i, b in enumerate(load_data("duel", "power_bonus.toml")["bonus"]):
        if len(b["rewards"]) != 3:
            raise ValueError(f"power bonus {i}: needs exactly 3 rewards (Power 5, 6, 7+)")
        bonus.append(Bonus(i, tuple(_check_reward(r, f"power bonus {i}") for r in b["rewards"])))
    return bonus


RULES = _load_rules()
AREAS: dict[str, Area] = _load_areas()
ORDERS: list[Order] = _load_orders()
CHURCH: list[Church] = [
    Church(i, c["faith"], c["points"], _check_reward(c["reward"], f"church {i}"))
    for i, c in enumerate(load_data("duel", "church.toml")["church"])
]
BONUS: list[Bonus] = _load_bonus()
END_PER: tuple[str, ...] = ("orders", "imported_down", "houses", "shops", "techs", "church")


def _load_techs() -> dict[str, Tech]:
    techs = {}
    for t in load_data("duel", "technologies.toml")["tech"]:
        if t.get("end_per") not in (None, *END_PER):
            raise ValueError(f"technology {t['id']}: end_per must be one of {END_PER}")
        techs[t["id"]] = Tech(t["id"], t["name"], t["production"], t["text"], bool(t.get("once_per_round", False)),
                              t.get("end_points", 0), t.get("end_per"))
    return techs


TECHS: dict[str, Tech] = _load_techs()
POWER_CARDS: list[PowerCard] = [
    PowerCard(i, c["base"], c["upgraded"], c["cost"])
    for i, c in enumerate(load_data("duel", "power_cards.toml")["card"])
]
AREA_IDS: tuple[str, ...] = tuple(AREAS)
# The names the rule modules use; each is a number from data/duel/rules.toml.
TRADING_HOUSE_COSTS: tuple[int, ...] = RULES.trading_house_costs
SHOPS_PER_PLAYER = RULES.shops_per_player
EXTRA_DECK: dict[str, int] = RULES.extra_deck
FOREIGN_AGENTS = RULES.foreign_agents
AGENT_POWER = RULES.agent_power
FACE_UP_TECHS = RULES.face_up_techs
FACE_UP_CHURCH = RULES.face_up_church
FACE_UP_BONUS = RULES.face_up_bonus
ROUNDS = RULES.rounds
TURNS_PER_ROUND = RULES.turns_per_round
EXTRA_HAND_LIMIT = RULES.extra_hand_limit
#: The four Foreign Agent requirements, by id, in the rulebook's order.
HIRES: dict[str, Hire] = {h.id: h for h in RULES.hire}
HIRE_REQUIREMENTS: tuple[str, ...] = tuple(HIRES)
HIRE_LABELS: dict[str, str] = {h.id: h.label for h in RULES.hire}


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
