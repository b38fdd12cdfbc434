"""Additional Action phases: mercenaries, achievements, orders and country icons."""

from __future__ import annotations

import pytest

from engine.yokohama import GAME
from engine.yokohama.components import parts
from tests.engine.yokohama.helpers import at_stage, clear_board, fresh, kinds, main, put


def phase(stage: str = "first", players: int = 3):
    state = fresh(players)
    clear_board(state)
    return at_stage(state, stage)


def test_first_half_offers_main_and_second_half_end_turn() -> None:
    assert GAME.legal(phase("first"), 0)[-1] == {"do": "main"}
    assert GAME.legal(phase("second"), 0)[-1] == {"do": "end_turn"}


def test_end_turn_passes_clockwise() -> None:
    state = GAME.apply(phase("second"), 0, {"do": "end_turn"})
    assert state["seat"] == 1 and state["turns"] == 1


def test_mercenary_acts_where_you_have_an_assistant_not_your_president_once_per_turn() -> None:
    state = phase("first")
    pl = state["p"][0]
    pl["mercs"] = [{"country": "english", "used": False}, {"country": "dutch", "used": False}]
    put(state, 0, "bank", 1)
    put(state, 0, "tea1", 1)
    pl["president"] = "tea1"
    state["p"][1]["president"] = "bank"  # another President: allowed, and not paid
    assert [a for a in GAME.legal(state, 0) if a["do"] == "merc"] == [{"do": "merc", "area": "bank"}]
    state = GAME.apply(state, 0, {"do": "merc", "area": "bank"})
    pl = state["p"][0]
    assert pl["yen"] == 3 + 1 and state["p"][1]["yen"] == 4
    assert pl["placed"] == {"tea1": 1}  # recovered from the Bank
    # back to the phase it came from (or, with nothing left to do there, on to the main action)
    assert state["stage"] in ("first", "place")
    assert pl["mercs"][0]["used"] and not pl["mercs"][1]["used"]
    assert not [a for a in GAME.legal(state, 0) if a["do"] == "merc"]
    state = main(state)
    state = at_stage(state, "second")
    assert not [a for a in GAME.legal(state, 0) if a["do"] == "merc"]  # once per turn, whichever half


def test_mercenary_flag_resets_next_turn() -> None:
    state = phase("second")
    state["p"][0]["flags"]["merc"] = True
    for seat in (0, 1, 2):
        state = at_stage(state, "second", seat=seat)
        state = GAME.apply(state, seat, {"do": "end_turn"})
    assert state["seat"] == 0 and state["p"][0]["flags"]["merc"] is False


def plain_order() -> int:
    """The first order card in the data that pays only Victory points (no icon asks a choice)."""
    return next(o for o, card in parts().orders.items() if set(card["reward"]) == {"vp"})


def test_fulfil_order_pays_goods_and_rewards() -> None:
    """RB: "Place an Order card from your hand face-up in front of you. Pay the corresponding Trade Goods.
    Afterwards, gain the corresponding reward as noted on the Order card." """
    order = plain_order()
    card = parts().orders[order]
    short = next(iter(card["cost"]))
    state = phase()
    pl = state["p"][0]
    pl["orders"] = [order]
    pl["goods"] = {g: card["cost"].get(g, 0) for g in pl["goods"]}
    pl["goods"][short] -= 1  # one good short of the card's cost
    assert {"do": "fulfill", "order": order} not in GAME.legal(state, 0)
    assert "goods" in GAME.why_illegal(state, 0, {"do": "fulfill", "order": order})
    pl["goods"][short] += 1
    state = GAME.apply(state, 0, {"do": "fulfill", "order": order})
    pl = state["p"][0]
    assert all(n == 0 for n in pl["goods"].values())  # exactly the card's goods were paid
    assert pl["vp"] == card["reward"]["vp"] and pl["done"] == [order] and pl["orders"] == []


def test_order_reward_choice_any_good(monkeypatch: pytest.MonkeyPatch) -> None:
    """RB icons: "Any Trade good icon: Gain 1 Trade good of your choice." on an Order card's reward.

    The recalibrated deck has no card with this icon; a card of the deck that pays only
    Victory points is given one (its cost and points stay the data's), so fulfilling an order still
    asks for the good."""
    order = next((o for o, card in parts().orders.items() if card["reward"].get("any_good")), plain_order())
    card = parts().orders[order]
    monkeypatch.setitem(card, "reward", {**card["reward"], "any_good": card["reward"].get("any_good", 1)})
    state = phase()
    state["p"][0]["orders"] = [order]
    state["p"][0]["goods"] = {g: card["cost"].get(g, 0) for g in ("copper", "silk", "tea", "fish")}
    state = GAME.apply(state, 0, {"do": "fulfill", "order": order})
    assert state["p"][0]["vp"] == card["reward"]["vp"]
    assert kinds(GAME.legal(state, 0)) == ["good"] * 4
    state = GAME.apply(state, 0, {"do": "good", "good": "copper"})
    assert state["p"][0]["goods"]["copper"] == card["reward"]["any_good"] and state["stage"] in ("first", "place")


