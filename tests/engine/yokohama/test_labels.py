"""Labels that match the rules: each label says what the rulebook gives, in a player's words.

Expected words are built from the component data, so a recalibrated card or board changes the
numbers, never the test.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from engine.core.steps import LABEL_LIMIT
from engine.yokohama import GAME
from engine.yokohama.components import COUNTRY_NAMES, GOOD_NAMES, goods_text, parts, reward_text
from engine.yokohama.text import order_label
from tests.engine.yokohama.helpers import act_in, at_stage, clear_board, fresh, put
from tests.engine.yokohama.test_movement import board2

RULES = parts().rules


def test_a_mercenary_label_shows_the_power_it_really_acts_with() -> None:
    """RB, Foreign Mercenaries: "it has to contain at least 1 of your Assistant pawns AND your President pawn
    may not be in the Area"; Power table: "President pawn 1 Power, Assistant pawn 1 Power each". The absent
    President adds nothing, so 2 assistants in the Bank act with Power 2."""
    state = at_stage(fresh(3), "first")
    clear_board(state)
    pl = state["p"][0]
    pl["mercs"] = [{"country": "english", "used": False}]
    put(state, 0, "bank", 2)
    put(state, 0, "tea1", 1)
    pl["president"] = "tea1"
    yen = RULES["bank"]["yen"][2 - 1]
    assert GAME.describe(state, {"do": "merc", "area": "bank"}) == f"Mercenary acts in Bank → Power 2: ¥{yen}"
    before = pl["yen"]
    state = GAME.apply(state, 0, {"do": "merc", "area": "bank"})
    assert state["p"][0]["yen"] == before + yen  # what the label promised


def test_the_port_move_label_at_power_5_says_the_victory_points() -> None:
    """RB, Port: "5 Power: You may take an Order card from the Low and/or Mid and/or High area. In addition,
    you gain 3 Victory points." The move's label says so, and the points come even when no card is taken."""
    state = board2()
    put(state, 0, "port_a", 4)
    vp = RULES["port"]["power5_vp"]
    label = GAME.describe(state, {"do": "go", "area": "port_a"})
    assert label.endswith(f"→ Power 5: orders up to High, +{vp} VP"), label
    state = GAME.apply(state, 0, {"do": "go", "area": "port_a"})
    assert state["stage"] == "act_port"
    assert f"+{vp} VP" in GAME.pending_label(state, 0)
    nothing = {"do": "orders", "slots": []}
    assert GAME.describe(state, nothing) == f"Take no order (+{vp} VP for Power 5)"
    before = state["p"][0]["vp"]
    state = GAME.apply(state, 0, nothing)
    assert state["p"][0]["vp"] == before + vp


def test_below_power_5_the_port_labels_promise_no_points() -> None:
    state = board2()
    put(state, 0, "port_a", 3)
    assert GAME.describe(state, {"do": "go", "area": "port_a"}).endswith("→ Power 4: orders up to High")
    state = GAME.apply(state, 0, {"do": "go", "area": "port_a"})
    assert GAME.describe(state, {"do": "orders", "slots": []}) == "Take no order"


def port_with(orders: list[int]) -> dict:
    """Seat 0 acts at Port A with Power 4, the two `orders` on its board and money for a second card."""
    state = fresh(2)
    clear_board(state)
    put(state, 0, "port_a", 3)
    state["p"][0]["orders"] = []
    state["p"][0]["yen"] = 10
    state["ports"]["port_a"] = [*orders, *[None] * (len(state["ports"]["port_a"]) - len(orders))]
    state = act_in(state, 0, "port_a")
    assert state["stage"] == "act_port" and state["ctx"]["power"] == 4
    return state


def pays(order: int) -> str:
    return reward_text(parts().orders[order]["reward"], short=True)


