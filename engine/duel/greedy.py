"""The greedy player: used when a player times out, and as the benchmark's opponent for random play.

It looks one decision ahead: each option is tried on a copy, the rest of that Area action is
finished by the same one-step rule, and the option whose result is worth most (by `worth`, a rough
estimate of final points) is chosen. Ending the turn is chosen only when nothing improves the worth.
"""

from __future__ import annotations

from engine.core import Rng, mix_seed
from engine.duel.cards import CHURCH, ORDERS, POWER_CARDS, ROUNDS, TECHS
from engine.duel.copying import copy_state
from engine.duel.flow import options, perform, to_act
from engine.duel.scoring import MAJORITY_BONUS, POINTS, technology_points
from engine.duel.types import Action, State

GOOD_WORTH = {"tea": 0.7, "fish": 0.8, "silk": 1.0, "copper": 1.4}
SETTLE_LIMIT = 40


def _majority(mine: int, theirs: int) -> int:
    return MAJORITY_BONUS if mine > theirs else 0


#: Memories of values that depend on a few small lists only (bounded: Technology and Power-card sets).
_PRODUCTION: dict[tuple[str, ...], int] = {}
_POWER: dict[tuple[bool, ...], int] = {}
#: Per Order card: 0.4 x its points, its goods and how many.
_HAND = [(0.4 * order.points, tuple(order.cost.items()), sum(order.cost.values())) for order in ORDERS]
_MEMORY_LIMIT = 20_000


def _production(techs: list[str]) -> int:
    key = tuple(techs)
    value = _PRODUCTION.get(key)
    if value is None:
        if len(_PRODUCTION) > _MEMORY_LIMIT:
            _PRODUCTION.clear()
        value = _PRODUCTION[key] = sum(TECHS[t].production for t in techs)
    return value


def _power(upgraded: list[bool]) -> int:
    key = tuple(upgraded)
    value = _POWER.get(key)
    if value is None:
        value = _POWER[key] = sum(c.value(up) for c, up in zip(POWER_CARDS, upgraded, strict=True))
    return value


def worth(state: State, seat: int) -> float:
    """Points now (the score sheet's total without money, goods and imported goods still up) plus what
    resources are likely to turn into.

    The points are reckoned directly rather than read from `score_sheet`, which builds both players'
    whole sheets to give one sum: that was 45 % of a greedy game, and the AI's and the search's
    play-outs are greedy games. tests/engine/duel/test_search.py holds it to the sheet's reckoning."""
    p, o = state["players"][seat], state["players"][1 - seat]
    points = (sum(ORDERS[c].points for c in p["orders_done"])
              + _majority(len(p["orders_done"]), len(o["orders_done"]))
              + (technology_points(p) if p["techs"] else 0)
              + _majority(_production(p["techs"]), _production(o["techs"]))
              + sum(CHURCH[c].points for c in p["church"])
              + POINTS["trading_house"] * len(p["houses"])
              + POINTS["shop"] * len(p["shops"])
              + POINTS["imported_down"] * p["imported_down"])
    value: float = float(points)
    value += 0.5 * p["money"] + 2.5 * p["imported_up"]
    goods = p["goods"]
    value += sum(GOOD_WORTH[g] * n for g, n in goods.items())
    value += 1.5 * (p["extra"]["1"] + 1.5 * p["extra"]["2"]) + 3.0 * p["agents_ready"]
    for card in p["hand"]:
        weight, cost, need = _HAND[card]
        have = sum(min(goods[g], n) for g, n in cost)
        value += weight * have / need
    rounds_left: int = ROUNDS - state["round"]
    value += 0.8 * rounds_left * _power(p["upgraded"])
    return value


def _after(state: State, seat: int, action: Action) -> State:
    new = copy_state(state)  # the JSON copy's result, by parts (engine/duel/copying.py): cheaper still
    perform(new, seat, action)
    return new


def _settle(state: State, seat: int) -> State:
    """Finish the Area action under way (and any Extra Power discard) by one-step greedy choices."""
    for _ in range(SETTLE_LIMIT):
        busy = state["turn"]["act"] is not None or seat in state["discard_due"]
        if not busy or to_act(state) != [seat]:
            return state
        choices = options(state, seat)
        state = max((_after(state, seat, a) for a in choices), key=lambda s: worth(s, seat))
    return state


def _belief(state: State) -> State:
    """The position as the player knows it: the Order deck's order is unknown to them, so the
    look-ahead (a Port visit, a card drawn as a reward) must not peek at it."""
    belief = copy_state(state)  # the JSON copy's result, by parts
    Rng(mix_seed(state["rng"], "greedy belief")).shuffle(belief["order_deck"])
    return belief


def option_value(state: State, seat: int, action: Action) -> float:
    """The greedy player's value of one option in `state` (its believed position, `_belief`): the worth
    once the Area action it starts is finished; free actions only when they help."""
    if action.get("do") == "end":
        return worth(state, seat)
    value = worth(_settle(_after(state, seat, action), seat), seat)
    return value - 0.01 if action.get("do") in ("order", "hire", "spin", "agent") else value


def greedy_action(state: State, seat: int) -> Action:
    choices = options(state, seat)
    if len(choices) == 1:
        return choices[0]
    belief = _belief(state)
    best, best_value = choices[0], float("-inf")
    for action in choices:
        value = option_value(belief, seat, action)
        if value > best_value:
            best, best_value = action, value
    return best
