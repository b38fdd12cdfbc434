"""One player's sheet: the printed sheet drawn once per side, then only that player's marks.

The static artwork comes in two layers drawn once and cached: `plain` (the empty sheet)
and `marked` (every bonus crossed off, every order form fulfilled, every Elite hired,
every trading house built, every round crossed). A turn's picture is a copy of `plain`
with the regions the view says are marked pasted from `marked`, plus a few shapes
(circles, crosses, coins, crates) and cached text sprites (names, numbers). That keeps
the per-turn cost at a fraction of the PNG encoding.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import orjson
from PIL import Image, ImageDraw

from i18n import N_, _, current_locale, ngettext
from rendering.kit import sent_often
from rendering.kit.icons import polygon
from rendering.rollwrite import layout as L
from rendering.rollwrite.canvas import (
    BAND,
    BROWN,
    DIM,
    DONE,
    GOLD,
    GREEN,
    HIGHLIGHT,
    INK,
    LINE,
    ORANGE,
    PALETTE,
    PANEL,
    PAPER,
    RGB,
    SKY,
    SOFT,
    WHITE,
    fit,
    new_canvas,
    put_text,
    text_width,
    to_palette,
    wrap,
)
from rendering.rollwrite.icons import draw_bonus_centred, draw_icon, fitting_size, good_square, house, star
from rendering.rollwrite.labs import draw_labs

Box = tuple[int, int, int, int]
STOCK_COLOURS: dict[str, RGB] = {"money": GOLD, "faith": SKY}
LAB_LEVEL = {"low": "2", "mid": "3", "high": "4"}


# ----- the static layers ------------------------------------------------------------------
def static_layout(sheet: dict[str, Any]) -> str:
    """The printed (never-changing) part of a sheet view, as a cache key: bonuses, forms, links."""
    town = sheet["town"]
    port = sheet["port"]
    printed = {
        "columns": [c["bonus"] for c in town["columns"]],
        "tracks": [r["track_bonus"] for r in town["rows"]],
        "forms": [(f["row"], f["col"], f["points"], [g["good"] for g in f["goods"]]) for f in port["forms"]],
        "links": [(link["forms"], link["bonus"]) for link in port["links"]],
        "houses": [(h["name"], h["forms"]) for h in port["trading_houses"]],
        "stock": {r: [(b["at"], b["bonus"]) for b in sheet["warehouse"][r]["bonuses"]] for r in ("money", "faith")},
        "cargo": sheet["warehouse"]["cargo"]["points"],
        "rounds": [r["bonus"] for r in sheet["round_track"]],
        "locale": current_locale.get(),  # the printed words are in the picture's language
    }
    return orjson.dumps(printed, option=orjson.OPT_SORT_KEYS).decode()  # ~10x cheaper than json: every picture


@functools.lru_cache(maxsize=4)
def static_layers(side: str, printed: str) -> tuple[Image.Image, Image.Image]:
    """(plain, marked) palette images of the empty sheet of one side; drawn once per side (the printed
    sheet is the same in every game of a side, so a few entries serve every game)."""
    data = json.loads(printed)
    return to_palette(_draw_static(side, data, marked=False)), to_palette(_draw_static(side, data, marked=True))


def _panel(draw: ImageDraw.ImageDraw, image: Image.Image, top: int, bottom: int, title: str) -> None:
    draw.rounded_rectangle((L.MARGIN - 12, top - 8, L.WIDTH - L.MARGIN + 12, bottom + 10), 14, fill=PANEL)
    put_text(image, (L.MARGIN, top), fit(title, L.TITLE, L.WIDTH // 2, True), L.TITLE, INK, PANEL, bold=True)


def _cross(draw: ImageDraw.ImageDraw, box: Box, width: int = 4, inset: int = 6) -> None:
    x0, y0, x1, y1 = box
    draw.line((x0 + inset, y0 + inset, x1 - inset, y1 - inset), fill=INK, width=width)
    draw.line((x0 + inset, y1 - inset, x1 - inset, y0 + inset), fill=INK, width=width)


def _chip(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, bonus: dict[str, Any], marked: bool, bg: RGB = PANEL
) -> None:
    """A printed bonus in its box; crossed off on the marked layer."""
    fill = DIM if marked else bg
    draw.rounded_rectangle(box, 8, fill=fill, outline=LINE, width=2)
    x0, y0, x1, y1 = box
    s = fitting_size(bonus, x1 - x0 - 10, min(L.ICON, y1 - y0 - 6))
    draw_bonus_centred(image, draw, bonus, (x0 + x1) / 2, (y0 + y1 - s) // 2, s, fill)
    if marked:
        _cross(draw, box, width=3, inset=4)


def _draw_static(side: str, data: dict[str, Any], marked: bool) -> Image.Image:
    image, draw = new_canvas(L.WIDTH, L.HEIGHT, "RGB")
    _static_rounds(image, draw, side, data, marked)
    for district in (_static_town, _static_port, _static_warehouse, _static_scores):
        district(image, draw, data, marked)
    return image


def _static_rounds(image: Image.Image, draw: ImageDraw.ImageDraw, side: str, data: dict[str, Any],
                   marked: bool) -> None:
    """The round track across the top, with the sheet's side named beside it."""
    _panel(draw, image, L.ROUND_Y - 34, L.ROUND_Y + L.ROUND_H, _("ROUNDS"))
    title = _("Yokohama Roll & Write · side {side}").format(side=side)
    put_text(image, (L.WIDTH - L.MARGIN, L.ROUND_Y - 32), title, L.SMALL, SOFT, PANEL, "rt")
    for n, bonus in enumerate(data["rounds"], start=1):
        box = L.round_cell(n)
        fill = DIM if marked else WHITE
        draw.rounded_rectangle(box, 8, fill=fill, outline=LINE, width=2)
        x0, y0, x1, y1 = box
        put_text(image, ((x0 + x1) / 2, y0 + 4), str(n), L.TEXT, INK, fill, "mt", bold=True)
        if bonus:
            s = fitting_size(bonus, x1 - x0 - 8, 24)
            draw_bonus_centred(image, draw, bonus, (x0 + x1) / 2, y1 - 6 - s, s, fill)
        if marked:
            draw.line((x0 + 6, y1 - 6, x1 - 6, y0 + 6), fill=INK, width=4)


