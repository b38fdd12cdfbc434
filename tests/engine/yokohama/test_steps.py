"""One place per rule: every Yokohama decision is a step that declares its answers, their
refusal reasons, its question and its words; `legal`, `why_illegal`, prompts and labels come from it.

These tests play random games and check the derived parts agree with the declarations at every
decision, and that every offered action and pending choice has its declared shape (types.py).
"""

from __future__ import annotations

import re
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from engine.core import IllegalAction, Rng, State
from engine.yokohama import GAME, flow
from engine.yokohama.rewards import PENDING_STEPS
from engine.yokohama.types import SHAPES, AnyGoodChoice, MoveToChoice, PlainChoice

PENDING_SHAPES: dict[str, Any] = {"any_good": AnyGoodChoice, "move_to": MoveToChoice, "warehouse": PlainChoice,
                                  "move": PlainChoice, "station": PlainChoice}


def _playout(players: int, seed: int, cap: int = 400) -> list[tuple[State, int]]:
    """(state, seat to decide) of every decision of one random game (capped)."""
    state = GAME.new(players, seed)
    rng = Rng(seed * 13 + players)
    seen = []
    while not GAME.is_over(state) and len(seen) < cap:
        seat = rng.choice(GAME.to_act(state))
        seen.append((state, seat))
        state = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    return seen


def _matches(value: Any, hint: Any) -> bool:
    origin = get_origin(hint)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin is None:
        return isinstance(value, hint) and not (hint is int and isinstance(value, bool))
    args = get_args(hint)
    if str(origin).endswith("Literal"):
        return value in args
    if origin is list:
        return isinstance(value, list) and all(_matches(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(_matches(k, args[0]) and _matches(v, args[1])
                                               for k, v in value.items())
    return any(_matches(value, arg) for arg in args)  # a Union


def _has_shape(value: dict[str, Any], shape: Any) -> bool:
    hints = get_type_hints(shape)
    return (shape.__required_keys__ <= set(value) <= set(hints)
            and all(_matches(v, hints[k]) for k, v in value.items()))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_offered_action_and_pending_choice_has_its_declared_shape(players: int) -> None:
    for state, seat in _playout(players, players):
        for action in GAME.legal(state, seat):
            assert _has_shape(action, SHAPES[action["do"]]), action
        for item in state["pending"]:
            assert _has_shape(item, PENDING_SHAPES[item["kind"]]), item


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_refusals_prompts_and_labels_come_from_the_current_step(players: int) -> None:
    """Each offered action belongs to the current step, which asks a question; every answer the step
    refuses is refused by `apply` with the step's own reason."""
    for state, seat in _playout(players, 10 + players, cap=250):
        step = flow.step_of(state, seat)
        assert step is not None
        assert GAME.pending_label(state, seat) == step.prompt(state, seat) != ""
        legal = GAME.legal(state, seat)
        assert legal == [a for a, why in step.candidates(state, seat) if why is None]
        for action in legal:
            assert action["do"] in step.kinds
            assert GAME.describe(state, action) == step.text(state, action)[:80]
        for action, why in step.candidates(state, seat):
            if why is None:
                continue
            assert GAME.why_illegal(state, seat, action) == why
            with pytest.raises(IllegalAction, match=f"^{re.escape(why)}$"):
                GAME.apply(state, seat, action)


def test_every_stage_and_pending_kind_has_one_step_with_words() -> None:
    steps = [*flow.STAGE_STEPS.values(), *PENDING_STEPS.values()]
    assert all(step.kinds and step.hint for step in steps)
    assert all(step.stage_text for step in flow.STAGE_STEPS.values())
    assert set(PENDING_STEPS) == set(PENDING_SHAPES)
    assert {kind for step in steps for kind in step.kinds} == set(SHAPES)


def test_a_move_of_another_step_is_refused_with_what_is_awaited() -> None:
    state = GAME.new(2, 1)
    assert GAME.why_illegal(state, 0, {"do": "main"}) == "Not now: keep one of your two dealt order cards."
    assert GAME.why_illegal(state, 0, {"do": "nonsense"}).startswith("That is not a Yokohama action")
    assert GAME.why_illegal(state, 0, {"do": "keep", "order": 999}) == "That order card was not dealt to you."
