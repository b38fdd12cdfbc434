"""The component data fits every count the rulebook states (and references resolve)."""

from __future__ import annotations

from collections import Counter

import pytest

from data import load_data
from engine.yokohama.areas import CHURCH_FAITH, FAITH_KINDS
from engine.yokohama.components import COUNTRIES, REWARD_KEYS, parts


def test_data_files_marked_reconstructed_where_designed_by_us() -> None:
    for name in ("layout", "orders", "technologies", "building_sites", "power_tokens", "boards"):
        assert load_data("yokohama", f"{name}.toml")["reconstructed"] is True
    assert load_data("yokohama", "areas.toml")["reconstructed"] is False


def test_card_and_token_counts() -> None:
    p = parts()
    assert len(p.orders) == 36
    assert len(p.techs) == 30
    assert len(p.sites) == 24
    assert len(p.power_tokens) == 20
    assert Counter(a["group"] for a in p.achievements.values()) == {"A": 4, "B": 4, "C": 4}


def test_mercenaries_are_the_rulebooks_ten() -> None:
    assert parts().boards["mercenaries"] == {"english": 3, "american": 2, "french": 2, "german": 2, "dutch": 1}


def test_every_named_technology_is_present_and_names_repeat() -> None:
    names = Counter(t["name"] for t in parts().techs.values())
    rulebook = {"Gaslight", "Station", "Mining Technology", "Spinning Mill", "Stagecoach", "Exposition",
                "Ball", "Language School", "Letterpress Printing", "Winery", "Postal System", "Newspaper",
                "Electrical Light", "University", "Telegram", "Telephone", "Brickyard", "System of Stock",
                "Patent System", "Tram"}
    assert set(names) == rulebook
    assert sum(names.values()) == 30 and max(names.values()) == 2
    assert names["Station"] == 1  # there is one Station token


def test_countries_all_five_on_orders_and_technologies() -> None:
    p = parts()
    assert {o["country"] for o in p.orders.values()} == set(COUNTRIES)
    assert {t["country"] for t in p.techs.values()} == set(COUNTRIES)


def test_rewards_use_only_the_rulebook_icons() -> None:
    p = parts()
    rewards = [o["reward"] for o in p.orders.values()] + [t["reward"] for t in p.power_tokens.values()]
    for site in p.sites.values():
        assert len(site["shops"]) == 3
        rewards += [*site["shops"], site["trading_house"]]
    for reward in rewards:
        assert reward and set(reward) <= set(REWARD_KEYS)


@pytest.mark.parametrize(("players", "rows"), [(2, [4, 3, 2, 1]), (3, [5, 4, 3, 2]), (4, [6, 5, 4, 3])])
def test_layout_rows_and_areas_used(players: int, rows: list[int]) -> None:
    p = parts()
    assert p.rows_for(players) == rows
    assert len(p.areas_for(players)) == sum(rows)


def test_setup_table_boards_not_used() -> None:
    p = parts()
    assert set(p.area_order) - set(p.areas_for(2)) == {
        "lab_b", "port_b", "chinatown", "canal", "copper2", "silk2", "tea2", "fish2"}
    assert set(p.area_order) - set(p.areas_for(3)) == {"lab_b", "copper2", "silk2", "tea2"}
    assert set(p.areas_for(4)) == set(p.area_order)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_adjacency_is_the_triangle(players: int) -> None:
    rows = parts().rows_for(players)
    cells = [(r, c) for r, n in enumerate(rows) for c in range(n)]
    adj = parts().adjacency_for(players)
    for i, (r, c) in enumerate(cells):
        expect = {cells.index(x) for x in [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c - 1),
                                             (r + 1, c)] if x in cells}
        assert set(adj[i]) == expect


def test_management_boards_have_room_for_the_end_counts() -> None:
    b = parts().boards
    for players in (2, 3, 4):
        need = b["end_pawns"][str(players)]
        assert len(b["church"]) - (players == 2) >= need
        assert len(b["customs"]) - (players == 2) >= need
    assert [s["need"] for s in b["customs"]] == sorted(s["need"] for s in b["customs"])
    assert max(s["need"] for s in b["customs"]) == 4  # Power 5 pays at most 4 imported goods


def test_every_church_space_is_within_the_faith_table() -> None:
    """RB Church: Power gives "1 Power: 1 Faith value / 2 Power: 1 Faith value / 3 Power: 3 ... 5 Power:
    5 Faith value", each item 1 Faith, and "You may not pay more than 1 of the same kind of the above":
    Faith reaches at most 5 + 6 = 11. Ruling R7: every space asks between Power 1's one Faith and 11,
    the spaces rise from left to right, and their rewards rise with them; a pawn goes to the space
    "corresponding to the Faith value that was paid", so two spaces may share a Faith (two Faith 9)
    and then give the same points."""
    church = parts().boards["church"]
    assert max(CHURCH_FAITH) + len(FAITH_KINDS) == 11
    needs = [s["need"] for s in church]
    assert needs == sorted(needs) and len(church) - len(set(needs)) == 1
    assert min(CHURCH_FAITH) <= needs[0] and needs[-1] <= 11
    points = [s["reward"]["vp"] for s in church]
    assert points == sorted(points)


