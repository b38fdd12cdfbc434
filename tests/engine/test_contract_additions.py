"""The contract additions of DESIGN.md every game inherits: canonical action matching, seat
tokens, options as data, decision stamps, formalities and schema upgrades."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import Game, IllegalAction, OptionSpec, State, fill_seats, seat_token


class Counter(Game):
    """A one-seat toy: add 1 or 2 to a counter, or index a list with the chosen number."""

    name = "counter"
    title = "Counter"
    min_players = max_players = 1
    options = (
        OptionSpec("target", 3, (3, 5), "Where the game ends.", title="Target"),
        OptionSpec("fast", False, (False, True), "Allow steps of 2."),
    )
    schema_version = 2

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        return {"n": 0, "opts": self.normalize_options(options), "schema_version": self.schema_version}

    def to_act(self, state: State) -> list[int]:
        return [] if self.is_over(state) else [0]

    def legal(self, state: State, seat: int) -> list[Any]:
        return [1, 2] if state["opts"]["fast"] else [1]

    def _apply(self, state: State, seat: int, action: Any) -> None:
        state["n"] += action

    def describe(self, state: State, action: Any) -> str:
        return f"Add {action}"

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return dict(state)

    def is_over(self, state: State) -> bool:
        return state["n"] >= state["opts"]["target"]

    def scores(self, state: State) -> list[dict[str, int]]:
        return [{"total": state["n"]}]

    def upgrade(self, state: State, from_version: int) -> State:
        state["opts"] = state.pop("options")
        return state


GAME = Counter()


@pytest.mark.parametrize("forged", [1.0, True, "1", [1], {"a": 1}, None, float("nan")])
def test_an_action_that_only_compares_equal_is_refused(forged: Any) -> None:
    """#16: `1.0` and `True` are `==` to `1` but would poison the stored log; only canonical JSON matches."""
    state = GAME.new(1, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, forged)
    assert state["n"] == 0


def test_the_engine_applies_its_own_copy_of_the_action() -> None:
    state = GAME.new(1, 0, {"fast": True})
    assert GAME.match_legal(state, 0, 2) == 2 and type(GAME.match_legal(state, 0, 2)) is int
    assert GAME.apply(state, 0, 2)["n"] == 2


def test_a_caller_may_hand_apply_the_legal_list_it_chose_from() -> None:
    """`apply(..., offered=legal(state, seat))` (playouts, searches) checks the answer against that
    list instead of asking `legal` again: the same result, and the same refusals."""
    state = GAME.new(1, 0, {"fast": True})
    offered = GAME.legal(state, 0)
    assert GAME.apply(state, 0, 2, offered=offered) == GAME.apply(state, 0, 2)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, 2.0, offered=offered)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, 2, offered=[1])


def test_a_failing_refusal_explainer_falls_back_to_the_generic_message() -> None:
    class Broken(Counter):
        def why_illegal(self, state: State, seat: int, action: Any) -> str:
            return {[1]: "x"}  # type: ignore[dict-item]  # unhashable: raises TypeError

    with pytest.raises(IllegalAction, match="choose one of the offered options"):
        Broken().apply(GAME.new(1, 0), 0, 7)


def test_seat_tokens_are_filled_by_the_front_end() -> None:
    text = f"{seat_token(0)} pays {seat_token(1)} 2 yen"
    assert text == "{seat:0} pays {seat:1} 2 yen"
    assert fill_seats(text, ["Ann", "Bob"].__getitem__) == "Ann pays Bob 2 yen"


def test_options_declared_as_data_give_defaults_and_refuse_values_outside_the_list() -> None:
    assert GAME.default_options == {"target": 3, "fast": False}
    assert [o.name for o in GAME.option_specs()] == ["target", "fast"]
    with pytest.raises(IllegalAction, match="Target"):
        GAME.new(1, 0, {"target": 4})
    with pytest.raises(IllegalAction):
        GAME.new(1, 0, {"target": True})  # a bool is an int to Python, never to us
    assert GAME.new(1, 0, {"target": 5})["opts"]["target"] == 5


def test_the_decision_stamp_follows_the_options_and_labels() -> None:
    slow, fast = GAME.new(1, 0), GAME.new(1, 0, {"fast": True})
    assert GAME.decision_stamp(slow, 0) == GAME.decision_stamp(GAME.apply(slow, 0, 1), 0)
    assert GAME.decision_stamp(slow, 0) != GAME.decision_stamp(fast, 0)
    assert GAME.is_formality(slow, 0) and not GAME.is_formality(fast, 0)


def test_load_upgrades_an_older_state_and_refuses_a_newer_one() -> None:
    old = json.dumps({"n": 1, "options": {"target": 3, "fast": False}})  # schema 1: no version key
    state = GAME.load(old)
    assert state["schema_version"] == 2 and state["opts"]["target"] == 3
    assert GAME.apply(state, 0, 1)["n"] == 2
    with pytest.raises(ValueError, match="newer version"):
        GAME.load(json.dumps({"n": 0, "opts": {}, "schema_version": 3}))
