"""Roll & Write playout speed-ups change nothing: the open order forms of a good, and the
goods still open anywhere, read from a table of each good's spaces per form, are those a scan of
every form finds; the tasks of a bonus are those of its plain reading, icon kind by icon kind; the rows
with an unused circle are those `unused_circles` counts."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng
from engine.rollwrite import GAME, rules
from engine.rollwrite.components import GOODS, employment_cards, sheet, technologies
from engine.rollwrite.sheet import bonus_tasks, open_forms, open_kinds, unused_circles


def _scan(ps: Any, good: str, data: Any) -> list[int]:
    out = []
    for form in data["forms"]:
        if any(g == good and not crossed for g, crossed in zip(form["goods"], ps["goods"][form["id"]], strict=True)):
            out.append(form["id"])
    return out


@pytest.mark.parametrize(("players", "seed", "side"), [(1, 1, "A"), (2, 2, "B"), (3, 3, "A")])
def test_open_forms_are_the_forms_a_full_scan_finds(players: int, seed: int, side: str) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed, {"side": side})
    while not GAME.is_over(state):
        data = rules.side_data(state)
        for ps in state["sheets"]:
            for good in GOODS:
                assert open_forms(ps, good, data) == _scan(ps, good, data)
            assert open_kinds(ps, data) == [g for g in GOODS if _scan(ps, g, data)]
        seat = rng.choice(GAME.to_act(state))
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)


@pytest.mark.parametrize("side", ["A", "B"])
def test_a_good_crossed_everywhere_is_no_longer_open(side: str) -> None:
    state = GAME.new(1, 9, {"side": side})
    ps, data = state["sheets"][0], rules.side_data(state)
    for good in GOODS:
        for form in data["forms"]:
            for i, g in enumerate(form["goods"]):
                if g == good:
                    ps["goods"][form["id"]][i] = True
        assert good not in open_kinds(ps, data)
        assert open_kinds(ps, data) == [g for g in GOODS if _scan(ps, g, data)]
    assert open_kinds(ps, data) == []


def _plain_bonus_tasks(bonus: dict[str, Any], source: str) -> list[dict[str, Any]]:
    """`bonus_tasks` as it was written before it skipped the kinds a bonus does not name."""
    tasks: list[dict[str, Any]] = []
    for res in ("money", "faith", "cargo"):
        if bonus.get(res):
            tasks.append({"t": "gain", "res": res, "n": bonus[res], "src": source})
    for good in GOODS:
        for _ in range(bonus.get(good, 0)):
            tasks.append({"t": "good", "kind": good, "src": source})
    for _ in range(bonus.get("good", 0)):
        tasks.append({"t": "good", "kind": None, "src": source})
    if bonus.get("employees"):
        tasks.append({"t": "employees", "n": bonus["employees"], "src": source})
    for key in ("elite", "shop", "trading"):
        for _ in range(bonus.get(key, 0)):
            tasks.append({"t": key, "src": source})
    if "choice" in bonus:
        tasks.append({"t": "choice", "options": bonus["choice"], "src": source})
    if "exchange" in bonus:
        tasks.append({"t": "exchange", "pay": bonus["exchange"]["pay"], "get": bonus["exchange"]["get"],
                      "src": source})
    return tasks


def _bonuses(value: Any) -> list[dict[str, Any]]:
    """Every dict in the component data whose keys are all bonus icons (a bonus, or one side of a choice)."""
    icons = {"money", "faith", "cargo", "good", "employees", "elite", "shop", "trading", "choice", "exchange",
             *GOODS}
    found: list[dict[str, Any]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item and set(item) <= icons:
                found.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_bonus_tasks_are_the_plain_reading_of_every_bonus_in_the_data() -> None:
    every = _bonuses([sheet("A"), sheet("B"), employment_cards(), technologies()])  # rules_data: prices
    assert len(every) > 100
    for bonus in [*every, {"silk": 2, "tea": 1, "elite": 2, "money": 1, "good": 2, "shop": 1}]:
        assert bonus_tasks(bonus, "src") == _plain_bonus_tasks(bonus, "src"), bonus


@pytest.mark.parametrize(("players", "seed", "side"), [(1, 4, "A"), (2, 5, "B")])
def test_rows_with_unused_are_the_rows_with_an_unused_circle(players: int, seed: int, side: str) -> None:
    rng = Rng(seed)
    state = GAME.new(players, seed, {"side": side})
    while not GAME.is_over(state):
        for ps in state["sheets"]:
            assert rules.rows_with_unused(ps) == [r for r in range(len(ps["written"])) if unused_circles(ps, r) > 0]
        seat = rng.choice(GAME.to_act(state))
        options = GAME.legal(state, seat)
        state = GAME.apply(state, seat, rng.choice(options), offered=options)
