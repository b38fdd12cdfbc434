"""The Duel corrections, each against the rulebook passage it rests on."""

from __future__ import annotations

import itertools

import pytest

from engine.duel import GAME
from engine.duel.cards import AREAS, BONUS, ORDERS, TECHS, reward_text
from engine.duel.text import order_text
from engine.duel.turns import bonus_tiers
from tests.engine.duel.helpers import (
    act_at,
    give_tech,
    play,
    play_all,
    player,
    put_in_row,
    set_player,
    started,
    with_power_card,
)

FREE_ACTIONS = '"as many times as you like in any order and at any moment"'


def test_foreign_agent_may_be_sent_while_the_bonus_or_construction_step_is_owed() -> None:
    """RB, Free Actions: "you may carry out the following actions as many times as you like in any
    order and at any moment: ... C) Use a Foreign Agent". "A Foreign Agent acts like a bonus Area
    Action step ... You can also perform the 5-Power Bonus step and Shop/Trading House Construction
    step when using a Foreign Agent". The agent's own action and steps come first; then the steps
    it interrupted are still owed."""
    state = act_at(set_player(started(), 0, agents_ready=1, money=9), 0, "bank", 5)
    set_player(state, 0, extra={1: 1, 2: 0})
    assert state["turn"]["bonus"] == {"power": 5}
    assert {"do": "agent"} in GAME.legal(state, 0)
    state = play_all(state, 0, [{"do": "agent"}, {"do": "area", "area": "silk"}, {"do": "power", "extra": 1}])
    # Agent Power 3 + 1 = 4 at Silk: its own construction step comes before the Bank's bonus.
    assert state["turn"]["build"] == {"area": "silk"} and state["turn"]["bonus"] is None
    state = play(state, 0, {"do": "build", "what": "shop"})
    assert state["turn"]["bonus"] == {"power": 5}, "the Bank's 5-Power Bonus step is still owed"
    state = play(state, 0, {"do": "bonus", "card": state["bonus_row"][0]})
    assert state["turn"]["build"] == {"area": "bank"}, "and then its construction step"
    state = play(state, 0, {"do": "build", "what": None})
    assert {"do": "end"} in GAME.legal(state, 0)


def test_a_foreign_agent_is_not_sent_from_inside_another_area_action() -> None:
    """Ruling 4: the agent is "a bonus Area Action step", so it starts between whole Area actions,
    not in the middle of one (the Chinatown exchanges here)."""
    state = act_at(set_player(started(), 0, agents_ready=1, money=5), 0, "chinatown", 3)
    assert {"do": "agent"} not in GAME.legal(state, 0)
    with pytest.raises(Exception, match="between whole Area actions"):
        GAME.apply(state, 0, {"do": "agent"})


def test_spinning_mill_and_orders_are_offered_in_the_laboratory_question() -> None:
    """RB, Spinning Mill: "At any time during your turn, you may spend 1 Silk to gain ¥2"; Free
    Actions """ + FREE_ACTIONS + """. With Production 1 and ¥0 no Technology is affordable, but
    Spinning Mill makes one so: the question is asked, with the free actions in it."""
    state = give_tech(started(), 0, "spinning_mill")
    put_in_row(state, "gaslight")  # Production 2: one unit short at Production 1
    set_player(state, 0, money=0, imported_up=0, imported_down=0, goods={"silk": 1}, extra={1: 0})
    state["players"][0]["hand"] = []
    state = act_at(state, 0, "lab", 1)
    legal = GAME.legal(state, 0)
    assert {"do": "spin"} in legal and {"do": "tech", "tech": "gaslight"} not in legal
    state = play(state, 0, {"do": "spin"})
    state = play(state, 0, {"do": "tech", "tech": "gaslight"})
    assert "gaslight" in player(state, 0)["techs"] and player(state, 0)["money"] == 0


def test_orders_are_offered_in_the_church_question() -> None:
    """RB, Free Actions """ + FREE_ACTIONS + """: an Order completed inside the Church question can
    pay its reward toward Faith."""
    state = started()
    card = next(o.id for o in ORDERS if o.reward.get("yen"))
    state["players"][0]["hand"] = [card]
    set_player(state, 0, money=0, imported_up=0, imported_down=0, extra={1: 0},
               goods={g: n + 1 for g, n in {"tea": 0, "fish": 0, "silk": 0, "copper": 0, **ORDERS[card].cost}.items()})
    state = act_at(state, 0, "church", 1)
    assert {"do": "order", "card": card} in GAME.legal(state, 0)
    state = play(state, 0, {"do": "order", "card": card})
    assert card in player(state, 0)["orders_done"] and state["turn"]["act"]["step"] == "church"


def test_the_church_question_is_skipped_only_when_nothing_could_help_and_the_story_says_so() -> None:
    """Nothing within reach and no free action possible: the action ends, and the story tells why."""
    state = started()
    state["players"][0]["hand"] = []
    state["church_row"] = [8]  # Faith 11
    set_player(state, 0, money=0, goods={"tea": 0, "fish": 0, "silk": 0, "copper": 0}, extra={1: 0})
    after = act_at(state, 0, "church", 1)
    assert after["turn"]["act"] is None
    assert "no Church card within reach" in after["log"][-1]