def _static_town(image: Image.Image, draw: ImageDraw.ImageDraw, data: dict[str, Any], marked: bool) -> None:
    """The town district: column bonuses, the eight tracks with their elite spaces and track bonuses."""
    _panel(draw, image, L.TOWN_Y, L.TOWN_BOTTOM, _("TOWN"))
    put_text(image, (L.MARGIN, L.COLUMN_LINE_Y + 6), fit(_("column bonuses"), L.SMALL, 170), L.SMALL, SOFT, PANEL)
    for c, bonus in enumerate(data["columns"], start=1):
        box = L.column_bonus_box(c)
        cx = (box[0] + box[2]) // 2
        draw.line((cx, box[3], cx, L.ROWS_Y - 2), fill=LINE, width=2)
        _chip(image, draw, box, bonus, marked)
    for r, bonus in enumerate(data["tracks"]):
        y = L.ROWS_Y + r * L.ROW_H
        if r % 2:
            draw.rectangle((L.MARGIN - 6, y, L.WIDTH - L.MARGIN + 6, y + L.ROW_H - 1), fill=BAND)
        band = BAND if r % 2 else PANEL
        draw.rounded_rectangle((L.ROW_NUMBER_X, y + 10, L.ROW_NUMBER_X + 30, y + L.ROW_H - 10), 6, fill=INK)
        put_text(image, (L.ROW_NUMBER_X + 15, y + L.ROW_H / 2), str(r), L.SMALL, WHITE, INK, "mm", bold=True)
        for s in range(10):
            cx, cy = L.space_centre(r, s)
            h = L.CIRCLE // 2
            draw.rounded_rectangle((cx - h, cy - h, cx + h, cy + h), 6, fill=WHITE, outline=LINE, width=2)
        ex0, ey0, ex1, ey1 = L.elite_box(r)
        if marked:
            draw.rounded_rectangle((ex0, ey0, ex1, ey1), 6, fill=GOLD, outline=INK, width=3)
            star(draw, (ex0 + ex1) / 2, (ey0 + ey1) / 2, L.ELITE / 2 - 4, WHITE)
        else:
            draw.rounded_rectangle((ex0, ey0, ex1, ey1), 6, fill=WHITE, outline=INK, width=2)
            put_text(image, ((ex0 + ex1) / 2, (ey0 + ey1) / 2), "+1", L.SMALL, INK, WHITE, "mm", bold=True)
        _chip(image, draw, L.track_bonus_box(r), bonus, marked, band)


