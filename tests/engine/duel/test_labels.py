"""Labels that match the rules: goods written out, plurals that agree, the University's free
upgrade only for its owner, and plain words for a Power Bonus card's higher tiers."""

from __future__ import annotations

import re

import pytest

from engine.core.steps import LABEL_LIMIT
from engine.duel import GAME
from engine.duel.cards import AREAS, BONUS, GOOD_NAMES, ORDERS, POWER_CARDS, RULES, reward_text
from engine.duel.text import order_text
from tests.engine.duel.helpers import give_tech, started

PREFIXES = ["", "Keep ", "Next to the bottom: ", "Put back ", "Complete "]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_order_labels_write_goods_out_and_fit(prefix: str) -> None:
    """RB: "Order cards" show the Trade Goods to pay (Tea, Fish, Silk, Copper). A label writes them out
    ("1 Tea", never "1T") and always shows them, with the points and reward, within 80 characters."""
    for card in range(len(ORDERS)):
        label = order_text(card, prefix)
        assert len(label) <= LABEL_LIMIT, label
        assert not re.search(r"\b\d+[TFSC]\b", label), label
        needs = " ".join(f"{n} {GOOD_NAMES[g]}" for g, n in ORDERS[card].cost.items())
        assert label.endswith(f"{ORDERS[card].points} pts + {reward_text(ORDERS[card].reward)} for {needs}"), label


@pytest.mark.parametrize("pay", ["yen", "imported_up", "imported_down"])
def test_keeping_a_second_card_shows_its_cost_and_what_it_pays(pay: str) -> None:
    """RB, Port: "you may keep a second card by paying 2 Yen or one Imported Good": the choice names the
    payment and the card whole, its goods to pay included (`Keep 2nd for face-up Imported: Order 16:
    6 pts + draw 1 Order` once left out `for 1 Tea 1 Fish 1 Silk 1 Copper`)."""
    state = started()
    state["turn"]["act"] = {"area": "port", "power": 3, "step": "keep2", "drawn": [], "kept": [0], "paid": None}
    for card in range(len(ORDERS)):
        label = GAME.describe(state, {"do": "keep2", "card": card, "pay": pay})
        needs = " ".join(f"{n} {GOOD_NAMES[g]}" for g, n in ORDERS[card].cost.items())
        assert len(label) <= LABEL_LIMIT, label
        assert label.startswith("Keep 2nd for " if pay == "yen" else "") and f"{card + 1}: " in label, label
        assert label.endswith(f"{ORDERS[card].points} pts + {reward_text(ORDERS[card].reward)} for {needs}"), label
        assert ("face-up" in label) == (pay == "imported_up") and ("face-down" in label) == (pay == "imported_down")


def test_the_cards_put_back_at_the_bottom_describe_their_goods() -> None:
    """RB: "Put any Order cards you did not keep at the bottom of the deck in any order": the choice names the
    cards fully in its menu description, as keeping does."""
    state = started()
    drawn = state["order_deck"][-3:]
    state["turn"]["act"] = {"area": "port", "power": 3, "step": "bottom", "drawn": drawn, "kept": [], "paid": None}
    for card in drawn:
        detail = GAME.detail(state, {"do": "bottom", "card": card})
        assert detail.startswith(f"Order {card + 1}: pay "), detail


@pytest.mark.parametrize(("area", "one", "more"), [("chinatown", "1 exchange", "3 exchanges"),
                                                   ("port", "draw 1 Order", "draw 3 Orders")])
def test_area_effects_agree_in_number(area: str, one: str, more: str) -> None:
    """RB, Chinatown: "1 Power: 1 Exchange, 2 Power: 2 Exchanges"; Port: "Draw Order cards from the deck
    equal to the number shown"."""
    assert AREAS[area].effect_text(1) == one
    assert AREAS[area].effect_text(3) == more


def upgrade_phase(university: list[bool], due: list[bool]) -> dict:
    state = started()
    state["phase"] = "upgrade"
    state["upgrade_due"] = list(due)
    for seat in (0, 1):
        if university[seat]:
            give_tech(state, seat, "university")
    return state


def test_the_upgrade_label_says_free_only_for_the_university_owner() -> None:
    """RB: "Each player may upgrade ONE of their Power cards by paying the required ¥"; University: "you don't
    pay any cost when upgrading your Power card"."""
    card = POWER_CARDS[0]
    action = {"do": "upgrade", "card": 0}
    state = upgrade_phase([False, False], [True, False])
    assert GAME.describe(state, action) == f"Upgrade Power {card.base} to {card.upgraded} for ¥{card.cost}"
    assert "University" not in GAME.pending_label(state, 0)
    state = upgrade_phase([True, False], [True, False])
    assert GAME.describe(state, action) == f"Upgrade Power {card.base} to {card.upgraded} (free with University)"
    assert "free with your University" in GAME.pending_label(state, 0)
    money = state["players"][0]["money"]
    state = GAME.apply(state, 0, action)
    assert state["players"][0]["money"] == money  # free, as the label said


def test_when_both_upgrade_at_once_the_shared_label_gives_both_prices() -> None:
    """Both players upgrade between rounds at the same time and see one label per option: with one University
    between them it names the price and when it is free."""
    card = POWER_CARDS[1]
    state = upgrade_phase([False, True], [True, True])
    assert GAME.describe(state, {"do": "upgrade", "card": 1}) == (
        f"Upgrade Power {card.base} to {card.upgraded} for ¥{card.cost} (free with University)")
    assert "free with your University" in GAME.pending_label(state, 1)
    assert "University" not in GAME.pending_label(state, 0)


def bonus_state(power: int) -> dict:
    state = started()
    state["turn"]["bonus"] = {"power": power}
    return state


def test_a_bonus_card_label_says_plainly_what_more_power_would_add() -> None:
    """RB example: "He chooses a face-up Power Bonus card which gives him ¥2 for having a total Power of 5.
    However, as his total Power is insufficient, he does not gain the 6 and 7+ rewards." """
    for card in range(len(BONUS)):
        tiers = [reward_text(r) for r in BONUS[card].rewards]
        state = bonus_state(5)
        state["bonus_row"] = [card]
        label = GAME.describe(state, {"do": "bonus", "card": card})
        assert len(label) <= LABEL_LIMIT
        head = f"Bonus card {card + 1}: gain {tiers[0]}"
        full = f"{head} (Power 6 adds {tiers[1]}, 7+ also {tiers[2]})"
        assert label == (full if len(full) <= LABEL_LIMIT else head)
        assert "not 6" not in label
        state = bonus_state(6)
        state["bonus_row"] = [card]
        label = GAME.describe(state, {"do": "bonus", "card": card})
        assert label == f"Bonus card {card + 1}: gain {tiers[0]}; {tiers[1]} (Power 7+ adds {tiers[2]})"
        state = bonus_state(7)
        state["bonus_row"] = [card]
        assert GAME.describe(state, {"do": "bonus", "card": card}) == f"Bonus card {card + 1}: gain {'; '.join(tiers)}"
    assert RULES.bonus_power == 5
