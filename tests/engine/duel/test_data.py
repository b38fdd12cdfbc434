"""The component data: counts from the rulebook, reconstructed files marked, every reward real, and
the constraints the rulebook's examples put on the reconstructed cards."""

from __future__ import annotations

from data import load_data
from engine.duel.cards import (
    AREAS,
    BONUS,
    CHURCH,
    GOODS,
    ORDERS,
    POWER_CARDS,
    REWARD_KEYS,
    TECHS,
)

RULEBOOK_PRODUCTION = {
    "ball": 3, "brickyard": 4, "electrical_light": 4, "exposition": 5, "gaslight": 2, "newspaper": 5,
    "language_school": 2, "patent_system": 4, "letterpress_printing": 2, "postal_system": 2,
    "mining_technology": 3, "spinning_mill": 2, "stagecoach": 2, "telephone": 4, "station": 4,
    "tram": 4, "stock_market": 2, "university": 3, "telegram": 5, "winery": 3,
}


def test_counts_match_the_component_list() -> None:
    assert len(ORDERS) == 24 and len(CHURCH) == 9 and len(BONUS) == 16
    assert len(TECHS) == 20 and len(POWER_CARDS) == 4 and len(AREAS) == 10


def test_reconstructed_files_say_so() -> None:
    for name in ("orders.toml", "church.toml", "power_bonus.toml", "power_cards.toml", "areas.toml"):
        assert load_data("duel", name)["reconstructed"] is True
    assert load_data("duel", "technologies.toml")["reconstructed"] is False


def test_technologies_have_the_rulebook_production_values() -> None:
    assert {t.id: t.production for t in TECHS.values()} == RULEBOOK_PRODUCTION
    tilted = {t.id for t in TECHS.values() if t.once_per_round}
    assert tilted == {"postal_system", "spinning_mill", "stagecoach", "telephone", "station", "tram"}


def test_every_reward_refers_to_a_real_icon() -> None:
    rewards = [o.reward for o in ORDERS] + [c.reward for c in CHURCH] + [r for b in BONUS for r in b.rewards]
    for reward in rewards:
        assert reward and set(reward) <= set(REWARD_KEYS)
        assert all(isinstance(n, int) and n > 0 for n in reward.values())


def test_orders_cost_trade_goods_only_and_score_points() -> None:
    for order in ORDERS:
        assert order.cost and set(order.cost) <= set(GOODS)
        assert 2 <= sum(order.cost.values()) <= 6 and order.points > 0


def test_church_faith_is_reachable_and_the_faith_8_card_gives_a_plus_2() -> None:
    # Faith tops out at 5 (Power) + 6 (one each of four goods, an Imported Good, ¥1) = 11.
    assert all(1 <= c.faith <= 11 for c in CHURCH)
    assert any(c.faith == 8 and c.reward == {"extra2": 1} for c in CHURCH)


def test_power_bonus_has_three_tiers_and_the_example_card() -> None:
    assert all(len(b.rewards) == 3 for b in BONUS)
    assert any(b.rewards[0] == {"yen": 2} for b in BONUS)


def test_power_cards_start_at_1_2_3_4_and_upgrades_cost_yen() -> None:
    # Jack holds Power 3 and 4 after playing two cards: the unupgraded set is 1, 2, 3, 4.
    assert [c.base for c in POWER_CARDS] == [1, 2, 3, 4]
    assert all(c.upgraded > c.base and c.cost > 0 for c in POWER_CARDS)


def test_area_tables_are_the_rulebooks() -> None:
    assert AREAS["tea"].table == AREAS["fishing"].table == (1, 2, 3, 4, 5)
    assert AREAS["silk"].table == (0, 1, 2, 3, 4) and AREAS["copper"].table == (0, 0, 1, 2, 3)
    assert AREAS["customs"].table == (0, 1, 2, 3, 4)
    assert {a.id for a in AREAS.values() if a.never_used} == {"lab", "port"}


def test_end_of_game_technologies_score_as_the_rulebook_prints() -> None:
    """RB: Ball "1 extra point for each of your completed Order cards", Brickyard "2 extra points for
    each of your face-down Imported Goods tokens", Electrical Light "3 extra points for each Trading
    House", Exposition "gain 8 points", Gaslight "1 extra point for each Shop", Patent System "2 points
    for each Technology card you have", Winery "2 extra points for each Church card"."""
    scoring = {t.id: (t.end_points, t.end_per) for t in TECHS.values() if t.end_points}
    assert scoring == {
        "ball": (1, "orders"), "brickyard": (2, "imported_down"), "electrical_light": (3, "houses"),
        "exposition": (8, None), "gaslight": (1, "shops"), "patent_system": (2, "techs"), "winery": (2, "church"),
    }
