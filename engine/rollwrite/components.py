"""The Roll & Write components (areas, technologies, employment cards, sheet sides) read from data/.

The data files are the single place where the printed components live, so that someone who
owns the game can correct a card or a sheet bonus without touching code. This module only
loads them, indexes them for the engine, and checks they are self-consistent.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from data import load_data
from engine.core.translate import N_, _
from engine.rollwrite.shapes import Good

GAME = "rollwrite"
GOODS: tuple[Good, ...] = ("fish", "tea", "silk", "copper")
#: In English; a reader sees `good_name(good)`, in their language.
GOOD_NAMES: dict[str, str] = {"fish": N_("seafood"), "tea": N_("tea"), "silk": N_("raw silk"), "copper": N_("copper")}
#: The names in data/rollwrite/ (areas, technologies), marked for the catalogue: the data files are read at
#: run time, the extractor reads only code (a test checks every name in the data is here).
DATA_NAMES: tuple[str, ...] = (
    N_("Fishing ground"),
    N_("Tea field"),
    N_("Silk mill"),
    N_("Copper mine"),
    N_("Laboratory A"),
    N_("Laboratory B"),
    N_("Bank"),
    N_("Church"),
    N_("Chinatown"),
    N_("Chamber of Commerce"),
    N_("Letterpress printing"),
    N_("University"),
    N_("Winery"),
    N_("Spinning mill"),
    N_("Carriage"),
    N_("Stock system"),
    N_("Canned food"),
    N_("Ice cream shop"),
    N_("Mining technology"),
    N_("Postal service"),
    N_("Patent system"),
    N_("Tram"),
    N_("Tea machinery"),
    N_("Beef pot restaurant"),
    N_("Brick factory"),
    N_("Gas lamp"),
    N_("Electric light"),
    N_("Telegraph"),
    N_("Telephone"),
    N_("Dance hall"),
    N_("Foreign language school"),
    N_("Station"),
    N_("Newspaper"),
    N_("Exposition"),
)
LEVELS: tuple[str, ...] = ("low", "mid", "high")
LABS: tuple[str, ...] = ("lab_a", "lab_b")


@cache
def rules_data() -> dict[str, Any]:
    """The rulebook's costs, limits and clock (data/rollwrite/rules.toml)."""
    data: dict[str, Any] = load_data(GAME, "rules.toml")
    return data


ROWS: int = rules_data()["rows"]
ROUNDS: int = rules_data()["rounds"]
MAX_CROSSED: int = rules_data()["max_crossed"]
LEVEL_COST: dict[str, int] = dict(rules_data()["technology_power"])
RESOURCE_CAP: dict[str, int] = dict(rules_data()["caps"])
STOCK_MARKS: tuple[int, ...] = tuple(rules_data()["stock_marks"])
#: Keys a bonus dict may hold (the sheet's icons).
BONUS_KEYS = frozenset(
    {"money", "faith", "cargo", "good", *GOODS, "employees", "elite", "shop", "trading", "choice", "exchange"}
)


@cache
def areas() -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in load_data(GAME, "areas.toml")["areas"]}


@cache
def technologies() -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in load_data(GAME, "technologies.toml")["technologies"]}


@cache
def employment_cards() -> dict[int, dict[str, Any]]:
    return {c["id"]: c for c in load_data(GAME, "employment.toml")["cards"]}


@cache
def sheet(side: str) -> dict[str, Any]:
    """The sheet data of side "A" or "B", with look-up tables added."""
    raw = load_data(GAME, f"sheet_{side.lower()}.toml")
    data = dict(raw)
    data["column_bonus"] = {c["column"]: c["bonus"] for c in raw["columns"]}
    data["track_bonus"] = {t["row"]: t["bonus"] for t in raw["tracks"]}
    data["round_bonus"] = {r["round"]: r["bonus"] for r in raw["rounds"]}
    return data


def area_name(area_id: str) -> str:
    """An area's name in the reader's language."""
    return _(str(areas()[area_id]["name"]))


def tech_name(tech_id: str) -> str:
    """A technology's name in the reader's language."""
    return _(str(technologies()[tech_id]["name"]))


#: The technologies' rule texts (data/rollwrite/technologies.toml), marked for the catalogue.
DATA_TEXTS: tuple[str, ...] = (
    N_("Each time you acquire a technology (this one too), gain 1 money."),
    N_("Immediately write 3 circles on your employee tracks (any areas)."),
    N_("Immediately gain 4 faith."),
    N_("After your Silk mill area action, gain 2 faith."),
    N_("Recording: 0 to 2 circles in areas other than the die's. Game end: 2 VP."),
    N_("Immediately gain 4 money."),
    N_("After your Fishing ground area action, gain 2 money."),
    N_("Game end: 5 VP."),
    N_("After your Copper mine area action, gain a free shop or a free Elite."),
    N_("Recording: 1 of your circles may go in any area, ignoring both rules. Game end: 2 VP."),
    N_("Game end: 2 VP per technology you acquired (this one included)."),
    N_("Recording: you may ignore the consecutive rule. Game end: 2 VP."),
    N_("After your Tea field area action, write 2 circles on your employee tracks."),
    N_("Game end: 7 VP."),
    N_("Pay 1 money less in each laboratory action, and for additional-action shops and trading houses."),
    N_("Game end: 1 VP per shop you built."),
    N_("Game end: 4 VP per trading house you built."),
    N_("Recording: an employment number of 1 to 3 counts 1 higher."),
    N_("Once per round, in any phase: pay 1 money to write 1 circle in any area."),
    N_("Game end: 1 VP per order form you fulfilled."),
    N_("Each order form you fulfil from now on gains you 1 money."),
    N_("Immediately build 1 trading house and 1 shop, both free."),
    N_("Main action: an action power of 4 or less is raised by 1."),
    N_("Game end: 10 VP."),
)


