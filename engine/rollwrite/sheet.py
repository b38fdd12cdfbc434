"""One player's sheet: writing circles, gaining and paying resources, crossing trade goods.

A sheet is a plain dict inside the game state. These functions change it the way a pencil
would and return the bonus *tasks* that a mark triggers (a column completed, a track
filled, a stock mark reached, an order fulfilled, a link completed). The caller queues
those tasks (`push`); tasks that need a decision become the player's next choices (see
task_steps.py).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal, cast

from engine.core import json_copy
from engine.rollwrite.components import GOODS, RESOURCE_CAP, ROWS, STOCK_MARKS, sheet, technologies
from engine.rollwrite.shapes import BuiltKey, Cost, Good, Resource
from engine.rollwrite.state_types import Sheet, Task


def new_sheet(data: dict[str, Any]) -> Sheet:
    """A blank sheet: the first circle of every track pre-filled, 2 money and 1 faith owned."""
    forms = data["forms"]
    return {
        "written": [1] * ROWS,
        "crossed": [0] * ROWS,
        "elites": [False] * ROWS,
        "columns_taken": [False] * data["track_length"],
        "tracks_taken": [False] * ROWS,
        "goods": [[False] * len(f["goods"]) for f in forms],
        "fulfilled": [False] * len(forms),
        "shops": [False] * len(forms),
        "links_taken": [False] * len(data["links"]),
        "trading": [False] * len(data["trading_houses"]),
        "money": {"got": data["money_start"], "used": 0},
        "faith": {"got": data["faith_start"], "used": 0},
        "cargo": 0,
        "stock_taken": {"money": [False] * len(STOCK_MARKS), "faith": [False] * len(STOCK_MARKS)},
        "techs": [],
        "rounds_marked": 0,
        "phone_round": 0,
        "fulfilled_at": [0] * len(forms),
        "boxes": {"6R": None, "12R": None, "cargo": None, "tech": None, "total": None},
        # the flow of the current round
        "step": "set",
        "set": None,
        "record": None,
        "main_area": None,
        "again": False,
        "extra": None,
        "queue": [],
        "events": [],  # this round's decisions in words
    }


#: Every key a sheet may hold (the TypedDict's): `move_copy` knows how each is changed.
_KNOWN_KEYS = frozenset(Sheet.__required_keys__ | Sheet.__optional_keys__)


def move_copy(ps: Sheet) -> Sheet:
    """The copy of a sheet a move works on: fresh where every move writes, shared elsewhere.

    A playout copies the acting sheet for every decision, and a JSON copy of the whole sheet was
    the largest single cost of a Roll & Write playout. Nearly every decision takes a task off the
    queue and writes a line in the round's events, so those two are copied here; everything else
    (tracks, order forms, buildings, technologies, boxes, money and faith, the recording) stays
    shared with the old sheet, and the few places that change one of them replace it with a changed
    copy instead of editing it (`write_circle`, `cross_good`, `gain`, `pay`, ... — each says so).
    Tasks on the queue are never edited in place either (a changed task is a new dict). A sheet with
    a key this does not know is copied whole, so a new field can never be shared by mistake.
    tests/engine/rollwrite/test_move_copy.py holds it to a full JSON copy on every move of many games.
    """
    if not _KNOWN_KEYS.issuperset(ps):
        return json_copy(ps)
    new = ps.copy()
    new["queue"] = ps["queue"][:]
    new["events"] = ps["events"][:]
    return new


# ----- bonuses as tasks -------------------------------------------------------------------
def push(ps: Sheet, tasks: list[Task]) -> None:
    """Queue tasks to be handled before anything already queued ("immediately", ruling R6)."""
    ps["queue"][0:0] = tasks


def link_source(a: int, b: int) -> str:
    """A link bonus named as the sheet and the labels number order forms (1-20): "link 7-8"."""
    return f"link {a + 1}-{b + 1}"


def bonus_tasks(bonus: dict[str, Any], source: str) -> list[Task]:
    """The tasks one bonus icon group gives, in a fixed order: resources, goods, buildings, choices."""
    tasks: list[Task] = []
    for res in ("money", "faith", "cargo"):
        if bonus.get(res):
            tasks.append({"t": "gain", "res": res, "n": bonus[res], "src": source})
    for good in GOODS:
        if good in bonus:
            tasks += [{"t": "good", "kind": good, "src": source} for _ in range(bonus[good])]
    if "good" in bonus:
        tasks += [{"t": "good", "kind": None, "src": source} for _ in range(bonus["good"])]
    if bonus.get("employees"):
        tasks.append({"t": "employees", "n": bonus["employees"], "src": source})
    for key in ("elite", "shop", "trading"):
        if key in bonus:
            tasks += [{"t": key, "src": source} for _ in range(bonus[key])]
    # copies: the state must never share lists with the cached component data (JSON copies: the
    # data is plain JSON, so they equal `copy.deepcopy`'s, several times faster)
    if "choice" in bonus:
        tasks.append({"t": "choice", "options": json_copy(bonus["choice"]), "src": source})
    if "exchange" in bonus:
        exchange = json_copy(bonus["exchange"])
        tasks.append({"t": "exchange", "pay": exchange["pay"], "get": exchange["get"], "src": source})
    return tasks


# ----- town district ------------------------------------------------------------------------
def free_spaces(ps: Sheet, data: dict[str, Any]) -> tuple[int, ...]:
    length = data["track_length"]
    return tuple([length - w for w in ps["written"]])


def unused_circles(ps: Sheet, row: int) -> int:
    unused: int = ps["written"][row] - ps["crossed"][row]
    return unused


def write_circle(ps: Sheet, row: int, data: dict[str, Any]) -> list[Task]:
    """Write one circle at the end of a track; returns the column/track bonuses it completes."""
    length = data["track_length"]
    if ps["written"][row] >= length:
        return []
    # lists a move's copy may share with the old sheet are replaced, never edited (move_copy)
    ps["written"] = written = ps["written"][:]
    written[row] += 1
    column = written[row] - 1
    tasks: list[Task] = []
    if column >= 1 and not ps["columns_taken"][column] and min(written) > column:  # every track reaches past it
        ps["columns_taken"] = columns = ps["columns_taken"][:]
        columns[column] = True
        tasks += bonus_tasks(data["column_bonus"][column], f"column {column}")
    if written[row] == length and not ps["tracks_taken"][row]:
        ps["tracks_taken"] = tracks = ps["tracks_taken"][:]
        tracks[row] = True
        tasks += bonus_tasks(data["track_bonus"][row], f"track {row}")
    return tasks


# ----- warehouse district -------------------------------------------------------------------
def available(ps: Sheet, res: Resource) -> int:
    """Unconsumed money or faith."""
    left: int = ps[res]["got"] - ps[res]["used"]
    return left


def can_pay(ps: Sheet, cost: Cost) -> bool:
    """Whether the sheet's unconsumed money and faith cover `cost` (a loop: asked for every option
    priced in money or faith, several times per decision)."""
    for res, n in cost.items():
        marks = ps[res]
        if marks["got"] - marks["used"] < n:
            return False
    return True


def pay(ps: Sheet, cost: Cost) -> None:
    for res, n in cost.items():
        marks = ps[res]  # shared with the old sheet by a move's copy: replaced, never edited (move_copy)
        ps[res] = {**marks, "used": marks["used"] + n}


def gain(ps: Sheet, res: Resource | Literal["cargo"], n: int, data: dict[str, Any]) -> list[Task]:
    """Gain up to the game's cap (30 money / 30 faith / 14 cargo obtained); stock bonuses follow."""
    if res == "cargo":
        ps["cargo"] = min(RESOURCE_CAP["cargo"], ps["cargo"] + n)
        return []
    before = ps[res]["got"]
    after = min(RESOURCE_CAP[res], before + n)
    ps[res] = {**ps[res], "got": after}  # shared with the old sheet by a move's copy: replaced (move_copy)
    tasks: list[Task] = []
    for i, entry in enumerate(data["stock_bonuses"][res]):
        if before < entry["at"] <= after and not ps["stock_taken"][res][i]:
            # shared with the old sheet by a move's copy: replaced, never edited (move_copy)
            ps["stock_taken"] = stock = {**ps["stock_taken"]}
            stock[res] = marks = stock[res][:]
            marks[i] = True
            tasks += bonus_tasks(entry["bonus"], f"{res} stock {entry['at']}")
    return tasks


