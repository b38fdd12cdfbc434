"""Every technology card's effect (rulebook "Technology Cards")."""

from __future__ import annotations

from engine.yokohama import GAME
from engine.yokohama.areas import gain_tech
from engine.yokohama.components import parts
from engine.yokohama.rewards import grant
from tests.engine.yokohama.helpers import act_in, at_stage, clear_board, fresh, play, put

TECH = {t["effect"]: t["id"] for t in sorted(parts().techs.values(), key=lambda t: -t["id"])}


def owner(*effects: str, players: int = 4):
    state = fresh(players)
    clear_board(state)
    state["p"][0]["techs"] = [TECH[e] for e in effects]
    return state


def shop_build(state, area: str = "tea1"):
    put(state, 0, area, 3)
    state = act_in(state, 0, area)
    free = next(i for i, s in enumerate(state["sites"][area]["shops"]) if s is None)
    site = parts().sites[state["sites"][area]["card"]]
    return GAME.apply(state, 0, {"do": "build", "what": "shop", "space": free}), site["shops"][free]


def test_gaslight_two_points_per_shop() -> None:
    state, reward = shop_build(owner("gaslight"))
    assert state["p"][0]["vp"] == 2 + reward.get("vp", 0)


def test_electric_light_three_points_per_trading_house() -> None:
    state = owner("electric_light")
    state["p"][0]["hand"]["th"] = 1
    put(state, 0, "bank", 3)
    state = act_in(state, 0, "bank")
    reward = parts().sites[state["sites"]["bank"]["card"]]["trading_house"]
    state = GAME.apply(state, 0, {"do": "build", "what": "th"})
    assert state["p"][0]["vp"] == 3 + reward.get("vp", 0)


def test_station_token_placed_and_adds_power_for_everyone() -> None:
    state = owner()
    state["seat"] = 0
    gain_tech(state, 0, TECH["station"])
    assert state["pending"] == [{"kind": "station"}]
    state = GAME.apply(at_stage(state, "first"), 0, {"do": "station_at", "area": "bank"})
    state = act_in(state, 1, "bank")
    assert state["p"][1]["yen"] == 4 + 2


def test_mining_adds_a_copper_to_each_gain() -> None:
    """RB Mining Technology: "Whenever you receive 1 or more Copper token, you receive 1 additional
    Copper token. This applies to the Copper Mine, Chinatown, 5-Power tokens, and Area building effects." """
    state = owner("mining")
    put(state, 0, "copper1", 2)
    state = act_in(state, 0, "copper1")
    assert state["p"][0]["goods"]["copper"] == 1 + 1 + 1
    state = owner("mining")
    put(state, 0, "chinatown", 0)
    state = act_in(state, 0, "chinatown")
    state = GAME.apply(state, 0, {"do": "exchange", "trade": "buy_copper"})
    assert state["p"][0]["goods"]["copper"] == 3


def test_mining_one_extra_copper_per_receipt_not_per_icon() -> None:
    """RB Mining Technology: "Whenever you receive 1 or more Copper token, you receive 1 additional
    Copper token." One reward with 2 goods of choice, both taken as Copper, gives 3 Copper, not 4."""
    state = owner("mining")
    state["p"][0]["goods"]["copper"] = 0
    grant(state, 0, {"any_good": 2})
    assert {"do": "goods", "goods": {"copper": 2}} in GAME.legal(state, 0)
    state = GAME.apply(state, 0, {"do": "goods", "goods": {"copper": 2}})
    assert state["p"][0]["goods"]["copper"] == 3
    # Copper given outright and Copper chosen in the same reward: still one extra.
    state = owner("mining")
    state["p"][0]["goods"]["copper"] = 0
    grant(state, 0, {"copper": 1, "any_good": 1})
    state = GAME.apply(state, 0, {"do": "good", "good": "copper"})
    assert state["p"][0]["goods"]["copper"] == 1 + 1 + 1
    # Two exchanges for Copper in one Chinatown action are one receipt (ruling R5.4).
    state = owner("mining")
    state["p"][0]["goods"]["copper"] = 0
    state["p"][0]["yen"] = 10
    put(state, 0, "chinatown", 1)
    state = act_in(state, 0, "chinatown")
    state = GAME.apply(state, 0, {"do": "exchange", "trade": "buy_copper"})
    state = GAME.apply(state, 0, {"do": "exchange", "trade": "buy_copper"})
    assert state["p"][0]["goods"]["copper"] == 3


def test_spinning_mill_once_per_turn() -> None:
    state = at_stage(owner("spinning_mill"), "second")
    state = GAME.apply(state, 0, {"do": "spin"})
    assert state["p"][0]["yen"] == 5 and state["p"][0]["goods"]["silk"] == 0
    state["p"][0]["goods"]["silk"] = 1
    assert {"do": "spin"} not in GAME.legal(state, 0)


def test_exposition_ten_points() -> None:
    state = owner()
    gain_tech(state, 0, TECH["exposition"])
    assert state["p"][0]["vp"] == 10


def test_ball_and_language_school_on_orders() -> None:
    """RB: "Ball: Whenever you complete an Order card, you gain an additional 2 Victory points. Language
    School: Whenever you complete an Order card, you gain an additional 1 Yen." """
    order = next(o for o, card in parts().orders.items() if set(card["reward"]) == {"vp"})
    card = parts().orders[order]
    state = at_stage(owner("ball", "language_school"), "first")
    state["p"][0]["orders"] = [order]
    state["p"][0]["goods"] = {g: card["cost"].get(g, 0) for g in state["p"][0]["goods"]}
    state = GAME.apply(state, 0, {"do": "fulfill", "order": order})
    assert state["p"][0]["vp"] == card["reward"]["vp"] + 2 and state["p"][0]["yen"] == 3 + 1


