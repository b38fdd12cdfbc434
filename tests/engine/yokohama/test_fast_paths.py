"""The look-ahead's shortcuts give exactly what the plain rules code gives (the fast playouts).

`settle` asks each step for its `single_answer` instead of building every option, the Placement step
counts spread placements instead of listing thousands, and the route search reads one table of step
prices: each shortcut is compared with the long way on positions from random and greedy play.
"""

from __future__ import annotations

import pytest

from engine.core import Rng
from engine.yokohama import GAME, flow, movement, placement


def _positions(seeds: range, players: int) -> list:
    """Every decision point of random games (every third decision greedy, to reach later rounds)."""
    out = []
    for seed in seeds:
        state, rng = GAME.new(players, seed), Rng(seed)
        for n in range(600):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)[0]
            out.append(state)
            action = GAME.auto_action(state, seat) if n % 3 == 0 else rng.choice(GAME.legal(state, seat))
            state = GAME.apply(state, seat, action)
    return out


@pytest.mark.slow
def test_single_answer_and_spread_count_agree_with_the_option_lists() -> None:
    checked = 0
    for players in (2, 3, 4):
        for state in _positions(range(3), players):
            if state["stage"] == "keep":
                continue
            step, seat = flow.current_step(state), state["seat"]
            options = step.options(state, seat)
            assert step.single_answer(state, seat) == (options[0] if len(options) == 1 else None)
            if state["stage"] in ("place", "place_spread"):
                assert placement.spread_count(state, seat) == len(placement.spread_options(state, seat))
                checked += 1
    assert checked > 50


def _routes_the_long_way(state: dict, seat: int, here: str, start: str) -> dict[str, int]:
    """Dijkstra asking `can_enter`/`entry_cost`/`can_stop` at every step (the rules as written)."""
    money = state["p"][seat]["yen"]
    best = {here: 0}
    todo = [(0, here)]
    while todo:
        todo.sort()
        paid, area = todo.pop(0)
        if paid > best[area]:
            continue
        for nxt in state["adjacent"][area]:
            if nxt == start or not movement.can_enter(state, seat, nxt):
                continue
            price = paid + movement.entry_cost(state, seat, nxt)
            if price <= money and price < best.get(nxt, money + 1):
                best[nxt] = price
                todo.append((price, nxt))
    return {a: p for a, p in best.items() if movement.can_stop(state, seat, a) and (a != start or here != start)}


@pytest.mark.slow
def test_the_route_search_matches_the_rules_step_by_step() -> None:
    checked = 0
    for players in (2, 4):
        for state in _positions(range(2), players):
            for seat in range(players):
                here = state["p"][seat]["president"]
                if here is None:
                    continue
                fast = movement.routes(state, seat, here, here)
                assert list(fast.items()) == list(_routes_the_long_way(state, seat, here, here).items())
                checked += 1
    assert checked > 100


def test_pieces_built_counts_shophouses_and_trading_houses_in_one_pass() -> None:
    """The greedy worth reads `pieces_built`; it must be `shops_built + th_built` wherever play goes."""
    from engine.yokohama.board import pieces_built, shops_built, th_built

    built = 0
    for players in (2, 4):
        for state in _positions(range(2), players):
            for seat in range(players):
                assert pieces_built(state, seat) == shops_built(state, seat) + th_built(state, seat)
                built += pieces_built(state, seat)
    assert built > 0, "some positions hold buildings"
