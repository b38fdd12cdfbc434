"""The picture a turn post leads with: readable on a phone without zooming, the same for every game.

Discord shows a picture about 390 px wide on a phone, so a 1200-px-wide board's text and icons
shrink to a third: a map's labels become 4-7 px. The lead picture carries only what a glance needs,
in text at least `MIN_TEXT` px (11 px at 390 px): whose turn it is, what the last turn did (the
turn's story, the same words as the post's text), and everyone's score; the full board follows one
tap away. Every game builds its `LeadSeat`s from its view and calls `draw_lead`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from i18n import _
from rendering.kit.colours import (
    BLUE,
    GOLD,
    GOOD_COLOURS,
    GREEN,
    HIGHLIGHT,
    INK,
    LINE,
    ORANGE,
    PANEL,
    PAPER,
    RGB,
    SILVER,
    SKY,
    SOFT,
    WHITE,
    YELLOW,
)
from rendering.kit.encode import sent_often
from rendering.kit.fonts import fit, text_width, wrap
from rendering.kit.icons import polygon
from rendering.kit.palette import Palette
from rendering.kit.plain import plain

WIDTH = 1200
MARGIN = 36
#: The smallest text on a lead picture: 34 px at 1200 px wide is 11 px on a 390-px phone screen.
MIN_TEXT = 34
TITLE = 44
NAME = 42
TEXT = 36
ROW_H = 72
STORY_LINES = 5
#: Seat colours any game may use (each game's own cues), so one palette serves every lead picture.
SEAT_COLOURS: tuple[RGB, ...] = (ORANGE, BLUE, GOLD, GREEN, SKY, YELLOW, SILVER, WHITE)
#: One palette for the lead pictures and the compact own views (`rendering.kit.own`): one text-sprite cache for
#: both, within one memory budget. The goods' colours (last) serve the own views' lettered goods.
PALETTE = Palette(
    (PAPER, PANEL, INK, SOFT, LINE, WHITE, HIGHLIGHT, *SEAT_COLOURS, *GOOD_COLOURS.values()),
    (
        (INK, PAPER), (SOFT, PAPER), (INK, PANEL), (SOFT, PANEL), (INK, HIGHLIGHT), (SOFT, HIGHLIGHT), (INK, WHITE),
        (WHITE, ORANGE), (WHITE, BLUE), (WHITE, GREEN), (INK, GOLD), (INK, SKY), (INK, YELLOW), (INK, SILVER),
        (WHITE, INK), *((WHITE, c) for c in GOOD_COLOURS.values()),
    ),
    steps=3,  # three in-between shades keep 34-px text smooth and cost 5 % fewer bytes than five
)  # fmt: skip


@dataclass(frozen=True)
class LeadSeat:
    """One player as the lead picture shows them: name, the mark on their pieces, their cues, their score."""

    name: str
    mark: str
    colour: RGB
    shape: str  # circle, square, triangle or diamond: the second cue besides the colour
    score: int
    acting: bool = False
    mark_colour: RGB = INK


@dataclass(frozen=True)
class Lead:
    """What a lead picture (and its alt text) says: the game, the status line, the seats, and what "Next"
    says when nobody is to act."""

    title: str
    status: str
    seats: Sequence[LeadSeat]
    next_note: str = ""


#: Discord's longest attachment description.
ALT_TEXT_LIMIT = 1024


def describe(lead: Lead, story: str = "", limit: int = ALT_TEXT_LIMIT) -> str:
    """Alt text for a screen reader: the game and status, whose turn, the scores, what just happened (plain
    text, at most `limit` characters: the story is cut first)."""
    acting = [seat.name for seat in lead.seats if seat.acting]
    nxt = _(" and ").join(acting) if acting else lead.next_note
    text = _("{game}: {status}.").format(game=plain(lead.title), status=plain(lead.status).rstrip(".。"))
    if nxt:
        text += " " + _("Next: {players}.").format(players=plain(nxt))
    if lead.seats:
        text += " " + _("Scores: {scores}.").format(
            scores=", ".join(f"{plain(seat.name)} {seat.score}" for seat in lead.seats))
    told = " ".join(plain(story).split())
    if told:
        text += " " + _("Last turn: {story}").format(story=told)
    if len(text) > limit:
        text = text[: limit - 3].rstrip() + "..."
    return text


def seat_piece(image: Image.Image, draw: ImageDraw.ImageDraw, seat: LeadSeat, x: int, y: int, s: int) -> None:
    """The seat's piece: its shape in its colour with its mark, as on the board."""
    box = (x, y, x + s - 1, y + s - 1)
    cy = y + s / 2
    if seat.shape == "square":
        draw.rectangle(box, fill=seat.colour, outline=INK, width=3)
    elif seat.shape == "triangle":
        polygon(draw, [(x, y), (x + s - 1, y), (x + s / 2, y + s - 1)], seat.colour, width=3)
        cy = y + s * 0.36
    elif seat.shape == "diamond":
        m = s / 2
        polygon(draw, [(x + m, y), (x + s - 1, y + m), (x + m, y + s - 1), (x, y + m)], seat.colour, width=3)
    else:
        draw.ellipse(box, fill=seat.colour, outline=INK, width=3)
    PALETTE.put_text(image, (x + s / 2, cy), seat.mark, MIN_TEXT, seat.mark_colour, seat.colour, "mm", bold=True)


