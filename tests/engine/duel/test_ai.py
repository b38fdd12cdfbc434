"""The Duel AI: always legal, deterministic under a seed, and blind to hidden cards."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from engine.core import Rng, State, random_playout
from engine.duel import GAME
from engine.duel.ai import determinize
from engine.duel.cards import CHURCH, ORDERS


def _positions(count: int, seed: int) -> list[tuple[State, int]]:
    """Positions from random play, from setup to the last round, with the seat to decide."""
    rng = Rng(seed)
    out = []
    while len(out) < count:
        playout = random_playout(GAME, 2, rng.below(10**6), max_actions=rng.below(260))
        if not GAME.is_over(playout.state):
            out.append((playout.state, rng.choice(GAME.to_act(playout.state))))
    return out


def _order_places(state: State) -> list[int]:
    act = state["turn"]["act"]
    cards = list(state["order_deck"]) + (list(act["drawn"]) if act and "drawn" in act else [])
    for p in state["players"]:
        cards += p["hand"] + p["setup_draw"] + p["orders_done"]
    return sorted(cards)


def _swap_hidden(state: State, seat: int, rng: Rng) -> State:
    """The same position as `seat` sees it, with the opponent's hidden cards exchanged for unseen ones
    and every deck reshuffled: Order cards among the opponent's hand, setup draw, Port draw and the
    deck; face-down Church cards between the opponent and the box; and a new engine random source."""
    other: State = copy.deepcopy(state)
    opp = other["players"][1 - seat]
    act = other["turn"]["act"]
    slots: list[tuple[Any, str]] = [(opp, "hand"), (opp, "setup_draw"), (other, "order_deck")]
    if act is not None and other["current"] != seat and "drawn" in act:
        slots.append((act, "drawn"))
    for pairs in (slots, [(opp, "church"), (other, "church_box")]):
        pool = rng.shuffled([c for holder, key in pairs for c in holder[key]])
        for holder, key in pairs:
            size = len(holder[key])
            holder[key], pool = pool[:size], pool[size:]
    other["tech_deck"] = rng.shuffled(other["tech_deck"])
    other["bonus_deck"] = rng.shuffled(other["bonus_deck"])
    other["rng"] = rng.next_u64()
    return other


@pytest.mark.slow
def test_the_ai_always_picks_a_legal_action() -> None:
    for state, seat in _positions(40, 1):
        action = GAME.ai_action(state, seat, seed=3, budget_s=0.02)
        assert GAME.match_legal(state, seat, action) is not None, action


def test_the_ai_is_deterministic_under_a_seed() -> None:
    for state, seat in _positions(3, 2):
        first = GAME.ai_action(state, seat, seed=5, budget_s=30.0)
        assert GAME.ai_action(copy.deepcopy(state), seat, seed=5, budget_s=30.0) == first


def test_a_sampled_world_looks_the_same_to_the_seat_and_holds_every_card_once() -> None:
    """Determinizing changes nothing the seat may see (its view is identical) and loses no card."""
    for n, (state, seat) in enumerate(_positions(60, 4)):
        world = determinize(state, seat, Rng(n))
        assert GAME.view(world, seat) == GAME.view(state, seat)
        assert _order_places(world) == list(range(len(ORDERS)))
        church = world["church_row"] + world["church_box"] + [c for p in world["players"] for c in p["church"]]
        assert sorted(church) == list(range(len(CHURCH)))
        assert world["players"][seat] == state["players"][seat]


def test_swapping_the_opponents_hidden_cards_never_changes_the_sampled_worlds() -> None:
    """The swap test on the AI's only source of hidden information: the worlds it searches."""
    changed = 0
    for n, (state, seat) in enumerate(_positions(60, 5)):
        other = _swap_hidden(state, seat, Rng(1000 + n))
        changed += other["players"][1 - seat]["hand"] != state["players"][1 - seat]["hand"]
        assert determinize(other, seat, Rng(n)) == determinize(state, seat, Rng(n))
    assert changed >= 20


def test_swapping_the_opponents_hidden_cards_never_changes_the_decision() -> None:
    """The swap test on whole decisions: the opponent's hand, face-down Church cards and the decks'
    order are exchanged for unseen cards, and the AI's choice under the same seed stays put."""
    compared = 0
    for n, (state, seat) in enumerate(_positions(8, 6)):
        if len(GAME.legal(state, seat)) < 2:
            continue
        other = _swap_hidden(state, seat, Rng(2000 + n))
        assert GAME.ai_action(other, seat, seed=9, budget_s=30.0) == GAME.ai_action(state, seat, seed=9, budget_s=30.0)
        compared += 1
    assert compared >= 4