# ----- port district ------------------------------------------------------------------------
def open_forms(ps: Sheet, good: str, data: dict[str, Any]) -> list[int]:
    """Order forms with at least one uncrossed trade good of this kind (each form's marks read at the good's
    spaces by `map`, without a generator per form: asked for every good placed or bought)."""
    marks = ps["goods"]
    return [form for form, spaces in _good_spaces(data).get(good, ())
            if not all(map(marks[form].__getitem__, spaces))]


def _good_spaces(data: dict[str, Any]) -> dict[str, list[tuple[int, tuple[int, ...]]]]:
    """Each good's forms in order, with the spaces it has on each: worked out once per printed side (keyed
    by the side's name, a value), afresh for side data that is not a printed side (a test's made-up one)."""
    side = data.get("side")
    if isinstance(side, str) and data is sheet(side):
        return _printed_good_spaces(side)
    return _spaces_of(data)


@cache
def _printed_good_spaces(side: str) -> dict[str, list[tuple[int, tuple[int, ...]]]]:
    return _spaces_of(sheet(side))


def _spaces_of(data: dict[str, Any]) -> dict[str, list[tuple[int, tuple[int, ...]]]]:
    spaces: dict[str, list[tuple[int, tuple[int, ...]]]] = {}
    for form in data["forms"]:
        for good in dict.fromkeys(form["goods"]):
            spaces.setdefault(good, []).append(
                (form["id"], tuple(i for i, g in enumerate(form["goods"]) if g == good)))
    return spaces