def _story_lines(story: str, most: int = STORY_LINES) -> list[str]:
    lines: list[str] = []
    for paragraph in story.splitlines():
        lines += wrap(paragraph.strip(), TEXT, WIDTH - 2 * MARGIN)
    if len(lines) > most:
        rest = " ".join(lines[most - 1:])
        lines = lines[: most - 1] + [fit(rest, TEXT, WIDTH - 2 * MARGIN)]
    return lines


def lead_height(seats: Sequence[LeadSeat], story: str, story_lines: int | None = None) -> int:
    if story_lines is not None:
        story_h = 56 + story_lines * 46
    else:
        story_h = (56 + len(_story_lines(story)) * 46) if story.strip() else 0
    return 120 + 96 + story_h + 64 + len(seats) * ROW_H + MARGIN


def draw_lead(lead: Lead, story: str = "", story_lines: int | None = None) -> Image.Image:
    """The lead picture: `title` and `status` ("Round 3 of 4 · turn 2 of 4"), whose turn it is (the seats
    marked acting, or `next_note` when nobody is), the last turn's `story`, and the scores. With `story_lines`
    the story always takes that many lines (cut to fit), so that every frame of a replay has one height."""
    title, status, seats, next_note = lead.title, lead.status, lead.seats, lead.next_note
    image, draw = PALETTE.canvas(WIDTH, lead_height(seats, story, story_lines))
    put = PALETTE.put_text
    draw.rectangle((0, 0, WIDTH, 112), fill=PANEL)
    put(image, (MARGIN, 10), fit(title, TITLE, WIDTH - 2 * MARGIN, True), TITLE, INK, PANEL, bold=True)
    put(image, (MARGIN, 64), fit(status, TEXT, WIDTH - 2 * MARGIN), TEXT, SOFT, PANEL)
    y = 120
    acting = [s for s in seats if s.acting]
    draw.rounded_rectangle((MARGIN - 12, y, WIDTH - MARGIN + 12, y + 84), 14, fill=HIGHLIGHT)
    label_w, _h = put(image, (MARGIN, y + 42), fit(_("Next:"), NAME, 320, True), NAME, INK, HIGHLIGHT, "lm",
                      bold=True)
    x = MARGIN + label_w + 18
    if acting:
        room = (WIDTH - MARGIN - x) // len(acting)
        for seat in acting:
            seat_piece(image, draw, seat, x, y + 42 - 28, 56)
            name_w, _h = put(image, (x + 68, y + 42), fit(seat.name, NAME, room - 90, True), NAME, INK, HIGHLIGHT, "lm",
                            bold=True)  # fmt: skip
            x += 68 + name_w + 30
    else:
        put(image, (x, y + 42), fit(next_note or _("nobody"), NAME, WIDTH - MARGIN - x, True), NAME, INK, HIGHLIGHT,
            "lm", bold=True)  # fmt: skip
    y += 96
    if story.strip() or story_lines is not None:
        if story.strip():
            put(image, (MARGIN, y + 4), fit(_("Last turn"), TEXT, WIDTH - 2 * MARGIN, True), TEXT, SOFT, PAPER,
                bold=True)
        y += 56
        lines = _story_lines(story, story_lines or STORY_LINES)
        for line in lines:
            put(image, (MARGIN, y), line, TEXT, INK, PAPER)
            y += 46
        y += 46 * max(0, (story_lines or 0) - len(lines))
    draw.line((MARGIN, y + 14, WIDTH - MARGIN, y + 14), fill=LINE, width=2)
    put(image, (MARGIN, y + 20), fit(_("Scores"), TEXT, WIDTH - 2 * MARGIN, True), TEXT, SOFT, PAPER, bold=True)
    y += 64
    for seat in seats:
        bg = HIGHLIGHT if seat.acting else PAPER
        if seat.acting:
            draw.rounded_rectangle((MARGIN - 12, y, WIDTH - MARGIN + 12, y + ROW_H - 8), 12, fill=bg)
        seat_piece(image, draw, seat, MARGIN, y + (ROW_H - 8) // 2 - 26, 52)
        score = _("{n} VP").format(n=seat.score)
        score_w = text_width(score, NAME, True)
        put(image, (WIDTH - MARGIN, y + (ROW_H - 8) / 2), score, NAME, INK, bg, "rm", bold=True)
        name = fit(seat.name, NAME, WIDTH - 2 * MARGIN - 80 - score_w - 24, seat.acting)
        put(image, (MARGIN + 70, y + (ROW_H - 8) / 2), name, NAME, INK, bg, "lm", bold=seat.acting)
        y += ROW_H
    return sent_often(image)  # one with every turn post: its bytes count more than 2 ms of zlib
