"""The board picture: the public table (`draw_board`), drawn from a view and nothing else.

The never-changing artwork (frames, Area names and effects, section titles, Chinatown's prices,
labels of the player panels) is drawn once in RGB, mapped onto the palette and cached; a turn's
picture is a copy of it with the marks of the moment: Power cards, buildings, the Station, the
face-up cards, counts and the players' supplies, all as shapes and cached text sprites.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from PIL import Image, ImageDraw

from i18n import N_, _, current_locale, labelled, ngettext
from rendering.duel import layout as L
from rendering.duel.palette import (
    PALETTE,
    SEAT_COLOURS,
    SEAT_SOFT,
    put_text,
    seat_marker,
    seat_token,
)
from rendering.kit import fit, text_width, wrap
from rendering.kit.colours import (
    BROWN,
    DIM,
    HIGHLIGHT,
    INK,
    LINE,
    PANEL,
    PAPER,
    RED,
    RGB,
    SOFT,
    WHITE,
)
from rendering.kit.icons import good_square, house
from rendering.kit.marks import initials

GOODS = ("tea", "fish", "silk", "copper")
#: What each Area does, as printed on the board (the rulebook's tables, Power 1..5+).
#: (what it gives, by Power 1..5: the numbers are printed as they are, the words translated, and the note).
AREA_EFFECTS: dict[str, tuple[str, str, str]] = {
    "tea": (N_("Tea"), "1 2 3 4 5", ""),
    "fishing": (N_("Fish"), "1 2 3 4 5", ""),
    "silk": (N_("Silk"), "- 1 2 3 4", ""),
    "copper": (N_("Copper"), "- - 1 2 3", ""),
    "church": (N_("Faith"), "1 2 3 4 5", N_("+1 per token paid")),
    "customs": (N_("Flip"), "- 1 2 3 4", ""),
    "port": (N_("Draw"), "1 2 3 4 5", ""),
    "chinatown": (N_("exchanges"), "1-5", N_("prices below")),
    "bank": ("¥", "1 2 3 4 5", ""),
    "lab": (N_("Production"), "1-5", ""),
}
#: Chinatown's printed prices in ¥ (a view may carry its own as `chinatown_prices`).
CHINATOWN_PRICES: dict[str, int] = {"copper": 2, "silk": 1, "fish": 2, "tea": 1}
IMPORTED_PRICE = 4
PLAYER_LABELS = (
    N_("Money"), N_("Goods"), N_("Imported"), N_("Power cards"), N_("Extra Power"), N_("Agents"), N_("Shops"),
    # TRANSLATORS: short for Trading Houses (a label in a narrow column of the Duel's player panel).
    N_("Trading Hs."), N_("Technologies"), "", N_("Orders"), N_("Church"),
)  # fmt: skip
LABEL_W = 150
#: The widest a section title may be (the note after it takes the rest of the line).
TITLE_ROOM = 420
GOOD_NAMES = {"tea": N_("Tea"), "fish": N_("Fish"), "silk": N_("Silk"), "copper": N_("Copper"),
              "imported": N_("Imported")}


def seat_names(view: dict[str, Any], names: list[str] | str | None) -> list[str]:
    """Display names by seat; "Player n" only where none is given. A single name (the older
    `picture(view, name)` call) names the viewer's seat."""
    count = len(view.get("players", [])) or 2
    if isinstance(names, str):
        viewer = view.get("viewer")
        given = [names if s == viewer else "" for s in range(count)]
    else:
        given = list(names or [])
    return [given[s] if s < len(given) and given[s] else _("Player {n}").format(n=s + 1) for s in range(count)]


def reward_words(reward: dict[str, int]) -> str:
    """A card's reward in words ("¥3, 1 Tea, +1 Extra Power"), from its data rather than its label."""
    words = []
    for key, n in reward.items():
        if key == "yen":
            words.append(f"¥{n}")
        elif key in GOOD_NAMES:
            words.append(f"{n} {_(GOOD_NAMES[key])}")
        elif key == "flip":
            words.append(_("flip {n} Imported").format(n=n))
        elif key == "orders":
            words.append(ngettext("draw {n} Order", "draw {n} Orders", n).format(n=n))
        elif key in ("extra1", "extra2"):
            words.append(f"{n if n != 1 else ''}+{key[-1]} {_('Extra Power')}".strip())
        else:
            words.append(f"{n} {key}")
    return ", ".join(words)


