"""Yokohama's pictures: drawn from views alone, hidden orders never in a public picture, names shown, sizes kept."""

from __future__ import annotations

import ast
import copy
import functools
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.core.rng import Rng
from engine.yokohama import GAME
from rendering import picture_for
from rendering.kit.palette import STAMP_CACHE_BYTES
from rendering.yokohama import (
    board_map,
    final_picture,
    map_picture,
    picture,
    player_boards,
    private_picture,
    public_pictures,
)
from rendering.yokohama import layout as L
from rendering.yokohama.board_map import bold_lines, disc_x, track_x
from rendering.yokohama.final import default_ranking
from rendering.yokohama.names import seat_names
from rendering.yokohama.palette import PAL

State = dict[str, Any]
NAMES = ["Akiko", "Benedikt", "Chiara", "Daisuke"]
KIB = 1024


@functools.cache
def _game(players: int, seed: int) -> tuple[str, ...]:
    """Every state of one game (dumped), greedy with now and then a random move: pieces left on the board,
    buildings, taken tokens, full order hands."""
    state = GAME.new(players, seed)
    rng = Rng(seed)
    states = [GAME.dump(state)]
    while not GAME.is_over(state) and len(states) < 3000:
        seat = rng.choice(GAME.to_act(state))
        legal = GAME.legal(state, seat)
        action = rng.choice(legal) if rng.randint(1, 100) <= 35 else GAME.auto_action(state, seat)
        state = GAME.apply(state, seat, action)
        states.append(GAME.dump(state))
    return tuple(states)