def test_every_customs_space_is_payable_at_its_power() -> None:
    """RB Customs: "2 Power: 1 Imported Good / 3 Power: 2 ... / 5 Power: 4 Imported Goods": every space
    asks 1 to 4 imported goods, the dearer spaces to the right pay more (ruling R7)."""
    customs = parts().boards["customs"]
    needs = [s["need"] for s in customs]
    assert needs == sorted(needs) and set(needs) == {1, 2, 3, 4}
    assert max(parts().rules["customs"]["imports"]) == 4
    for a in customs:
        assert all(a["reward"]["vp"] > b["reward"]["vp"] for b in customs if b["need"] < a["need"])


def test_the_two_player_neutral_pawns_leave_the_end_counts_in_reach() -> None:
    """Quick summary, 2 players: "Block the indicated spaces on the Church and Customs management
    boards with a neutral worker"; end "Number of assistants placed on the Church management board
    (2P: 5 including neutral ...)" — the rulebook's "2 Players: 4" player pawns plus the neutral one."""
    b = parts().boards
    assert b["end_pawns"] == {"2": 4, "3": 5, "4": 6}
    for board in ("church", "customs"):
        neutral = b[f"{board}_neutral"]
        assert 0 <= neutral < len(b[board])
        assert len(b[board]) - 1 >= b["end_pawns"]["2"]


def test_setup_order_counts_are_the_rulebooks() -> None:
    """RB setup: "2 players 16 / 3 players 5 / 4 players 0" Order cards returned to the box, "Each player
    may have a maximum of 3 Order cards in their hand. Players may not discard any Order cards"."""
    assert parts().boards["orders_removed"] == {"2": 16, "3": 5, "4": 0}
    assert parts().rules["port"]["hand_limit"] == 3


def test_the_chinatown_prices_are_the_rulebooks() -> None:
    """RB Chinatown: "Pay 1 Copper token and receive 2 Yen ... Pay 1 Tea token and receive 1 Yen ... Pay 2 Yen
    and receive 1 Copper token ... Pay 1 Yen and receive 1 Tea token ... Pay 4 Yen and receive 1 Imported Good"."""
    trades = parts().rules["chinatown"]["trades"]
    assert trades["sell_copper"]["get"] == {"yen": 2} and trades["sell_silk"]["get"] == {"yen": 2}
    assert trades["sell_tea"]["get"] == {"yen": 1} and trades["sell_fish"]["get"] == {"yen": 1}
    assert trades["buy_copper"]["pay"] == {"yen": 2} and trades["buy_tea"]["pay"] == {"yen": 1}
    assert trades["buy_imported"]["pay"] == {"yen": 4}
    assert not any(t["pay"].get("imported") for t in trades.values())  # "no option to sell Imported Good"


def test_orders_ask_only_for_trade_goods_and_pay_by_what_they_ask() -> None:
    """RB "Fulfilling an Order card ... Pay the corresponding Trade Goods. Afterwards, gain the
    corresponding reward". Ruling R7: every order asks 3 to 6 trade goods (its goods are gathered over
    several turns, which sets the Order deck's pace) and an order asking for goods worth more at
    Chinatown never pays fewer points plus icons than one asking for goods worth less."""
    price = {"copper": 2, "silk": 2, "tea": 1, "fish": 1}
    orders = parts().orders.values()
    for order in orders:
        assert set(order["cost"]) <= set(price) and 3 <= sum(order["cost"].values()) <= 6
    value = {"vp": 1.0, "yen": 0.5, "imported": 2.0, "any_good": 1.2, "warehouse": 1.0, "move": 1.0}
    for a in orders:
        for b in orders:
            cost_a = sum(price[g] * n for g, n in a["cost"].items())
            cost_b = sum(price[g] * n for g, n in b["cost"].items())
            if cost_a > cost_b + 1:
                pays = [sum(value[k] * n for k, n in o["reward"].items()) for o in (a, b)]
                assert pays[0] >= pays[1], (a["id"], b["id"])


def test_bad_data_is_refused_with_every_problem_named() -> None:
    """Each kind of check (layout, counts, cards, rewards) reports its own problem, all in one message."""
    import copy

    broken = copy.copy(parts())
    broken.orders = {k: dict(v) for k, v in list(parts().orders.items())[:35]}
    broken.techs = {k: {**v, "country": "swiss"} if k == min(parts().techs) else v for k, v in parts().techs.items()}
    broken.power_tokens = {k: {**v, "reward": {"gold": 1}} if k == min(parts().power_tokens) else v
                           for k, v in parts().power_tokens.items()}
    with pytest.raises(ValueError) as refused:
        broken.validate()
    message = str(refused.value)
    assert "35 order cards, the game has 36" in message
    assert "unknown country swiss" in message
    assert "unknown reward icon gold" in message


