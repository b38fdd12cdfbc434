"""The Duel pictures: palette PNGs under 150 KiB, marks where the view says, nothing hidden shown.

The swap test is the engine's hidden-information test applied to the pictures: give a seat other
hidden cards (hand, setup or Port draw, face-down Church cards) from the unseen ones, and every
picture anyone else may see must come out byte for byte the same.
"""

from __future__ import annotations

import copy
import functools
import io
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from PIL import Image

from engine.core.rng import Rng
from engine.duel.game import GAME
from rendering import picture_for
from rendering.duel import final_picture, picture, render_board, render_private
from rendering.duel import layout as L
from rendering.duel.board import draw_board
from rendering.duel.final import COL_W, HEAD_Y, LABEL_W, ROW_H
from rendering.duel.palette import PALETTE, SEAT_COLOURS, SEAT_SOFT
from rendering.duel.private import HEAD_H, RESOURCES_H, own_height, private_height
from rendering.kit.colours import DIM, GREEN, HIGHLIGHT, INK

State = dict[str, Any]
NAMES = ["Akiko", "Benedikt"]
LIMIT = 150 * 1024


@functools.cache
def game(seed: int = 5) -> tuple[State, ...]:
    """Every state of one random game, to the end."""
    state = GAME.new(2, seed)
    rng = Rng(seed + 1)
    states = [state]
    while not GAME.is_over(state):
        seat = rng.choice(GAME.to_act(state))
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        states.append(state)
    return tuple(states)


def busy_state() -> State:
    """A turn with Power cards on the board and cards in both hands."""
    for state in game():
        busy = state["phase"] == "turn" and state["round"] >= 2 and sum(len(v) for v in state["played"].values()) >= 4
        if busy and all(p["hand"] for p in state["players"]):
            return state
    raise AssertionError("the sample game never reached a busy turn")


def decode(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def hide_swap(state: State, seat: int) -> State:
    """`seat`'s hidden cards exchanged with unseen ones (the Order deck, the Church cards in the box)."""
    other = copy.deepcopy(state)
    p = other["players"][seat]
    deck = other["order_deck"]
    n = min(len(p["hand"]), len(deck))
    p["hand"][:n], deck[:n] = deck[:n], p["hand"][:n]
    k = min(len(p["setup_draw"]), len(deck) - n)
    p["setup_draw"][:k], deck[n : n + k] = deck[n : n + k], p["setup_draw"][:k]
    act = other["turn"]["act"]
    if act and other["current"] == seat and act.get("drawn"):
        j = min(len(act["drawn"]), len(deck) - n - k)
        act["drawn"][:j], deck[n + k : n + k + j] = deck[n + k : n + k + j], act["drawn"][:j]
    box = other["church_box"]
    m = min(len(p["church"]), len(box))
    p["church"][:m], box[:m] = box[:m], p["church"][:m]
    return other


# ----- format, size, palette ------------------------------------------------------------------
def test_every_picture_is_a_palette_png_within_150_kib() -> None:
    state = busy_state()
    pictures = [render_board(GAME.view(state, None), NAMES)]
    pictures += [render_private(GAME.view(state, s), s, NAMES) for s in (0, 1)]
    pictures.append(final_picture(GAME.view(game()[-1], None), NAMES))
    for data in pictures:
        image = decode(data)
        assert image.mode == "P" and image.width == L.WIDTH
        assert len(data) <= LIMIT
        assert image.getpalette() == PALETTE.image().getpalette(), "a drawing call slipped in its own colour"


def test_picture_for_duel_draws_the_board_the_private_view_and_the_final_score() -> None:
    assert picture_for("duel") is picture
    state = busy_state()
    assert picture(GAME.view(state, None), NAMES) == render_board(GAME.view(state, None), NAMES)
    assert picture(GAME.view(state, 1), NAMES) == render_private(GAME.view(state, 1), 1, NAMES)
    end = GAME.view(game()[-1], None)
    assert picture(end, NAMES) == final_picture(end, NAMES)


def test_a_private_picture_needs_that_seats_own_view() -> None:
    with pytest.raises(ValueError, match="seat 0's view"):
        render_private(GAME.view(busy_state(), None), 0)


# ----- hidden information -------------------------------------------------------------------
@pytest.mark.slow
def test_swapping_a_seats_hidden_cards_changes_no_picture_anyone_else_sees() -> None:
    """Rulebook, General Rules: "All information is public except for Order cards in players' hands
    and face-down Church cards." The public board and the opponent's own picture must not change."""
    own_changed = 0
    for index, state in enumerate(game()):
        if index % 9 or GAME.is_over(state):
            continue
        for seat in (0, 1):
            swapped = hide_swap(state, seat)
            assert picture(GAME.view(swapped, None), NAMES) == picture(GAME.view(state, None), NAMES)
            other = 1 - seat
            assert picture(GAME.view(swapped, other), NAMES) == picture(GAME.view(state, other), NAMES)
            if picture(GAME.view(swapped, seat), NAMES) != picture(GAME.view(state, seat), NAMES):
                own_changed += 1
    assert own_changed > 0, "the owner's own picture shows their hidden cards"


def test_the_private_picture_grows_with_the_hand() -> None:
    state = busy_state()
    seat = 0
    view = GAME.view(state, seat)
    bigger = copy.deepcopy(view)
    bigger["players"][seat]["hand"] = view["players"][seat]["hand"] * 6
    assert private_height(bigger, seat) > private_height(view, seat)
    assert decode(render_private(bigger, seat, NAMES)).height == private_height(bigger, seat)


# ----- names, added fields, threads --------------------------------------------------------
def test_players_are_named_by_display_name_and_player_n_only_without_names() -> None:
    view = GAME.view(busy_state(), None)
    assert render_board(view) == render_board(view, ["Player 1", "Player 2"])
    assert render_board(view, NAMES) != render_board(view)


def test_fields_a_view_gains_later_are_ignored() -> None:
    view = GAME.view(busy_state(), 0)
    extended = copy.deepcopy(view)
    extended["something_new"] = {"x": 1}
    for area in extended["areas"]:
        area["new_mark"] = True
    for player in extended["players"]:
        player["new_count"] = 3
    assert picture(extended, NAMES) == picture(view, NAMES)


def test_pictures_drawn_in_threads_are_identical() -> None:
    view = GAME.view(busy_state(), 1)
    expected = picture(view, NAMES)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: picture(view, NAMES), range(8)))
    assert all(r == expected for r in results)


