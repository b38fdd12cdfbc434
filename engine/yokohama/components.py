"""The component data of Yokohama, read once from `data/yokohama/` and checked.

Everything printed on a card or board lives in TOML so an owner of the physical game can
correct it; this module turns those files into lookup tables the rules code uses, and
refuses data that breaks the counts the rulebook states.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

from data import load_data
from engine.core.translate import N_, _, ngettext


class Worded(Mapping[str, str]):
    """Names marked for the catalogue (`N_`), read in the reader's language: `GOOD_NAMES["tea"]`."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def __getitem__(self, key: str) -> str:
        return _(self.names[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.names)

    def __len__(self) -> int:
        return len(self.names)


GOODS = ("copper", "silk", "tea", "fish")
# TRANSLATORS: Yokohama's goods. Plain choices, not verified against the Japanese (横濱紳商伝), German or French
# editions; the same words as the board pictures use.
GOOD_NAMES = Worded({"copper": N_("Copper"), "silk": N_("Raw Silk"), "tea": N_("Tea"), "fish": N_("Seafood")})
#: Player colours in seat order (the rulebook's Red, Blue, Yellow, Green); the engine names seats by them.
COLOURS = ("Red", "Blue", "Yellow", "Green")
COUNTRIES = ("english", "american", "french", "german", "dutch")
COUNTRY_NAMES = Worded({"english": N_("English"), "american": N_("American"), "french": N_("French"),
                        "german": N_("German"), "dutch": N_("Dutch")})
#: Names read from the component data (`data/yokohama/*.toml`), where the extractor cannot see them: listed
#: once here so the catalogue holds them; `tests/engine/yokohama/test_data_names.py` fails on one missing.
DATA_NAMES: tuple[str, ...] = (
    # areas.toml
    # TRANSLATORS: Yokohama's areas. Plain choices, not verified against the published editions (Japanese:
    # 横濱紳商伝); Bank, Church, Customs, Chinatown and the Ports and Laboratories as the board pictures say them.
    N_("Copper Mine I"), N_("Copper Mine II"), N_("Silk Mill I"), N_("Silk Mill II"), N_("Tea Plantation I"),
    N_("Tea Plantation II"), N_("Fishing Ground I"), N_("Fishing Ground II"), N_("Bank"), N_("Port A"),
    N_("Port B"), N_("Laboratory A"), N_("Laboratory B"), N_("Employment Agency"), N_("Chinatown"),
    N_("Church"), N_("Customs"), N_("Canal"),
    # technologies.toml: names
    # TRANSLATORS: Yokohama's technology cards. Plain choices, not verified against the published editions.
    N_("Exposition"), N_("Gaslight"), N_("Ball"), N_("Language School"), N_("Mining Technology"),
    N_("Spinning Mill"), N_("Stagecoach"), N_("Station"), N_("Letterpress Printing"), N_("Winery"),
    N_("Postal System"), N_("Newspaper"), N_("Electrical Light"), N_("University"), N_("Telegram"),
    N_("Telephone"), N_("Brickyard"), N_("System of Stock"), N_("Patent System"), N_("Tram"),
    # technologies.toml: effect_text
    N_("+2 VP per order completed"), N_("+4 VP per Customs pawn placed"), N_("+3 VP per Trading House built"),
    N_("10 VP at once"), N_("+2 VP per Shophouse built"), N_("+¥1 per order completed"),
    N_("+¥1 per later technology"), N_("+1 Copper whenever you receive Copper"), N_("place in up to 4 areas"),
    N_("+2 VP per later technology"), N_("may stop where other Presidents are"),
    N_("once a turn: 1 Raw Silk for ¥2"), N_("pass other Presidents for free"),
    N_("Station token: +1 Power, free ride there"), N_("turn starts with ¥1 or less: up to ¥2"),
    N_("pair + 1 in an adjacent area"), N_("may leave 1 assistant when recovering"),
    N_("move to any area without a President"), N_("once a turn: ¥1 for a warehouse assistant"),
    N_("+3 VP per Church pawn placed"),
    # rules.toml: Chinatown's exchanges
    N_("Sell 1 Copper for ¥2"), N_("Sell 1 Raw Silk for ¥2"), N_("Sell 1 Tea for ¥1"), N_("Sell 1 Seafood for ¥1"),
    N_("Buy 1 Copper for ¥2"), N_("Buy 1 Raw Silk for ¥2"), N_("Buy 1 Tea for ¥1"), N_("Buy 1 Seafood for ¥1"),
    N_("Buy 1 imported good for ¥4"),
    # boards.toml: achievements
    # TRANSLATORS: Yokohama's achievement cards, as short requirements. Plain choices, not verified.
    N_("Own 5 Copper"), N_("Own 6 Raw Silk"), N_("Own 7 Tea"), N_("Own 7 Seafood"), N_("Own ¥10"),
    N_("Own 5 5-Power/Mercenary tokens"), N_("Completed 5 Orders"), N_("Own 4 Technologies"),
    N_("Built in 4 Production Areas"), N_("Built in 4 Commercial Areas"), N_("Built in 3 Production + 2 Commercial"),
    N_("Built in 2 Production + 3 Commercial"),
)
#: Reward keys a card, space or token may carry (the rulebook's "Description of the Icons").
REWARD_KEYS = ("vp", "yen", *GOODS, "any_good", "imported", "warehouse", "move")


class Components:
    """Lookup tables over the data files; one shared, read-only instance (`parts()`)."""

    def __init__(self) -> None:
        areas = load_data("yokohama", "areas.toml")["area"]
        self.areas: dict[str, dict[str, Any]] = {a["id"]: a for a in areas}
        self.area_order: list[str] = [a["id"] for a in areas]
        self.layout: dict[str, Any] = load_data("yokohama", "layout.toml")
        self.orders: dict[int, dict[str, Any]] = {
            o["id"]: o for o in load_data("yokohama", "orders.toml")["orders"]
        }
        self.techs: dict[int, dict[str, Any]] = {
            t["id"]: t for t in load_data("yokohama", "technologies.toml")["technologies"]
        }
        self.effect_text: dict[str, str] = load_data("yokohama", "technologies.toml")["effect_text"]
        #: The prices and amounts of Spinning Mill, University and System of Stock.
        self.effect_terms: dict[str, dict[str, int]] = load_data("yokohama", "technologies.toml")["effect_terms"]
        #: Points or money a simple technology effect gives each time it applies.
        self.effect_gain: dict[str, dict[str, int]] = load_data("yokohama", "technologies.toml")["effect_gain"]
        self.sites: dict[int, dict[str, Any]] = {
            s["id"]: s for s in load_data("yokohama", "building_sites.toml")["sites"]
        }
        self.power_tokens: dict[int, dict[str, Any]] = {
            t["id"]: t for t in load_data("yokohama", "power_tokens.toml")["tokens"]
        }
        #: The rulebook's tables (Power tables, prices, limits): data/yokohama/rules.toml.
        self.rules: dict[str, Any] = load_data("yokohama", "rules.toml")
        boards = load_data("yokohama", "boards.toml")
        self.boards: dict[str, Any] = boards
        self.achievements: dict[str, dict[str, Any]] = {a["id"]: a for a in boards["achievements"]}
        self.validate()

    def areas_for(self, players: int) -> list[str]:
        """The Area Boards used with this many players, in data order."""
        return [a for a in self.area_order if players not in self.areas[a]["not_used_with"]]

    def rows_for(self, players: int) -> list[int]:
        return list(self.layout[f"players{players}"]["rows"])

    def adjacency_for(self, players: int) -> list[list[int]]:
        return [list(n) for n in self.layout[f"players{players}"]["adjacent"]]

    def validate(self) -> None:
        """Refuse data that contradicts the rulebook's counts (raises ValueError)."""
        problems = [*self.layout_problems(), *self.count_problems(), *self.card_problems(),
                    *self.reward_problems()]
        if problems:
            raise ValueError("Bad Yokohama data: " + "; ".join(problems))

    def layout_problems(self) -> list[str]:
        """18 Area Boards; each player count's triangle holds its areas, with two-way adjacency."""
        problems: list[str] = []
        if len(self.areas) != 18:
            problems.append(f"{len(self.areas)} area boards, the game has 18")
        for players in (2, 3, 4):
            used = len(self.areas_for(players))
            if used != sum(self.rows_for(players)):
                problems.append(f"{players} players: {used} areas but the layout has {sum(self.rows_for(players))}")
            adj = self.adjacency_for(players)
            for i, nbs in enumerate(adj):
                problems += [f"{players} players: adjacency {i}-{j} is one-way" for j in nbs if i not in adj[j]]
        return problems

    def count_problems(self) -> list[str]:
        """The component counts the rulebook states."""
        counts = {"order cards": (len(self.orders), 36), "technology cards": (len(self.techs), 30),
                  "building sites": (len(self.sites), 24), "5-Power tokens": (len(self.power_tokens), 20)}
        problems = [f"{have} {what}, the game has {need}" for what, (have, need) in counts.items() if have != need]
        mercs = self.boards["mercenaries"]
        if sum(mercs.values()) != 10 or set(mercs) != set(COUNTRIES):
            problems.append("there must be ten mercenaries of the five countries")
        groups = sorted(a["group"] for a in self.achievements.values())
        if groups != ["A"] * 4 + ["B"] * 4 + ["C"] * 4:
            problems.append("achievements must be four each of A, B and C")
        return problems

    def card_problems(self) -> list[str]:
        """Every card's country is one of the five; every effect has words; every order costs goods."""
        problems = [f"technology effect {tech['effect']} has no effect_text"
                    for tech in self.techs.values() if tech["effect"] not in self.effect_text]
        problems += [f"unknown country {card['country']}" for card in [*self.orders.values(), *self.techs.values()]
                     if card["country"] not in COUNTRIES]
        problems += [f"order {order['id']} has a bad cost" for order in self.orders.values()
                     if not order["cost"] or any(g not in GOODS for g in order["cost"])]
        return problems

    def reward_problems(self) -> list[str]:
        """Every reward on a card, site, space or token uses the rulebook's icons only."""
        rewards = [o["reward"] for o in self.orders.values()]
        rewards += [t["reward"] for t in self.power_tokens.values()]
        for site in self.sites.values():
            rewards += [*site["shops"], site["trading_house"]]
        rewards += [s["reward"] for s in self.boards["church"] + self.boards["customs"]]
        return [f"unknown reward icon {key}" for reward in rewards for key in reward if key not in REWARD_KEYS]


@cache
def parts() -> Components:
    return Components()


def port_row_levels(area: str) -> list[str]:
    """The level of each space of `area`'s Port Order Form Board, left to right (RB Port: "2 Power: ... from
    the Low area / 3 Power: ... Low and/or Mid / 4 Power: ... and/or High"). The boards differ in length
    (ruling R7): Port B, played only with 3 and 4 players, is the shorter."""
    levels: list[str] = parts().boards["port_levels"][area]
    return levels


def area_name(area: str | None) -> str:
    if area is None:
        return _("nowhere")
    name: str = parts().areas[area]["name"]
    return _(name)


def tech_name(tech: int) -> str:
    """A technology card's name in the reader's language."""
    name: str = parts().techs[tech]["name"]
    return _(name)


def effect_text(effect: str) -> str:
    """What a technology's effect does, in a few words, in the reader's language."""
    return _(parts().effect_text[effect])


def achievement_name(card_id: str) -> str:
    name: str = parts().achievements[card_id]["name"]
    return _(name)


def area_kind(area: str) -> str:
    kind: str = parts().areas[area]["kind"]
    return kind


def tech_effect(tech_id: int) -> str:
    effect: str = parts().techs[tech_id]["effect"]
    return effect


def warehouse_text(n: int, short: bool = False) -> str:
    """The warehouse icon: a token of the player's choice from their warehouse to their hand (rulebook
    "Warehouse icon"); `short` for a label that would not fit otherwise."""
    if short:
        return ngettext("{n} warehouse token", "{n} warehouse tokens", n).format(n=n)
    return ngettext("{n} assistant/building from warehouse", "{n} assistants/buildings from warehouse",
                    n).format(n=n)


def imported_text(n: int) -> str:
    """ "2 imported": a count of Imported Goods, in the number the reader's language gives it."""
    return ngettext("{n} imported", "{n} imported", n).format(n=n)


def reward_text(reward: dict[str, int], short: bool = False) -> str:
    """A reward as short words: '2 VP + ¥1 + 1 good of choice' (`short`: the warehouse icon in fewer words)."""
    bits: list[str] = []
    for key in REWARD_KEYS:
        n = reward.get(key, 0)
        if not n:
            continue
        if key == "vp":
            bits.append(_("{n} VP").format(n=n))
        elif key == "yen":
            bits.append(f"¥{n}")
        elif key in GOODS:
            bits.append(good_count(n, key))
        elif key == "any_good":
            bits.append(ngettext("{n} good of choice", "{n} goods of choice", n).format(n=n))
        elif key == "imported":
            bits.append(imported_text(n))
        elif key == "warehouse":
            bits.append(warehouse_text(n, short))
        elif key == "move":
            bits.append(ngettext("{n} assistant move", "{n} assistant moves", n).format(n=n))
    return " + ".join(bits) or _("nothing")


def goods_text(goods: dict[str, int]) -> str:
    return _(", ").join(good_count(n, g) for g, n in goods.items() if n) or _("nothing")


def good_count(n: int, good: str) -> str:
    """"3 Tea": `n` goods of one kind (Japanese puts the count after the name)."""
    return _("{n} {good}").format(n=n, good=GOOD_NAMES[good])
