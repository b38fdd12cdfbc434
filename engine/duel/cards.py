"""The Duel's component data and rule numbers, read from `data/duel/*.toml` and checked once at import.

Cards are referred to in the state by small ids (the index of an Order, Church or Power Bonus
card in its file, a Technology's string id), so the state stays small and a corrected data file
changes the cards without touching saved games' shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from data import load_data
from engine.core.translate import N_, _, ngettext

GOODS: tuple[str, ...] = ("tea", "fish", "silk", "copper")
#: In English (the views hand these to the renderer, which words them); engine text uses `good_name(good)`.
# TRANSLATORS: the Duel's Trade Goods (tea, fish, silk, copper): plain choice, not verified against the
# Duel's published editions.
GOOD_NAMES: dict[str, str] = {"tea": N_("Tea"), "fish": N_("Fish"), "silk": N_("Silk"), "copper": N_("Copper")}
#: The names and texts in data/duel/ (Areas and their effects, Technologies, Foreign Agent requirements), marked
#: for the catalogue: the data files are read at run time, the extractor reads only code (a test checks every
#: one of them is here).
DATA_NAMES: tuple[str, ...] = (
    # TRANSLATORS: the Duel's Areas: plain choice, not verified against the Duel's published editions.
    N_("Tea"),
    N_("Fishing"),
    N_("Silk"),
    N_("Copper Mine"),
    N_("Church"),
    N_("Customs"),
    N_("Port"),
    N_("Chinatown"),
    N_("Bank"),
    N_("Laboratory"),
    N_("gain {n} Tea"),
    N_("gain {n} Fish"),
    N_("gain {n} Silk"),
    N_("gain {n} Copper"),
    N_("Faith {n}"),
    N_("flip up to {n} Imported"),
    N_("gain ¥{n}"),
    N_("Production {n}"),
    # TRANSLATORS: the Duel"s Technology cards: plain choice, not verified against the Duel"s published editions.
    N_("Ball"),
    N_("Brickyard"),
    N_("Electrical Light"),
    N_("Exposition"),
    N_("Gaslight"),
    N_("Newspaper"),
    N_("Language School"),
    N_("Patent System"),
    N_("Letterpress Printing"),
    N_("Postal System"),
    N_("Mining Technology"),
    N_("Spinning Mill"),
    N_("Stagecoach"),
    N_("Telephone"),
    N_("Station"),
    N_("Tram"),
    N_("Stock Market"),
    N_("University"),
    N_("Telegram"),
    N_("Winery"),
    N_("End: +1 point per completed Order card."),
    N_("End: +2 points per face-down Imported Goods token."),
    N_("End: +3 points per Trading House built."),
    N_("End: +8 points."),
    N_("End: +1 point per Shop built."),
    N_("Gain a +1 Extra Power card now and at the start of each round."),
    N_("Gain ¥1 whenever you complete an Order card."),
    N_("End: +2 points per Technology card (including this one)."),
    N_("Gain ¥2 each time you gain another Technology card afterwards."),
    N_("Once per round: play any available Power card (ignore the order rule)."),
    N_("+1 Copper whenever you gain Copper (Copper Mine, Chinatown, Power Bonus)."),
    N_("Once per round, on your turn: spend 1 Silk to gain ¥2."),
    N_("Once per round: select a Used Area where you have a Trading House."),
    N_("Once per round, in an Area action or Foreign Agent: pay ¥1 for +1 Power."),
    N_("Place the Station token (+1 Power there for both); once per round select it if Used."),
    N_("Once per round: select any Used Area."),
    N_("If you have ¥1 or less at the start of your turn, gain ¥1."),
    N_("Upgrade your Power card for free between rounds."),
    N_("Extra Power cards give +1 more Power."),
    N_("End: +2 points per Church card."),
    N_("3+ completed Orders"),
    N_("3+ Technologies"),
    N_("2+ Church cards"),
    N_("2+ face-down Imported Goods"),
)
#: Every key a reward may use (the rulebook's icons that appear on Order, Church and Power Bonus cards).
REWARD_KEYS: tuple[str, ...] = ("yen", *GOODS, "imported", "flip", "orders", "extra1", "extra2")


@dataclass(frozen=True)
class Area:
    id: str
    english: str
    board: int
    table: tuple[int, ...]
    never_used: bool
    effect: str
    districts: bool

    @property
    def name(self) -> str:
        """The Area's name in the reader's language."""
        return _(self.english)

    def strength(self, power: int) -> int:
        """The effect at `power` (the table's last entry covers 5 and more; 0 power does nothing)."""
        if power <= 0:
            return 0
        return self.table[min(power, len(self.table)) - 1]

    def effect_text(self, power: int) -> str:
        """What `power` does here, in a few words ("gain 3 Silk", "1 exchange", "no effect")."""
        strength = self.strength(power)
        if not strength:
            return _("no effect")
        if self.effect == "draw {n} Order{s}":
            worded = ngettext("draw {n} Order", "draw {n} Orders", strength)
        elif self.effect == "{n} exchange{s}":
            worded = ngettext("{n} exchange", "{n} exchanges", strength)
        else:
            worded = _(self.effect)
        return worded.format(n=strength)


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
    english: str
    production: int
    english_text: str
    once_per_round: bool
    #: End-of-game points: `end_points` per `end_per` ("orders", "imported_down", "houses", "shops",
    #: "techs", "church"), or flat when `end_per` is None; 0 for cards that score nothing.
    end_points: int = 0
    end_per: str | None = None

    @property
    def name(self) -> str:
        """The Technology's name in the reader's language."""
        return _(self.english)

    @property
    def text(self) -> str:
        """What the Technology does, in the reader's language."""
        return _(self.english_text)


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


def good_name(good: str) -> str:
    """A Trade Good's name in the reader's language."""
    return _(GOOD_NAMES[good])


def hire_label(requirement: str) -> str:
    """A Foreign Agent requirement ("3+ Technologies") in the reader's language."""
    return _(HIRE_LABELS[requirement])


def reward_text(reward: dict[str, int]) -> str:
    """A short reading of a reward ("¥2, 1 Tea, +1 Extra Power")."""
    parts = []
    for key, n in reward.items():
        if key == "yen":
            parts.append(f"¥{n}")
        elif key in GOODS:
            parts.append(_("{n} {good}").format(n=n, good=good_name(key)))
        elif key == "imported":
            parts.append(ngettext("{n} Imported Good", "{n} Imported Goods", n).format(n=n))
        elif key == "flip":
            parts.append(ngettext("flip {n} Imported Good", "flip {n} Imported Goods", n).format(n=n))
        elif key == "orders":
            parts.append(ngettext("draw {n} Order", "draw {n} Orders", n).format(n=n))
        elif key == "extra1":
            parts.append(_("+1 Extra Power") + (f" x{n}" if n > 1 else ""))
        elif key == "extra2":
            parts.append(_("+2 Extra Power") + (f" x{n}" if n > 1 else ""))
    return ", ".join(parts)


def cost_text(cost: dict[str, int]) -> str:
    return ", ".join(_("{n} {good}").format(n=n, good=good_name(g)) for g, n in cost.items())