# ----- marks where the view says -----------------------------------------------------------
def test_used_areas_power_cards_and_station_are_drawn_where_the_view_says() -> None:
    view = copy.deepcopy(GAME.view(busy_state(), None))
    view["areas"][2]["used"] = True
    view["areas"][2]["power_cards"] = [{"seat": 1, "value": 4}]
    view["areas"][3]["used"] = False
    view["areas"][3]["power_cards"] = [{"seat": 0, "value": 2}]
    view["areas"][3]["station"] = True
    image = draw_board(view, NAMES).convert("RGB")
    used = L.area_box(2)
    free = L.area_box(3)
    assert image.getpixel((used[0] + 100, used[3] - 14)) == DIM
    assert image.getpixel((free[0] + 100, free[3] - 40)) != DIM
    token_y = L.AREA_BAND + 62 + 4
    assert image.getpixel((used[0] + 8 + 22, used[1] + token_y)) == SEAT_COLOURS[1]
    assert image.getpixel((free[0] + 8 + 22, free[1] + token_y)) == SEAT_COLOURS[0]
    assert image.getpixel((free[0] + 12, free[3] - 21)) == INK  # the Station token's band


def test_the_final_picture_marks_the_winner_in_their_own_colour() -> None:
    """Each column keeps its seat's colour (the winner's was filled yellow, the other seat's colour);
    the winner's is framed in ink."""
    end = GAME.view(game()[-1], None)
    rows = len(end["score_labels"]) + 1
    for winner in (0, 1):
        view = copy.deepcopy(end)
        view["winners"] = [winner]
        image = decode(final_picture(view, NAMES)).convert("RGB")
        for seat in (0, 1):
            x = L.MARGIN + LABEL_W + seat * COL_W + 20
            y = HEAD_Y + rows * ROW_H - 8
            assert image.getpixel((x, y)) == SEAT_SOFT[seat]
            assert (image.getpixel((L.MARGIN + LABEL_W + seat * COL_W + 6, y)) == INK) == (seat == winner)
            assert HIGHLIGHT not in (image.getpixel((x, y)), image.getpixel((x, HEAD_Y + ROW_H)))