def test_free_actions_while_paying_faith_only_when_the_payment_stays_possible() -> None:
    """Free actions """ + FREE_ACTIONS + """; an Order that spent the very goods the Faith still
    needs would leave the chosen Church card unpayable, so only Orders that keep it payable are offered."""
    state = started()
    state["church_row"] = [8]  # Faith 11: Power 5 + all six kinds
    set_player(state, 0, goods={"tea": 1, "fish": 1, "silk": 1, "copper": 1}, money=1, imported_up=1)
    hungry = next(o.id for o in ORDERS if set(o.cost) == {"tea"} or "tea" in o.cost)
    state["players"][0]["hand"] = [hungry]
    state = act_at(state, 0, "church", 5)
    state = play(state, 0, {"do": "church", "card": 8})
    assert not any(a["do"] == "order" for a in GAME.legal(state, 0))
    # With goods to spare the same Order is offered while paying.
    spare = started()
    spare["church_row"] = [8]
    set_player(spare, 0, goods={g: 9 for g in ("tea", "fish", "silk", "copper")}, money=1, imported_up=1)
    spare["players"][0]["hand"] = [hungry]
    spare = play(act_at(spare, 0, "church", 5), 0, {"do": "church", "card": 8})
    assert {"do": "order", "card": hungry} in GAME.legal(spare, 0)


@pytest.mark.parametrize("area", ["lab", "port"])
def test_no_shops_or_trading_houses_at_the_laboratory_and_the_port(area: str) -> None:
    """Ruling 8, reconsidered. RB, components: "2 Game boards, each with ... spaces for Shops and
    Trading Houses ... and four 'Area' districts"; "8 Shops" and "4 Trading Houses" per player. Eight
    districts, eight Shops each (one per district), eight Trading Houses in all (one per district):
    the Port and Laboratory, the common Areas, have no building spaces."""
    state = set_player(started(), 0, money=20, extra={1: 0})
    state = act_at(state, 0, area, 4)
    while state["turn"]["act"] is not None:
        legal = GAME.legal(state, 0)
        nothing = [a for a in legal if a.get("card", 0) is None or a.get("tech", 0) is None
                   or a["do"] in ("stop", "bottom", "keep")]
        state = play(state, 0, nothing[0] if nothing else legal[0])
    assert state["turn"]["build"] is None
    assert not any(a["do"] == "build" for a in GAME.legal(state, 0))


def test_a_power_4_action_in_an_area_district_still_allows_construction() -> None:
    state = act_at(set_player(started(), 0, money=5), 0, "bank", 4)
    assert state["turn"]["build"] == {"area": "bank"}


def test_the_waiting_seat_has_no_prompt_even_after_playing_all_four_power_cards() -> None:
    """`pending_label` once raised for the seat not to act when it had no Power card left."""
    state = started()
    state["players"][1]["played"] = [True] * 4
    with_power_card(state, 0, 4)
    assert GAME.pending_label(state, 1) == ""
    assert GAME.pending_label(state, 0).startswith("Choose an Area")


def test_a_player_sees_their_own_church_points_before_the_end() -> None:
    """RB: "All information is public except for Order cards in players' hands and face-down Church
    cards." Face-down cards are hidden from the opponent, not from their owner."""
    state = set_player(started(), 0, church=[0, 1])
    own = GAME.view(state, 0)["scores"][0]
    assert own["church"] > 0 and own["total"] == sum(v for k, v in own.items() if k != "total")
    assert GAME.view(state, 1)["scores"][0]["church"] == 0
    assert GAME.view(state, None)["scores"][0]["church"] == 0
    assert GAME.scores(state)[0]["church"] == 0


@pytest.mark.parametrize("power", [5, 6, 7])
def test_two_power_bonus_cards_never_share_a_label(power: int) -> None:
    state = act_at(set_player(started(), 0, money=0), 0, "bank", 5)
    state["turn"]["bonus"] = {"power": power}
    labels = {}
    for card in range(len(BONUS)):
        label = GAME.describe(state, {"do": "bonus", "card": card})
        assert len(label) <= 80 and label not in labels, (label, labels.get(label))
        labels[label] = card
        for reward in BONUS[card].rewards[:bonus_tiers(power)]:
            assert reward_text(reward) in label


def test_order_labels_keep_the_reward_within_80_characters() -> None:
    """Every Order in every place it is offered: the label fits without a cut and names the reward
    and points; the menu description carries the needs and reward in full."""
    prefixes = ["Complete ", "Keep ", "Put back ", "Next to the bottom: "]
    for card, prefix in itertools.product(range(len(ORDERS)), prefixes):
        label = order_text(card, prefix)
        order = ORDERS[card]
        assert len(label) <= 80, label
        assert reward_text(order.reward) in label and f"{order.points} pts" in label
    state = started()
    card = player(state, 0)["hand"][0]
    detail = GAME.detail(state, {"do": "order", "card": card})
    assert reward_text(ORDERS[card].reward) in detail and len(detail) <= 100


def test_power_card_labels_show_the_resulting_power_and_effect() -> None:
    state = set_player(started(), 0, extra={1: 1, 2: 1})
    state = play(state, 0, {"do": "area", "area": "silk"})
    labels = {GAME.describe(state, a) for a in GAME.legal(state, 0) if a["do"] == "power"}
    assert labels == {
        f"Play Power 1: Power 1 at Silk → {AREAS['silk'].effect_text(1)}",
        f"Play Power 1 + a +1 card: Power 2 at Silk → {AREAS['silk'].effect_text(2)}",
        f"Play Power 1 + a +2 card: Power 3 at Silk → {AREAS['silk'].effect_text(3)}",
    }


def test_technology_labels_show_price_and_effect() -> None:
    state = put_in_row(set_player(started(), 0, money=9, extra={1: 0}), "tram")
    state = act_at(state, 0, "lab", 3)
    label = GAME.describe(state, {"do": "tech", "tech": "tram"})
    assert label.startswith("Tram (¥2 or 1 Imported): ") and TECHS["tram"].text[:30] in label
    assert "Production 4" in GAME.detail(state, {"do": "tech", "tech": "tram"})
