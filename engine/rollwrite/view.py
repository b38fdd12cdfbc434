"""What the renderer and the text summary get: `view(state, seat)`.

Roll & Write has no hidden information (every sheet lies open on the table), so the public
view and a seat's view hold the same sheets; a seat's view also carries its own options
(`you`). Shape (keys are only ever added, never renamed):

{
  "game": "rollwrite", "side": "A" | "B", "options": {...}, "players": int,
  "round": 1..12 (0 before setup completes), "rounds": 12, "over": bool, "headline": str,
  "viewer": seat | None,
  "areas": [{"row": 0..7, "id": str, "name": str}],          # town rows, top to bottom
  "aside": {"id", "name"} | None,                              # Chamber of Commerce's set-aside card
  "labs": {"lab_a" | "lab_b": {"name": str, "low" | "mid" | "high":
           [{"id", "name", "level", "cost", "text"}]}},
  "sets": [{"index": 0..2, "colour": "white"|"gray"|"black", "die": 1..6,
            "card": {"id", "number", "action", "action_text"}, "taken_by_start_player": bool}],
  "start_player": seat | None, "priority_set": 0..2 | None,
  "seats": [{"seat", "owes": bool, "pending": str, "scores": SCORES, "orders_fulfilled": int,
             "achievements": [str], "sheet": SHEET}],
  "you": {"seat", "pending", "options": [{"action", "label"}]} | None,
}

SCORES = {"port", "port_6r", "port_12r", "orders", "shops", "trading_houses", "cargo", "technology",
          "total"}  # total = port + cargo + technology; port = port_6r + port_12r
                    #       = orders + shops + trading_houses (two splits of the same points)

SHEET = {
  "town": {"track_length": 10,
           "rows": [{"row", "area", "name", "written", "crossed", "unused", "elite": bool, "full": bool,
                     "track_bonus", "track_bonus_text", "track_bonus_taken": bool}],
           "columns": [{"column": 1..9, "bonus", "bonus_text", "taken": bool, "full": bool}]},
  "port": {"forms": [{"id", "row", "col", "points", "goods": [{"good", "crossed": bool}],
                      "fulfilled": bool, "fulfilled_round": int, "shop": bool, "value": int}],
           "links": [{"forms": [a, b], "bonus", "bonus_text", "taken": bool}],
           "trading_houses": [{"id", "name", "forms", "built": bool, "fulfilled": int}]},
  "warehouse": {"money" | "faith": {"got", "used", "available", "cap": 30, "row_length": 10,
                                    "bonuses": [{"at", "bonus", "bonus_text", "taken"}]},
                "cargo": {"count", "cap": 14, "points": [14 ints], "vp": int}},
  "technologies": [{"id", "name", "lab", "level", "text", "vp": int}],
  "round_track": [{"round", "bonus", "bonus_text", "crossed": bool}],
  "boxes": {"6R", "12R", "cargo", "tech", "total"},            # None until written
  "turn": {"step": "set"|"record"|"main"|"count"|"additional"|"end"|"done", "set": 0..2 | None,
           "extra": "A".."E" | None, "queue": [str],            # labels of pending bonus choices
           "events": [str], "previous_events": [str],         # this / last round's decisions, in words
           "record": {"die", "card", "number", "die_rows", "placed": [8 ints], "done": bool} | None},
}

The same shapes are declared as TypedDicts in shapes.py (SheetView, SetView, LabView, ...), so
the type checker holds this module to them.

Town rows are top to bottom (area numbers 0-7); a track has `track_length` spaces of which
`written` hold circles (the first is pre-filled) and the first `crossed` of those are crossed
off. The static sheet layout (bonus icons, form goods, link and trading-house geometry) is
also in data/rollwrite/sheet_a.toml and sheet_b.toml.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from engine.core.jsoncopy import _orjson
from engine.core.kept_text import worded
from engine.core.steps import LABEL_LIMIT
from engine.core.translate import language
from engine.rollwrite import rules
from engine.rollwrite.components import (
    LEVEL_COST,
    RESOURCE_CAP,
    ROUNDS,
    area_name,
    employment_cards,
    sheet,
    tech_name,
    tech_text,
)
from engine.rollwrite.labels import DIE_COLOURS, bonus_text, card_action_text, shorten
from engine.rollwrite.scoring import cargo_points, tech_points
from engine.rollwrite.shapes import (
    ColumnView,
    FormView,
    HeldTech,
    HouseView,
    LabView,
    LinkView,
    PortView,
    RecordView,
    RoundCell,
    SetView,
    SheetView,
    StockView,
    TechCard,
    TownRow,
    TownView,
    TurnView,
    WarehouseView,
)
from engine.rollwrite.sheet import available, new_sheet
from engine.rollwrite.state_types import Resource, Sheet, State


def public_sets(state: State) -> list[SetView]:
    if state["round"] < 1:
        return []
    r = state["round"] - 1
    out: list[SetView] = []
    for i in range(3):
        card = employment_cards()[state["cards"][r][i]]
        out.append(
            {
                "index": i,
                "colour": DIE_COLOURS[i],
                "die": state["dice"][r][i],
                "card": {
                    "id": card["id"],
                    "number": card["number"],
                    "action": card["action"],
                    "action_text": card_action_text(card["id"]),
                },
                "taken_by_start_player": state["priority_set"] == i,
            }
        )
    return out


def labs_view(state: State) -> dict[str, LabView]:
    """The 12 technologies in play, face up: per laboratory, two cards of each level."""

    def level_cards(ids: list[str], level: str) -> list[TechCard]:
        return [
            {"id": t, "name": tech_name(t), "level": level, "cost": LEVEL_COST[level], "text": tech_text(t)}
            for t in ids
        ]

    return {
        lab: {
            "name": area_name(lab),
            "low": level_cards(levels["low"], "low"),
            "mid": level_cards(levels["mid"], "mid"),
            "high": level_cards(levels["high"], "high"),
        }
        for lab, levels in state["labs"].items()
    }


class SideTexts(NamedTuple):
    """The words of one sheet side's printed bonuses, which every sheet of every view repeats."""

    tracks: dict[int, str]
    columns: dict[int, str]
    links: list[str]
    stocks: dict[str, list[str]]
    rounds: dict[int, str]


