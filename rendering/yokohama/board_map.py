"""The public map: the Area Boards in their triangle, the management boards, the supply and the VP track.

What is printed for a game (which board lies where, the Building Site on each, the Church
and Customs spaces, the achievement cards) never changes during it, and is made of parts that
every game shares: the layout's frame (one per player count), a few dozen Area Boards, 17
Building Site cards, 12 achievement cards. Each part is drawn once and cached by what is printed
on it, never by game; a turn's picture is a copy of the frame with the game's parts pasted, plus
the pieces (pawns, presidents, buildings), the 5-Power tokens still on the boards, the cards in
the Ports and Laboratories (cached sprites) and the names and numbers (cached text sprites).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from PIL import Image, ImageDraw

from i18n import N_, _, current_locale
from rendering.kit import wrap
from rendering.kit.colours import BAND, DONE, HIGHLIGHT, INK, LINE, PANEL, PAPER, RGB, SKY, SOFT, STRIPE, WHITE
from rendering.kit.icons import polygon
from rendering.yokohama import layout as L
from rendering.yokohama.cards import order_card, tech_card
from rendering.yokohama.names import Names, seat_names
from rendering.yokohama.palette import PAL, fit, new_canvas, put_text, text_width, to_palette
from rendering.yokohama.pieces import (
    COUNTRY_ORDER,
    NEUTRAL,
    country_badge,
    draw_reward,
    draw_reward_centred,
    marked_by,
    pawn,
    president,
    reward_width,
    shop_space,
    trading_space,
)

CATEGORY_FILL: dict[str, RGB] = {"production": DONE, "commercial": PANEL, "none": SKY}
LEVELS = {"low": (N_("Low"), 2), "mid": (N_("Mid"), 3), "high": (N_("High"), 4)}
BOARD_NAMES = {"port_a": N_("Port A"), "port_b": N_("Port B"), "lab_a": N_("Lab A"), "lab_b": N_("Lab B")}
VP_TOP = 100
MERC_STEP = 116  # one country badge and its count in the "Mercenaries left" band
MERC_BADGE = 52


# ----- the static layers --------------------------------------------------------------------------
def frame_key(view: dict[str, Any]) -> str:
    """What is printed for this game apart from its Area Boards and achievement cards, as a cache key: the
    layout (rows of boards, ports, laboratories) and the Church and Customs spaces. A handful of values
    serve every game."""
    printed = {
        "rows": view["rows"],
        "ports": sorted(view["ports"]),
        "port_levels": {port: [slot["level"] for slot in slots] for port, slots in sorted(view["ports"].items())},
        "labs": {lab: [s["extra"] for s in slots] for lab, slots in sorted(view["labs"].items())},
        "church": [(s["need"], s["reward"]) for s in view["church"]],
        "customs": [(s["need"], s["reward"]) for s in view["customs"]],
        "locale": current_locale.get(),  # the printed words are in the picture's language
    }
    return json.dumps(printed, sort_keys=True)


@functools.lru_cache(maxsize=4)
def frame(printed: str) -> Image.Image:
    """The palette image of a layout's printed map without its Area Boards and achievement cards (the VP
    track, the Port and Laboratory rows, the Church and Customs spaces, the bottom band): shared by every
    game of that layout (one per player count)."""
    return _draw_frame(json.loads(printed))


def printed_map(view: dict[str, Any], top: int = 0) -> Image.Image:
    """A new palette image of this game's printed map: its layout's frame with each Area Board, Building
    Site and achievement card pasted where the game dealt it. Each of those is drawn once and reused in
    every game that shows it (a few dozen boards, 17 site cards, 12 achievements), so a game's printed map
    costs a copy and some thirty pastes and nothing is kept per game (a whole printed map is 2 MB: kept per
    game, a bot hosting more games than it kept drew it again every time, ~5 ms).

    `top` (even): the map starts that many rows down a taller picture, paper above it (for a picture that
    puts something over the map, without copying the whole map once more)."""
    rows = view["rows"]
    base = frame(frame_key(view))
    if top:
        image, _x = new_canvas(base.width, top + base.height, "P")
        image.paste(base, (0, top))
    else:
        image = base.copy()
    for area in view["areas"]:
        box = _down(L.area_box(rows, area["row"], area["col"]), top)
        PAL.stamp(image, box, ("area", area["name"], area["category"], current_locale.get()),
                  functools.partial(_draw_area, area=area), PAPER, in_place=True)
        site = area.get("site")
        if site is not None and area["category"] != "none":
            x0, y0, x1, y1 = box
            rewards = json.dumps([[s["reward"] for s in site["shops"]], site["trading_house"]["reward"]],
                                 sort_keys=True)
            image.paste(site_sprite(rewards, x1 - x0, y1 - y0, _area_fill(area)), (x0 + SITE_INSET, y0 + L.SITE_Y - 4))
    y = top + L.bottom_y(rows, len(view["ports"]), len(view["labs"]))
    for i, achievement in enumerate(view["achievements"]):
        printed = (achievement["id"], achievement["name"], tuple(achievement["vp"]))
        PAL.stamp(image, achievement_box(y, i), ("achievement", *printed, current_locale.get()),
                  functools.partial(_draw_achievement, printed=printed), PANEL, in_place=True)
    return image


def _label(image: Image.Image, y: int, h: int, text: str, bg: RGB = PAPER) -> None:
    lines = wrap(text, L.TEXT, L.LABEL_W - 8)
    for k, line in enumerate(lines[:2]):
        put_text(image, (L.MARGIN, y + h / 2 + (k - (min(2, len(lines)) - 1) / 2) * 24), line, L.TEXT, INK, bg,
                 "lm", bold=True)


def port_slots(rows: dict[str, Any]) -> int:
    """How many spaces wide each Port row is drawn: the longest board's (Port B is shorter than Port A)."""
    return max((len(row) for row in rows.values()), default=1)


