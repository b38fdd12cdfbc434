"""Simultaneous rounds, start player priority, the expansion areas, labels and the view."""

from __future__ import annotations

import json

import pytest

from engine.core import IllegalAction
from engine.rollwrite import GAME
from engine.rollwrite.setup import start_player

from .helpers import act, at_step, front, main_action, new, place_area, sheet


def test_everybody_decides_each_phase_at_once() -> None:
    state = new(3)
    assert GAME.to_act(state) == [0, 1, 2]
    state = act(state, {"do": "set", "set": 0}, seat=1)
    assert GAME.to_act(state) == [0, 1, 2]
    # all three may take the same set
    state = act(state, {"do": "set", "set": 0}, seat=2)
    assert sheet(state, 2)["set"] == 0


def test_next_round_waits_for_the_last_player() -> None:
    state = new(2)
    while sheet(state, 0)["step"] != "done":
        state = act(state, GAME.auto_action(state, 0), seat=0)
    assert state["round"] == 1 and GAME.to_act(state) == [1]
    with pytest.raises(IllegalAction, match="done for this round"):
        act(state, {"do": "set", "set": 0}, seat=0)
    while state["round"] == 1:
        state = act(state, GAME.auto_action(state, 1), seat=1)
    assert GAME.to_act(state) == [0, 1]


def test_start_player_priority_chooses_first_and_blocks_that_set() -> None:
    state = new(3, start_player_priority=True)
    assert GAME.to_act(state) == [0]
    assert GAME.pending_label(state, 1) == "Waiting for the start player ({seat:0}) to choose a set"
    with pytest.raises(IllegalAction, match="start player chooses"):
        act(state, {"do": "set", "set": 0}, seat=1)
    state = act(state, {"do": "set", "set": 1}, seat=0)
    assert GAME.to_act(state) == [0, 1, 2]
    assert GAME.legal(state, 2) == [{"do": "set", "set": 0}, {"do": "set", "set": 2}]
    with pytest.raises(IllegalAction, match="start player took that set"):
        act(state, {"do": "set", "set": 1}, seat=2)
    assert GAME.view(state, None)["sets"][1]["taken_by_start_player"] is True


def test_start_player_tile_passes_left_from_round_2() -> None:
    assert [start_player(3, r, True) for r in range(1, 7)] == [0, 1, 2, 0, 1, 2]
    assert start_player(3, 4, False) is None
    assert start_player(1, 4, True) is None


def test_five_players_no_priority_in_rounds_1_2_and_no_passing_until_round_4() -> None:
    assert [start_player(5, r, True) for r in range(1, 13)] == [None, None, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4]
    state = new(5, start_player_priority=True)
    assert GAME.to_act(state) == [0, 1, 2, 3, 4]


def test_start_player_priority_needs_2_to_6_players() -> None:
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        new(1, start_player_priority=True)
    with pytest.raises(IllegalAction, match="2 to 6 players"):
        new(7, start_player_priority=True)


def test_chinatown_replaces_one_goods_area() -> None:
    for seed in range(10):
        rows = new(seed=seed, chinatown=True)["areas"]
        assert "chinatown" in rows and len(rows) == 8
        assert sum(a in ("fishing", "tea", "silk", "copper") for a in rows) == 3


def test_chinatown_buys_any_good_for_1_money_and_cargo_for_4() -> None:
    state = new(chinatown=True)
    place_area(state, 6, "chinatown")
    ps = sheet(state)
    ps["written"][6] = 5
    ps["money"] = {"got": 6, "used": 0}
    state = main_action(at_step(state, "main"), 6, 3)
    buys = [a for a in GAME.legal(state, 0) if a["do"] == "buy"]
    assert [b["what"] for b in buys] == ["good", "cargo"]
    state = act(state, buys[1])
    assert sheet(state)["cargo"] == 1 and sheet(state)["money"]["used"] == 4
    state = act(state, next(a for a in GAME.legal(state, 0) if a["do"] == "buy"))
    assert front(state)["t"] == "good" and sheet(state)["money"]["used"] == 5


def test_chamber_of_commerce_sets_one_area_aside() -> None:
    state = new(chamber_of_commerce=True)
    assert "chamber" in state["areas"] and state["aside"] not in state["areas"]
    assert state["aside"] in ("fishing", "tea", "silk", "copper", "lab_a", "lab_b", "bank", "church")


def test_chamber_of_commerce_borrows_an_area_with_1_less_power() -> None:
    state = new(chamber_of_commerce=True)
    if state["aside"] != "bank":  # swap cards so that the Bank is the one set aside
        state["areas"][state["areas"].index("bank")] = state["aside"]
        state["aside"] = "bank"
    place_area(state, 6, "chamber")
    sheet(state)["written"][6] = 5
    state = main_action(at_step(state, "main"), 6, 4)
    targets = [a["area"] for a in GAME.legal(state, 0)]
    assert "bank" in targets and "chamber" not in targets and len(targets) == 8
    state = act(state, {"do": "via", "area": "bank"})
    assert sheet(state)["money"]["got"] == 2 + 3