def test_every_second_icon_of_a_country_gives_a_mercenary_while_supply_lasts() -> None:
    state = phase()
    pl = state["p"][0]
    pl["done"] = [32]  # Dutch
    pl["orders"] = [36]  # Dutch: 1 Copper + 1 Seafood
    state = GAME.apply(state, 0, {"do": "fulfill", "order": 36})
    assert state["p"][0]["mercs"] == [{"country": "dutch", "used": False}]
    assert state["mercs"]["dutch"] == 0
    state = at_stage(state, "first")
    state["p"][0]["done"] += [33]  # third Dutch icon: no
    state["p"][0]["orders"] = [34]
    state["p"][0]["goods"].update(silk=2, tea=2)
    state = GAME.apply(state, 0, {"do": "fulfill", "order": 34})  # fourth, but none left
    assert len(state["p"][0]["mercs"]) == 1


def test_icons_on_technologies_count_too() -> None:
    from engine.yokohama.areas import gain_tech

    state = phase()
    state["p"][0]["done"] = [1]  # English order
    gain_tech(state, 0, 9)  # Mining Technology, English
    assert state["p"][0]["mercs"] == [{"country": "english", "used": False}]


@pytest.mark.parametrize(("card", "setup"), [
    ("A1", lambda pl: pl["goods"].update(copper=5)),
    ("A2", lambda pl: pl["goods"].update(silk=6)),
    ("A3", lambda pl: pl["goods"].update(tea=7)),
    ("A4", lambda pl: pl["goods"].update(fish=7)),
    ("B1", lambda pl: pl.update(yen=10)),
    ("B2", lambda pl: pl.update(tokens=[1, 2, 3], mercs=[{"country": "english", "used": True}] * 2)),
    ("B3", lambda pl: pl.update(done=[1, 2, 3, 4, 5])),
    ("B4", lambda pl: pl.update(techs=[1, 3, 5, 7])),
])
def test_achievements_a_and_b(card: str, setup) -> None:
    state = phase()
    state["achievements"] = [{"id": card, "claimed": []}]
    assert {"do": "achieve", "card": card} not in GAME.legal(state, 0)
    setup(state["p"][0])
    setup(state["p"][1])
    before = dict(state["p"][0]["goods"]), state["p"][0]["yen"]
    state = GAME.apply(state, 0, {"do": "achieve", "card": card})
    high, low = parts().achievements[card]["vp"]
    assert state["p"][0]["vp"] == high
    assert (state["p"][0]["goods"], state["p"][0]["yen"]) == before  # nothing is paid
    assert state["p"][0]["hand"]["assistants"] == 7  # an assistant from hand goes on the card
    assert {"do": "achieve", "card": card} not in GAME.legal(state, 0)  # once per player
    state = at_stage(state, "first", seat=1)
    state = GAME.apply(state, 1, {"do": "achieve", "card": card})
    assert state["p"][1]["vp"] == low


@pytest.mark.parametrize(("card", "prod", "com", "ok"), [
    ("C1", 4, 0, True), ("C1", 3, 3, False), ("C2", 0, 4, True), ("C3", 3, 2, True),
    ("C3", 2, 3, False), ("C4", 2, 3, True), ("C4", 4, 2, False),
])
def test_achievements_c_count_areas_with_buildings(card: str, prod: int, com: int, ok: bool) -> None:
    state = phase(players=4)
    state["achievements"] = [{"id": card, "claimed": []}]
    production = [a for a in state["sites"] if parts().areas[a]["category"] == "production"]
    commercial = [a for a in state["sites"] if parts().areas[a]["category"] == "commercial"]
    for area in production[:prod]:
        state["sites"][area]["shops"][0] = 0
    for area in commercial[:com]:
        state["sites"][area]["th"] = 0
    state["sites"][production[0]]["th"] = 0  # a second building in one area counts once
    assert ({"do": "achieve", "card": card} in GAME.legal(state, 0)) is ok


def test_achievement_needs_an_assistant_in_hand() -> None:
    state = phase()
    state["achievements"] = [{"id": "B1", "claimed": []}]
    state["p"][0]["yen"] = 10
    state["p"][0]["hand"]["assistants"] = 0
    assert {"do": "achieve", "card": "B1"} not in GAME.legal(state, 0)