def test_letterpress_and_patent_only_for_later_cards() -> None:
    state = owner()
    gain_tech(state, 0, TECH["letterpress"])
    gain_tech(state, 0, TECH["patent"])
    assert state["p"][0]["yen"] == 3 + 1 and state["p"][0]["vp"] == 0
    gain_tech(state, 0, TECH["ball"])
    assert state["p"][0]["yen"] == 3 + 2 and state["p"][0]["vp"] == 2


def test_winery_and_brickyard_points_on_placement() -> None:
    church, customs = parts().boards["church"][0], parts().boards["customs"][0]
    state = owner("winery", "brickyard")
    put(state, 0, "church", 1)  # Power 2: 1 Faith
    pl = state["p"][0]
    pl["goods"] = {"copper": 0, "silk": 0, "tea": 0, "fish": 0}
    pl["yen"] = pl["imported"] = 0
    paid = parts().rules["church"]["faith_kinds"][:church["need"] - 1]  # one of each kind for the rest
    for kind in paid:
        if kind in pl["goods"]:
            pl["goods"][kind] = 1
        else:
            pl[kind] = 1
    state = act_in(state, 0, "church")
    state = play(state, next(a for a in GAME.legal(state, 0) if a["do"] == "church" and a["space"] == 0))
    if state["stage"] == "act_church_pay":
        state = play(state, {"do": "faith", "pay": paid})
    state = GAME.apply(state, 0, {"do": "pawn_from", "source": "area"})
    assert state["church"][0] == 0
    assert state["p"][0]["vp"] == church["reward"]["vp"] + parts().effect_gain["winery"]["vp"]
    state = owner("winery", "brickyard")
    state["p"][0]["imported"] = customs["need"]
    put(state, 0, "customs", 1)
    state = act_in(state, 0, "customs")
    state = GAME.apply(state, 0, {"do": "customs", "space": 0})
    state = GAME.apply(state, 0, {"do": "pawn_from", "source": "area"})
    assert state["customs"][0] == 0
    assert state["p"][0]["vp"] == customs["reward"]["vp"] + parts().effect_gain["brickyard"]["vp"]


def test_newspaper_places_four() -> None:
    """RB Newspaper: "you may place up to 4 Assistant pawns in different Areas instead of 3." """
    state = at_stage(owner("newspaper"), "first")
    state = play(state, {"do": "main"}, {"do": "place_way", "way": "spread"})
    assert max(len(a["areas"]) for a in GAME.legal(state, 0)) == 4
    four = [a for a in state["layout"] if a in ("bank", "tea1", "church", "customs")]
    state = play(state, {"do": "place", "areas": four})
    assert state["stage"] == "move"


def test_telegram_adds_one_in_an_adjacent_area() -> None:
    """RB Telegram: "if you place 2 Assistant pawns in the same Area, you may additionally place 1
    Assistant pawn in an adjacent Area." """
    state = at_stage(owner("telegram"), "first")
    state = play(state, {"do": "main"}, {"do": "place_way", "way": "pair"})
    split = {"do": "place", "pair": "bank", "then": "telegram"}
    if split in GAME.legal(state, 0):  # a long list: the pair first, the extra next (ruling R2.2)
        state = play(state, split)
        assert {"do": "place", "areas": []} in GAME.legal(state, 0)  # the extra is optional
        targets = [a["areas"][0] for a in GAME.legal(state, 0) if a["areas"]]
        action = {"do": "place", "areas": [targets[0]]}
    else:
        targets = [a["extra"] for a in GAME.legal(state, 0) if a.get("pair") == "bank" and "extra" in a]
        assert {"do": "place", "pair": "bank"} in GAME.legal(state, 0)
        action = {"do": "place", "pair": "bank", "extra": targets[0]}
    assert set(targets) == set(state["adjacent"]["bank"]) - {"canal"}
    state = play(state, action)
    assert state["p"][0]["placed"] == {"bank": 2, targets[0]: 1} and state["stage"] == "move"


def test_university_buys_an_assistant_once_per_turn() -> None:
    state = at_stage(owner("university"), "first")
    state = GAME.apply(state, 0, {"do": "university"})
    pl = state["p"][0]
    assert pl["yen"] == 2 and pl["hand"]["assistants"] == 9 and pl["warehouse"]["assistants"] == 11
    assert {"do": "university"} not in GAME.legal(state, 0)


def test_telephone_may_leave_one_assistant() -> None:
    state = owner("telephone")
    put(state, 0, "tea1", 2)
    state = act_in(state, 0, "tea1")
    assert state["stage"] == "recover_choice"
    state = GAME.apply(state, 0, {"do": "recover", "leave": 1})
    assert state["p"][0]["placed"] == {"tea1": 1}


def test_system_of_stock_tops_up_to_two_yen_at_turn_start() -> None:
    state = at_stage(owner("stock"), "second", seat=3)
    state["p"][3]["techs"] = [TECH["stock"]]
    state["p"][0]["yen"] = 1
    state = GAME.apply(state, 3, {"do": "end_turn"})
    assert state["seat"] == 0 and state["p"][0]["yen"] == 2