def test_both_expansions_together_mix_chinatown_into_the_basic_cards() -> None:
    for seed in range(10):
        state = new(seed=seed, chinatown=True, chamber_of_commerce=True)
        cards = set(state["areas"]) | {state["aside"]}
        assert "chamber" in state["areas"] and "chinatown" in cards and len(cards) == 9


def test_every_label_fits_a_button() -> None:
    from engine.core import random_playout

    for seed in range(6):
        log = random_playout(GAME, 2, seed, {"chinatown": True, "chamber_of_commerce": seed % 2 == 0}).log
        state = new(2, seed, chinatown=True, chamber_of_commerce=seed % 2 == 0)
        for seat, action in log:
            for option in GAME.legal(state, seat):
                label = GAME.describe(state, option)
                assert 0 < len(label) <= 80
            assert GAME.pending_label(state, seat)
            state = act(state, action, seat)


def test_view_is_json_and_names_things() -> None:
    state = new(2)
    state = act(state, {"do": "set", "set": 0}, seat=0)
    view = GAME.view(state, 0)
    assert json.loads(json.dumps(view)) == view
    for key in ("areas", "labs", "sets", "seats", "you", "round", "side", "headline"):
        assert key in view
    sheet_view = view["seats"][0]["sheet"]
    for key in ("town", "port", "warehouse", "technologies", "round_track", "boxes", "turn"):
        assert key in sheet_view
    assert len(sheet_view["town"]["columns"]) == 9 and len(sheet_view["port"]["forms"]) == 20
    assert view["sets"][0]["colour"] == "white" and view["areas"][0]["name"]
    assert view["you"]["options"] and all(o["label"] for o in view["you"]["options"])
    assert GAME.view(state, None)["you"] is None
    assert GAME.headline(state).startswith("Round 1 of 12")


def test_side_option_and_unknown_options() -> None:
    assert new(side="b")["options"]["side"] == "B"
    with pytest.raises(IllegalAction, match="side"):
        new(side="C")
    with pytest.raises(IllegalAction, match="no option"):
        new(colour="red")
    with pytest.raises(IllegalAction, match="1 to 20 players"):
        GAME.new(0, 1)


def test_headline_at_the_end_names_the_winner() -> None:
    from engine.core import random_playout

    state = random_playout(GAME, 2, 3).state
    best = GAME.ranking(state)[0]
    headline = GAME.headline(state)
    assert headline.startswith(f"Game over: {{seat:{best}}} wins") or "share the victory" in headline


def test_view_shape_is_stable_for_the_renderer() -> None:
    """The keys documented in engine/rollwrite/view.py; keys may be added, never removed."""
    view = GAME.view(new(2), 1)
    assert {
        "game",
        "side",
        "options",
        "players",
        "round",
        "rounds",
        "over",
        "headline",
        "viewer",
        "areas",
        "aside",
        "labs",
        "sets",
        "start_player",
        "priority_set",
        "seats",
        "you",
    } <= set(view)
    seat = view["seats"][0]
    assert {"seat", "owes", "pending", "scores", "orders_fulfilled", "achievements", "sheet"} <= set(seat)
    sheet_view = seat["sheet"]
    assert {"track_length", "rows", "columns"} <= set(sheet_view["town"])
    assert {
        "row",
        "area",
        "name",
        "written",
        "crossed",
        "unused",
        "elite",
        "full",
        "track_bonus",
        "track_bonus_text",
        "track_bonus_taken",
    } <= set(sheet_view["town"]["rows"][0])
    assert {"column", "bonus", "bonus_text", "taken", "full"} <= set(sheet_view["town"]["columns"][0])
    assert {"id", "row", "col", "points", "goods", "fulfilled", "fulfilled_round", "shop", "value"} <= set(
        sheet_view["port"]["forms"][0]
    )
    assert {"forms", "bonus", "bonus_text", "taken"} <= set(sheet_view["port"]["links"][0])
    assert {"id", "name", "forms", "built", "fulfilled"} <= set(sheet_view["port"]["trading_houses"][0])
    assert {"got", "used", "available", "cap", "row_length", "bonuses"} <= set(
        sheet_view["warehouse"]["money"]
    )
    assert {"count", "cap", "points", "vp"} <= set(sheet_view["warehouse"]["cargo"])
    assert {"round", "bonus", "bonus_text", "crossed"} <= set(sheet_view["round_track"][0])
    assert {"6R", "12R", "cargo", "tech", "total"} <= set(sheet_view["boxes"])
    assert {"step", "set", "extra", "record", "queue"} <= set(sheet_view["turn"])
    assert {"index", "colour", "die", "card", "taken_by_start_player"} <= set(view["sets"][0])
    assert {"seat", "pending", "options"} <= set(view["you"])


def test_the_round_is_told_in_words_for_the_summary() -> None:
    state = new(1)
    first = GAME.describe(state, {"do": "set", "set": 2})
    state = act(state, {"do": "set", "set": 2})
    events = GAME.view(state, None)["seats"][0]["sheet"]["turn"]["events"]
    assert events[0] == first
    while state["round"] == 1:
        state = act(state, GAME.auto_action(state, 0))
    turn = GAME.view(state, None)["seats"][0]["sheet"]["turn"]
    assert turn["events"] == [] and turn["previous_events"][0] == first and len(turn["previous_events"]) >= 3