# ----- the static artwork ------------------------------------------------------------------
def static_key(view: dict[str, Any]) -> tuple[Any, ...]:
    """The printed part of the board, as a cache key: the Areas, Chinatown's prices and the language."""
    areas = tuple((a["id"], a["name"], bool(a.get("never_used"))) for a in view["areas"])
    prices = tuple(sorted((view.get("chinatown_prices") or CHINATOWN_PRICES).items()))
    return areas, prices, current_locale.get()


@functools.lru_cache(maxsize=4)
def static_board(key: tuple[Any, ...]) -> Image.Image:
    """The empty board as a palette image; drawn once per distinct printed board."""
    areas, prices, _locale = key
    image, draw = PALETTE.canvas(L.WIDTH, L.BOARD_H, "RGB")
    draw.rectangle((0, 0, L.WIDTH, L.HEADER_H - 6), fill=PANEL)
    put_text(image, (L.MARGIN, 12), _("Yokohama Duel"), 30, INK, PANEL, bold=True)
    for index, (area_id, area_name, never_used) in enumerate(areas):
        x0, y0, x1, y1 = L.area_box(index)
        draw.rounded_rectangle((x0, y0, x1, y1), 10, fill=WHITE, outline=LINE, width=2)
        draw.rounded_rectangle((x0, y0, x1, y0 + L.AREA_BAND), 10, fill=PANEL, outline=LINE, width=2)
        draw.rectangle((x0 + 2, y0 + L.AREA_BAND - 10, x1 - 2, y0 + L.AREA_BAND - 1), fill=PANEL)
        put_text(image, (x0 + 10, y0 + L.AREA_BAND / 2), fit(area_name, L.TEXT, x1 - x0 - 20, True), L.TEXT, INK, PANEL,
                 "lm", bold=True)  # fmt: skip
        word, numbers, note = AREA_EFFECTS.get(area_id, ("", "", ""))
        effect = f"{_(word)} {numbers}" if word else ""
        note = _(note) if note else ""
        put_text(image, (x0 + 10, y0 + L.AREA_BAND + 4), fit(effect, L.SMALL, x1 - x0 - 16), L.SMALL, SOFT, WHITE)
        if never_used:
            note = _("never Used")
        if note:
            put_text(image, (x0 + 10, y0 + L.AREA_BAND + 28), fit(note, L.SMALL, x1 - x0 - 16), L.SMALL, SOFT,
                     WHITE)  # fmt: skip
    column = L.COLUMN_W - 8
    put_text(image, (L.MARGIN, L.TECH_TITLE_Y), fit(_("Technologies"), L.TITLE, TITLE_ROOM, True), L.TITLE, INK,
             PAPER, bold=True)  # fmt: skip
    put_text(image, (L.MARGIN, L.BONUS_TITLE_Y), fit(_("Power Bonus"), L.TITLE, TITLE_ROOM, True), L.TITLE, INK,
             PAPER, bold=True)  # fmt: skip
    put_text(image, (L.column_x(3), L.BONUS_TITLE_Y), fit(_("Chinatown"), L.TITLE, column, True), L.TITLE, INK,
             PAPER, bold=True)  # fmt: skip
    put_text(image, (L.column_x(4), L.BONUS_TITLE_Y), fit(_("Supply"), L.TITLE, column, True), L.TITLE, INK, PAPER,
             bold=True)  # fmt: skip
    put_text(image, (L.MARGIN, L.CHURCH_TITLE_Y), fit(_("Church cards"), L.TITLE, TITLE_ROOM, True), L.TITLE, INK,
             PAPER, bold=True)  # fmt: skip
    # Chinatown's prices
    x0, y0, x1, y1 = L.bonus_box(3)
    draw.rounded_rectangle((x0, y0, x1, y1), 10, fill=WHITE, outline=LINE, width=2)
    for i, (good, price) in enumerate(sorted(dict(prices).items(), key=lambda gp: GOODS.index(gp[0]))):
        y = y0 + 8 + i * 24
        if good in GOODS:
            good_square(PALETTE, image, draw, good, x0 + 10, y, 20)
        word = _(GOOD_NAMES[good]) if good in GOOD_NAMES else good
        price_line = fit(f"{word} <-> ¥{price}", L.SMALL, x1 - x0 - 46)
        put_text(image, (x0 + 38, y + 10), price_line, L.SMALL, INK, WHITE, "lm")
    put_text(image, (x0 + 10, y0 + 8 + 4 * 24 + 10), fit(f"{_('Imported')} <- ¥{IMPORTED_PRICE}", L.SMALL,
                                                             x1 - x0 - 18), L.SMALL, INK, WHITE, "lm")  # fmt: skip
    # the supply's labels
    x0, y0, x1, y1 = L.bonus_box(4)
    draw.rounded_rectangle((x0, y0, x1, y1), 10, fill=WHITE, outline=LINE, width=2)
    for i, label in enumerate((_("Extra +1"), _("Extra +2"), _("Agents"), _("Orders"), _("Bonus deck"))):
        put_text(image, (x0 + 10, y0 + 16 + i * 25), fit(label, L.SMALL, x1 - x0 - 60), L.SMALL, SOFT, WHITE, "lm")
    # the player panels' frames and labels
    for seat in (0, 1):
        x0, y0, x1, y1 = L.player_box(seat)
        draw.rounded_rectangle((x0, y0, x1, y1), 12, fill=SEAT_SOFT[seat], outline=INK, width=2)
        draw.rounded_rectangle((x0, y0, x1, y0 + L.PLAYER_HEAD), 12, fill=SEAT_COLOURS[seat], outline=INK, width=2)
        for line, label in enumerate(PLAYER_LABELS):
            if label:
                x, y = L.player_line(seat, line)
                put_text(image, (x, y), fit(_(label), L.SMALL, LABEL_W - 6), L.SMALL, SOFT, SEAT_SOFT[seat], "lm")
    legend = _("Power cards: grey = played this round, * = upgraded. Circle: first seat, square: second seat.")
    put_text(image, (L.MARGIN, L.PLAYERS_Y + L.PLAYER_H + 6), fit(legend, L.SMALL, L.WIDTH - 2 * L.MARGIN), L.SMALL,
             SOFT, PAPER)  # fmt: skip
    return PALETTE.quantize(image)


