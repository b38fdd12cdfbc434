"""The greedy player: used when a player times out, and as the benchmark's opponent for random play.

It looks one decision ahead: each option is tried on a copy, the rest of that Area action is
finished by the same one-step rule, and the option whose result is worth most (by `worth`, a rough
estimate of final points) is chosen. Ending the turn is chosen only when nothing improves the worth.
"""

from __future__ import annotations

from typing import cast

from engine.core import Rng, json_copy, mix_seed
from engine.duel.cards import ORDERS, POWER_CARDS, ROUNDS
from engine.duel.copying import copy_state
from engine.duel.flow import options, perform, to_act
from engine.duel.scoring import score_sheet
from engine.duel.types import Action, State

GOOD_WORTH = {"tea": 0.7, "fish": 0.8, "silk": 1.0, "copper": 1.4}
SETTLE_LIMIT = 40


def worth(state: State, seat: int) -> float:
    """Points now plus what resources are likely to turn into."""
    sheet = score_sheet(state)[seat]
    p = state["players"][seat]
    value: float = float(sheet["total"] - sheet["yen"] - sheet["goods"] - sheet["imported_up"])
    value += 0.5 * p["money"] + 2.5 * p["imported_up"]
    value += sum(GOOD_WORTH[g] * n for g, n in p["goods"].items())
    value += 1.5 * (p["extra"]["1"] + 1.5 * p["extra"]["2"]) + 3.0 * p["agents_ready"]
    for card in p["hand"]:
        order = ORDERS[card]
        need = sum(order.cost.values())
        have = sum(min(p["goods"][g], n) for g, n in order.cost.items())
        value += 0.4 * order.points * have / need
    rounds_left: int = ROUNDS - state["round"]
    value += 0.8 * rounds_left * sum(c.value(up) for c, up in zip(POWER_CARDS, p["upgraded"], strict=True))
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
    copy_state = json_copy(state)
    Rng(mix_seed(state["rng"], "greedy belief")).shuffle(copy_state["order_deck"])
    return copy_state


def greedy_action(state: State, seat: int) -> Action:
    choices = options(state, seat)
    if len(choices) == 1:
        return choices[0]
    state = _belief(state)
    base = worth(state, seat)
    best, best_value = None, float("-inf")
    for action in choices:
        if action.get("do") == "end":
            value = base
        else:
            value = worth(_settle(_after(state, seat, action), seat), seat)
            if action.get("do") in ("order", "hire", "spin", "agent"):
                value -= 0.01  # free actions only when they help
        if value > best_value:
            best, best_value = action, value
    return cast(Action, best)  # a seat asked owes a decision: `choices` is never empty