#: How many (printed side, language) wordings are kept: two sides in each shipped language, with room.
SIDE_TEXTS_LIMIT = 16


def side_texts(data: dict[str, Any]) -> SideTexts:
    """The printed bonuses of a sheet side in words (`bonus_text`), worded once per printed side and language
    (keyed by both, values) instead of some 50 times per sheet per view (a playout's final check asks for two
    public views); side data that is not a printed side (a test's made-up one) is worded afresh."""
    side = data.get("side")
    if isinstance(side, str) and data is sheet(side):
        return _printed_side_texts(side, language())
    return _worded(data)


@lru_cache(maxsize=SIDE_TEXTS_LIMIT)
def _printed_side_texts(side: str, lang: str) -> SideTexts:
    """`lang` keys the cache only: the words come in the language in force, which it names."""
    return _worded(sheet(side))


def _worded(data: dict[str, Any]) -> SideTexts:
    return SideTexts(
        tracks={r: bonus_text(b) for r, b in data["track_bonus"].items()},
        columns={c: bonus_text(b) for c, b in data["column_bonus"].items()},
        links=[bonus_text(link["bonus"]) for link in data["links"]],
        stocks={res: [bonus_text(b["bonus"]) for b in entries] for res, entries in data["stock_bonuses"].items()},
        rounds={n: bonus_text(b) for n, b in data["round_bonus"].items()},
    )


def sheet_view(state: State, ps: Sheet, task_steps: Mapping[str, Any]) -> SheetView:
    """One sheet as the renderer draws it; `task_steps` word the pending bonus choices.

    Reads nothing of the state but the sheet side, the areas' order, the laboratories' technologies and
    the sheet itself: `game._sheet_view` remembers sheet views by exactly these, so a view that read
    more would have to add it to that key."""
    data = rules.side_data(state)
    texts = side_texts(data)
    return {
        "town": town_view(state, ps, data, texts),
        "port": port_view(ps, data, texts),
        "warehouse": warehouse_view(ps, data, texts),
        "technologies": technologies_view(state, ps),
        "round_track": round_track_view(ps, data, texts),
        "boxes": dict(ps["boxes"]),
        "turn": turn_view(state, ps, task_steps),
    }


#: Blank sheet views as orjson text, by sheet side (`filled_sheet_view`); emptied when full (there are
#: two sides).
_BLANKS: dict[tuple[str, str], bytes] = {}
BLANKS_LIMIT = 16