# ----- the marks of the moment -------------------------------------------------------------
def pending_text(view: dict[str, Any], names: list[str]) -> str:
    """Who owes what now, in words (public: no hidden card is named)."""
    pending = view.get("pending") or {}
    step = pending.get("step", "")
    if view.get("phase") == "over":
        return _("The game is over.")
    if step == "setup":
        return _("Setup: each player keeps 2 of 3 Order cards.")
    if step == "upgrade":
        return _("End of round {round}: upgrading Power cards.").format(round=view.get("round"))
    where = pending.get("area_name")
    technology = (pending.get("technology") or {}).get("name")
    what = {
        "area": _("choose an Area"),
        "end_or_free": _("free actions or end the turn"),
        "bonus": _("take a Power Bonus card (Power {power})").format(power=pending.get("power")),
        "build": _("may build a Shop or Trading House at {area}").format(area=where),
        "exchange": _("exchanges at Chinatown ({n} left)").format(n=pending.get("exchanges_left")),
        "faith": _("Church: pay for Faith {n}").format(n=pending.get("faith_needed")),
        "pay": _("Laboratory: pay for {technology}").format(technology=technology) if technology
        else _("Laboratory: pay for a Technology"),
        "keep": _("Port: keep Order cards ({n} drawn)").format(n=pending.get("drawn_count")),
        "keep2": _("Port: pay to keep a second Order card"),
        "bottom": _("Port: put the other cards at the bottom"),
    }.get(step, step.replace("_", " "))
    if "discard_for" in pending:
        seat = pending["discard_for"]
        return _("{player} must discard an Extra Power card (more than 4).").format(player=names[seat])
    acting = view.get("to_act") or []
    who = _(" and ").join(names[s] for s in acting if 0 <= s < len(names)) or _("nobody")
    return labelled(who, what)