def open_kinds(ps: Sheet, data: dict[str, Any]) -> list[Good]:
    """Goods with an uncrossed space on some order form (in `GOODS` order); read from the table of each
    good's spaces per form, as `open_forms` is, stopping at the first open form of each good."""
    marks = ps["goods"]
    table = _good_spaces(data)
    return [g for g in GOODS
            if any(not all(map(marks[form].__getitem__, spaces)) for form, spaces in table.get(g, ()))]


def cross_good(ps: Sheet, form_id: int, good: str, data: dict[str, Any], round_no: int) -> list[Task]:
    """Cross one trade good on a form; fulfilling it circles the star and may complete links."""
    form = data["forms"][form_id]
    # lists a move's copy may share with the old sheet are replaced, never edited (move_copy)
    ps["goods"] = goods = ps["goods"][:]
    goods[form_id] = marks = goods[form_id][:]
    for i, g in enumerate(form["goods"]):
        if g == good and not marks[i]:
            marks[i] = True
            break
    else:
        raise ValueError(f"form {form_id} has no uncrossed {good}")
    if not all(marks) or ps["fulfilled"][form_id]:
        return []
    ps["fulfilled"] = fulfilled = ps["fulfilled"][:]
    fulfilled[form_id] = True
    ps["fulfilled_at"] = fulfilled_at = ps["fulfilled_at"][:]
    fulfilled_at[form_id] = round_no
    tasks: list[Task] = []
    for tech in ps["techs"]:  # Foreign language school: only fulfilments after it was acquired
        card = technologies()[tech]
        if "on_fulfil" in card:
            tasks += bonus_tasks(card["on_fulfil"], card["name"])
    for i, link in enumerate(data["links"]):
        a, b = link["forms"]
        if not ps["links_taken"][i] and fulfilled[a] and fulfilled[b]:
            ps["links_taken"] = links = ps["links_taken"][:]
            links[i] = True
            tasks += bonus_tasks(link["bonus"], link_source(a, b))
    return tasks


def gives_anything(ps: Sheet, bonus: dict[str, Any], data: dict[str, Any]) -> bool:
    """Whether a bonus would leave any mark on this sheet (R15: gains with nowhere to go are lost)."""
    for key, value in bonus.items():
        if key in ("money", "faith") and ps[cast(Resource, key)]["got"] < RESOURCE_CAP[key]:
            return True
        if key == "cargo" and ps["cargo"] < RESOURCE_CAP["cargo"]:
            return True
        if key in GOODS and open_forms(ps, key, data):
            return True
        if key == "good" and open_kinds(ps, data):
            return True
        if key == "employees" and any(free > 0 for free in free_spaces(ps, data)):
            return True
        if key in ("elite", "shop", "trading") and not all(ps[BUILT[key]]):
            return True
        if key in ("choice", "exchange") and value:
            return True
    return False


#: Where the sheet records each kind of building.
BUILT: dict[str, BuiltKey] = {"elite": "elites", "shop": "shops", "trading": "trading"}
