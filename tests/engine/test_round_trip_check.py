"""The playouts' final check: `load(dump(state))` must give back a state whose public view writes the same
JSON as the original's (engine/core/playout.py). The view comparison answers with Python's
`==` first and write the canonical texts only where `==` finds the views unequal; these tests hold the
check to what the texts decide."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.playout import ContractViolation, _check_round_trip, same_as_json


def test_equal_views_are_the_same() -> None:
    view = {"round": 3, "seats": [{"score": 12, "sheet": {"rows": [[1, 2], [3]]}}], "over": False}
    assert same_as_json(view, json.loads(json.dumps(view)))


def test_a_tuple_and_a_list_write_the_same_json() -> None:
    """Unequal in Python, alike in JSON: the canonical texts decide, as before."""
    assert same_as_json({"rows": (1, 2)}, {"rows": [1, 2]})


def test_views_that_differ_are_not_the_same() -> None:
    assert not same_as_json({"round": 3}, {"round": 4})
    assert not same_as_json({"names": ["a", "b"]}, {"names": ["b", "a"]})
    assert not same_as_json({"round": 3}, {"round": 3, "over": True})


class _Game:
    """A stand-in with the four methods the check calls; `view` reads a field that `dump` drops, so a
    reloaded state shows a different view (what the check exists to catch)."""

    name = "stand-in"

    def __init__(self, leaky: bool) -> None:
        self.leaky = leaky

    def dump(self, state: dict[str, Any]) -> str:
        return json.dumps({k: v for k, v in state.items() if k != "memo"}, sort_keys=True)

    def load(self, text: str) -> dict[str, Any]:
        return dict(json.loads(text))

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"score": state["score"], "memo": state.get("memo") if self.leaky else None}


def test_a_state_whose_view_does_not_survive_the_round_trip_is_refused() -> None:
    state = {"score": 5, "memo": "kept only in memory"}
    _check_round_trip(_Game(leaky=False), state)  # type: ignore[arg-type]
    with pytest.raises(ContractViolation, match="does not round-trip"):
        _check_round_trip(_Game(leaky=True), state)  # type: ignore[arg-type]