def _static_port(image: Image.Image, draw: ImageDraw.ImageDraw, data: dict[str, Any], marked: bool) -> None:
    """The port district: the order forms, the links between them and the Trading Houses."""
    _panel(draw, image, L.PORT_Y, L.PORT_BOTTOM, _("PORT"))
    note = fit(_("order forms · links · trading houses"), L.SMALL, L.WIDTH - 2 * L.MARGIN - 110)
    put_text(image, (L.MARGIN + 110, L.PORT_Y + 4), note, L.SMALL, SOFT, PANEL)
    where = {i: (f[0], f[1]) for i, f in enumerate(data["forms"])}
    for forms, bonus in data["links"]:
        a, b = where[forms[0]], where[forms[1]]
        _chip(image, draw, L.link_box(a, b), bonus, marked)
    for number, (row, col, points, goods) in enumerate(data["forms"], start=1):
        _draw_form(image, draw, row, col, points, goods, marked)
        _form_number(image, draw, row, col, number)
    for i, (name, forms) in enumerate(data["houses"]):
        _draw_house(image, draw, i, name, len(forms), marked)


def _static_warehouse(image: Image.Image, draw: ImageDraw.ImageDraw, data: dict[str, Any], marked: bool) -> None:
    """The warehouse: the money and faith stocks with their bonuses, and the cargo track."""
    _panel(draw, image, L.STOCK_Y, L.CARGO_CELLS_Y + L.CARGO_CELL + 32, _("WAREHOUSE"))
    for res in ("money", "faith"):
        x = L.STOCK_X[res]
        draw_icon(image, draw, res, x, L.STOCK_LABEL_Y + 2, 28)
        for n in range(1, 31):
            draw.rounded_rectangle(L.stock_cell(res, n), 6, fill=WHITE, outline=LINE, width=2)
        for at, bonus in data["stock"][res]:
            draw.rounded_rectangle(L.stock_cell(res, at), 6, outline=INK, width=3)
            _chip(image, draw, L.stock_bonus_box(res, at), bonus, marked)
    draw_icon(image, draw, "cargo", L.MARGIN, L.CARGO_Y + 2, 28)
    put_text(image, (L.MARGIN + 36, L.CARGO_Y), fit(_("cargo"), L.TEXT, 88), L.TEXT, INK, PANEL)
    for n, points in enumerate(data["cargo"], start=1):
        x0, y0, x1, y1 = L.cargo_cell(n)
        draw.rounded_rectangle((x0, y0, x1, y1), 6, fill=WHITE, outline=LINE, width=2)
        put_text(image, ((x0 + x1) / 2, y1 + 2), str(points), L.SMALL, SOFT, PANEL, "mt")


