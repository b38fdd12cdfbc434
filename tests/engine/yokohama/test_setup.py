"""Setup by player count (rulebook "Game Setup")."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.yokohama import GAME
from engine.yokohama.components import area_kind


@pytest.mark.parametrize(("players", "deck"), [(2, 36 - 16 - 5 - 4), (3, 36 - 5 - 8 - 6), (4, 36 - 8 - 8)])
def test_orders_returned_and_dealt(players: int, deck: int) -> None:
    state = GAME.new(players, 5)
    assert len(state["order_deck"]) == deck
    assert len(state["ports"]) == (1 if players == 2 else 2)
    assert all(None not in row for row in state["ports"].values())
    # Port A of five spaces, Port B (3 and 4 players) of three (ruling R7)
    assert {area: len(row) for area, row in state["ports"].items()} == (
        {"port_a": 5} if players == 2 else {"port_a": 5, "port_b": 3})


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_area_gets_a_site_and_a_5_power_token_but_the_canal(players: int) -> None:
    state = GAME.new(players, 7)
    for area in state["layout"]:
        if area_kind(area) == "canal":
            assert area not in state["sites"] and area not in state["tokens"]
        else:
            assert state["sites"][area]["shops"] == [None, None, None]
            assert state["tokens"][area] is not None
    cards = [s["card"] for s in state["sites"].values()]
    assert len(set(cards)) == len(cards)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hands_money_and_warehouse(players: int) -> None:
    state = GAME.new(players, 3)
    for seat, pl in enumerate(state["p"]):
        assert pl["hand"] == {"assistants": 8, "shops": 2, "th": 0}
        assert pl["warehouse"] == {"assistants": 12, "shops": 6, "th": 4}
        assert pl["goods"] == {"copper": 1, "silk": 1, "tea": 1, "fish": 1}
        assert pl["yen"] == (3 if seat == 0 else 4)
        assert pl["president"] is None and len(pl["keep"]) == 2


def test_one_achievement_of_each_letter_and_full_labs() -> None:
    state = GAME.new(4, 11)
    assert [a["id"][0] for a in state["achievements"]] == ["A", "B", "C"]
    assert sorted(state["labs"]) == ["lab_a", "lab_b"]
    assert all(None not in row for row in state["labs"].values())
    assert len(state["tech_deck"]) == 30 - 8


def test_two_player_neutral_pawns_block_church_and_customs() -> None:
    assert GAME.new(2, 1)["church"].count(-1) == 1
    assert GAME.new(2, 1)["customs"].count(-1) == 1
    assert -1 not in GAME.new(3, 1)["church"]


def test_keep_one_of_two_orders_simultaneously_and_secretly() -> None:
    state = GAME.new(3, 2)
    assert GAME.to_act(state) == [0, 1, 2]
    offered = state["p"][1]["keep"]
    assert GAME.view(state, 0)["seats"][1]["choosing_from"] is None
    assert [o["id"] for o in GAME.view(state, 1)["seats"][1]["choosing_from"]] == offered
    state = GAME.apply(state, 1, {"do": "keep", "order": offered[1]})
    assert state["p"][1]["orders"] == [offered[1]]
    assert GAME.to_act(state) == [0, 2]
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, {"do": "keep", "order": offered[0]})
    state = GAME.apply(state, 0, GAME.legal(state, 0)[0])
    state = GAME.apply(state, 2, GAME.legal(state, 2)[0])
    assert GAME.to_act(state) == [0] and state["stage"] in ("first", "place")


def test_same_seed_same_game_and_seeds_differ() -> None:
    assert GAME.dump(GAME.new(3, 9)) == GAME.dump(GAME.new(3, 9))
    assert GAME.new(3, 9)["layout"] != GAME.new(3, 10)["layout"]


def test_player_count_checked() -> None:
    with pytest.raises(IllegalAction):
        GAME.new(5, 1)
