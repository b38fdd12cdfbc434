"""Chinatown: one exchange per Power point (at most 5) at fixed prices; Imported Goods can be bought
but never sold."""

from __future__ import annotations

from engine.core import State
from engine.duel.act import Action, finish_act
from engine.duel.cards import GOOD_NAMES
from engine.duel.gains import gain_copper
from engine.duel.state import log, name

#: Chinatown prices in ¥ (buying and selling are both allowed except for Imported Goods).
CHINATOWN_PRICES: dict[str, int] = {"copper": 2, "silk": 1, "fish": 2, "tea": 1}
IMPORTED_PRICE = 4


def exchange_options(state: State, seat: int) -> list[Action]:
    """One exchange at a time: buy or sell a Trade Good, buy an Imported Good (never sell), or stop."""
    player = state["players"][seat]
    options: list[Action] = []
    for good, price in CHINATOWN_PRICES.items():
        if player["money"] >= price:
            options.append({"do": "buy", "good": good})
    if player["money"] >= IMPORTED_PRICE:
        options.append({"do": "buy", "good": "imported"})
    for good in CHINATOWN_PRICES:
        if player["goods"][good] >= 1:
            options.append({"do": "sell", "good": good})
    return options + [{"do": "stop"}]


def exchange(state: State, seat: int, action: Action) -> None:
    player = state["players"][seat]
    act = state["turn"]["act"]
    good = action.get("good")
    if action["do"] == "buy" and good == "imported":
        player["money"] -= IMPORTED_PRICE
        player["imported_up"] += 1
    elif action["do"] == "buy":
        player["money"] -= CHINATOWN_PRICES[good]
        if good == "copper":
            gain_copper(state, seat, 1, mining_applies=True)
        else:
            player["goods"][good] += 1
    elif action["do"] == "sell":
        player["goods"][good] -= 1
        player["money"] += CHINATOWN_PRICES[good]
    if action["do"] != "stop":
        act["left"] -= 1
        verb = "buys" if action["do"] == "buy" else "sells"
        log(state, f"{name(seat)} {verb} {GOOD_NAMES.get(good, 'an Imported Good')} at Chinatown.")
    if action["do"] == "stop" or act["left"] <= 0:
        act.pop("left", None)
        finish_act(state, seat)
