"""What pictures cost: the bytes a Roll & Write table game sends, the sheet without the laboratories
on most turns, the compression level of the pictures sent again and again, and the cheap paths of the kit
(palette drawing, text of several words) giving the same pixels as the plain ones."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from engine.core import Rng
from engine.rollwrite import GAME
from engine.rollwrite.greedy import greedy_action
from rendering.kit import encode, png, text_width
from rendering.kit.encode import COMPRESS_LEVEL, SMALL_LEVEL, BandCache
from rendering.kit.memory import PICTURE_BLOCK, PICTURE_BUFFERS_FROM, keep_picture_buffers_apart
from rendering.rollwrite import layout as L
from rendering.rollwrite import lead_picture, render_scoreboard, render_sheet
from rendering.rollwrite.canvas import PALETTE
from rendering.rollwrite.sheet import draw_sheet, shows_labs

STORY = ("Round 4: Akiko took set 2 (die 5, 3 employees), recorded 3 circles in Tea field and shipped 2 cargo "
         "(4 VP). Benedikt took set 1 and acquired a technology.")


def pixels(data: bytes) -> bytes:
    return Image.open(io.BytesIO(data)).convert("RGB").tobytes()


def table_game(seed: int = 5) -> list[tuple[int, dict[str, Any]]]:
    """(round, state) at the start of every round of a 2-player greedy game, then (13, final state)."""
    state = GAME.new(2, seed, None)
    rng = Rng(seed)
    starts: list[tuple[int, dict[str, Any]]] = []
    while not GAME.is_over(state):
        if not starts or starts[-1][0] != state["round"]:
            starts.append((state["round"], state))
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, greedy_action(GAME, state, seat))
    starts.append((13, state))
    return starts


def test_a_two_player_table_game_sends_at_most_3_mb_of_pictures() -> None:
    """The picture policy of a Roll & Write table: a turn post per round leading with its lead picture, each
    player's sheet when their round starts (their panel opens or turns over), and at the end the scoreboard
    and both final sheets (`bench.table_flow` measures the same through the fake Discord: 2.5 MB). Before
    the work the sheets alone were 25 x 140 KB."""
    names = ["Akiko", "Benedikt"]
    sent = 0
    starts = table_game()
    for _, state in starts[:-1]:
        sent += len(lead_picture(GAME.view(state, None), names, STORY))
        sent += sum(len(render_sheet(GAME.view(state, seat), seat, names[seat])) for seat in (0, 1))
    final = starts[-1][1]
    sent += len(render_scoreboard(GAME.view(final, None), names))
    sent += sum(len(render_sheet(GAME.view(final, seat), seat, names[seat])) for seat in (0, 1))
    assert len(starts) == 13
    assert sent <= 3_000_000, f"{sent / 1e6:.2f} MB"


def test_the_sheet_shows_the_laboratories_in_round_1_and_while_a_laboratory_action_is_pending() -> None:
    state = GAME.new(2, 7, None)
    first = GAME.view(state, 0)
    assert first["round"] <= 1 and shows_labs(first, first["seats"][0])
    assert draw_sheet(first, 0).height == L.HEIGHT
    rng = Rng(7)
    pending_lab = later = None
    while not GAME.is_over(state) and (pending_lab is None or later is None):
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        view = GAME.view(state, 0)
        if view["round"] < 2 or view["over"]:
            continue
        queue = view["seats"][0]["sheet"]["turn"]["queue"]
        if any("Laboratory" in task for task in queue):
            pending_lab = pending_lab or view
        elif not queue:
            later = later or view
    assert pending_lab is not None and later is not None
    assert draw_sheet(pending_lab, 0).height == L.HEIGHT
    assert draw_sheet(later, 0).height == L.SHORT_HEIGHT < L.HEIGHT
    over = GAME.view(table_game()[-1][1], 0)
    assert draw_sheet(over, 0).height == L.SHORT_HEIGHT


def test_a_sheet_sent_often_is_compressed_smaller_to_the_same_pixels() -> None:
    view = GAME.view(table_game()[6][1], 0)
    image = draw_sheet(view, 0, "Akiko")
    assert image.info[encode.LEVEL_KEY] == SMALL_LEVEL
    small, fast = png(image), png(image, COMPRESS_LEVEL)
    assert len(small) < 0.9 * len(fast)
    assert pixels(small) == pixels(fast) == image.convert("RGB").tobytes()


def test_the_band_cache_keeps_a_band_per_level() -> None:
    cache = BandCache(10**6)
    band = (bytes(range(200)) * 40)[:7000]
    fast, small = cache.compressed(band, 3), cache.compressed(band, 6)
    assert cache.misses == 2
    assert cache.compressed(band, 6) is small and cache.compressed(band, 3) is fast and cache.hits == 2


def test_pictures_are_allocated_in_small_blocks_from_the_heap() -> None:
    """Picture buffers of their own (glibc's threshold) cost page faults on every new picture: Pillow's images
    come in blocks below that threshold, from a heap that keeps a few MiB for the next picture."""
    keep_picture_buffers_apart()
    assert Image.core.get_block_size() == PICTURE_BLOCK < PICTURE_BUFFERS_FROM
    assert Image.core.get_blocks_max() == 0  # Pillow keeping freed blocks pins the heap (RSS 474 MiB)


def test_palette_drawing_gives_the_pixels_pillows_own_drawing_gives() -> None:
    def shapes(draw: ImageDraw.ImageDraw) -> None:
        draw.rounded_rectangle((10, 10, 200, 80), 12, fill=PALETTE.colours[9], outline=PALETTE.colours[5], width=3)
        draw.ellipse((220, 10, 300, 90), fill=PALETTE.colours[13], outline=PALETTE.colours[5], width=4)
        draw.line((0, 100, 400, 120), fill=PALETTE.colours[12], width=5)

    ours, _ = PALETTE.canvas(400, 130)
    theirs = ours.copy()
    shapes(PALETTE.draw(ours))
    shapes(ImageDraw.Draw(theirs))
    assert ours.tobytes() == theirs.tobytes()


def test_a_card_stamped_in_place_has_the_pixels_drawn_at_its_position() -> None:
    """`Palette.stamp(in_place=True)` draws a card at its box's parity: a text centred on a .5 coordinate rounds
    to the even pixel, so a card drawn at 0 and pasted at an odd x can differ by a pixel from one drawn there."""

    def card(image: Image.Image, draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
        x0, y0, x1, y1 = box
        draw.rounded_rectangle(box, 8, fill=PALETTE.colours[9], outline=PALETTE.colours[5], width=2)
        PALETTE.put_text(image, ((x0 + x1) / 2, (y0 + y1) / 2), "Silk Mill", 20, PALETTE.colours[5],
                         PALETTE.colours[9], "mm")  # fmt: skip

    for x, y in ((40, 20), (41, 20), (40, 21), (41, 21)):
        box = (x, y, x + 121, y + 50)  # odd sides: the centre ends in .5
        drawn, pen = PALETTE.canvas(220, 100)
        card(drawn, pen, box)
        stamped, _ = PALETTE.canvas(220, 100)
        PALETTE.stamp(stamped, box, ("test card",), card, in_place=True)
        PALETTE.stamp(stamped, box, ("test card",), card, in_place=True)  # the second time from the cache
        assert stamped.tobytes() == drawn.tobytes()


def test_a_new_text_of_known_words_is_pasted_from_their_sprites(monkeypatch: Any) -> None:
    """A turn's new line differs from the last turn's in a number: only that word is rasterized."""
    rasterized: list[str] = []
    real = ImageDraw.ImageDraw.text

    def counting(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        rasterized.append(text)
        return real(self, xy, text, *args, **kwargs)

    image, _ = PALETTE.canvas(900, 60)
    PALETTE.put_text(image, (10, 10), "money: 3 left (7 got, 4 used) unusual", 24)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", counting)
    width, _ = PALETTE.put_text(image, (10, 10), "money: 3 left (8 got, 4 used) unusual", 24)
    assert rasterized == ["(8"]
    assert abs(width - (text_width("money: 3 left (8 got, 4 used) unusual", 24) + 1)) <= 1  # as if drawn whole