def level_runs(levels: list[str]) -> list[tuple[int, int, str]]:
    """The Port spaces grouped by level, left to right: (first space, last space, level) for each run of
    one level, so each level's band ("Low: Power 2+") spans exactly the spaces the data gives it."""
    runs: list[tuple[int, int, str]] = []
    for slot, level in enumerate(levels):
        if runs and runs[-1][2] == level:
            runs[-1] = (runs[-1][0], slot, level)
        else:
            runs.append((slot, slot, level))
    return runs


def _draw_frame(data: dict[str, Any]) -> Image.Image:
    rows = data["rows"]
    ports = len(data["ports"])
    labs = len(data["labs"])
    image, draw = new_canvas(L.WIDTH, L.height(rows, ports, labs), "P")
    draw.rectangle((0, 0, L.WIDTH, L.HEADER_H - 4), fill=PANEL)
    _draw_track(image, draw)
    # Ports: one band over each run of spaces of a level (Low, Low, Mid, Mid, High), then the empty spaces;
    # every row's spaces as wide as the longest row's, so a shorter board (Port B) lines up under Port A
    width = port_slots(data["port_levels"])
    for i, port in enumerate(data["ports"]):
        levels = data["port_levels"][port]
        y = L.port_row_y(rows, i)
        _label(image, y, L.PORT_H - 12, _(BOARD_NAMES[port]) if port in BOARD_NAMES else port)
        for first, last, level in level_runs(levels):
            x0 = L.slot_box(y, first, width, L.PORT_CARD_H)[0]
            x2 = L.slot_box(y, last, width, L.PORT_CARD_H)[2]
            name, need = LEVELS[level]
            draw.rounded_rectangle((x0, y, x2, y + L.PORT_BAND - 4), 6, fill=BAND)
            band = _("{level}: Power {n}+").format(level=_(name), n=need)
            put_text(image, ((x0 + x2) / 2, y + (L.PORT_BAND - 4) / 2), fit(band, L.SMALL, x2 - x0 - 8, True),
                     L.SMALL, INK, BAND, "mm", bold=True)
        for slot in range(len(levels)):
            x0, _x, x1, _x = L.slot_box(y, slot, width, L.PORT_CARD_H)
            draw.rounded_rectangle((x0, y + L.PORT_BAND, x1, y + L.PORT_BAND + L.PORT_CARD_H), 8, outline=LINE,
                                   width=2, fill=STRIPE)
    for i, (lab, extras) in enumerate(data["labs"].items()):
        y = L.labs_y(rows, ports) + i * L.LAB_H
        _label(image, y, L.LAB_H - 12, _(BOARD_NAMES[lab]) if lab in BOARD_NAMES else lab)
        for slot, extra in enumerate(extras):
            x0, y0, x1, y1 = L.slot_box(y, slot, len(extras), L.LAB_H - 12)
            draw.rounded_rectangle((x0, y0, x1, y1), 8, outline=LINE, width=2, fill=STRIPE)
            if extra:
                put_text(image, ((x0 + x1) / 2, (y0 + y1) / 2),
                         fit(_("+{n} Industry").format(n=extra), L.SMALL, x1 - x0 - 8), L.SMALL, SOFT, STRIPE, "mm")
    y = L.spaces_y(rows, ports, labs)
    _draw_spaces(image, draw, y, _("Church"), data["church"], "faith")
    _draw_spaces(image, draw, y + L.SPACE_ROW_H, _("Customs"), data["customs"], "imported")
    _draw_bottom(image, draw, L.bottom_y(rows, ports, labs))
    return image


