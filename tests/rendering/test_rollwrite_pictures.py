"""The Roll & Write pictures: valid palette PNGs of the right size, marks where the view says.

Pixel checks read the decoded PNG back, at positions taken from the renderer's layout,
so they fail if a mark is missing, misplaced or drawn in the wrong colour.
"""

from __future__ import annotations

import io
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image

from engine.core import random_playout
from engine.rollwrite import GAME
from rendering import picture_for
from rendering.rollwrite import layout as L
from rendering.rollwrite import picture, render_scoreboard, render_sets, render_sheet
from rendering.rollwrite.canvas import (
    BROWN,
    DIM,
    DONE,
    GOLD,
    HIGHLIGHT,
    INK,
    PALETTE_COLOURS,
    PAPER,
    WHITE,
    drawable,
    palette_image,
)
from rendering.rollwrite.labs import PANEL_H as LABS_H
from rendering.rollwrite.scoreboard import places
from rendering.rollwrite.sets import HEIGHT as SETS_HEIGHT
from rendering.rollwrite.sets import MARGIN, PANEL_W
from rendering.rollwrite.sheet import shows_labs, static_layers
from tests.rendering.conftest import greedy_game

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def decode(data: bytes) -> Image.Image:
    assert data.startswith(PNG_SIGNATURE)
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def rgb(data: bytes) -> Image.Image:
    return decode(data).convert("RGB")


def centre(box: tuple[int, int, int, int]) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


# ----- format and size --------------------------------------------------------------------
def test_sheet_is_a_palette_png_of_the_layout_size(final_view: dict[str, Any]) -> None:
    image = decode(render_sheet(final_view, 0))
    assert image.format == "PNG"
    assert image.mode == "P"
    assert image.size == (L.WIDTH, L.SHORT_HEIGHT)  # over: the laboratories are no longer shown


def test_pictures_use_only_the_fixed_palette(final_view: dict[str, Any]) -> None:
    """No drawing call may slip in a colour of its own (which would grow or break the palette)."""
    fixed = palette_image().getpalette()
    for data in (
        render_sheet(final_view, 1),
        render_sets(final_view),
        render_scoreboard(final_view, ["Ann", "Bo"]),
    ):
        assert decode(data).getpalette() == fixed


def test_picture_gives_the_viewers_sheet_or_the_public_sets() -> None:
    state = random_playout(GAME, 3, 4, max_actions=40).state
    assert picture_for("rollwrite") is picture
    own = decode(picture(GAME.view(state, 2)))
    public = decode(picture(GAME.view(state, None)))
    own_view = GAME.view(state, 2)
    assert own.size == (L.WIDTH, L.HEIGHT if shows_labs(own_view, own_view["seats"][2]) else L.SHORT_HEIGHT)
    assert public.size == (L.WIDTH, SETS_HEIGHT + LABS_H)  # the table: the sets, then the laboratories
    assert picture(GAME.view(state, 2)) == render_sheet(GAME.view(state, 2), 2)


def test_public_picture_after_the_game_is_the_scoreboard() -> None:
    view = GAME.view(greedy_game(), None)
    assert picture(view) == render_scoreboard(view, ["Player 1", "Player 2"])


def test_a_seat_outside_the_game_is_refused_clearly(final_view: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="no seat 5"):
        render_sheet(final_view, 5)


# ----- the public picture needs nothing private ---------------------------------------------
def test_sets_picture_is_the_same_whoever_looks() -> None:
    state = random_playout(GAME, 4, 9, {"start_player_priority": True}, max_actions=30).state
    public = render_sets(GAME.view(state, None))
    assert all(render_sets(GAME.view(state, seat)) == public for seat in range(4))


def test_sets_picture_draws_from_the_public_part_alone() -> None:
    """Strip everything but round, sets, areas, start player, who owes and the laboratories (on the table:
    public): it still draws the same."""
    state = random_playout(GAME, 2, 5, max_actions=25).state
    full = GAME.view(state, None)
    bare = {
        key: full[key]
        for key in ("round", "rounds", "over", "side", "areas", "sets", "start_player", "priority_set", "viewer",
                    "labs")
    }
    bare["seats"] = [{"seat": s["seat"], "owes": s["owes"]} for s in full["seats"]]
    assert render_sets(bare) == render_sets(full)


def test_sets_picture_marks_the_start_players_set() -> None:
    state = random_playout(GAME, 2, 5, max_actions=1).state
    view = GAME.view(state, None)
    plain = rgb(render_sets(view))
    view["sets"][1]["taken_by_start_player"] = True
    marked = rgb(render_sets(view))
    second, first = (MARGIN + PANEL_W + 18 + 6, 400), (MARGIN + 6, 400)  # panel background, beside the card
    assert plain.getpixel(second) != marked.getpixel(second)  # the set's panel is greyed
    assert plain.getpixel(first) == marked.getpixel(first)  # the others are not


