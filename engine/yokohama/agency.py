"""The Employment Agency's Area Action: tokens from the own warehouse (rulebook "Employment Agency").

Power - 1 tokens: assistants free, Shophouses ¥2, Trading Houses ¥4, 5, 6, 7 as they leave; all taken
in one decision (or the Trading Houses first when that list is too long).
"""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _, ngettext
from engine.yokohama.board import ONE_STEP_LIMIT, SHOP_COST, th_cost
from engine.yokohama.rewards import take_from_warehouse
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import yen_text
from engine.yokohama.types import Action, Candidate, HireAction, HireHousesAction, SimpleAction, State


def hire_name(what: str, n: int) -> str:
    """"2 Shophouses": `n` tokens of one kind from the warehouse."""
    if what == "assistant":
        # TRANSLATORS: Yokohama's pieces (assistant, Shophouse, Trading House, President): the board pictures'
        # words (German Gehilfe/Laden/Handelshaus, French assistant/boutique/maison de commerce, Japanese
        # 助手/店舗/商館); plain choices, not verified against the published editions.
        return ngettext("{n} assistant", "{n} assistants", n).format(n=n)
    if what == "shop":
        return ngettext("{n} Shophouse", "{n} Shophouses", n).format(n=n)
    return ngettext("{n} Trading House", "{n} Trading Houses", n).format(n=n)


def agency_price(state: State, seat: int, shops: int, th: int) -> int:
    """Yen for `shops` Shophouses and `th` Trading Houses (each Trading House dearer than the last)."""
    return shops * SHOP_COST + sum(th_cost(state, seat) + k for k in range(th))


def agency_options(state: State, seat: int) -> list[Action]:
    """Every set of tokens the Power allows (`ctx["left"]`) and the money pays, taken at once;
    a list longer than `ONE_STEP_LIMIT` asks the Trading Houses first (`ctx["th"]`), then the rest."""
    pl = state["p"][seat]
    ctx = state["ctx"]
    left = ctx["left"]
    house = pl["warehouse"]
    out: list[HireAction] = []
    th_counts = [ctx["th"]] if "th" in ctx else range(min(left, house["th"]) + 1)
    for th in th_counts:
        for shops in range(min(left - th, house["shops"]) + 1):
            for assistants in range(min(left - th - shops, house["assistants"]) + 1):
                if th + shops + assistants and agency_price(state, seat, shops, th) <= pl["yen"]:
                    take = {"assistant": assistants, "shop": shops, "th": th}
                    out.append({"do": "hire", "take": {k: n for k, n in take.items() if n}})
    if "th" not in ctx and len(out) + 1 > ONE_STEP_LIMIT:
        counts = sorted({a["take"].get("th", 0) for a in out})
        houses_first: list[Action] = [{"do": "hire_th", "th": n} for n in counts]
        return [*houses_first, {"do": "hire_done"}]
    answers: list[Action] = [*out, {"do": "hire_done"}]
    return answers


class AgencyStep(YokohamaStep):
    stage = "act_agency"
    stage_text = N_("Employment Agency: taking tokens")
    kinds: tuple[str, ...] = ("hire", "hire_th", "hire_done")
    hint = N_("take tokens from your warehouse (or none)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [(a, None) for a in agency_options(state, seat)]

    def take(self, state: State, seat: int, action: Action) -> None:
        if action["do"] == "hire_th":
            state["ctx"]["th"] = action["th"]
            return
        if action["do"] == "hire":
            for what in ("assistant", "shop", "th"):
                for _k in range(action["take"].get(what, 0)):
                    take_from_warehouse(state, seat, what)
        state["stage"] = "after_action"

    def text(self, state: State, action: Action) -> str:
        action = cast(HireAction | HireHousesAction | SimpleAction, action)
        seat = state["seat"]
        if action["do"] == "hire_done":
            return _("Take nothing from the warehouse")
        action = cast(HireAction | HireHousesAction, action)
        if action["do"] == "hire_th":
            n = action["th"]
            return _("Take {houses} (¥{yen}), then the rest").format(houses=hire_name("th", n),
                                                                     yen=agency_price(state, seat, 0, n))
        take = action["take"]
        price = agency_price(state, seat, take.get("shop", 0), take.get("th", 0))
        bits = [hire_name(k, n) for k, n in take.items()]
        return _("Take {tokens} ({price})").format(tokens=_(", ").join(bits), price=yen_text(price))

    def prompt(self, state: State, seat: int) -> str:
        left = state["ctx"]["left"]
        return ngettext("Employment Agency: take up to {n} token from your warehouse "
                        "(assistant free, Shophouse ¥{shop}, Trading House ¥{house}+).",
                        "Employment Agency: take up to {n} tokens from your warehouse "
                        "(assistant free, Shophouse ¥{shop}, Trading House ¥{house}+).", left).format(
            n=left, shop=SHOP_COST, house=th_cost(state, seat))

    def unknown(self, state: State, seat: int, action: Action) -> str:
        left = state["ctx"]["left"]
        return ngettext("You may take up to {n} token your warehouse holds, and only what your money pays for.",
                        "You may take up to {n} tokens your warehouse holds, and only what your money pays for.",
                        left).format(n=left)


STEPS: tuple[YokohamaStep, ...] = (AgencyStep(),)