def _draw_track(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """The victory-point track 0-100 (a score past 100 shows its 100s beside the name)."""
    line_y = L.TRACK_Y + L.TRACK_H - 26
    draw.rounded_rectangle((L.MARGIN, L.TRACK_Y, L.WIDTH - L.MARGIN, L.TRACK_Y + L.TRACK_H), 10, fill=PANEL)
    draw.line((L.TRACK_X0, line_y, L.TRACK_X1, line_y), fill=INK, width=3)
    for vp in range(0, VP_TOP + 1, 5):
        x = track_x(vp)
        tall = vp % 10 == 0
        draw.line((x, line_y - (8 if tall else 4), x, line_y + (8 if tall else 4)), fill=INK, width=2)
        if tall:
            put_text(image, (x, line_y + 10), str(vp), 16, SOFT, PANEL, "mt")


def disc_x(vp: int) -> int:
    """Where a player's disc stands: past 100 it goes round the track again, as the rulebook's discs do
    ("they receive a 100-Point token and move their scoring disc to the corresponding amount")."""
    return track_x(vp % VP_TOP if vp > VP_TOP else vp)


def track_x(vp: int) -> int:
    return round(L.TRACK_X0 + (L.TRACK_X1 - L.TRACK_X0) * min(vp, VP_TOP) / VP_TOP)


def _area_fill(area: dict[str, Any]) -> RGB:
    return CATEGORY_FILL.get(area["category"], PANEL)


def _draw_area(image: Image.Image, draw: ImageDraw.ImageDraw, box: L.Box, area: dict[str, Any]) -> None:
    """An Area Board's outline, name and kind in `box` (its Building Site is pasted over it by `printed_map`)."""
    x0, y0, x1, y1 = box
    fill = _area_fill(area)
    draw.rounded_rectangle((x0, y0, x1, y1), 12, fill=fill, outline=INK, width=2)
    w = x1 - x0
    name = area["name"]
    if text_width(name, L.TEXT, True) <= w - 12:
        put_text(image, ((x0 + x1) / 2, y0 + 16), name, L.TEXT, INK, fill, "mm", bold=True)
    else:
        lines = bold_lines(name, L.SMALL, w - 12)[:2]
        for k, line in enumerate(lines):
            put_text(image, ((x0 + x1) / 2, y0 + 14 + 23 * k), fit(line, L.SMALL, w - 8, True), L.SMALL, INK, fill,
                     "mm", bold=True)
    kind = _("Production") if area["category"] == "production" else _("Commercial")
    if area["category"] == "none":
        for k, line in enumerate((_("No pieces here;"), _("cross it for ¥1,"), _("never stop"))):
            put_text(image, ((x0 + x1) / 2, y0 + 70 + 26 * k), fit(line, L.SMALL, w - 8), L.SMALL, INK, fill, "mm")
        return
    if not area["name"].count("\n") and text_width(name, L.TEXT, True) <= w - 12:
        put_text(image, ((x0 + x1) / 2, y0 + 40), fit(kind, 16, w - 8), 16, SOFT, fill, "mm")


#: The Building Site's box lies this far inside its area's outline.
SITE_INSET = 3


@functools.lru_cache(maxsize=128)
def site_sprite(rewards: str, width: int, height: int, fill: RGB) -> Image.Image:
    """An area's Building Site (three Shophouse spaces and the Trading House space with their rewards) for an
    area of `width` x `height` filled with `fill`, as a palette image: a site card lies in many games, so a
    game's printed map pastes its sites instead of drawing them (~40 rounded shapes an area). 17 cards, 3
    board widths and 2 fills: at most 102 sprites of ~15 KB, all kept."""
    shops, th = json.loads(rewards)
    image, draw = new_canvas(width + 1, height + 1, "RGB")
    draw.rectangle((0, 0, width, height), fill=fill)
    _draw_site(image, draw, (0, 0, width, height), shops, th, fill)
    return to_palette(image.crop((SITE_INSET, L.SITE_Y - 4, width - SITE_INSET + 1, height - SITE_INSET + 1)))


def bold_lines(text: str, size: int, width: int) -> list[str]:
    """`text` in one line of bold text if it fits `width` pixels, else split at the space that gives the
    narrowest two lines ("Tea / Plantation II", never a lone "II")."""
    words = text.split(" ")
    if len(words) < 2 or text_width(text, size, True) <= width:
        return [text]
    splits = [[" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))]
    return min(splits, key=lambda pair: max(text_width(line, size, True) for line in pair))


def token_box(box: L.Box, reward: dict[str, int]) -> L.Box:
    """The 5-Power token's place: the right end of the area's middle band."""
    x0, y0, x1, _x = box
    width = min(x1 - x0 - 70, max(62, reward_width(reward, 20) + 34))
    return (x1 - 6 - width, y0 + L.MIDDLE_Y, x1 - 6, y0 + L.MIDDLE_Y + L.MIDDLE_H - 4)


def token_sprite(reward: dict[str, int], width: int, height: int) -> Image.Image:
    """A 5-Power token ("5" and its reward on a yellow lozenge), drawn once per reward and size."""
    return _token_sprite(json.dumps(reward, sort_keys=True), width, height)


@functools.lru_cache(maxsize=128)
def _token_sprite(reward_json: str, width: int, height: int) -> Image.Image:
    reward = json.loads(reward_json)
    image, draw = new_canvas(width, height, "RGB")
    x0, y0, x1, y1 = 0, 0, width - 1, height - 1
    draw.rectangle((0, 0, width, height), fill=HIGHLIGHT)
    draw.rounded_rectangle((x0, y0, x1, y1), 16, fill=HIGHLIGHT, outline=INK, width=2)
    put_text(image, (x0 + 8, (y0 + y1) / 2), "5", L.SMALL, INK, HIGHLIGHT, "lm", bold=True)
    draw_reward_centred(image, draw, reward, (x0 + 22 + x1) / 2, round((y0 + y1) / 2 - 10), 20, HIGHLIGHT,
                        width=x1 - x0 - 28)
    return to_palette(image)


def site_slots(box: L.Box) -> list[tuple[int, int]]:
    """Left x and width of the three Shophouse spaces and the Trading House space of an area."""
    x0, _x, x1, _x = box
    w = x1 - x0 - 8
    widths = [w * 0.23] * 3 + [w * 0.31]
    out = []
    x = x0 + 4.0
    for width in widths:
        out.append((round(x), round(width)))
        x += width
    return out


def _draw_site(image: Image.Image, draw: ImageDraw.ImageDraw, box: L.Box, shops: list[dict[str, int]],
               th: dict[str, int], fill: RGB) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 + 3, y0 + L.SITE_Y - 4, x1 - 3, y1 - 3), 9, fill=WHITE, outline=LINE, width=1)
    for i, (x, width) in enumerate(site_slots(box)):
        cx = x + width / 2
        s = L.SITE_HOUSE
        if i < 3:
            shop_space(image, draw, None, round(cx - s / 2), y0 + L.SITE_Y, s, WHITE)
            reward = shops[i] if i < len(shops) else {}
        else:
            trading_space(image, draw, None, round(cx - s * 0.65), y0 + L.SITE_Y, s, WHITE)
            reward = th
        draw_reward_centred(image, draw, reward, cx, y0 + L.SITE_Y + s + 3, L.SITE_REWARD, WHITE, width=width - 2)


def _draw_spaces(image: Image.Image, draw: ImageDraw.ImageDraw, y: int, title: str, spaces: list[Any],
                 icon: str) -> None:
    _label(image, y, L.SPACE_ROW_H - 10, title)
    for i, (need, reward) in enumerate(spaces):
        x0, y0, x1, y1 = L.slot_box(y, i, len(spaces), L.SPACE_ROW_H - 10)
        draw.rounded_rectangle((x0, y0, x1, y1), 8, fill=WHITE, outline=INK, width=2)
        s = 26
        if icon == "faith":
            m = s // 2
            polygon(draw, [(x0 + 6 + m, y0 + 6), (x0 + 6 + s, y0 + 6 + m), (x0 + 6 + m, y0 + 6 + s),
                           (x0 + 6, y0 + 6 + m)], SKY)
            put_text(image, (x0 + 6 + m, y0 + 6 + m), str(need), 16, INK, SKY, "mm", bold=True)
        else:
            draw_reward(image, draw, {"imported": 1}, x0 + 6, y0 + 6, s, WHITE)
            put_text(image, (x0 + 36, y0 + 6 + s / 2), f"×{need}", L.SMALL, INK, WHITE, "lm", bold=True)
        draw_reward_centred(image, draw, reward, (x0 + x1) / 2, y1 - 32, 24, WHITE, width=x1 - x0 - 8)


def _draw_bottom(image: Image.Image, draw: ImageDraw.ImageDraw, y: int) -> None:
    """The bottom band without its achievement cards (pasted by `printed_map`) and the Mercenaries' labels."""
    draw.rounded_rectangle((L.MARGIN, y, L.WIDTH - L.MARGIN, y + L.BOTTOM_H), 10, fill=PANEL)
    x = merc_x()
    put_text(image, (L.MARGIN + 10, y + 6), fit(_("Achievements (first / later)"), L.SMALL, x - L.MARGIN - 30, True),
             L.SMALL, INK, PANEL, bold=True)
    put_text(image, (x, y + 6), fit(_("Mercenaries left"), L.SMALL, L.WIDTH - L.MARGIN - x - 8, True), L.SMALL, INK,
             PANEL, bold=True)
    for i, country in enumerate(COUNTRY_ORDER):
        country_badge(image, draw, country, x + (i % 3) * MERC_STEP, y + 36 + (i // 3) * 34, 16, WHITE)


def _draw_achievement(image: Image.Image, draw: ImageDraw.ImageDraw, box: L.Box,
                      printed: tuple[str, str, tuple[int, int]]) -> None:
    """An achievement card (its id, its name, its points for the first and later claimers) in `box`."""
    _id, name, vp = printed
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), 8, fill=WHITE, outline=INK, width=2)
    put_text(image, (x0 + 8, y0 + 6), _id, 16, SOFT, WHITE, bold=True)
    lines = wrap(name, 18, x1 - x0 - 46)[:2]
    for k, line in enumerate(lines):
        put_text(image, (x0 + 38, y0 + 4 + 21 * k), line, 18, INK, WHITE)
    put_text(image, (x0 + 8, y1 - 18), _("{first} / {later} VP").format(first=vp[0], later=vp[1]), L.SMALL, INK,
             WHITE, "lm", bold=True)


def achievement_box(y: int, index: int) -> L.Box:
    w = 236
    x0 = L.MARGIN + 10 + index * (w + 8)
    return (x0, y + 34, x0 + w, y + L.BOTTOM_H - 8)


def merc_x() -> int:
    return L.MARGIN + 10 + 3 * (236 + 8) + 6


def _down(box: L.Box, dy: int) -> L.Box:
    x0, y0, x1, y1 = box
    return (x0, y0 + dy, x1, y1 + dy)


# ----- the marks ---------------------------------------------------------------------------------
def draw_map(view: dict[str, Any], names: Names = None, top: int = 0) -> Image.Image:
    """The palette image of the public map (any view: the map shows nothing hidden); `top` (a multiple of
    2): drawn that many rows down a taller picture, paper above, for a picture that puts something there
    (each coordinate moves by an even number, so every pixel is the one drawn at 0)."""
    if top % 2:
        raise ValueError("the map moves down by an even number of rows (a text at .5 rounds to even)")
    who = seat_names(view, names)
    with marked_by(who):
        return _draw_map(view, who, top)


def _draw_map(view: dict[str, Any], who: list[str], top: int) -> Image.Image:
    image = printed_map(view, top)
    draw = PAL.draw(image)
    rows = view["rows"]
    _header(image, view, who, top)
    _legend(image, draw, view, who, top)
    _track_marks(image, draw, view, top)
    acting_info = view.get("acting") or {}
    acting = acting_info.get("area")
    for area in view["areas"]:
        box = _down(L.area_box(rows, area["row"], area["col"]), top)
        token = area.get("power_token")
        if token is not None:
            x0, y0, x1, y1 = token_box(box, token["reward"])
            image.paste(token_sprite(token["reward"], x1 - x0, y1 - y0), (x0, y0))
        _area_marks(image, draw, box, area)
        if acting == area["id"]:
            draw.rounded_rectangle(box, 12, outline=INK, width=5)
            power = acting_info.get("power", "?")
            label = " " + (_("Power {n} (mercenary)").format(n=power) if acting_info.get("mercenary")
                           else _("Power {n}").format(n=power)) + " "
            put_text(image, (box[2] - 8, box[1] + L.PAWNS_Y - 4), label, 17, WHITE, INK, "rt", bold=True)
    _ports(image, view, top)
    _labs(image, view, top)
    y = top + L.spaces_y(rows, len(view["ports"]), len(view["labs"]))
    _space_marks(image, draw, y, view["church"])
    _space_marks(image, draw, y + L.SPACE_ROW_H, view["customs"])
    _bottom_marks(image, draw, view, top + L.bottom_y(rows, len(view["ports"]), len(view["labs"])))
    return image


def _header(image: Image.Image, view: dict[str, Any], who: list[str], top: int) -> None:
    if view.get("over"):
        status = _("Game over")
    elif view.get("stage") == "keep":
        status = _("Setup: everyone keeps 1 of 2 order cards")
    else:
        current = view.get("current")
        name = who[current] if current is not None and 0 <= current < len(who) else ""
        stage = str(view.get("stage_text", ""))
        status = _("{player} to play: {what}").format(player=name, what=stage) if name else stage
    final = (view.get("end") or {}).get("final_round")
    number = view["round"] if not view.get("over") else max(1, view["round"] - 1)
    if final is not None and not view.get("over"):
        title = _("Yokohama · round {n} (final: {final})").format(n=number, final=final)
    else:
        title = _("Yokohama · round {n}").format(n=number)
    w, _x = put_text(image, (L.MARGIN, top + (L.HEADER_H - 4) / 2), title, 26, INK, PANEL, "lm", bold=True)
    put_text(image, (L.WIDTH - L.MARGIN, top + (L.HEADER_H - 4) / 2), fit(status, L.TEXT, L.WIDTH - 3 * L.MARGIN - w),
             L.TEXT, INK, PANEL, "rm")


def _legend(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], who: list[str], top: int) -> None:
    seats = view["seats"]
    w = L.INNER // max(1, len(seats))
    for seat, info in enumerate(seats):
        x = L.MARGIN + seat * w
        y = top + L.LEGEND_Y + 4
        pawn(image, draw, seat, x, y + 2, 28)
        points = _("{n} VP").format(n=info["vp"])
        pw, _x = put_text(image, (x + w - 12, y + 16), points, L.TEXT, INK, PAPER, "rm", bold=True)
        put_text(image, (x + 34, y + 16), fit(who[seat], L.TEXT, w - 58 - pw, True), L.TEXT, INK, PAPER, "lm",
                 bold=view.get("current") == seat)
        if view.get("current") == seat and not view.get("over"):
            draw.line((x + 34, y + 33, x + w - 14, y + 33), fill=INK, width=3)