def draw_board(view: dict[str, Any], names: list[str] | str | None = None, height: int = L.BOARD_H,
               top: int = 0) -> Image.Image:  # fmt: skip
    """The public board of `view` (any viewer: only public fields are read), `height` px tall; `top` (even):
    drawn that many rows down a taller picture, paper above, for a picture that puts something there (every
    coordinate moves by an even number, so every pixel is the one drawn at 0; no copy of the board)."""
    if top % 2:
        raise ValueError("the board moves down by an even number of rows (a text at .5 rounds to even)")
    people = seat_names(view, names)
    printed = static_board(static_key(view))
    if top == 0 and height == printed.height:
        image = printed.copy()  # no blank canvas filled first only to be pasted over
    else:
        image, _x = PALETTE.canvas(L.WIDTH, top + height)
        image.paste(printed, (0, top))
    draw = PALETTE.draw(image)
    _header(image, draw, view, people, top)
    for index, area in enumerate(view["areas"][:10]):
        _area(image, draw, area, _down(L.area_box(index), top), people)
    _technologies(image, draw, view, top)
    _bonus_and_supply(image, draw, view, top)
    _church_row(image, draw, view, top)
    for seat, player in enumerate(view["players"][:2]):
        _player(image, draw, view, seat, player, people, top)
    return image


def _down(box: L.Box, dy: int) -> L.Box:
    x0, y0, x1, y1 = box
    return (x0, y0 + dy, x1, y1 + dy)


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], top: int) -> None:
    turn = view.get("turns_done_in_round", 0) // 2 + 1
    right = _("Round {round} of {rounds} · turn {turn} of {turns}").format(
        round=view.get("round"), rounds=view.get("rounds", 4), turn=min(turn, 4), turns=4)
    room = L.WIDTH - 2 * L.MARGIN - text_width(_("Yokohama Duel"), 30, True) - 24
    put_text(image, (L.WIDTH - L.MARGIN, top + 14), fit(right, L.TITLE, room, True), L.TITLE, INK, PANEL, "rt",
             bold=True)  # fmt: skip
    text = fit(pending_text(view, names), L.TEXT, L.WIDTH - 2 * L.MARGIN - 40)
    acting = [s for s in view.get("to_act") or [] if s in (0, 1)]
    x = L.MARGIN
    for seat in acting:
        seat_marker(image, draw, seat, initials(names)[seat], x, top + 52, 28)
        x += 34
    put_text(image, (x + 4, top + 66), text, L.TEXT, INK, PANEL, "lm")