# ----- marks where the view says ----------------------------------------------------------
def blank_sheet(view: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    """Seat's sheet in the view with every mark removed, to set marks one by one."""
    sheet = view["seats"][seat]["sheet"]
    for row in sheet["town"]["rows"]:
        row.update(written=0, crossed=0, elite=False, track_bonus_taken=False)
    for column in sheet["town"]["columns"]:
        column["taken"] = False
    for form in sheet["port"]["forms"]:
        form.update(fulfilled=False, shop=False)
        for good in form["goods"]:
            good["crossed"] = False
    for link in sheet["port"]["links"]:
        link["taken"] = False
    for house in sheet["port"]["trading_houses"]:
        house["built"] = False
    for res in ("money", "faith"):
        sheet["warehouse"][res].update(got=0, used=0)
        for bonus in sheet["warehouse"][res]["bonuses"]:
            bonus["taken"] = False
    sheet["warehouse"]["cargo"]["count"] = 0
    for cell in sheet["round_track"]:
        cell["crossed"] = False
    return sheet


def test_written_and_crossed_circles(final_view: dict[str, Any]) -> None:
    sheet = blank_sheet(final_view)
    sheet["town"]["rows"][3].update(written=5, crossed=2)
    image = rgb(render_sheet(final_view, 0))
    ring = L.CIRCLE // 2 - 2
    crossed_x, y = L.space_centre(3, 1)
    written_x, _ = L.space_centre(3, 3)
    empty_x, _ = L.space_centre(3, 6)
    assert image.getpixel((crossed_x, y)) == INK  # the cross runs through a crossed circle's centre
    assert image.getpixel((written_x, y)) == WHITE
    assert image.getpixel((written_x - ring, y)) == INK  # an open circle is a ring
    assert image.getpixel((empty_x - ring, y)) != INK  # an empty space has none
    assert image.getpixel(L.space_centre(4, 1)) == WHITE  # nothing leaks into the next row


def test_bonuses_taken_are_crossed_off(final_view: dict[str, Any]) -> None:
    sheet = blank_sheet(final_view)
    before = rgb(render_sheet(final_view, 0))
    sheet["town"]["columns"][2]["taken"] = True
    sheet["town"]["rows"][5]["track_bonus_taken"] = True
    sheet["port"]["links"][0]["taken"] = True
    sheet["warehouse"]["money"]["bonuses"][0]["taken"] = True
    after = rgb(render_sheet(final_view, 0))
    forms = {f["id"]: (f["row"], f["col"]) for f in sheet["port"]["forms"]}
    link = sheet["port"]["links"][0]["forms"]
    for box in (
        L.column_bonus_box(3),
        L.track_bonus_box(5),
        L.link_box(forms[link[0]], forms[link[1]]),
        L.stock_bonus_box("money", sheet["warehouse"]["money"]["bonuses"][0]["at"]),
    ):
        corner = (box[0] + 10, box[1] + (box[3] - box[1]) // 2)
        assert before.getpixel(corner) != DIM
        assert after.getpixel(corner) == DIM
    assert before.getpixel(centre(L.column_bonus_box(4))) == after.getpixel(centre(L.column_bonus_box(4)))


def test_elite_fulfilled_form_shop_and_trading_house(final_view: dict[str, Any]) -> None:
    sheet = blank_sheet(final_view)
    before = rgb(render_sheet(final_view, 0))
    sheet["town"]["rows"][2]["elite"] = True
    form = sheet["port"]["forms"][7]
    form.update(fulfilled=True, shop=True)
    sheet["port"]["trading_houses"][4]["built"] = True
    after = rgb(render_sheet(final_view, 0))
    elite = L.elite_box(2)
    assert before.getpixel((elite[0] + 5, elite[1] + 5)) == WHITE
    assert after.getpixel((elite[0] + 5, elite[1] + 5)) == GOLD
    box = L.form_box(form["row"], form["col"])
    inside = (box[0] + 8, (box[1] + box[3]) // 2)
    assert before.getpixel(inside) == WHITE
    assert after.getpixel(inside) == DONE
    shop = L.shop_box(form["row"], form["col"])
    inside_house = (shop[0] + 5, shop[1] + 28)  # inside the walls, beside the "x2"
    assert after.getpixel(inside_house) == INK  # a built shop is a filled house
    assert before.getpixel(inside_house) != INK
    house = L.house_box(4)
    assert after.getpixel((house[0] + 12, house[3] - 12)) == DONE


def test_crossed_goods_on_an_open_form(final_view: dict[str, Any]) -> None:
    sheet = blank_sheet(final_view)
    form = next(f for f in sheet["port"]["forms"] if len(f["goods"]) >= 2)
    form["goods"][0]["crossed"] = True
    image = rgb(render_sheet(final_view, 0))
    count = len(form["goods"])
    crossed = L.good_box(form["row"], form["col"], 0, count)
    open_good = L.good_box(form["row"], form["col"], 1, count)
    assert image.getpixel((crossed[0] + 4, crossed[1] + 4)) == INK  # the cross starts in the corner
    assert image.getpixel((open_good[0] + 5, open_good[1] + 5)) != INK


def test_money_faith_cargo_and_rounds(final_view: dict[str, Any]) -> None:
    sheet = blank_sheet(final_view)
    sheet["warehouse"]["money"].update(got=12, used=3)
    sheet["warehouse"]["cargo"]["count"] = 4
    for cell in sheet["round_track"][:5]:
        cell["crossed"] = True
    image = rgb(render_sheet(final_view, 0))
    used, kept, unearned = L.stock_cell("money", 2), L.stock_cell("money", 8), L.stock_cell("money", 13)
    assert image.getpixel(centre(used)) == INK  # used money is crossed
    assert image.getpixel(centre(kept)) == GOLD  # money still available is a coin
    assert image.getpixel(centre(unearned)) == WHITE
    assert image.getpixel((L.cargo_cell(4)[0] + 10, L.cargo_cell(4)[1] + 14)) == BROWN
    assert image.getpixel((L.cargo_cell(5)[0] + 10, L.cargo_cell(5)[1] + 14)) == WHITE
    done, todo = L.round_cell(5), L.round_cell(6)
    assert image.getpixel((done[0] + 10, done[1] + 30)) == DIM
    assert image.getpixel((todo[0] + 10, todo[1] + 30)) != DIM


def test_score_boxes_stay_empty_until_written(final_view: dict[str, Any]) -> None:
    finished = rgb(render_sheet(final_view, 0))
    final_view["seats"][0]["sheet"]["boxes"] = {"6R": None, "12R": None, "cargo": None, "tech": None, "total": None}
    empty = rgb(render_sheet(final_view, 0))
    total_box = L.score_box(4)
    assert empty.crop(total_box).getcolors() != finished.crop(total_box).getcolors()
    assert {colour for _, colour in empty.crop((total_box[0] + 6, total_box[1] + 6, total_box[2] - 6,
                                                total_box[3] - 6)).getcolors()} == {WHITE}  # fmt: skip


def test_empty_sheet_is_drawn_once_per_side(final_view: dict[str, Any]) -> None:
    render_sheet(final_view, 0)
    misses = static_layers.cache_info().misses
    render_sheet(final_view, 1)
    render_sheet(final_view, 0)
    assert static_layers.cache_info().misses == misses


# ----- the scoreboard ---------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_scoreboard_places_match_the_engine(seed: int) -> None:
    state = random_playout(GAME, 4, seed).state
    assert places(GAME.view(state, None)) == GAME.places(state)


def test_tie_breakers_decide_between_equal_totals(final_view: dict[str, Any]) -> None:
    for seat in final_view["seats"]:
        seat["scores"]["total"] = 80
        seat["sheet"]["warehouse"]["money"]["available"] = 0
        seat["sheet"]["warehouse"]["faith"]["available"] = 0
    final_view["seats"][1]["sheet"]["warehouse"]["faith"]["available"] = 2
    assert places(final_view) == [2, 1]
    final_view["seats"][0]["sheet"]["warehouse"]["money"]["available"] = 2
    for seat in final_view["seats"]:
        for row in seat["sheet"]["town"]["rows"]:
            row["unused"] = 0
    assert places(final_view) == [1, 1]  # still tied after both tie-breakers: a shared place
    final_view["seats"][0]["sheet"]["town"]["rows"][0]["unused"] = 1
    assert places(final_view) == [1, 2]


def test_scoreboard_grows_with_the_table_and_survives_odd_names() -> None:
    state = random_playout(GAME, 12, 3).state
    view = GAME.view(state, None)
    names = ["A" * 200, "", "名前"] + [f"Player {n}" for n in range(4, 13)]
    image = decode(render_scoreboard(view, names[:5]))  # missing names fall back to "Player n"
    assert image.width == L.WIDTH
    assert image.height > 12 * 70


# ----- real games never break the renderer -------------------------------------------------
@pytest.mark.parametrize("side", ["A", "B"])
@pytest.mark.parametrize("players", [1, 4])
@pytest.mark.parametrize("expansions", [False, True])
def test_real_games_render_mid_game_and_finished(side: str, players: int, expansions: bool) -> None:
    options = {"side": side, "chinatown": expansions, "chamber_of_commerce": expansions}
    options["start_player_priority"] = players > 1 and expansions
    seed = 100 + players + (7 if expansions else 0)
    for max_actions in (0, 1, 60, 200, None):
        state = random_playout(GAME, players, seed, options, max_actions=max_actions).state
        for seat in (None, *range(players)):
            view = GAME.view(state, seat)
            assert decode(picture(view)).width == L.WIDTH
        assert decode(render_sets(view)).width == L.WIDTH
        assert decode(render_scoreboard(view, [])).width == L.WIDTH
    assert GAME.is_over(state)


def test_a_greedy_game_on_side_b_renders_every_seat() -> None:
    state = greedy_game(2, "B")
    view = GAME.view(state, None)
    for seat in range(2):
        image = rgb(render_sheet(view, seat))
        assert image.getpixel((2, 2)) == PAPER
    assert len(PALETTE_COLOURS) <= 256


# ----- a recording in progress, names ------------------------------------------------------
def test_circles_placed_in_an_unfinished_recording_show(final_view: dict[str, Any]) -> None:
    sheet = blank_sheet(final_view)
    sheet["town"]["rows"][3].update(written=2, crossed=0)
    record = {"die": 3, "card": 7, "number": 4, "die_rows": [2, 3, 4], "placed": [0, 0, 0, 2] + [0] * 4}
    sheet["turn"]["record"] = {**record, "done": False}
    pending = rgb(render_sheet(final_view, 0))
    sheet["turn"]["record"] = {**record, "done": True}  # once done, the engine has written them
    finished = rgb(render_sheet(final_view, 0))
    for space in (2, 3):
        x, y = L.space_centre(3, space)
        edge = (x - L.CIRCLE // 2 + 1, y)  # between the space's edge and the thin ring
        assert pending.getpixel(edge) == HIGHLIGHT
        assert finished.getpixel(edge) != HIGHLIGHT
    x, y = L.space_centre(3, 4)
    assert pending.getpixel((x - L.CIRCLE // 2 + 1, y)) != HIGHLIGHT


def test_names_are_drawn_in_any_script(final_view: dict[str, Any]) -> None:
    named = rgb(render_sheet(final_view, 0, "Zoë Жанна"))
    other = rgb(render_sheet(final_view, 0, "Zoe Zhanna"))
    assert named.crop((0, 0, 500, 50)) != other.crop((0, 0, 500, 50))
    assert drawable("Zoë Жанна") == "Zoë Жанна"
    assert drawable("名前 ok") == "名前 ok"  # the Noto CJK face draws them
    assert drawable("\U00013000 ok") == "? ok"  # glyphs no face holds become '?', never a blank box
    render_sheet(final_view, 1, "名前" * 40)  # long and undrawable names are cut, never raise


def test_pictures_drawn_in_parallel_threads_match_serial_ones() -> None:
    """The bot draws in worker threads: the shared caches and fonts must not mix pictures up."""
    state = greedy_game()
    views = [GAME.view(state, seat % 2) for seat in range(8)]
    names = [f"Name ë{n}" for n in range(8)]
    serial = [render_sheet(view, n % 2, names[n]) for n, view in enumerate(views)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda n: render_sheet(views[n], n % 2, names[n]), range(8)))
    assert parallel == serial


def test_header_names_the_set_taken_this_round(final_view: dict[str, Any]) -> None:
    final_view["over"] = False
    seat = final_view["seats"][0]
    seat["pending"] = "Choose an area for your main action"
    record = {"die": 4, "card": 7, "number": 3, "die_rows": [3, 4, 5], "placed": [0] * 8, "done": True}
    seat["sheet"]["turn"].update(step="main", set=1, record=record)
    with_set = rgb(render_sheet(final_view, 0))
    seat["sheet"]["turn"].update(step="set", set=None, record=None)
    choosing = rgb(render_sheet(final_view, 0))
    line = (0, 50, L.WIDTH, 80)
    assert with_set.crop(line).tobytes() != choosing.crop(line).tobytes()
    below = (0, 90, L.WIDTH, L.SHORT_HEIGHT)
    assert with_set.crop(below).tobytes() == choosing.crop(below).tobytes()


def test_scoreboard_draws_the_callers_places(final_view: dict[str, Any]) -> None:
    """The bot ranks resigned players last whatever their VP: the picture follows the places it gives."""
    engine_order = places(final_view)
    assert render_scoreboard(final_view, ["A", "B"], engine_order) == render_scoreboard(final_view, ["A", "B"])
    first, second = render_scoreboard(final_view, ["A", "B"], [1, 2]), render_scoreboard(final_view, ["A", "B"], [2, 1])
    assert first != second  # B is listed first with the medal for first place
    with pytest.raises(ValueError, match="3 places given for 2 seats"):
        render_scoreboard(final_view, ["A", "B"], [1, 2, 3])
