"""The public picture of a round: its three dice-and-card sets (die colour and face, employment card).

Roll & Write hides nothing, and this picture uses only the public part of the view
(round, sets, areas, start player, who still owes), so it can go in the channel.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from i18n import N_, _
from rendering.rollwrite.canvas import (
    DIE_FACES,
    DIM,
    INK,
    LINE,
    PANEL,
    PAPER,
    RED,
    SOFT,
    WHITE,
    fit,
    new_canvas,
    put_text,
    wrap,
)
from rendering.rollwrite.icons import bonus_width, draw_bonus_centred
from rendering.rollwrite.labs import PANEL_H as LABS_H
from rendering.rollwrite.labs import draw_labs

WIDTH = 1100
HEIGHT = 620
MARGIN = 24
PANEL_W = 340
PANEL_Y = 110
PANEL_H = 470
DIE = 120
PIPS: dict[int, list[tuple[int, int]]] = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


#: Each set's title by its die's colour (the engine's colour names: white, gray, black).
DIE_COLOURS = {"white": N_("Set {n} · white die"), "gray": N_("Set {n} · gray die"), "black": N_("Set {n} · black die")}

def draw_die(draw: ImageDraw.ImageDraw, x: int, y: int, size: int, face: int, colour: str) -> None:
    """A die with pips: the face colour says which set it is, the pips read the same for everyone."""
    fill = DIE_FACES[colour]
    pip = WHITE if colour == "black" else INK
    draw.rounded_rectangle((x, y, x + size, y + size), size // 7, fill=fill, outline=INK, width=4)
    step = size / 4
    r = size / 11
    for px, py in PIPS.get(face, []):
        cx, cy = x + step * (px + 1), y + step * (py + 1)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pip)


def sets_height(view: dict[str, Any]) -> int:
    """The picture's height: the three sets, and under them the laboratories' 12 technologies in play."""
    return HEIGHT + (LABS_H if view.get("labs") and not view["over"] else 0)


def draw_sets(view: dict[str, Any]) -> Image.Image:
    """The table: the round's three sets and, under them, the 12 technologies in play (all sheets are open,
    so each player's own technologies are on their sheet)."""
    image, draw = new_canvas(WIDTH, sets_height(view))
    if sets_height(view) > HEIGHT:
        draw_labs(image, view["labs"], None, top=HEIGHT - 12)
    if view["over"]:
        title = _("The game is over")
    elif view["round"] < 1:
        title = _("Setting up")
    else:
        title = _("Round {round} of {rounds} · the three sets").format(round=view["round"], rounds=view["rounds"])
    side = _("side {side}").format(side=view["side"])
    side_w, _h = put_text(image, (WIDTH - MARGIN, 22), fit(side, 24, 200), 24, SOFT, PAPER, "rt")
    put_text(image, (MARGIN, 14), fit(title, 36, WIDTH - 2 * MARGIN - side_w - 24, True), 36, INK, PAPER, bold=True)
    put_text(image, (MARGIN, 62), fit(_subtitle(view), 24, WIDTH - 2 * MARGIN), 24, SOFT, PAPER)
    areas = {a["row"]: a["name"] for a in view["areas"]}
    for s in view["sets"]:
        _draw_set(image, draw, s, areas)
    return image


def _subtitle(view: dict[str, Any]) -> str:
    parts = []
    if view.get("start_player") is not None:
        parts.append(_("Start player: {player}").format(player=_("Player {n}").format(n=view["start_player"] + 1)))
    waiting = [_("Player {n}").format(n=seat["seat"] + 1) for seat in view["seats"] if seat["owes"]]
    if waiting and len(view["seats"]) > 1:
        parts.append(_("waiting for {players}").format(players=", ".join(waiting)))
    return " · ".join(parts) or _("Choose one set, record its employees, then take your actions.")


def _draw_set(image: Image.Image, draw: ImageDraw.ImageDraw, s: dict[str, Any], areas: dict[int, str]) -> None:
    x = MARGIN + s["index"] * (PANEL_W + 18)
    taken = s["taken_by_start_player"]
    bg = DIM if taken else PANEL
    draw.rounded_rectangle((x, PANEL_Y, x + PANEL_W, PANEL_Y + PANEL_H), 16, fill=bg, outline=LINE, width=2)
    colour = DIE_COLOURS.get(s["colour"])
    label = (_(colour).format(n=s["index"] + 1) if colour
             else _("Set {n} · {colour} die").format(n=s["index"] + 1, colour=s["colour"]))
    put_text(image, (x + 16, PANEL_Y + 12), fit(label, 26, PANEL_W - 32, True), 26, INK, bg, bold=True)
    draw_die(draw, x + 16, PANEL_Y + 56, DIE, s["die"], s["colour"])
    put_text(image, (x + DIE + 32, PANEL_Y + 62), fit(_("die {n}").format(n=s["die"]), 30, PANEL_W - DIE - 44, True),
             30, INK, bg, bold=True)
    area = areas.get(s["die"], "")
    put_text(image, (x + DIE + 32, PANEL_Y + 102), fit(area, 24, PANEL_W - DIE - 44), 24, INK, bg)
    put_text(image, (x + DIE + 32, PANEL_Y + 134), fit(_("(row {n})").format(n=s["die"]), 22, PANEL_W - DIE - 44), 22,
             SOFT, bg)

    cy = PANEL_Y + 196
    card = (x + 16, cy, x + PANEL_W - 16, PANEL_Y + PANEL_H - 16)
    draw.rounded_rectangle(card, 12, fill=WHITE, outline=INK, width=2)
    put_text(image, (x + 34, cy + 10), str(s["card"]["number"]), 72, INK, WHITE, bold=True)
    put_text(image, (x + 90, cy + 22), fit(_("employees"), 24, PANEL_W - 122), 24, INK, WHITE)
    put_text(image, (x + 90, cy + 52), fit(_("to record"), 22, PANEL_W - 122), 22, SOFT, WHITE)
    put_text(image, (x + 34, cy + 104), fit(_("card action"), 22, PANEL_W - 66), 22, SOFT, WHITE)
    action = s["card"]["action"]
    size = 34 if bonus_width(action, 34) <= PANEL_W - 60 else 26
    draw_bonus_centred(image, draw, action, x + PANEL_W / 2, cy + 136, size, WHITE)
    lines = wrap(s["card"]["action_text"], 22, PANEL_W - 56)
    for k, line in enumerate(lines[:2]):
        text = fit(line + (" ..." if k == 1 and len(lines) > 2 else ""), 22, PANEL_W - 56)
        put_text(image, (x + PANEL_W / 2, cy + 136 + size + 8 + 28 * k), text, 22, INK, WHITE, "mt")
    if taken:
        band = (x + 10, PANEL_Y + 166, x + PANEL_W - 10, PANEL_Y + 200)
        draw.rounded_rectangle(band, 8, fill=RED)
        taken_by = fit(_("taken by the start player"), 22, PANEL_W - 40, True)
        put_text(image, (x + PANEL_W / 2, PANEL_Y + 183), taken_by, 22, WHITE, RED, "mm", True)