def filled_sheet_view(state: State, ps: Sheet, task_steps: Mapping[str, Any]) -> SheetView | None:
    """`sheet_view` as a private copy, made by filling in a blank one: most of a sheet view is the
    printed sheet (rows, columns, order forms, links, bonuses, the round track), the same for every
    sheet of a side, so the view of a blank sheet is kept as orjson text and read back (fresh lists
    and dicts, in C), and only what is written on this sheet is put in, and each row's area in this
    game's layout (a blank per layout cost every game's first view — a playout's final check — a
    whole sheet view reckoned the slow way). The same keys in the same order and the same values as
    `sheet_view` (tests/engine/rollwrite/test_sheet_view_memo.py compares the two texts byte for byte
    at every position of several games, and across layouts); None without orjson."""
    if _orjson is None:
        return None
    data = rules.side_data(state)
    key = (state["options"]["side"], language())  # a blank holds the printed bonuses in words
    blank = _BLANKS.get(key)
    if blank is None:
        blank = _orjson.dumps(sheet_view(state, new_sheet(data), task_steps))
        if len(_BLANKS) >= BLANKS_LIMIT:
            _BLANKS.clear()
        _BLANKS[key] = blank
    out: SheetView = _orjson.loads(blank)
    length = data["track_length"]
    written = ps["written"]
    for r, (row, area) in enumerate(zip(out["town"]["rows"], state["areas"], strict=True)):
        row["area"] = area
        row["name"] = area_name(area)
        w, c = written[r], ps["crossed"][r]
        row["written"] = w
        row["crossed"] = c
        row["unused"] = w - c
        row["elite"] = ps["elites"][r]
        row["full"] = w >= length
        row["track_bonus_taken"] = ps["tracks_taken"][r]
    shortest = min(written)  # a column is full when every track reaches past it
    for column in out["town"]["columns"]:
        c = column["column"]
        column["taken"] = ps["columns_taken"][c]
        column["full"] = shortest > c
    port = out["port"]
    fulfilled = ps["fulfilled"]
    for form, shown in zip(data["forms"], port["forms"], strict=True):
        f = form["id"]
        for good, crossed in zip(shown["goods"], ps["goods"][f], strict=True):
            good["crossed"] = crossed
        shown["fulfilled"] = fulfilled[f]
        shown["fulfilled_round"] = ps["fulfilled_at"][f]
        shown["shop"] = ps["shops"][f]
        shown["value"] = form["points"] * (2 if ps["shops"][f] else 1) if fulfilled[f] else 0
    for link, taken in zip(port["links"], ps["links_taken"], strict=True):
        link["taken"] = taken
    for house, built in zip(port["trading_houses"], ps["trading"], strict=True):
        house["built"] = built
        house["fulfilled"] = sum(1 for f in house["forms"] if fulfilled[f])
    warehouse = out["warehouse"]
    for res in ("money", "faith"):
        stock = warehouse[res]
        stock["got"] = ps[res]["got"]
        stock["used"] = ps[res]["used"]
        stock["available"] = available(ps, res)
        for bonus, taken in zip(stock["bonuses"], ps["stock_taken"][res], strict=True):
            bonus["taken"] = taken
    warehouse["cargo"]["count"] = ps["cargo"]
    warehouse["cargo"]["vp"] = cargo_points(ps, data)
    out["technologies"] = technologies_view(state, ps)
    for cell in out["round_track"]:
        cell["crossed"] = cell["round"] <= ps["rounds_marked"]
    out["boxes"] = dict(ps["boxes"])
    out["turn"] = turn_view(state, ps, task_steps)
    return out


def town_view(state: State, ps: Sheet, data: dict[str, Any], texts: SideTexts | None = None) -> TownView:
    texts = texts or side_texts(data)
    length = data["track_length"]
    rows: list[TownRow] = []
    for r, area in enumerate(state["areas"]):
        bonus = data["track_bonus"][r]
        rows.append(
            {
                "row": r,
                "area": area,
                "name": area_name(area),
                "written": ps["written"][r],
                "crossed": ps["crossed"][r],
                "unused": ps["written"][r] - ps["crossed"][r],
                "elite": ps["elites"][r],
                "full": ps["written"][r] >= length,
                "track_bonus": bonus,
                "track_bonus_text": texts.tracks[r],
                "track_bonus_taken": ps["tracks_taken"][r],
            }
        )
    columns: list[ColumnView] = [
        {
            "column": c,
            "bonus": data["column_bonus"][c],
            "bonus_text": texts.columns[c],
            "taken": ps["columns_taken"][c],
            "full": all(w > c for w in ps["written"]),
        }
        for c in range(1, length)
    ]
    return {"track_length": length, "rows": rows, "columns": columns}


