"""Chinatown: one exchange per Power point (at most 5) at fixed prices; Imported Goods can be bought
but never sold."""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _, ngettext
from engine.duel.act import finish_act
from engine.duel.cards import RULES, good_name
from engine.duel.gains import gain_copper
from engine.duel.state import log, name
from engine.duel.step import DuelStep
from engine.duel.types import Action, ActState, Candidate, ExchangeAction, SimpleAction, State

#: Chinatown prices in ¥ (buying and selling are both allowed except for Imported Goods).
CHINATOWN_PRICES: dict[str, int] = RULES.chinatown_prices
IMPORTED_PRICE = RULES.imported_price
#: What can be bought, at what price, in the menu's order.
_BUY_PRICES: tuple[tuple[str, int], ...] = (*CHINATOWN_PRICES.items(), ("imported", IMPORTED_PRICE))


class ExchangeStep(DuelStep):
    """One exchange at a time: buy or sell a Trade Good, buy an Imported Good (never sell), or stop."""

    name = "exchange"
    kinds = ("buy", "sell", "stop")
    hint = N_("make an exchange in Chinatown or stop")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        player = state["players"][seat]
        money = player["money"]
        result: list[Candidate] = []
        for good, price in [*CHINATOWN_PRICES.items(), ("imported", IMPORTED_PRICE)]:
            why = None if money >= price else _("That costs ¥{price}; you have ¥{money}.").format(
                price=price, money=money)
            result.append(({"do": "buy", "good": good}, why))
        for good in CHINATOWN_PRICES:
            why = None if player["goods"][good] >= 1 else _("You have no {good} to sell.").format(good=good_name(good))
            result.append(({"do": "sell", "good": good}, why))
        result.append(({"do": "sell", "good": "imported"}, _("Imported Goods cannot be sold in Chinatown.")))
        return result + [({"do": "stop"}, None)]

    def own_options(self, state: State, seat: int) -> list[Action]:
        """The allowed candidates, in order, without writing the refusals (asked at every exchange)."""
        player = state["players"][seat]
        money, goods = player["money"], player["goods"]
        result: list[Action] = [{"do": "buy", "good": good} for good, price in _BUY_PRICES if money >= price]
        result += [{"do": "sell", "good": good} for good in CHINATOWN_PRICES if goods[good] >= 1]
        result.append({"do": "stop"})
        return result

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(ExchangeAction | SimpleAction, action)
        player = state["players"][seat]
        act = cast(ActState, state["turn"]["act"])
        good: str = cast(ExchangeAction, action)["good"] if action["do"] != "stop" else ""
        if action["do"] == "buy" and good == "imported":
            player["money"] -= IMPORTED_PRICE
            player["imported_up"] += 1
            log(state, _("{seat} buys an Imported Good for ¥{price}").format(seat=name(seat), price=IMPORTED_PRICE))
        elif action["do"] == "buy":
            player["money"] -= CHINATOWN_PRICES[good]
            if good == "copper":
                got = gain_copper(state, seat, 1, mining_applies=True)
            else:
                player["goods"][good] += 1
                got = 1
            log(state, _("{seat} buys {n} {good} for ¥{price}").format(seat=name(seat), n=got, good=good_name(good),
                                                                       price=CHINATOWN_PRICES[good]))
        elif action["do"] == "sell":
            player["goods"][good] -= 1
            player["money"] += CHINATOWN_PRICES[good]
            log(state, _("{seat} sells 1 {good} for ¥{price}").format(seat=name(seat), good=good_name(good),
                                                                      price=CHINATOWN_PRICES[good]))
        if action["do"] != "stop":
            act["left"] -= 1
        if action["do"] == "stop" or act["left"] <= 0:
            act.pop("left", None)
            finish_act(state, seat)

    def text(self, state: State, action: Action) -> str:
        action = cast(ExchangeAction | SimpleAction, action)
        if action["do"] == "stop":
            return _("Stop exchanging")
        good = cast(ExchangeAction, action)["good"]
        if good == "imported":
            return _("Buy 1 Imported Good for ¥{price}").format(price=IMPORTED_PRICE)
        if action["do"] == "buy":
            return _("Buy 1 {good} for ¥{price}").format(good=good_name(good), price=CHINATOWN_PRICES[good])
        return _("Sell 1 {good} for ¥{price}").format(good=good_name(good), price=CHINATOWN_PRICES[good])

    def prompt(self, state: State, seat: int) -> str:
        left = cast(ActState, state["turn"]["act"])["left"]
        return ngettext("Chinatown: {n} exchange left.", "Chinatown: {n} exchanges left.", left).format(n=left)


STEPS: dict[str, DuelStep] = {"exchange": ExchangeStep()}