def _area(image: Image.Image, draw: ImageDraw.ImageDraw, area: dict[str, Any], box: L.Box, names: list[str]) -> None:
    x0, y0, x1, y1 = box
    if area.get("used"):
        draw.rectangle((x0 + 3, y0 + L.AREA_BAND + 56, x1 - 3, y1 - 10), fill=DIM)
        put_text(image, (x1 - 10, y0 + L.AREA_BAND + 60), fit(_("USED"), L.SMALL, x1 - x0 - 20, True), L.SMALL, RED,
                 DIM, "rt", bold=True)  # fmt: skip
        bg = DIM
    else:
        bg = WHITE
    # Power cards played here this round, in the order played
    y = y0 + L.AREA_BAND + 62
    cards = area.get("power_cards", [])
    pitch = 48 if len(cards) <= 3 else 34
    for i, card in enumerate(cards[:5]):
        seat_token(image, draw, card["seat"], str(card["value"]), x0 + 8 + i * pitch, y, 44, 34)
    # buildings: each seat's Shop (a house in the seat's colour), the Trading House (with a door)
    y = y0 + L.AREA_BAND + 104
    x = x0 + 8
    for seat in area.get("shops", []):
        house(draw, x, y, 36, SEAT_COLOURS[seat % 2])
        put_text(image, (x + 18, y + 24), initials(names)[seat % 2], 15, INK, SEAT_COLOURS[seat % 2], "mm", bold=True)
        x += 42
    owner = area.get("trading_house")
    if owner is not None:
        house(draw, x1 - 62, y - 6, 48, BROWN)
        seat_marker(image, draw, owner % 2, initials(names)[owner % 2], x1 - 51, y + 14, 26)
        # TRANSLATORS: short for Trading House, beside its picture on a Duel area (2-3 letters).
        put_text(image, (x1 - 70, y + 18), _("TH"), L.SMALL, SOFT, bg, "rm", bold=True)
    if area.get("station"):
        draw.rounded_rectangle((x0 + 6, y1 - 36, x1 - 6, y1 - 6), 8, fill=INK)
        put_text(image, ((x0 + x1) / 2, y1 - 21), fit(_("STATION +1"), L.SMALL, x1 - x0 - 20, True), L.SMALL, WHITE,
                 INK, "mm", bold=True)  # fmt: skip


def _after(title: str) -> int:
    """Where the text after a section title starts."""
    return L.MARGIN + text_width(fit(title, L.TITLE, TITLE_ROOM, True), L.TITLE, True) + 12


def _card(draw: ImageDraw.ImageDraw, box: L.Box, fill: RGB = WHITE) -> None:
    draw.rounded_rectangle(box, 10, fill=fill, outline=LINE, width=2)


def _lines(image: Image.Image, x: int, y: int, text: str, width: int, rows: int, bg: RGB, fg: RGB = INK) -> int:
    """Wrapped text, at most `rows` lines (the last cut with '...'); returns the y below it."""
    lines = list(wrap(text, L.SMALL, width))
    if len(lines) > rows:
        lines = lines[: rows - 1] + [fit(" ".join(lines[rows - 1 :]), L.SMALL, width)]
    for line in lines:
        put_text(image, (x, y), line, L.SMALL, fg, bg)
        y += 24
    return y


