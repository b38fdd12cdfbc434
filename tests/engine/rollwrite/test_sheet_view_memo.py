"""Sheet views remembered by what they are read from (`game._sheet_view`): every view holds
the sheet views a fresh reckoning gives, each a private copy, a sheet changed in place is seen anew,
and the memory stays bounded. A sheet view made by filling in a blank one (`view.filled_sheet_view`)
is `view.sheet_view`'s, text for text (keys, order and values)."""

from __future__ import annotations

import orjson
import pytest

from engine.core import Rng, json_copy
from engine.rollwrite import GAME, game, view
from engine.rollwrite.task_steps import TASK_STEPS


def test_views_hold_fresh_sheet_views_at_every_position() -> None:
    rng = Rng(3)
    state = GAME.new(3, 3, {"chamber_of_commerce": True})
    while not GAME.is_over(state):
        for seat in (None, 0, 1, 2):
            shown = GAME.view(state, seat)
            for s, ps in enumerate(state["sheets"]):
                assert shown["seats"][s]["sheet"] == json_copy(view.sheet_view(state, ps, TASK_STEPS))
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)


def test_a_remembered_sheet_view_is_a_private_copy() -> None:
    state = GAME.new(2, 4)
    first = GAME.view(state, None)
    first["seats"][0]["sheet"]["town"]["rows"][0]["written"] = 99
    first["seats"][0]["sheet"]["town"]["rows"][0]["track_bonus"]["money"] = 99
    first["seats"][1]["sheet"]["turn"]["events"].append("scribbled")
    again = GAME.view(state, None)
    assert again["seats"][0]["sheet"]["town"]["rows"][0]["written"] == state["sheets"][0]["written"][0]
    assert again["seats"][0]["sheet"] == json_copy(view.sheet_view(state, state["sheets"][0], TASK_STEPS))
    assert "scribbled" not in again["seats"][1]["sheet"]["turn"]["events"]


def test_a_sheet_changed_in_place_is_seen_anew() -> None:
    state = GAME.new(1, 5)
    before = GAME.view(state, 0)["seats"][0]["sheet"]
    state["sheets"][0]["written"][2] += 1
    after = GAME.view(state, 0)["seats"][0]["sheet"]
    assert after["town"]["rows"][2]["written"] == before["town"]["rows"][2]["written"] + 1


def test_the_sheet_view_memory_is_bounded() -> None:
    state = GAME.new(1, 6)
    for n in range(3 * game.SHEET_VIEWS_LIMIT):
        state["sheets"][0]["cargo"] = n % 15
        state["sheets"][0]["rounds_marked"] = n
        GAME.view(state, None)
        assert len(game._SHEET_VIEWS) <= game.SHEET_VIEWS_LIMIT


def test_a_reloaded_state_meets_the_sheet_views_of_the_original() -> None:
    """A stored state comes back with its keys in another order (`dump` sorts them); its sheets are
    the same sheets, so their views are not reckoned again (a playout's final check views both)."""
    rng = Rng(8)
    state = GAME.new(2, 8)
    for _ in range(30):
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)
    game._SHEET_VIEWS.clear()
    shown = GAME.view(state, None)
    remembered = dict(game._SHEET_VIEWS)
    again = GAME.load(GAME.dump(state))
    assert list(again["sheets"][0]) != list(state["sheets"][0])  # the keys come back sorted
    assert GAME.view(again, None) == shown
    assert remembered == game._SHEET_VIEWS


@pytest.mark.parametrize(("players", "seed", "options"), [
    (1, 41, None), (2, 42, {"side": "B", "chinatown": True}), (4, 43, {"chamber_of_commerce": True}),
])
def test_a_filled_blank_is_the_sheet_view_text_for_text(players: int, seed: int, options: dict | None) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed, options)
    while True:
        for ps in state["sheets"]:
            filled = view.filled_sheet_view(state, ps, TASK_STEPS)
            assert orjson.dumps(filled) == orjson.dumps(view.sheet_view(state, ps, TASK_STEPS))
        if GAME.is_over(state):
            break
        seat = rng.choice(GAME.to_act(state))
        offered = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(offered), offered=offered)


def test_a_filled_blank_is_private_and_the_blanks_are_bounded() -> None:
    state = GAME.new(1, 44)
    first = view.filled_sheet_view(state, state["sheets"][0], TASK_STEPS)
    assert first is not None
    first["town"]["rows"][0]["track_bonus"]["money"] = 99
    first["port"]["forms"][0]["goods"][0]["good"] = "scribbled"
    again = view.filled_sheet_view(state, state["sheets"][0], TASK_STEPS)
    assert orjson.dumps(again) == orjson.dumps(view.sheet_view(state, state["sheets"][0], TASK_STEPS))
    for n in range(3 * view.BLANKS_LIMIT):  # another layout each time (another game's areas)
        other = GAME.new(1, 100 + n, {"side": "AB"[n % 2]})
        view.filled_sheet_view(other, other["sheets"][0], TASK_STEPS)
        assert len(view._BLANKS) <= view.BLANKS_LIMIT


@pytest.mark.parametrize("side", ["A", "B"])
def test_one_blank_serves_every_layout_of_a_side(side: str) -> None:
    """The blank is kept per sheet side, not per layout: games laid out differently fill the same blank
    with their own areas, and each gets `sheet_view`'s text."""
    view._BLANKS.clear()
    layouts = set()
    for seed in range(50, 56):
        state = GAME.new(1, seed, {"side": side, "chinatown": seed % 2 == 0})
        layouts.add(tuple(state["areas"]))
        ps = state["sheets"][0]
        assert orjson.dumps(view.filled_sheet_view(state, ps, TASK_STEPS)) == orjson.dumps(
            view.sheet_view(state, ps, TASK_STEPS))
    assert len(layouts) > 1
    assert list(view._BLANKS) == [side]
