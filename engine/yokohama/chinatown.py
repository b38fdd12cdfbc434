"""Chinatown's Area Action: Power-many exchanges from the rulebook's table, one decision each."""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _, ngettext
from engine.yokohama.areas import EXCHANGES, has, spend
from engine.yokohama.components import parts
from engine.yokohama.rewards import grant
from engine.yokohama.step import YokohamaStep
from engine.yokohama.types import Action, Candidate, ExchangeAction, SimpleAction, State


def trade_text(trade: str) -> str:
    """"Sell 1 Raw Silk for ¥2": the exchange as rules.toml words it."""
    text: str = parts().rules["chinatown"]["trades"][trade]["text"]
    return _(text)


class ChinatownStep(YokohamaStep):
    stage = "act_chinatown"
    stage_text = N_("Chinatown: exchanging")
    kinds: tuple[str, ...] = ("exchange", "exchange_done")
    hint = N_("exchange at Chinatown (or stop)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        out: list[Candidate] = []
        for name, (pay, _get) in EXCHANGES.items():
            short = [what for what, n in pay.items() if not has(state, seat, what, n)]
            out.append(({"do": "exchange", "trade": name},
                        None if not short else _("You cannot pay for that: {trade}.").format(trade=trade_text(name))))
        return [*out, ({"do": "exchange_done"}, None)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ctx = state["ctx"]
        if action["do"] == "exchange":
            pay, get = EXCHANGES[action["trade"]]
            for what, n in pay.items():
                spend(state, seat, what, n)
            # All exchanges of one Chinatown action are one receipt for Mining Technology (R5.4).
            if grant(state, seat, get, mining=not ctx.get("mined")):
                ctx["mined"] = True
            ctx["left"] -= 1
            if ctx["left"] > 0:
                return
        state["stage"] = "after_action"

    def text(self, state: State, action: Action) -> str:
        action = cast(ExchangeAction | SimpleAction, action)
        if action["do"] == "exchange_done":
            return _("Stop exchanging")
        return trade_text(cast(ExchangeAction, action)["trade"])

    def prompt(self, state: State, seat: int) -> str:
        left = state["ctx"]["left"]
        return ngettext("Chinatown: {n} exchange left.", "Chinatown: {n} exchanges left.", left).format(n=left)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("Chinatown has no such exchange.")


STEPS: tuple[YokohamaStep, ...] = (ChinatownStep(),)