def _technologies(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> None:
    deck = _("face up · deck {n}").format(n=view.get("technology_deck", 0))
    x = _after(_("Technologies"))
    put_text(image, (x, top + L.TECH_TITLE_Y + 4), fit(deck, L.SMALL, L.WIDTH - L.MARGIN - x), L.SMALL, SOFT, PAPER)
    for i, tech in enumerate(view.get("technologies", [])[:5]):
        stamp_card(image, _down(L.tech_box(i), top), tech, _tech_card)


def stamp_card(image: Image.Image, box: L.Box, card: dict[str, Any],
               draw: Callable[[Image.Image, ImageDraw.ImageDraw, dict[str, Any], L.Box], None],
               bg: RGB = PAPER, *key: Any) -> None:  # fmt: skip
    """A face-up card at `box`: drawn once per printed card (and `key`) and pasted after (`Palette.stamp`)."""
    printed = (draw.__name__, tuple(sorted((k, repr(v)) for k, v in card.items())), current_locale.get(), *key)
    PALETTE.stamp(image, box, printed, lambda im, pen, at: draw(im, pen, card, at), bg)


def _tech_card(image: Image.Image, draw: ImageDraw.ImageDraw, tech: dict[str, Any], box: L.Box) -> None:
    x0, y0, x1, y1 = box
    _card(draw, (x0, y0, x1, y1))
    y = y0 + 8
    for line in wrap(tech["name"], L.TEXT, x1 - x0 - 16, True)[:2]:
        put_text(image, (x0 + 8, y), line, L.TEXT, INK, WHITE, bold=True)
        y += 25
    label = fit(_("Production {n}").format(n=tech["production"]), L.SMALL, x1 - x0 - 28)
    draw.rounded_rectangle((x0 + 8, y + 2, x0 + max(130, text_width(label, L.SMALL) + 20), y + 28), 6, fill=HIGHLIGHT)
    put_text(image, (x0 + 14, y + 15), label, L.SMALL, INK, HIGHLIGHT, "lm")
    _lines(image, x0 + 8, y + 34, tech.get("text", ""), x1 - x0 - 16, (y1 - y - 40) // 24, WHITE)


def _bonus_and_supply(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> None:
    deck = _("deck {n}").format(n=view.get("power_bonus_deck", 0))
    x = _after(_("Power Bonus"))
    put_text(image, (x, top + L.BONUS_TITLE_Y + 4), fit(deck, L.SMALL, L.column_x(3) - x - 8), L.SMALL, SOFT, PAPER)
    for i, card in enumerate(view.get("power_bonus", [])[:3]):
        stamp_card(image, _down(L.bonus_box(i), top), card, _bonus_card)
    x0, y0, _x, _x = _down(L.bonus_box(4), top)
    supply = view.get("extra_power_supply", {})
    counts = (supply.get("+1", 0), supply.get("+2", 0), view.get("foreign_agents_supply", 0),
              view.get("order_deck", 0), view.get("power_bonus_deck", 0))  # fmt: skip
    for i, count in enumerate(counts):
        put_text(image, (x0 + L.COLUMN_W - 12, y0 + 16 + i * 25), str(count), L.SMALL, INK, WHITE, "rm", bold=True)


def _bonus_card(image: Image.Image, draw: ImageDraw.ImageDraw, card: dict[str, Any], box: L.Box) -> None:
    x0, y0, x1, y1 = box
    _card(draw, (x0, y0, x1, y1))
    put_text(image, (x1 - 8, y1 - 4), f"#{card['id']}", L.SMALL, SOFT, WHITE, "rb")
    rewards = card.get("rewards") or []
    texts = [reward_words(r) for r in rewards] if rewards else card.get("text", [])
    for j, text in enumerate(texts[:3]):
        y = y0 + 8 + j * 34
        put_text(image, (x0 + 6, y), ("5", "6", "7+")[j], L.TEXT, INK, WHITE, bold=True)
        _lines(image, x0 + 40, y, text, x1 - x0 - 44, 1, WHITE)


def _church_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], top: int) -> None:
    note = _("face up: Faith needed, points, reward")
    x = _after(_("Church cards"))
    put_text(image, (x, top + L.CHURCH_TITLE_Y + 4), fit(note, L.SMALL, L.WIDTH - L.MARGIN - x), L.SMALL, SOFT, PAPER)
    for i, card in enumerate(view.get("church", [])[:6]):
        stamp_card(image, _down(L.church_box(i), top), card, draw_church_card)


def draw_church_card(image: Image.Image, draw: ImageDraw.ImageDraw, card: dict[str, Any], box: L.Box) -> None:
    """A Church card: Faith needed, points, reward."""
    x0, y0, x1, y1 = box
    _card(draw, box)
    put_text(image, (x0 + 8, y0 + 6), fit(_("Faith {n}").format(n=card["faith"]), L.TEXT, x1 - x0 - 16, True), L.TEXT,
             INK, WHITE, bold=True)  # fmt: skip
    put_text(image, (x0 + 8, y0 + 34), fit(_("{n} pts").format(n=card["points"]), L.SMALL, x1 - x0 - 16), L.SMALL,
             INK, WHITE)  # fmt: skip
    _lines(image, x0 + 8, y0 + 60, card.get("text", ""), x1 - x0 - 16, 2, WHITE, SOFT)


def _player(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: dict[str, Any], seat: int, p: dict[str, Any],
    names: list[str], top: int,
) -> None:  # fmt: skip
    x0, y0, x1, _x = _down(L.player_box(seat), top)

    def line_at(line: int) -> tuple[int, int]:
        x, y = L.player_line(seat, line)
        return x, y + top

    colour, soft = SEAT_COLOURS[seat], SEAT_SOFT[seat]
    seat_marker(image, draw, seat, initials(names)[seat], x0 + 10, y0 + 10, 32)
    scores = view.get("scores") or []
    total = scores[seat].get("total", 0) if seat < len(scores) else 0
    score = _("{n} pts").format(n=total)
    put_text(image, (x1 - 12, y0 + L.PLAYER_HEAD / 2), score, L.TITLE, INK, colour, "rm", bold=True)
    tag = " · " + _("start") if p.get("is_start_player") else ""
    room = x1 - x0 - 70 - 130
    put_text(image, (x0 + 52, y0 + L.PLAYER_HEAD / 2), fit(names[seat] + tag, L.TITLE, room, True), L.TITLE, INK,
             colour, "lm", bold=True)  # fmt: skip

    def text(line: int, value: str, dx: int = 0) -> int:
        x, y = line_at(line)
        w, _x = put_text(image, (x + LABEL_W + dx, y), fit(value, L.TEXT, x1 - x - LABEL_W - dx - 12), L.TEXT, INK,
                        soft, "lm")  # fmt: skip
        return w

    text(0, f"¥{p.get('money', 0)}")
    x, y = line_at(1)
    gx = x + LABEL_W
    for good in GOODS:
        good_square(PALETTE, image, draw, good, gx, y - 13, 26)
        w, _x = put_text(image, (gx + 32, y), str(p.get("goods", {}).get(good, 0)), L.TEXT, INK, soft, "lm", bold=True)
        gx += 32 + max(w, 14) + 18
    text(2, _("{up} face up · {down} face down").format(up=p.get("imported_up", 0), down=p.get("imported_down", 0)))
    x, y = line_at(3)
    px = x + LABEL_W
    left: list[str] = []
    for card in p.get("power_cards", []):
        label = str(card["value"]) + ("*" if card.get("upgraded") else "")
        if card.get("played"):
            draw.rounded_rectangle((px, y - 14, px + 40, y + 14), 6, fill=DIM, outline=LINE, width=2)
            put_text(image, (px + 20, y), label, L.SMALL, SOFT, DIM, "mm")
        else:
            seat_token(image, draw, seat, label, px, y - 14, 41, 29)
            left.append(str(card["value"]))
        px += 46
    still = _("left: {cards}").format(cards=", ".join(left) or _("none"))
    put_text(image, (px + 4, y), fit(still, L.SMALL, x1 - px - 16), L.SMALL, SOFT, soft, "lm")
    extra = p.get("extra_power", {})
    text(4, f"+1 ×{extra.get('+1', 0)} · +2 ×{extra.get('+2', 0)}")
    hired = ", ".join(p.get("hired_for", []))
    text(5, _("{ready} ready · {used} used").format(ready=p.get("agents_ready", 0), used=p.get("agents_spent", 0))
         + (f" ({hired})" if hired else ""))
    shops = p.get("shops_left", 0)
    text(6, _("{left} of {all} left · {built} built").format(left=shops, all=8, built=8 - shops))
    houses = len(p.get("trading_houses", []))
    nxt = p.get("next_trading_house_cost")
    text(7, _("{left} of {all} left").format(left=4 - houses, all=4)
         + (" · " + _("next ¥{cost}").format(cost=nxt) if nxt and houses < 4 else ""))
    techs = p.get("technologies", [])
    names_line = ", ".join(t["name"] + (" " + _("(used)") if t.get("tilted") else "") for t in techs) or _("none")
    lines = list(wrap(_("production {n}: {technologies}").format(n=p.get("production", 0), technologies=names_line),
                      L.TEXT, x1 - x0 - LABEL_W - 30))
    for k, line in enumerate(lines[:2]):
        text(8 + k, line if k == 0 or len(lines) <= 2 else fit(" ".join(lines[1:]), L.TEXT, x1 - x0 - LABEL_W - 30))
    done = p.get("completed_orders", [])
    points = sum(o.get("points", 0) for o in done)
    text(10, _("{n} fulfilled ({points} pts) · {hand} in hand").format(n=len(done), points=points,
                                                                       hand=p.get("hand_count", 0)))
    church = p.get("church_count", 0)
    text(11, ngettext("{n} card face down", "{n} cards face down", church).format(n=church))