def test_scoring_tables_are_the_rulebooks() -> None:
    """"The player with the highest number of Assistant pawns receives 6 Victory points, and the
    second highest receives 3" (Church); 8 and 4 (Customs); 10 and 5 (Technology); sets of 5, 4, 3, 2
    different Country icons: 12, 8, 4, 2; "Every 2 Yen: 1 Victory point"; "Every 3 Trade Good tokens"."""
    scoring = parts().rules["scoring"]
    assert scoring["church_majority"] == [6, 3] and scoring["customs_majority"] == [8, 4]
    assert scoring["technology_majority"] == [10, 5]
    assert scoring["country_sets"] == [0, 2, 4, 8, 12]
    assert (scoring["yen_per_point"], scoring["goods_per_point"], scoring["dummy_tech_twice"]) == (2, 3, 15)
    assert parts().rules["placement"] == {"spread_limit": 3, "spread_limit_newspaper": 4}


def test_technology_gains_are_the_rulebooks() -> None:
    """"Gaslight: ... you gain 2 additional Victory points"; "Exposition: Immediately gain 10 Victory
    points"; "Ball: ... an additional 2 Victory points"; "Language School: ... an additional 1 Yen";
    "Letterpress Printing: ... an additional 1 Yen"; "Winery: ... an additional 3 Victory points";
    "Brickyard: ... an additional 4 Victory points"; "Patent System: ... an additional 2 Victory points";
    "Electrical Light: ... you gain 3 additional Victory points"."""
    assert parts().effect_gain == {
        "ball": {"vp": 2}, "brickyard": {"vp": 4}, "electric_light": {"vp": 3}, "exposition": {"vp": 10},
        "gaslight": {"vp": 2}, "language_school": {"yen": 1}, "letterpress": {"yen": 1}, "patent": {"vp": 2},
        "winery": {"vp": 3},
    }


def test_technology_exchanges_are_the_rulebooks() -> None:
    """"Spinning Mill: Once per turn, you may discard 1 Raw Silk to gain 2 Yen"; "University: Once per
    turn, you may gain an Assistant pawn from the Warehouse tile by paying 1 Yen"; "System of Stock: ...
    if you possess 1 Yen or less, you refill your hand to 2 Yen"."""
    assert parts().effect_terms == {"spinning_mill": {"silk": 1, "yen": 2}, "university": {"yen": 1},
                                    "stock": {"yen": 2}}


def test_every_port_level_has_a_space_and_the_levels_rise_left_to_right() -> None:
    """RB Port: "2 Power: You may take an Order card from the Low area / 3 Power: ... the Low and/or
    Mid area / 4 Power: ... and/or High area", and "move all cards to the left": on each board every
    level has a space, Low on the left so a sliding card gets cheaper. "There are two Port Areas: Port
    A and Port B, which refer to different Port Order Form Boards": Port A has five spaces, Port B (only
    with 3 and 4 players) three (ruling R7), which leaves the deck 11 / 17 / 20 cards
    after setup for 2 / 3 / 4 players."""
    b = parts().boards
    order = ["low", "mid", "high"]
    assert set(b["port_levels"]) == {"port_a", "port_b"}
    for levels in b["port_levels"].values():
        assert set(levels) == set(order) and levels == sorted(levels, key=order.index)
    assert len(b["port_levels"]["port_a"]) == 5 and b["port_levels"]["port_b"] == order
    for players, deck in ((2, 11), (3, 17), (4, 20)):
        boards = ["port_a"] if players == 2 else ["port_a", "port_b"]
        dealt = sum(len(b["port_levels"][port]) for port in boards) + 2 * players
        assert len(parts().orders) - b["orders_removed"][str(players)] - dealt == deck


def test_a_quarter_to_a_third_of_shophouse_spaces_carry_the_warehouse_icon() -> None:
    """RB: "Warehouse icon: Take a token from the Warehouse tile to your hand. The cost is the same as
    the Employment Agency action"; setup: "8 Shophouse tokens (place 2 in the player's hand and place
    the remaining 6 on top of the Warehouse tile)". Ruling ruling R7: with 6 of 72 Shophouse
    spaces carrying it, two Power-4 actions in five found no Shophouse or Trading House in hand to
    build; 21 of 72 bring building and the 8-Shophouse ending within reach."""
    spaces = [space for site in parts().sites.values() for space in site["shops"]]
    with_icon = sum(1 for space in spaces if "warehouse" in space)
    assert len(spaces) == 72 and 18 <= with_icon <= 24
    assert all(set(space) <= {"vp", "yen", "copper", "silk", "tea", "fish", "any_good", "imported", "warehouse", "move"}
               for space in spaces)