def middle(players: int, seed: int = 4, holding: bool = False) -> State:
    """A state two thirds into a game, at a seat's turn (`holding`: the first from there on where a seat
    holds orders)."""
    states = _game(players, seed)
    for text in states[len(states) * 2 // 3:]:
        state = GAME.load(text)
        if state["stage"] not in ("keep", "over") and (not holding or any(pl["orders"] for pl in state["p"])):
            return state
    raise AssertionError("no state in play")


def finished(players: int, seed: int = 4) -> State:
    state = GAME.load(_game(players, seed)[-1])
    assert GAME.is_over(state)
    return state


def png_image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


# ----- the pictures -------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_picture_is_a_palette_png_of_phone_width_and_at_most_200_kib(players: int) -> None:
    state = middle(players)
    public = GAME.view(state, None)
    own = GAME.view(state, state["seat"])
    over = GAME.view(finished(players), None)
    pictures = {
        "map": map_picture(public, NAMES),
        "boards": player_boards(public, NAMES),
        "private": private_picture(own, NAMES),
        "final": final_picture(over, NAMES),
    }
    for name, data in pictures.items():
        image = png_image(data)
        assert image.format == "PNG" and image.mode == "P", name
        assert image.width == L.WIDTH, name
        assert len(data) <= 200 * KIB, f"{name}: {len(data) // KIB} KiB"


def test_the_renderer_is_registered_for_the_generic_discord_code() -> None:
    assert picture_for("yokohama") is picture


@pytest.mark.slow
def test_picture_gives_the_map_publicly_your_own_picture_privately_and_the_final_scores_at_the_end() -> None:
    state = middle(4)
    public = GAME.view(state, None)
    own = GAME.view(state, 1)
    over = GAME.view(finished(4), None)
    assert picture(public, NAMES) == map_picture(public, NAMES)
    assert picture(own, NAMES) == private_picture(own, NAMES)
    assert picture(over, NAMES) == final_picture(over, NAMES)
    assert [name for name, _ in public_pictures(public, NAMES)] == ["map", "boards"]
    assert [name for name, _ in public_pictures(over, NAMES)] == ["final", "map"]


@pytest.mark.slow
def test_the_map_is_as_tall_as_its_triangle_and_boards_need() -> None:
    """The rulebook: boards are laid out "in the configuration illustrated for the number of players";
    docs/yokohama-layout.md: rows 4-3-2-1, 5-4-3-2 or 6-5-4-3, each half a board right of the one above."""
    for players, rows in ((2, [4, 3, 2, 1]), (3, [5, 4, 3, 2]), (4, [6, 5, 4, 3])):
        view = GAME.view(middle(players), None)
        assert view["rows"] == rows
        image = png_image(map_picture(view))
        assert image.height == L.height(rows, len(view["ports"]), len(view["labs"]))
        top = L.area_box(rows, 0, 0)
        below = L.area_box(rows, 1, 0)
        assert below[0] - top[0] == L.area_width(rows) // 2
        assert L.area_box(rows, 0, rows[0] - 1)[2] <= L.WIDTH - L.MARGIN


def _printed_in_place(view: dict[str, Any]) -> Image.Image:
    """A game's printed map with every Area Board and achievement card drawn in place on the frame (what
    `printed_map` pastes from its shared parts), for comparison."""
    rows = view["rows"]
    image = board_map.frame(board_map.frame_key(view)).copy()
    draw = PAL.draw(image)
    for area in view["areas"]:
        box = L.area_box(rows, area["row"], area["col"])
        board_map._draw_area(image, draw, box, area)
        site = area.get("site")
        if site is not None and area["category"] != "none":
            x0, y0, x1, y1 = box
            rewards = json.dumps([[s["reward"] for s in site["shops"]], site["trading_house"]["reward"]],
                                 sort_keys=True)
            sprite = board_map.site_sprite(rewards, x1 - x0, y1 - y0, board_map._area_fill(area))
            image.paste(sprite, (x0 + board_map.SITE_INSET, y0 + L.SITE_Y - 4))
    y = L.bottom_y(rows, len(view["ports"]), len(view["labs"]))
    for i, a in enumerate(view["achievements"]):
        board_map._draw_achievement(image, draw, board_map.achievement_box(y, i), (a["id"], a["name"], tuple(a["vp"])))
    return image


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_printed_map_pasted_from_shared_parts_equals_it_drawn_in_place(players: int) -> None:
    """Boards in odd and even columns (a board pasted one pixel off its parity could move a text by one)."""
    for seed in (1, 2, 3):
        view = GAME.view(GAME.new(players, seed), None)
        pasted = board_map.printed_map(view)
        assert pasted.tobytes() == _printed_in_place(view).tobytes()
        assert pasted.getpalette() == PAL.image().getpalette()


def test_the_printed_map_keeps_nothing_per_game() -> None:
    """A bot hosting hundreds of games: the printed map's parts are cached by layout and by what is printed
    on them, so new games add no frame and, once the boards and cards have all been seen, nothing at all."""
    board_map.frame.cache_clear()
    for seed in range(1, 5):
        map_picture(GAME.view(GAME.new(3, seed), None))
    frames = board_map.frame.cache_info()
    stamps = PAL.stamp_cache_bytes()
    assert frames.currsize == 1
    for seed in range(5, 25):
        map_picture(GAME.view(GAME.new(3, seed), None))
    assert board_map.frame.cache_info().misses == frames.misses  # one frame per layout, however many games
    one_map = L.WIDTH * L.height(GAME.view(GAME.new(3, 1), None)["rows"], 1, 1)
    assert PAL.stamp_cache_bytes() - stamps < one_map / 4  # a few boards not seen before, nothing per game
    assert PAL.stamp_cache_bytes() <= STAMP_CACHE_BYTES


def test_the_map_drawn_lower_in_a_taller_picture_has_the_same_pixels() -> None:
    """The private picture draws the map under the seat's board, in one picture (no copy of the map)."""
    view = GAME.view(middle(4), None)
    alone = board_map.draw_map(view, NAMES)
    lower = board_map.draw_map(view, NAMES, top=96)
    assert lower.size == (alone.width, alone.height + 96)
    assert lower.crop((0, 96, lower.width, lower.height)).tobytes() == alone.tobytes()
    assert set(lower.crop((0, 0, lower.width, 96)).tobytes()) == {PAL.index(PAL.paper)}
    with pytest.raises(ValueError):
        board_map.draw_map(view, NAMES, top=95)


# ----- hidden information -------------------------------------------------------------------------
def unseen_orders(state: State) -> list[int]:
    """Order cards nobody can see: face down in the deck, or returned to the box (at setup)."""
    seen = {o for row in state["ports"].values() for o in row if o is not None}
    for pl in state["p"]:
        seen |= set(pl["orders"]) | set(pl["done"]) | set(pl["keep"])
    return [o for o in range(1, 37) if o not in seen]


def swap_hand(state: State, seat: int) -> State:
    """The same state with `seat`'s orders in hand swapped for cards nobody has seen."""
    other = copy.deepcopy(state)
    hand = other["p"][seat]["orders"]
    assert hand, "the seat must hold orders for the swap to mean anything"
    unseen = unseen_orders(other)
    assert len(unseen) >= len(hand)
    swapped = unseen[: len(hand)]
    deck = other["order_deck"]
    other["order_deck"] = [hand[swapped.index(o)] if o in swapped else o for o in deck]
    other["p"][seat]["orders"] = swapped
    return other


def _seat_with_orders(state: State) -> int:
    return next(s for s, pl in enumerate(state["p"]) if pl["orders"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_swapping_a_hidden_hand_changes_no_public_picture(players: int) -> None:
    """Rulebook: "All information is public except for Order cards in the possession of players."
    Every public picture's bytes stay identical when a seat's hand is swapped with unseen cards."""
    state = middle(players, holding=True)
    seat = _seat_with_orders(state)
    other = swap_hand(state, seat)
    assert GAME.view(other, seat)["seats"][seat]["orders"] != GAME.view(state, seat)["seats"][seat]["orders"]
    for draw in (picture, map_picture, player_boards):
        assert draw(GAME.view(state, None), NAMES) == draw(GAME.view(other, None), NAMES), draw.__name__
    for name_a, name_b in zip(public_pictures(GAME.view(state, None), NAMES),
                              public_pictures(GAME.view(other, None), NAMES), strict=True):
        assert name_a == name_b
    for viewer in range(players):
        if viewer != seat:  # another player's private picture does not show this hand either
            assert private_picture(GAME.view(state, viewer), NAMES) == private_picture(GAME.view(other, viewer), NAMES)
    # ...while the owner's own picture does show it (so the swap is visible where it may be)
    assert private_picture(GAME.view(state, seat), NAMES) != private_picture(GAME.view(other, seat), NAMES)


def test_the_final_picture_does_not_depend_on_unfulfilled_orders() -> None:
    """Final Score Calculation: "return all unfulfilled Order cards to the box"; they score nothing and stay hidden."""
    state = finished(4)
    holders = [s for s, pl in enumerate(state["p"]) if pl["orders"]]
    assert holders, "this game ended with orders in hand"
    other = swap_hand(state, holders[0])
    assert final_picture(GAME.view(state, None), NAMES) == final_picture(GAME.view(other, None), NAMES)


def test_the_renderer_imports_nothing_from_the_engine() -> None:
    """DESIGN.md: rendering turns a view into PNG bytes and never sees what it was not given."""
    folder = Path(__file__).resolve().parents[2] / "rendering" / "yokohama"
    for path in folder.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(("engine", "bot")), f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith(("engine", "bot")) for a in node.names), path.name


# ----- names and marks ----------------------------------------------------------------------------
def test_pictures_name_players_by_their_display_names() -> None:
    view = GAME.view(middle(4), None)
    assert seat_names(view) == ["Red", "Blue", "Yellow", "Green"]
    assert seat_names(view, NAMES) == NAMES
    assert seat_names(view, ["Ann", None, "", "Dee"]) == ["Ann", "Blue", "Yellow", "Dee"]
    own = GAME.view(middle(4), 2)
    assert seat_names(own, "Chiara")[2] == "Chiara"  # the older picture(view, name) convention
    for draw in (map_picture, player_boards):
        assert draw(view, NAMES) != draw(view), draw.__name__
        renamed = ["Zoë Ångström", *NAMES[1:]]
        assert draw(view, renamed) != draw(view, NAMES), draw.__name__
    over = GAME.view(finished(4), None)
    assert final_picture(over, NAMES) != final_picture(over)


def _mark(view: dict[str, Any], edit: Any) -> dict[str, Any]:
    other = json.loads(json.dumps(view))
    edit(other)
    return other


def test_buildings_presidents_assistants_and_tokens_each_show_on_the_map() -> None:
    view = GAME.view(middle(4), None)
    base = map_picture(view)
    index = next(i for i, a in enumerate(view["areas"]) if a["site"] is not None)

    def trading_house(v: dict[str, Any]) -> None:  # another owner than the one it may have now
        house = v["areas"][index]["site"]["trading_house"]
        house["seat"] = 0 if house["seat"] == 3 else 3

    def shop(v: dict[str, Any]) -> None:
        space = v["areas"][index]["site"]["shops"][2]
        space["seat"] = 2 if space["seat"] == 1 else 1

    def assistants(v: dict[str, Any]) -> None:
        v["areas"][index]["assistants"]["2"] = v["areas"][index]["assistants"].get("2", 0) + 3

    def pres(v: dict[str, Any]) -> None:
        v["areas"][index]["presidents"] = [*v["areas"][index]["presidents"], 0]

    def token(v: dict[str, Any]) -> None:
        v["areas"][index]["power_token"] = None if v["areas"][index]["power_token"] else {
            "id": 1, "reward": {"vp": 3}, "text": "3 VP"}

    def station(v: dict[str, Any]) -> None:
        v["areas"][index]["station"] = not v["areas"][index]["station"]

    def church(v: dict[str, Any]) -> None:
        free = next(s for s in v["church"] if s["seat"] is None and not s["neutral"])
        free["seat"] = 2

    def claimed(v: dict[str, Any]) -> None:
        v["achievements"][1]["claimed"] = [*v["achievements"][1]["claimed"], 3]

    for edit in (trading_house, shop, assistants, pres, token, station, church, claimed):
        assert map_picture(_mark(view, edit)) != base, edit.__name__


def test_the_assistant_count_is_drawn_as_a_number() -> None:
    """Counts readable: three assistants and four assistants of one seat in one area draw differently."""
    view = GAME.view(middle(4), None)
    index = next(i for i, a in enumerate(view["areas"]) if a["site"] is not None)
    three = _mark(view, lambda v: v["areas"][index]["assistants"].__setitem__("1", 3))
    four = _mark(view, lambda v: v["areas"][index]["assistants"].__setitem__("1", 4))
    assert map_picture(three) != map_picture(four)


def test_the_winner_is_the_highest_total_and_a_tie_goes_to_the_seat_nearest_the_start_player() -> None:
    """Winning the Game: "In the case of a tie, the player closest to the Start player wins ties." """
    view = GAME.view(finished(4), None)
    totals = (10, 50, 50, 20)
    tied = _mark(view, lambda v: [row.__setitem__("total", t) for row, t in zip(v["scores"], totals, strict=True)])
    assert default_ranking(tied) == [1, 2, 3, 0]
    assert default_ranking(view)[0] == max(range(4), key=lambda s: (view["scores"][s]["total"], -s))
    other = list(reversed(default_ranking(view)))  # any ranking but the default one is drawn differently
    assert final_picture(view, NAMES, ranking=other) != final_picture(view, NAMES)


def test_long_area_names_split_into_two_balanced_lines() -> None:
    assert bold_lines("Bank", 20, 100) == ["Bank"]
    assert bold_lines("Tea Plantation II", 20, 150) == ["Tea", "Plantation II"]
    assert bold_lines("Employment Agency", 20, 150) == ["Employment", "Agency"]


def test_past_100_points_the_disc_goes_round_the_track_again() -> None:
    """General Rules: "If a player obtains more than 100 points, they receive a 100-Point token and move
    their scoring disc to the corresponding amount on the Victory Point track." """
    assert disc_x(100) == track_x(100)
    assert disc_x(105) == track_x(5) and disc_x(37) == track_x(37)


def test_each_port_level_band_spans_the_spaces_the_data_gives_it() -> None:
    """RB Port: "2 Power: You may take an Order card from the Low area / 3 Power: ... Low and/or Mid area /
    4 Power: ... and/or High area". The map drew six spaces in pairs whatever the data said (the sixth was
    always empty with five-space boards); it now draws each board's spaces from the data, each level's band
    over its own, the shorter Port B (ruling R7) in spaces as wide as Port A's so the
    cards line up, and a change of the boards' levels gives a new printed frame."""
    from engine.yokohama.components import parts
    from rendering.yokohama.board_map import frame_key, level_runs, port_slots

    boards = parts().boards["port_levels"]
    for levels in boards.values():
        runs = level_runs(levels)
        assert [level for _, _, level in runs] == ["low", "mid", "high"]
        assert runs[0][0] == 0 and runs[-1][1] == len(levels) - 1
        assert all(a[1] + 1 == b[0] for a, b in zip(runs, runs[1:], strict=False))
    assert level_runs(["low", "mid", "mid", "high"]) == [(0, 0, "low"), (1, 2, "mid"), (3, 3, "high")]
    view = GAME.view(GAME.new(3, 1), None)
    assert json.loads(frame_key(view))["port_levels"] == boards
    assert {port: len(row) for port, row in view["ports"].items()} == {"port_a": 5, "port_b": 3}
    assert port_slots(view["ports"]) == 5
    two = GAME.view(GAME.new(2, 1), None)
    assert json.loads(frame_key(two))["port_levels"] == {"port_a": boards["port_a"]}