def _track_marks(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> None:
    line_y = top + L.TRACK_Y + L.TRACK_H - 26
    s = 24
    levels: list[list[int]] = [[], [], []]
    for seat in sorted(range(len(view["seats"])), key=lambda k: (view["seats"][k]["vp"], k)):
        vp = view["seats"][seat]["vp"]
        x = disc_x(vp)
        level = next((k for k, xs in enumerate(levels) if all(abs(x - other) >= s + 2 for other in xs)), 0)
        levels[level].append(x)
        y = line_y - 8 - s - level * (s + 2)
        pawn(image, draw, seat, x - s // 2, y, s)


def _area_marks(image: Image.Image, draw: ImageDraw.ImageDraw, box: L.Box, area: dict[str, Any]) -> None:
    x0, y0, x1, _x = box
    fill = _area_fill(area)
    x = x0 + 8
    for seat in area.get("presidents", []):
        president(image, draw, seat, x, y0 + L.MIDDLE_Y - 4, 30)
        x += 34
    if area.get("station"):
        room = max(40, x1 - x - 80)
        w, _x = put_text(image, (x + 2, y0 + L.MIDDLE_Y + 6), " " + fit(_("Station"), 17, room, True) + " ", 17, WHITE,
                         INK, bold=True)
        put_text(image, (x + 2 + w / 2, y0 + L.MIDDLE_Y + 28), fit(_("+1 Power"), 16, room + 20), 16, INK, fill, "mt")
    x = x0 + 6
    for seat_key, count in sorted(area.get("assistants", {}).items(), key=lambda kv: int(kv[0])):
        seat = int(seat_key)
        pawn(image, draw, seat, x, y0 + L.PAWNS_Y, L.PAWN)
        w, _x = put_text(image, (x + L.PAWN + 2, y0 + L.PAWNS_Y + L.PAWN / 2), str(count), L.TEXT, INK, fill, "lm",
                        bold=True)
        x += L.PAWN + w + 8
    site = area.get("site")
    if site is None:
        return
    slots = site_slots(box)
    s = L.SITE_HOUSE
    for i, shop in enumerate(site["shops"][:3]):
        if shop.get("seat") is not None:
            sx, width = slots[i]
            shop_space(image, draw, shop["seat"], round(sx + width / 2 - s / 2), y0 + L.SITE_Y, s, WHITE)
    owner = site["trading_house"].get("seat")
    if owner is not None:
        sx, width = slots[3]
        trading_space(image, draw, owner, round(sx + width / 2 - s * 0.65), y0 + L.SITE_Y, s, WHITE)


def _ports(image: Image.Image, view: dict[str, Any], top: int) -> None:
    rows = view["rows"]
    width = port_slots(view["ports"])
    for i, port in enumerate(sorted(view["ports"])):
        y = top + L.port_row_y(rows, i) + L.PORT_BAND
        for slot in view["ports"][port]:
            if slot.get("order") is None:
                continue
            x0, y0, x1, _x = L.slot_box(y, slot["slot"], width, L.PORT_CARD_H)
            card = order_card(slot["order"], x1 - x0)
            image.paste(card, (x0, y0 + (L.PORT_CARD_H - card.height) // 2))
    deck = _("deck {n}").format(n=view.get("order_deck", 0))
    put_text(image, (L.MARGIN, top + L.port_row_y(rows, len(view["ports"])) - 16), deck, 16, SOFT, PAPER, "lm")


def _labs(image: Image.Image, view: dict[str, Any], top: int) -> None:
    rows = view["rows"]
    base = top + L.labs_y(rows, len(view["ports"]))
    for i, lab in enumerate(sorted(view["labs"])):
        y = base + i * L.LAB_H
        slots = view["labs"][lab]
        for slot in slots:
            if slot.get("tech") is None:
                continue
            x0, y0, x1, y1 = L.slot_box(y, slot["slot"], len(slots), L.LAB_H - 12)
            card = tech_card(slot["tech"], slot.get("extra", 0), x1 - x0)
            image.paste(card, (x0, y0))
    deck = _("deck {n}").format(n=view.get("tech_deck", 0))
    put_text(image, (L.MARGIN, base + len(view["labs"]) * L.LAB_H - 16), deck, 16, SOFT, PAPER, "lm")


def _space_marks(image: Image.Image, draw: ImageDraw.ImageDraw, y: int, spaces: list[dict[str, Any]]) -> None:
    for space in spaces:
        seat = NEUTRAL if space.get("neutral") else space.get("seat")
        if seat is None:
            continue
        x0, y0, x1, _x = L.slot_box(y, space["space"], len(spaces), L.SPACE_ROW_H - 10)
        pawn(image, draw, seat, x1 - 34, y0 + 5, 28)


def _bottom_marks(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], y: int) -> None:
    for i, achievement in enumerate(view["achievements"]):
        x0, y0, x1, y1 = achievement_box(y, i)
        x = x1 - 6
        for seat in reversed(achievement.get("claimed", [])):
            x -= 26
            pawn(image, draw, seat, x, y1 - 30, 24)
    x = merc_x()
    supply = view.get("mercenary_supply", {})
    for i, country in enumerate(COUNTRY_ORDER):
        bx = x + (i % 3) * MERC_STEP + MERC_BADGE + 4
        put_text(image, (bx, y + 36 + (i // 3) * 34 + 12), f"×{supply.get(country, 0)}", L.SMALL, INK, PANEL, "lm",
                 bold=True)
    tokens = sum(1 for a in view["areas"] if a.get("power_token") is not None)
    put_text(image, (x, y + L.BOTTOM_H - 22), fit(_("5-Power tokens left: {n}").format(n=tokens), L.SMALL,
                                                  L.WIDTH - L.MARGIN - x - 8), L.SMALL, INK, PANEL, "lm")
