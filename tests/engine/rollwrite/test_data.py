"""The component data: counts the rulebook states, and references that must resolve."""

from __future__ import annotations

from collections import Counter

import pytest

from data import load_data
from engine.rollwrite import components


def test_data_files_validate() -> None:
    assert components.validate() == []


def test_ten_area_cards_eight_basic() -> None:
    cards = components.areas()
    assert len(cards) == 10
    assert {a for a, c in cards.items() if not c["basic"]} == {"chinatown", "chamber"}


def test_24_technologies_8_per_level_with_rulebook_names() -> None:
    techs = components.technologies()
    assert Counter(t["level"] for t in techs.values()) == {"low": 8, "mid": 8, "high": 8}
    names = {t["name"] for t in techs.values()}
    assert {"Letterpress printing", "Postal service", "Telephone", "Exposition", "Newspaper"} <= names


def test_36_employment_cards_with_numbers_and_actions() -> None:
    cards = components.employment_cards()
    assert len(cards) == 36
    numbers = Counter(c["number"] for c in cards.values())
    # Telegraph raises 1-3, and the recording example shows 2, 3 and 4: all must exist.
    assert {1, 2, 3, 4} <= set(numbers)
    assert all(c["action"] for c in cards.values())


@pytest.mark.parametrize("side", ["A", "B"])
def test_sheet_fits_the_rulebook(side: str) -> None:
    data = components.sheet(side)
    assert data["reconstructed"] is True
    assert data["cargo_points"] == [1, 3, 6, 9, 12, 16, 20, 24, 28, 32, 36, 40, 45, 50]
    assert data["money_start"] == 2 and data["faith_start"] == 1
    # achievements: 18 orders, 13 shops (one shop space per form), 6 trading houses, 9 columns
    assert len(data["forms"]) >= 18
    assert len(data["trading_houses"]) >= 6
    assert len(data["columns"]) == 9 == data["track_length"] - 1
    # the rulebook's note: one order form can count for several trading houses
    counted = Counter(f for h in data["trading_houses"] for f in h["forms"])
    assert max(counted.values()) >= 2
    # the Bank example: the 10th money's stock bonus is a 4-colour trade good (side A)
    if side == "A":
        assert data["stock_bonuses"]["money"][0] == {"at": 10, "bonus": {"good": 1}}


def test_reconstructed_files_are_marked() -> None:
    for name in ("sheet_a.toml", "sheet_b.toml", "employment.toml"):
        assert load_data("rollwrite", name)["reconstructed"] is True


def test_bad_bonus_is_reported() -> None:
    assert components.validate_bonus({"gold": 1}, "x") == ["x: unknown bonus icon 'gold'"]
    assert components.validate_bonus({"choice": [{"money": 1}]}, "x")
    assert components.validate_bonus({"exchange": {"pay": {"cargo": 1}, "get": {"money": 1}}}, "x")