def shows_whole(label: str, order: int) -> bool:
    """Whether `label` shows each good order card `order` costs and each thing it pays."""
    card = parts().orders[order]
    goods = [f"{n} {GOOD_NAMES[g]}" for g, n in card["cost"].items() if n]
    return f"#{order}" in label and all(g in label for g in goods) and all(p in label for p in pays(order).split(" + "))


def test_taking_two_orders_says_what_each_costs_and_pays() -> None:
    """RB, Port: "you may either choose to take 1 Order card for free or 2 Order cards if you pay 2 Yen or 1
    Imported Good token." The label names both cards with their goods and rewards, and the price."""
    def part(order: int) -> str:
        card = parts().orders[order]
        return f"#{order} {COUNTRY_NAMES[card['country']]} ({goods_text(card['cost'])} → {pays(order)})"

    price = f", 2nd for ¥{RULES['port']['second_card_yen']}"
    cards = list(min(combinations(parts().orders, 2), key=lambda c: len(part(c[0]) + part(c[1]))))
    state = port_with(cards)
    pair = {"do": "orders", "slots": [0, 1], "pay": "yen"}
    assert pair in GAME.legal(state, 0)
    label = GAME.describe(state, pair)
    assert len(label) <= LABEL_LIMIT and label.endswith(price), label
    assert shows_whole(label, cards[0]) and shows_whole(label, cards[1]), label
    yen = state["p"][0]["yen"]
    state = GAME.apply(state, 0, pair)
    assert sorted(state["p"][0]["orders"]) == sorted(cards)  # what the label promised, for ¥2
    assert state["p"][0]["yen"] == yen - RULES["port"]["second_card_yen"]


def test_two_long_orders_are_taken_one_at_a_time_each_label_whole() -> None:
    """When both cards' goods and rewards do not fit in 80 characters, the Port asks for the cards one at a
    time ("then a 2nd"), each label showing its card's cost and pay whole (a pair once read "Take #9 →
    13 VP + 1 warehouse token, #15 → …" without their goods). A stored game's pair still replays."""
    by_length = sorted(parts().orders, key=lambda o: len(goods_text(parts().orders[o]["cost"])))
    cards = [by_length[-1], by_length[-2]]
    state = port_with(cards)
    pair = {"do": "orders", "slots": [0, 1], "pay": "yen"}
    options = GAME.legal(state, 0)
    assert pair not in options
    first = {"do": "orders", "slots": [0], "then": "second"}
    assert first in options and shows_whole(GAME.describe(state, first), cards[0])
    after = GAME.apply(state, 0, first)
    second = {"do": "orders", "slots": [1], "pay": "yen"}  # the row slides once both are taken
    label = GAME.describe(after, second)
    assert second in GAME.legal(after, 0) and shows_whole(label, cards[1]) and "¥2" in label, label
    assert all(len(GAME.describe(after, option)) <= LABEL_LIMIT for option in GAME.legal(after, 0))
    both = GAME.apply(after, 0, second)
    assert sorted(both["p"][0]["orders"]) == sorted(cards)
    stored = GAME.apply(state, 0, pair)  # a log from before holds the pair
    assert sorted(stored["p"][0]["orders"]) == sorted(cards)
    assert stored["p"][0]["yen"] == both["p"][0]["yen"]


def test_the_warehouse_icon_says_which_tokens_it_may_bring() -> None:
    """RB, icons: "Warehouse icon: Take a token from the Warehouse tile to your hand. The cost is the same as
    the Employment Agency action" — which gains "Assistant pawns, Shophouses and Trading Houses"."""
    assert reward_text({"warehouse": 1}) == "1 assistant/building from warehouse"
    site = next(s for s in parts().sites.values() if any(r.get("warehouse") for r in s["shops"]))
    space = next(i for i, r in enumerate(site["shops"]) if r.get("warehouse"))
    state = fresh(2)
    area = next(a for a in state["sites"])
    state["sites"][area] = {"card": site["id"], "shops": [None] * len(site["shops"]), "th": None}
    state["stage"], state["seat"], state["ctx"] = "build", 0, {"area": area, "power": 4}
    state["p"][0]["yen"] = 20  # enough for any token the warehouse holds
    label = GAME.describe(state, {"do": "build", "what": "shop", "space": space})
    assert label.startswith(f"Build a Shophouse on space {space + 1}: ")
    assert "assistant/building from warehouse" in label
    state = GAME.apply(state, 0, {"do": "build", "what": "shop", "space": space})
    assert state["pending"][0]["kind"] == "warehouse"  # what the words promised: a choice of token
    assert [a["what"] for a in GAME.legal(state, 0)] == ["assistant", "shop", "th", None]


