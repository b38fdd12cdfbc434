"""Roll & Write playout speed-ups of issue 25 change nothing: the open order forms of a good, and the
goods still open anywhere, read from a table of each good's spaces per form, are those a scan of
every form finds."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import Rng
from engine.rollwrite import GAME, rules
from engine.rollwrite.components import GOODS
from engine.rollwrite.sheet import open_forms, open_kinds


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
