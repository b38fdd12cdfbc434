"""The view: complete enough to draw the board and write a summary, hiding others' hands."""

from __future__ import annotations

import json

from engine.yokohama import GAME
from tests.engine.yokohama.helpers import fresh

TOP_KEYS = {"game", "players", "viewer", "headline", "round", "turns", "current", "stage", "stage_text",
            "acting", "pending", "end", "over", "rows", "areas", "station", "ports", "order_deck", "labs",
            "tech_deck", "church", "customs", "achievements", "mercenary_supply", "seats", "scores", "log",
            "placement_menu"}


def test_top_level_shape() -> None:
    view = GAME.view(fresh(4), None)
    assert set(view) == TOP_KEYS
    json.dumps(view)
    assert view["rows"] == [6, 5, 4, 3] and len(view["areas"]) == 18
    assert view["current"] == 0 and view["stage"] in ("first", "place")


def test_areas_carry_names_positions_sites_and_pieces() -> None:
    state = fresh(3)
    state["p"][1]["president"] = "bank"
    state["p"][1]["placed"] = {"bank": 2}
    view = GAME.view(state, None)
    bank = next(a for a in view["areas"] if a["id"] == "bank")
    assert bank["name"] == "Bank" and bank["category"] == "commercial"
    assert bank["presidents"] == [1] and bank["assistants"] == {"1": 2}
    assert len(bank["site"]["shops"]) == 3 and bank["power_token"]["text"]
    canal = next(a for a in view["areas"] if a["id"] == "canal")
    assert canal["site"] is None and canal["power_token"] is None
    last = view["areas"][-1]
    assert (last["row"], last["col"]) == (3, 1)


def test_cards_are_described_by_name() -> None:
    view = GAME.view(fresh(2), 0)
    assert view["labs"]["lab_a"][0]["tech"]["name"]
    assert view["ports"]["port_a"][0]["level"] == "low" and view["ports"]["port_a"][0]["order"]["text"]
    assert view["seats"][0]["orders"][0]["cost"]
    assert view["seats"][1]["orders"] is None and view["seats"][1]["order_count"] == 1
    assert [a["name"] for a in view["achievements"]]


def test_public_label_of_the_setup_choice_does_not_name_the_order() -> None:
    """The order kept at setup goes into a hidden hand: the channel's turn summary must not name it."""
    from engine.yokohama import GAME as YOKOHAMA

    state = YOKOHAMA.new(3, 11)
    seat = YOKOHAMA.to_act(state)[0]
    for action in YOKOHAMA.legal(state, seat):
        assert "#" in YOKOHAMA.describe(state, action)  # the owner sees which card
        assert "#" not in YOKOHAMA.public_label(state, action)
        assert YOKOHAMA.public_label(state, action) == "Keep one of the two dealt order cards"