def _static_scores(image: Image.Image, draw: ImageDraw.ImageDraw, data: dict[str, Any], marked: bool) -> None:
    """The technology panel and the score boxes."""
    del data, marked  # the same for every sheet
    _panel(draw, image, L.TECH_Y, L.TECH_BOTTOM, _("TECHNOLOGY"))
    put_text(image, (L.BOX_X, L.TECH_Y), fit(_("SCORE"), L.TITLE, L.WIDTH - L.MARGIN - L.BOX_X, True), L.TITLE, INK,
             PANEL, bold=True)
    # TRANSLATORS: the score boxes of a Roll & Write sheet: the 6-ring and 12-ring orders of the Port, cargo,
    # technology, the total (a narrow column).
    for i, label in enumerate((_("6R port"), _("12R port"), _("cargo"), _("technology"), _("TOTAL"))):
        x0, y0, x1, y1 = L.score_box(i)
        put_text(image, (L.BOX_X, (y0 + y1) / 2), fit(label, L.TEXT, x0 - L.BOX_X - 8, i == 4), L.TEXT, INK, PANEL,
                 "lm", bold=i == 4)
        draw.rounded_rectangle((x0, y0, x1, y1), 8, fill=WHITE, outline=INK, width=3 if i == 4 else 2)


def _draw_form(
    image: Image.Image, draw: ImageDraw.ImageDraw, row: int, col: int, points: int, goods: list[str], marked: bool
) -> None:
    box = L.form_box(row, col)
    fill = DONE if marked else WHITE
    draw.rounded_rectangle(box, 10, fill=fill, outline=GREEN if marked else LINE, width=5 if marked else 2)
    for i, good in enumerate(goods):
        gbox = L.good_box(row, col, i, len(goods))
        good_square(image, draw, good, gbox[0], gbox[1], gbox[2] - gbox[0])
        if marked:
            _cross(draw, gbox, width=4, inset=2)
    x0, _x, _x, y1 = box
    put_text(image, (x0 + 12, y1 - 8), _("{n} VP").format(n=points), L.TEXT + 2, INK, fill, "lb", bold=True)
    sx0, sy0, _x, _x = L.shop_box(row, col)
    house(draw, sx0, sy0, 34, fill)


def _form_number(image: Image.Image, draw: ImageDraw.ImageDraw, row: int, col: int, number: int) -> None:
    """The form's number as the labels say it ("order 7"), on a tab over its top-left corner."""
    box = L.form_number_tab(row, col)
    draw.rounded_rectangle(box, 6, fill=INK)
    put_text(image, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(number), L.SMALL - 2, WHITE, INK, "mm", True)


def _draw_house(image: Image.Image, draw: ImageDraw.ImageDraw, index: int, name: str, forms: int, marked: bool) -> None:
    box = L.house_box(index)
    fill = DONE if marked else WHITE
    draw.rounded_rectangle(box, 10, fill=fill, outline=GREEN if marked else LINE, width=5 if marked else 2)
    x0, y0, x1, y1 = box
    draw_icon(image, draw, "trading" if marked else "shop", x0 + 8, y0 + 8, 34)
    if index < 5:
        put_text(image, (x0 + 48, y0 + 8), _("TH{n}").format(n=index + 1), L.SMALL, INK, fill, bold=True)
    else:
        put_text(image, (x0 + 8, y0 + 48), _("TH{n}").format(n=index + 1), L.SMALL, INK, fill, bold=True)


# ----- the marks --------------------------------------------------------------------------
def _restore(image: Image.Image, marked: Image.Image, box: Box) -> None:
    image.paste(marked.crop(box), box[:2])


def draw_sheet(view: dict[str, Any], seat: int, name: str | None = None) -> Image.Image:
    """The palette image of seat's sheet (see `render_sheet` for the PNG)."""
    info = view["seats"][seat]
    sheet = info["sheet"]
    plain, marked = static_layers(view["side"], static_layout(sheet))
    labs = shows_labs(view, info)
    image = plain.copy() if labs else plain.crop((0, 0, L.WIDTH, L.SHORT_HEIGHT))
    draw = PALETTE.draw(image)
    _header(image, view, info, name or _("Player {n}").format(n=seat + 1))
    _rounds(image, draw, marked, view, sheet)
    _town(image, draw, marked, sheet["town"])
    _recording(image, draw, sheet)
    _port(image, draw, marked, sheet["port"])
    _warehouse(image, draw, marked, sheet["warehouse"])
    _technology(image, sheet, info["scores"])
    if labs:
        draw_labs(image, view["labs"], [tech["id"] for tech in sheet["technologies"]])
    else:
        put_text(image, (L.MARGIN, L.NOTE_Y), fit(_(LABS_NOTE), L.SMALL, L.WIDTH - 2 * L.MARGIN), L.SMALL, SOFT, PAPER)
    return sent_often(image)  # to every player every round: its bytes count more than its zlib time