def tech_text(tech_id: str) -> str:
    """A technology's rule text in the reader's language."""
    return _(str(technologies()[tech_id]["text"]))


def good_name(good: str) -> str:
    """A trade good's name in the reader's language ("seafood", "raw silk")."""
    return _(GOOD_NAMES[good])


def validate_bonus(bonus: Any, where: str) -> list[str]:
    """Problems with one bonus dict (unknown icons, bad amounts, malformed choices)."""
    problems: list[str] = []
    if not isinstance(bonus, dict):
        return [f"{where}: bonus must be a table"]
    for key, value in bonus.items():
        if key not in BONUS_KEYS:
            problems.append(f"{where}: unknown bonus icon '{key}'")
        elif key == "choice":
            if not isinstance(value, list) or len(value) != 2:
                problems.append(f"{where}: a choice needs exactly two alternatives")
            else:
                for i, alt in enumerate(value):
                    problems += validate_bonus(alt, f"{where} choice {i}")
        elif key == "exchange":
            if not isinstance(value, dict) or set(value) != {"pay", "get"}:
                problems.append(f"{where}: an exchange needs 'pay' and 'get'")
            else:
                if not set(value["pay"]) <= {"money", "faith"}:
                    problems.append(f"{where}: an exchange can only pay money or faith")
                problems += validate_bonus(value["get"], f"{where} exchange")
        elif not isinstance(value, int) or value < 1:
            problems.append(f"{where}: '{key}' must be a positive whole number")
    return problems


def validate() -> list[str]:
    """Every problem found in the data files; [] when all is well (checked by the tests)."""
    problems: list[str] = []
    if len(areas()) != 10 or sum(a["basic"] for a in areas().values()) != 8:
        problems.append("areas: expected 10 area cards, 8 of them basic")
    techs = technologies()
    for level in LEVELS:
        if sum(t["level"] == level for t in techs.values()) != 8:
            problems.append(f"technologies: expected 8 {level.upper()} cards")
    cards = employment_cards()
    if len(cards) != 36:
        problems.append("employment: expected 36 cards")
    for card in cards.values():
        if not 1 <= card["number"] <= 5:
            problems.append(f"employment card {card['id']}: number out of range")
        problems += validate_bonus(card["action"], f"employment card {card['id']}")
    for side in ("A", "B"):
        problems += _validate_sheet(side)
    return problems


def _validate_sheet(side: str) -> list[str]:
    data = sheet(side)
    where = f"sheet {side}"
    return (_sheet_tables(data, where) + _sheet_forms(data, where) + _sheet_stocks(data, where))


def _sheet_tables(data: dict[str, Any], where: str) -> list[str]:
    """The bonus tables keyed by column, track row and round: one entry each, every bonus well formed."""
    problems: list[str] = []
    length = data["track_length"]
    if sorted(data["column_bonus"]) != list(range(1, length)):
        problems.append(f"{where}: columns 1..{length - 1} each need a bonus")
    if sorted(data["track_bonus"]) != list(range(ROWS)):
        problems.append(f"{where}: rows 0..7 each need a track bonus")
    if sorted(data["round_bonus"]) != list(range(1, ROUNDS + 1)):
        problems.append(f"{where}: rounds 1..12 each need an entry")
    for table, label in (
        (data["column_bonus"], "column"),
        (data["track_bonus"], "track"),
        (data["round_bonus"], "round"),
    ):
        for key, bonus in table.items():
            problems += validate_bonus(bonus, f"{where} {label} {key}")
    return problems


def _sheet_forms(data: dict[str, Any], where: str) -> list[str]:
    """The order forms, the links between them and the Trading Houses that point at them."""
    problems: list[str] = []
    forms = data["forms"]
    if [f["id"] for f in forms] != list(range(len(forms))):
        problems.append(f"{where}: form ids must be 0..n-1 in order")
    for form in forms:
        if not form["goods"] or any(g not in GOODS for g in form["goods"]):
            problems.append(f"{where}: form {form['id']} has bad goods")
    ids = set(range(len(forms)))
    for link in data["links"]:
        if len(link["forms"]) != 2 or not set(link["forms"]) <= ids:
            problems.append(f"{where}: link {link['forms']} must join two existing forms")
        problems += validate_bonus(link["bonus"], f"{where} link {link['forms']}")
    for house in data["trading_houses"]:
        if not set(house["forms"]) <= ids:
            problems.append(f"{where}: {house['name']} points at a missing form")
    return problems


def _sheet_stocks(data: dict[str, Any], where: str) -> list[str]:
    """The money and faith stock bonuses at their marks, and the cargo track's point spaces."""
    problems: list[str] = []
    for kind in ("money", "faith"):
        marks = [b["at"] for b in data["stock_bonuses"][kind]]
        if tuple(marks) != STOCK_MARKS:
            problems.append(f"{where}: {kind} stock bonuses must sit at {STOCK_MARKS}")
        for b in data["stock_bonuses"][kind]:
            problems += validate_bonus(b["bonus"], f"{where} {kind} stock {b['at']}")
    if len(data["cargo_points"]) != RESOURCE_CAP["cargo"]:
        problems.append(f"{where}: cargo needs 14 victory-point spaces")
    return problems
