"""Gaining things: rewards from Orders, Church and Power Bonus cards, Extra Power cards (with the
hand limit of 4), Copper (with Mining Technology) and flipping Imported Goods.

Kept in one place because several areas and cards hand out the same icons.
"""

from __future__ import annotations

from engine.core.translate import _
from engine.duel.cards import EXTRA_HAND_LIMIT, GOODS
from engine.duel.state import draw_orders, has_tech, log, name
from engine.duel.types import PlayerState, State


def gain_copper(state: State, seat: int, amount: int, mining_applies: bool) -> int:
    """Add Copper; Mining Technology adds 1 more per gain from the Copper Mine, Chinatown or a
    Power Bonus card (the sources its text names). Returns the Copper gained."""
    if amount <= 0:
        return 0
    player = state["players"][seat]
    if mining_applies and has_tech(player, "mining_technology"):
        amount += 1
    player["goods"]["copper"] += amount
    return amount


def flip_imported(state: State, seat: int, up_to: int) -> int:
    """Flip face-up Imported Goods face down, as many as allowed.

    Always the most: a face-down token is worth more at the end (4 points, not 1), counts for the
    Foreign Agent requirement, and can be spent wherever a face-up one can (ruling "Customs flips")."""
    player = state["players"][seat]
    n: int = min(up_to, player["imported_up"])
    player["imported_up"] -= n
    player["imported_down"] += n
    return n


def extra_count(player: PlayerState) -> int:
    extra: dict[str, int] = player["extra"]
    return extra["1"] + extra["2"]


def gain_extra(state: State, seat: int, value: int) -> bool:
    """Take an Extra Power card of `value` from its deck (nothing if that deck is empty).

    Over the hand limit of 4 the player must discard one: when they hold both kinds that is their
    decision (queued in `discard_due`); when all their cards are alike it happens at once."""
    key = str(value)
    if state["extra_supply"][key] <= 0:
        log(state, _("{seat} would gain a +{value} Extra Power card, but that deck is empty").format(seat=name(seat),
                                                                                                     value=value))
        return False
    player = state["players"][seat]
    state["extra_supply"][key] -= 1
    player["extra"][key] += 1
    over = extra_count(player) - EXTRA_HAND_LIMIT - state["discard_due"].count(seat)
    if over > 0:
        kinds = [k for k in ("1", "2") if player["extra"][k] > 0]
        if len(kinds) == 1:
            discard_extra(state, seat, kinds[0])
        else:
            state["discard_due"].append(seat)
    return True


def discard_extra(state: State, seat: int, key: str) -> None:
    player = state["players"][seat]
    player["extra"][key] -= 1
    state["extra_supply"][key] += 1
    log(state, _("{seat} is over the limit of 4 Extra Power cards and discards a +{value}").format(seat=name(seat),
                                                                                                  value=key))


def gain_reward(state: State, seat: int, reward: dict[str, int], source: str) -> None:
    """Gain every icon of a reward. `source` is "bonus" for Power Bonus cards (Mining Technology)."""
    player = state["players"][seat]
    for key, amount in reward.items():
        if key == "yen":
            player["money"] += amount
        elif key == "copper":
            gain_copper(state, seat, amount, mining_applies=source == "bonus")
        elif key in GOODS:
            player["goods"][key] += amount
        elif key == "imported":
            player["imported_up"] += amount
        elif key == "flip":
            flip_imported(state, seat, amount)
        elif key == "orders":
            player["hand"].extend(draw_orders(state, amount))
        elif key in ("extra1", "extra2"):
            for _ in range(amount):
                gain_extra(state, seat, 1 if key == "extra1" else 2)