@pytest.mark.parametrize(("tea", "ready"), [(5, True), (0, False)])
def test_an_order_card_the_owner_can_fulfil_now_is_marked_ready(tea: int, ready: bool) -> None:
    """Rulebook, Free Actions: "Choose 1 Order card from your hand ... Pay the indicated Trade Goods on
    that card" — a card whose goods the owner already holds is marked so on their own picture."""
    view = copy.deepcopy(GAME.view(busy_state(), 0))
    view["pending"] = {"step": "area"}
    card = {"id": 0, "cost": {"tea": 2}, "points": 3, "reward": {"yen": 2}, "text": "2 Tea -> 3 pts, ¥2"}
    view["players"][0]["hand"] = [card]
    view["players"][0]["goods"] = {"tea": tea, "fish": 0, "silk": 0, "copper": 0}
    image = decode(render_private(view, 0, NAMES)).convert("RGB")
    x0, y0 = L.column_x(0), HEAD_H + RESOURCES_H + L.SECTION_TITLE
    assert (image.getpixel((x0 + 92, y0 + 50)) == GREEN) == ready


def test_the_private_picture_leads_with_the_hand_and_resources_and_numbers_the_cards() -> None:
    """A phone shows the top first: the hand comes before the board, and each card carries the number
    its button says ("Complete Order 12"). Two hands differing only in a card's number differ on
    that card's tab; the board (below) is the public board."""
    view = copy.deepcopy(GAME.view(busy_state(), 0))
    view["pending"] = {"step": "area"}
    card = {"id": 11, "cost": {"tea": 2}, "points": 3, "reward": {"yen": 2}, "text": "2 Tea -> 3 pts, ¥2"}
    view["players"][0]["hand"] = [card]
    image = decode(render_private(view, 0, NAMES)).convert("RGB")
    top = own_height(view, 0)
    board = draw_board(view, NAMES).convert("RGB")
    assert image.crop((0, top, L.WIDTH, top + 200)).tobytes() == board.crop((0, 0, L.WIDTH, 200)).tobytes()
    x0, y0 = L.column_x(0), HEAD_H + RESOURCES_H + L.SECTION_TITLE
    tab = (x0 + L.ORDER_W - 50, y0 + 46, x0 + L.ORDER_W - 6, y0 + 74)
    assert image.getpixel((tab[2] - 3, tab[1] + 14)) == INK
    other = copy.deepcopy(view)
    other["players"][0]["hand"] = [{**card, "id": 6}]
    changed = decode(render_private(other, 0, NAMES)).convert("RGB")
    assert changed.crop(tab).tobytes() != image.crop(tab).tobytes()
    rest = (x0, y0, x0 + L.ORDER_W - 60, y0 + L.ORDER_H)
    assert changed.crop(rest).tobytes() == image.crop(rest).tobytes()
    # the resources line shows the seat's money before any card
    money = copy.deepcopy(view)
    money["players"][0]["money"] = view["players"][0].get("money", 0) + 7
    richer = decode(render_private(money, 0, NAMES)).convert("RGB")
    line = (0, HEAD_H, 200, HEAD_H + RESOURCES_H)
    assert richer.crop(line).tobytes() != image.crop(line).tobytes()


def test_the_board_drawn_lower_in_a_taller_picture_has_the_same_pixels() -> None:
    """The private picture draws the board under the seat's own part, in one picture (no copy of the board)."""
    view = GAME.view(busy_state(), None)
    alone = draw_board(view, ["Ann", "Bob"])
    lower = draw_board(view, ["Ann", "Bob"], top=64)
    assert lower.size == (alone.width, alone.height + 64)
    assert lower.crop((0, 64, lower.width, lower.height)).tobytes() == alone.tobytes()
    assert lower.getpalette() == alone.getpalette() == PALETTE.image().getpalette()
    assert set(lower.crop((0, 0, lower.width, 64)).tobytes()) == {PALETTE.index(PALETTE.paper)}
    with pytest.raises(ValueError):
        draw_board(view, ["Ann", "Bob"], top=63)