def port_view(ps: Sheet, data: dict[str, Any], texts: SideTexts | None = None) -> PortView:
    texts = texts or side_texts(data)
    forms: list[FormView] = []
    for form in data["forms"]:
        f = form["id"]
        value = form["points"] * (2 if ps["shops"][f] else 1) if ps["fulfilled"][f] else 0
        forms.append(
            {
                "id": f,
                "row": form["row"],
                "col": form["col"],
                "points": form["points"],
                "goods": [{"good": g, "crossed": ps["goods"][f][i]} for i, g in enumerate(form["goods"])],
                "fulfilled": ps["fulfilled"][f],
                "fulfilled_round": ps["fulfilled_at"][f],
                "shop": ps["shops"][f],
                "value": value,
            }
        )
    links: list[LinkView] = [
        {
            "forms": list(link["forms"]),
            "bonus": link["bonus"],
            "bonus_text": texts.links[i],
            "taken": ps["links_taken"][i],
        }
        for i, link in enumerate(data["links"])
    ]
    houses: list[HouseView] = [
        {
            "id": h["id"],
            "name": h["name"],
            "forms": list(h["forms"]),
            "built": ps["trading"][i],
            "fulfilled": sum(1 for f in h["forms"] if ps["fulfilled"][f]),
        }
        for i, h in enumerate(data["trading_houses"])
    ]
    return {"forms": forms, "links": links, "trading_houses": houses}


def warehouse_view(ps: Sheet, data: dict[str, Any], texts: SideTexts | None = None) -> WarehouseView:
    texts = texts or side_texts(data)
    return {
        "money": stock_view(ps, data, "money", texts),
        "faith": stock_view(ps, data, "faith", texts),
        "cargo": {
            "count": ps["cargo"],
            "cap": RESOURCE_CAP["cargo"],
            "points": list(data["cargo_points"]),
            "vp": cargo_points(ps, data),
        },
    }


def stock_view(ps: Sheet, data: dict[str, Any], res: Resource, texts: SideTexts | None = None) -> StockView:
    words = (texts or side_texts(data)).stocks[res]
    return {
        "got": ps[res]["got"],
        "used": ps[res]["used"],
        "available": available(ps, res),
        "cap": RESOURCE_CAP[res],
        "row_length": data["stock_row_length"],
        "bonuses": [
            {
                "at": b["at"],
                "bonus": b["bonus"],
                "bonus_text": words[i],
                "taken": ps["stock_taken"][res][i],
            }
            for i, b in enumerate(data["stock_bonuses"][res])
        ],
    }


def technologies_view(state: State, ps: Sheet) -> list[HeldTech]:
    vp = tech_points(ps)
    techs: list[HeldTech] = []
    for t in ps["techs"]:
        lab, level = rules.tech_slot(state, t)
        techs.append(
            {
                "id": t,
                "name": tech_name(t),
                "lab": lab,
                "level": level,
                "text": tech_text(t),
                "vp": vp.get(t, 0),
            }
        )
    return techs


def round_track_view(ps: Sheet, data: dict[str, Any], texts: SideTexts | None = None) -> list[RoundCell]:
    words = (texts or side_texts(data)).rounds
    return [
        {
            "round": n,
            "bonus": data["round_bonus"][n],
            "bonus_text": words[n],
            "crossed": n <= ps["rounds_marked"],
        }
        for n in range(1, ROUNDS + 1)
    ]


def _decisions(kept: list[str]) -> list[str]:
    """A round's decisions as the state keeps them, in the reader's words, each as long as a label."""
    return [shorten(text, LABEL_LIMIT) for text in map(worded, kept)]


def turn_view(state: State, ps: Sheet, task_steps: Mapping[str, Any]) -> TurnView:
    record: RecordView | None = None
    if ps["record"] is not None:
        rec = ps["record"]
        record = {
            "die": rec["die"],
            "card": rec["card"],
            "number": rec["number"],
            "die_rows": list(rec["die_rows"]),
            "placed": list(rec["placed"]),
            "done": bool(rec.get("done")),
        }
    return {
        "step": ps["step"],
        "set": ps["set"],
        "extra": ps["extra"],
        "record": record,
        "queue": [task_steps[t["t"]].ask(state, t) if t["t"] in task_steps else t["t"] for t in ps["queue"]],
        "events": _decisions(ps.get("events", [])),
        "previous_events": _decisions(ps.get("previous_events", [])),
    }