LABS_NOTE = N_("Technologies in play: on Full board (and here in round 1 and when you may acquire one)")


def shows_labs(view: dict[str, Any], info: dict[str, Any]) -> bool:
    """Whether the sheet shows the laboratories' 12 technologies: in the first round (a player meets them),
    and while the seat may acquire one (an action in a laboratory is pending). Otherwise the sheet stops
    above them: they are a third of its bytes, sent to every player every round, and the table's picture
    (Full board) and the choice's own menu show them whenever wanted."""
    if not view.get("labs") or view["over"]:
        return False
    if view["round"] <= 1:
        return True
    return any("Laboratory" in str(task) for task in info["sheet"]["turn"].get("queue", []))


def _header(image: Image.Image, view: dict[str, Any], info: dict[str, Any], name: str) -> None:
    if view["over"]:
        status = _("Final · {n} VP").format(n=info["scores"]["total"])
    elif view["round"] < 1:
        status = _("Setting up")
    else:
        status = _("Round {round} of {rounds} · {n} VP so far").format(round=view["round"], rounds=view["rounds"],
                                                                     n=info["scores"]["total"])
    status = fit(status, L.TEXT + 2, (L.WIDTH - 2 * L.MARGIN) * 3 // 5, True)
    width, _x = put_text(image, (L.WIDTH - L.MARGIN, 14), status, L.TEXT + 2, INK, PAPER, "rt", bold=True)
    put_text(image, (L.MARGIN, 6), fit(name, 34, L.WIDTH - 2 * L.MARGIN - width - 30, True), 34, INK, PAPER, bold=True)
    if not view["over"] and info.get("pending"):
        line = info["pending"]
        turn = info["sheet"]["turn"]
        record = turn.get("record")
        if record and turn.get("set") is not None and turn.get("step") not in ("set", "done"):
            # the set this player took this round, so the panel need not be read beside the sets picture
            took = ngettext("Set {set}: die {die}, {n} employee · {what}",
                            "Set {set}: die {die}, {n} employees · {what}", record["number"])
            line = took.format(set=turn["set"] + 1, die=record["die"], n=record["number"], what=line)
        put_text(image, (L.MARGIN, 50), fit(line, L.SMALL, L.WIDTH - 2 * L.MARGIN), L.SMALL, SOFT, PAPER)


def _rounds(
    image: Image.Image, draw: ImageDraw.ImageDraw, marked: Image.Image, view: dict[str, Any], sheet: dict[str, Any]
) -> None:
    for cell in sheet["round_track"]:
        box = L.round_cell(cell["round"])
        if cell["crossed"]:
            _restore(image, marked, box)
        elif cell["round"] == view["round"] and not view["over"]:
            draw.rounded_rectangle(box, 8, outline=INK, width=4)


def _town(image: Image.Image, draw: ImageDraw.ImageDraw, marked: Image.Image, town: dict[str, Any]) -> None:
    for row in town["rows"]:
        r = row["row"]
        y = L.ROWS_Y + r * L.ROW_H
        band = BAND if r % 2 else PANEL
        _area_name(image, row["name"], y, band)
        h = L.CIRCLE // 2 - 1
        for s in range(min(row["written"], town["track_length"])):
            cx, cy = L.space_centre(r, s)
            crossed = s < row["crossed"]
            draw.ellipse((cx - h, cy - h, cx + h, cy + h), fill=DIM if crossed else WHITE, outline=INK, width=4)
            if crossed:
                _cross(draw, (cx - h, cy - h, cx + h, cy + h), width=4, inset=5)
        if row["elite"]:
            _restore(image, marked, L.elite_box(r))
        if row["track_bonus_taken"]:
            _restore(image, marked, L.track_bonus_box(r))
    for column in town["columns"]:
        if column["taken"]:
            _restore(image, marked, L.column_bonus_box(column["column"]))


def _area_name(image: Image.Image, name: str, y: int, band: RGB) -> None:
    """An area's name beside its track; a long one ("Chamber of Commerce") on two smaller lines."""
    if text_width(name, L.TEXT) <= L.NAME_W:
        put_text(image, (L.NAME_X, y + L.ROW_H / 2), name, L.TEXT, INK, band, "lm")
        return
    lines = wrap(name, 19, L.NAME_W)
    if len(lines) > 2:
        lines = (lines[0], fit(" ".join(lines[1:]), 19, L.NAME_W))
    for k, line in enumerate(lines):
        put_text(image, (L.NAME_X, y + L.ROW_H / 2 + (k - (len(lines) - 1) / 2) * 22), line, 19, INK, band, "lm")


def _recording(image: Image.Image, draw: ImageDraw.ImageDraw, sheet: dict[str, Any]) -> None:
    """Circles placed in a recording not yet finished: thin rings on yellow, after the written ones.

    The engine writes them only when the placement is complete, so without this a player
    would not see the circles chosen so far while they pick the rest.
    """
    record = sheet["turn"].get("record")
    if not record or record["done"]:
        return
    town = sheet["town"]
    h = L.CIRCLE // 2 - 1
    for row in town["rows"]:
        r = row["row"]
        if r in record["die_rows"]:
            y = L.ROWS_Y + r * L.ROW_H
            draw.rounded_rectangle((L.ROW_NUMBER_X - 3, y + 7, L.ROW_NUMBER_X + 33, y + L.ROW_H - 7), 7,
                                   outline=ORANGE, width=3)  # fmt: skip
        placed = record["placed"][r] if r < len(record["placed"]) else 0
        for s in range(row["written"], min(row["written"] + placed, town["track_length"])):
            cx, cy = L.space_centre(r, s)
            draw.rounded_rectangle((cx - h - 1, cy - h - 1, cx + h + 1, cy + h + 1), 6, fill=HIGHLIGHT)
            draw.ellipse((cx - h + 2, cy - h + 2, cx + h - 2, cy + h - 2), outline=INK, width=2)


def _port(image: Image.Image, draw: ImageDraw.ImageDraw, marked: Image.Image, port: dict[str, Any]) -> None:
    where = {f["id"]: (f["row"], f["col"]) for f in port["forms"]}
    for link in port["links"]:
        if link["taken"]:
            _restore(image, marked, L.link_box(where[link["forms"][0]], where[link["forms"][1]]))
    for form in port["forms"]:
        row, col = form["row"], form["col"]
        if form["fulfilled"]:
            _restore(image, marked, L.form_box(row, col))
        else:
            for i, good in enumerate(form["goods"]):
                if good["crossed"]:
                    _cross(draw, L.good_box(row, col, i, len(form["goods"])), width=4, inset=2)
        if form["shop"]:
            sx0, sy0, _x, _x = L.shop_box(row, col)
            house(draw, sx0, sy0, 34, INK)  # a built shop doubles the form: "x2" inside the filled house
            put_text(image, (sx0 + 17, sy0 + 22), "x2", 15, WHITE, INK, "mm", True)
    for i, trading in enumerate(port["trading_houses"]):
        box = L.house_box(i)
        if trading["built"]:
            _restore(image, marked, box)
        x0, y0, x1, y1 = box
        text = f"{trading['fulfilled']}/{len(trading['forms'])}"
        bg = DONE if trading["built"] else WHITE
        put_text(image, (x1 - 10, y1 - 6), text, L.SMALL, SOFT, bg, "rb")


def _warehouse(image: Image.Image, draw: ImageDraw.ImageDraw, marked: Image.Image, store: dict[str, Any]) -> None:
    for res in ("money", "faith"):
        stock = store[res]
        x = L.STOCK_X[res]
        text = (_("money: {n} left ({got} got, {used} used)") if res == "money"
                else _("faith: {n} left ({got} got, {used} used)")).format(n=stock["available"], got=stock["got"],
                                                                             used=stock["used"])
        room = (L.STOCK_X["faith"] - L.STOCK_X["money"] - 60) if res == "money" else L.WIDTH - L.MARGIN - x - 40
        put_text(image, (x + 40, L.STOCK_LABEL_Y), fit(text, L.TEXT, room), L.TEXT, INK, PANEL)
        for n in range(1, min(stock["got"], 30) + 1):
            x0, y0, x1, y1 = L.stock_cell(res, n)
            if res == "money":
                draw.ellipse((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=GOLD, outline=INK, width=2)
            else:
                cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
                r = (x1 - x0) // 2 - 2
                polygon(draw, [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], SKY)
            if n <= stock["used"]:
                _cross(draw, (x0, y0, x1, y1), width=4, inset=4)
        for bonus in stock["bonuses"]:
            if bonus["taken"]:
                _restore(image, marked, L.stock_bonus_box(res, bonus["at"]))
    cargo = store["cargo"]
    for n in range(1, min(cargo["count"], len(cargo["points"])) + 1):
        x0, y0, x1, y1 = L.cargo_cell(n)
        draw.rectangle((x0 + 5, y0 + 8, x1 - 5, y1 - 6), fill=BROWN, outline=INK, width=2)
        draw.line((x0 + 6, (y0 + y1) // 2 + 1, x1 - 6, (y0 + y1) // 2 + 1), fill=INK, width=2)
    text = _("{n} of {cap} shipped = {vp} VP").format(n=cargo["count"], cap=cargo["cap"], vp=cargo["vp"])
    put_text(image, (L.MARGIN + 130, L.CARGO_Y), fit(text, L.TEXT, L.WIDTH - 2 * L.MARGIN - 130), L.TEXT, INK, PANEL)


def _technology(image: Image.Image, sheet: dict[str, Any], scores: dict[str, int]) -> None:
    techs = sheet["technologies"]
    y = L.TECH_Y + 44
    if not techs:
        put_text(image, (L.MARGIN, y), fit(_("no technology yet"), L.TEXT, L.BOX_X - L.MARGIN - 20), L.TEXT, SOFT,
                 PANEL)
    for tech in techs[:9]:
        lab = "A" if tech["lab"] == "lab_a" else "B"
        line = f"{tech['name']} ({lab}{LAB_LEVEL.get(tech['level'], '')})"
        put_text(image, (L.MARGIN, y), fit(line, L.TEXT, 540), L.TEXT, INK, PANEL)
        put_text(image, (L.BOX_X - 40, y), _("{n} VP").format(n=tech["vp"]), L.TEXT, INK, PANEL, "rt", bold=True)
        y += L.TECH_LINE
    if len(techs) > 9:
        put_text(image, (L.MARGIN, y), _("... and {n} more").format(n=len(techs) - 9), L.SMALL, SOFT, PANEL)
    boxes = sheet["boxes"]
    for i, key in enumerate(("6R", "12R", "cargo", "tech", "total")):
        value = boxes.get(key)
        if value is None:
            continue
        x0, y0, x1, y1 = L.score_box(i)
        put_text(image, ((x0 + x1) / 2, (y0 + y1) / 2), str(value), 30, INK, WHITE, "mm", bold=True)
    if boxes.get("total") is None:
        x0, _x, x1, y1 = L.score_box(4)
        put_text(image, (x1, y1 + 8), _("so far: {n} VP").format(n=scores["total"]), L.SMALL, SOFT, PANEL, "rt")