def test_every_order_label_fits_and_names_the_warehouse_token() -> None:
    """Every order card's label fits in 80 characters, whole (not cut), and a warehouse icon reads as a
    token from the warehouse, never "1 from warehouse". The card's goods are left out only when the label
    would not fit with them; what it pays is always there, whole."""
    for order in parts().orders:
        card = parts().orders[order]
        label = GAME.describe(port_with([order]), {"do": "orders", "slots": [0]})
        assert len(label) <= LABEL_LIMIT, label
        paid = (reward_text(card["reward"]), pays(order), f"(pays {pays(order)})")
        assert any(label.endswith(words) for words in paid), label
        if goods_text(card["cost"]) not in label:
            assert len(f"Take order #{order} {COUNTRY_NAMES[card['country']]}: {goods_text(card['cost'])} → "
                       f"{pays(order)}") > LABEL_LIMIT, label
        if card["reward"].get("warehouse"):
            assert "warehouse token" in label or "assistant/building from warehouse" in label, label


def test_waiting_for_construction_says_what_skipping_means() -> None:
    """RB: "Steps 4 and 5 can be omitted if the player chooses"; step 5 places "a Shophouse token from your
    hand" or "a Trading House token from your hand". A move out of turn is told what is awaited."""
    state = fresh(2)
    state["stage"], state["seat"], state["ctx"] = "build", 0, {"area": next(iter(state["sites"])), "power": 4}
    assert GAME.why_illegal(state, 0, {"do": "main"}) == (
        "Not now: first build a Shophouse or a Trading House here, or choose to build nothing "
        "(your buildings stay in hand).")


def test_a_four_area_spread_label_fits() -> None:
    """RB Newspaper: "you may place up to 4 Assistant pawns in different Areas instead of 3": the
    label of four long-named areas still fits the contract's 80 characters, naming each area."""
    from engine.yokohama.placement import place_text
    from tests.engine.yokohama.helpers import at_stage, fresh

    state = at_stage(fresh(4), "place_spread")
    areas = ["silk1", "agency", "tea1", "fish2"]
    label = place_text(state, {"do": "place", "areas": areas})
    assert len(label) <= 80, label
    assert all(word in label for word in ("Silk", "Agency", "Tea", "Fishing")), label


@pytest.mark.parametrize("forms", [
    (("Complete order ", ""), ("Complete ", "")),
    (("Keep order ", ""), ("Keep ", "")),
    (("Take order ", ", then a 2nd"), ("Take ", ", then a 2nd"), ("1st of 2: ", "")),
    (("Take order ", " (1 imported for the 2nd)"), ("Take ", " (1 imported for the 2nd)"),
     ("2nd for 1 imported: ", ""), ("2nd, 1 imported: ", "")),
])
def test_every_order_label_fits_with_its_cost_and_pay(forms: tuple[tuple[str, str], ...]) -> None:
    """Each of the deck's order cards, in every wording a step gives it, within 80 characters and with
    every good it costs and everything it pays (RB: an Order card shows "the goods required" and "the
    reward")."""
    for order in parts().orders:
        label = order_label(order, *forms)
        assert len(label) <= LABEL_LIMIT and shows_whole(label, order), label
