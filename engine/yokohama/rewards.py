"""Gaining things: rewards from cards, spaces and tokens, and the choices some of them need.

A reward is a dict of icons (`{"vp": 2, "any_good": 1}`). Icons without a choice are paid
at once; "any good", "warehouse" and "movement" icons become pending decisions that the
active player settles one at a time before the turn goes on (state["pending"]).
"""

from __future__ import annotations

from typing import cast

from engine.core import seat_token
from engine.core.translate import N_, _, ngettext
from engine.yokohama.board import SHOP_COST, action_areas, add_assistants, has_tech, th_cost
from engine.yokohama.components import GOOD_NAMES, GOODS, area_name, goods_text, parts
from engine.yokohama.step import YokohamaStep
from engine.yokohama.types import (
    Action,
    AnyGoodChoice,
    AreaChoice,
    Candidate,
    Good,
    GoodAction,
    GoodsAction,
    MoveToChoice,
    SimpleAction,
    State,
    TakeAction,
)


def log(state: State, event: str, /, **values: object) -> None:
    """Keep the last 12 public events, for the replay's captions. `event` is a catalogue message (`N_`) naming
    the seat to act `{seat}`, formatted with `values`: kept text, as the state is played under
    `engine.core.kept_text.keeping`. The list is shared with the state this one was copied from
    (copying.py): replaced, never edited."""
    keep_event(state, _(event).format(seat=seat_token(state["seat"]), **values))


def keep_event(state: State, text: str) -> None:
    """`log` for an event already in words (a counted one, worded with `ngettext`)."""
    state["log"] = [*state["log"][-11:], text]


def gain_goods(state: State, seat: int, good: str, n: int, *, mining: bool = True) -> bool:
    """Trade goods in; returns whether Copper came in.

    Mining Technology: "Whenever you receive 1 or more Copper token, you receive 1 additional
    Copper token" — one extra per receipt, not per icon, so a caller adding several Copper of
    one reward in parts passes `mining=False` after the first (ruling R5.4).
    """
    if n <= 0:
        return False
    if good == "copper" and mining and has_tech(state, seat, "mining"):
        n += 1
    state["p"][seat]["goods"][good] += n
    return good == "copper"


def effect_gain(state: State, seat: int, effect: str, *, owned: bool = False) -> None:
    """A technology's fixed gain (technologies.toml `effect_gain`) when its trigger happens, if the
    seat owns it (`owned`: the caller already knows, e.g. the card just learned)."""
    if owned or has_tech(state, seat, effect):
        pl = state["p"][seat]
        gain = parts().effect_gain[effect]
        pl["vp"] += gain.get("vp", 0)
        pl["yen"] += gain.get("yen", 0)


def grant(state: State, seat: int, reward: dict[str, int], *, mining: bool = True) -> bool:
    """Pay a reward; choices ("any good", warehouse, move) become pending decisions.

    The reward is one receipt for Mining Technology: Copper given outright and Copper chosen
    for its "any good" icons together earn the one extra Copper. Returns whether Copper came in
    outright (`mining=False`: an earlier part of the same receipt already earned the extra).
    """
    pl = state["p"][seat]
    pl["vp"] += reward.get("vp", 0)
    pl["yen"] += reward.get("yen", 0)
    pl["imported"] += reward.get("imported", 0)
    copper = False
    for good in GOODS:
        copper = gain_goods(state, seat, good, reward.get(good, 0), mining=mining) or copper
    if reward.get("any_good", 0):
        state["pending"].append({"kind": "any_good", "n": reward["any_good"], "mining": mining and not copper})
    for kind in ("warehouse", "move"):
        for _k in range(reward.get(kind, 0)):
            state["pending"].append({"kind": kind})
    return copper


def good_choices(n: int) -> list[dict[str, int]]:
    """Every way to take `n` goods of choice (order does not matter), as {good: count}."""
    if n == 0:
        return [{}]
    out: list[dict[str, int]] = []
    for i, good in enumerate(GOODS):
        for rest in good_choices(n - 1):
            if all(GOODS.index(g) >= i for g in rest):
                combo = dict(rest)
                combo[good] = combo.get(good, 0) + 1
                out.append({g: combo[g] for g in GOODS if g in combo})
    return out


def take_from_warehouse(state: State, seat: int, what: str) -> None:
    pl = state["p"][seat]
    if what == "assistant":
        pl["warehouse"]["assistants"] -= 1
        pl["hand"]["assistants"] += 1
    elif what == "shop":
        pl["yen"] -= SHOP_COST
        pl["warehouse"]["shops"] -= 1
        pl["hand"]["shops"] += 1
    else:
        pl["yen"] -= th_cost(state, seat)
        pl["warehouse"]["th"] -= 1
        pl["hand"]["th"] += 1


# ----- pending choices: each settled by its own step, before the turn goes on ------------------

class GoodStep(YokohamaStep):
    """Goods of choice ("any good" icons): one good, or every way to take `n` at once."""

    stage = "any_good"
    stage_text = N_("choosing goods")
    kinds: tuple[str, ...] = ("good", "goods")
    hint = N_("choose the goods of your reward")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        n = cast(AnyGoodChoice, state["pending"][0]).get("n", 1)
        if n == 1:
            return [({"do": "good", "good": g}, None) for g in cast(tuple[Good, ...], GOODS)]
        return [({"do": "goods", "goods": combo}, None) for combo in good_choices(n)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(GoodAction | GoodsAction, action)
        item = cast(AnyGoodChoice, state["pending"].pop(0))
        chosen = {action["good"]: 1} if action["do"] == "good" else action["goods"]
        mining = item.get("mining", True)
        for good, n in chosen.items():
            mining = not gain_goods(state, seat, good, n, mining=mining) and mining

    def text(self, state: State, action: Action) -> str:
        action = cast(GoodAction | GoodsAction, action)
        if action["do"] == "good":
            return _("Take 1 {good}").format(good=GOOD_NAMES[action["good"]])
        return _("Take {goods}").format(goods=goods_text(action["goods"]))

    def prompt(self, state: State, seat: int) -> str:
        n = cast(AnyGoodChoice, state["pending"][0]).get("n", 1)
        return ngettext("Choose {n} good of your choice.", "Choose {n} goods of your choice.", n).format(n=n)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        n = cast(AnyGoodChoice, state["pending"][0]).get("n", 1)
        if n > 1:
            return _("Choose {n} of Copper, Raw Silk, Tea and Seafood.").format(n=n)
        return _("Choose Copper, Raw Silk, Tea or Seafood.")


TOKEN_NAMES = {"assistant": N_("Take an assistant (free)"), "shop": N_("Take a Shophouse (¥2)")}


class WarehouseStep(YokohamaStep):
    """One token from the own warehouse at Employment Agency prices, or nothing."""

    stage = "warehouse"
    stage_text = N_("taking a token from the warehouse")
    kinds: tuple[str, ...] = ("take",)
    hint = ("first take an assistant, a Shophouse or a Trading House from your warehouse to your hand, "
            "or take nothing")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        pl = state["p"][seat]
        house = pl["warehouse"]
        price = th_cost(state, seat)
        return [
            ({"do": "take", "what": "assistant"},
             None if house["assistants"] else _("Your warehouse holds no assistant.")),
            ({"do": "take", "what": "shop"},
             (_("Your warehouse holds no Shophouse.") if not house["shops"] else
              None if pl["yen"] >= SHOP_COST else
              _("A Shophouse costs ¥{n}; you have ¥{have}.").format(n=SHOP_COST, have=pl["yen"]))),
            ({"do": "take", "what": "th"},
             (_("Your warehouse holds no Trading House.") if not house["th"] else
              None if pl["yen"] >= price else
              _("A Trading House costs ¥{n}; you have ¥{have}.").format(n=price, have=pl["yen"]))),
            ({"do": "take", "what": None}, None),
        ]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(TakeAction, action)
        state["pending"].pop(0)
        if action["what"] is not None:
            take_from_warehouse(state, seat, action["what"])

    def text(self, state: State, action: Action) -> str:
        action = cast(TakeAction, action)
        what = action["what"]
        if what is None:
            return _("Take nothing from the warehouse")
        if what == "th":
            return _("Take a Trading House (¥{n})").format(n=th_cost(state, state["seat"]))
        return _(TOKEN_NAMES[what])

    def prompt(self, state: State, seat: int) -> str:
        return _("Take 1 token from your warehouse (Shophouse ¥2, Trading House at its price), or nothing.")


class MoveFromStep(YokohamaStep):
    """An assistant move, first half: which assistant (from hand or an area), or skip the move."""

    stage = "move"
    stage_text = N_("moving an assistant")
    kinds: tuple[str, ...] = ("move_from", "move_skip")
    hint = N_("choose which assistant to move (or skip)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        pl = state["p"][seat]
        out: list[Candidate] = [({"do": "move_from", "area": None},
                                 None if pl["hand"]["assistants"] else "You have no assistant in hand.")]
        out += [({"do": "move_from", "area": a}, None) for a in action_areas(state) if pl["placed"].get(a)]
        return [*out, ({"do": "move_skip"}, None)]

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("You have no assistant there to move.")

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(AreaChoice | SimpleAction, action)
        state["pending"].pop(0)
        if action["do"] == "move_skip":
            return
        action = cast(AreaChoice, action)
        if action["area"] is None:
            state["p"][seat]["hand"]["assistants"] -= 1
        else:
            add_assistants(state, seat, action["area"], -1)
        state["pending"].insert(0, {"kind": "move_to", "from": action["area"]})

    def text(self, state: State, action: Action) -> str:
        action = cast(AreaChoice | SimpleAction, action)
        if action["do"] == "move_skip":
            return _("Skip the assistant move")
        action = cast(AreaChoice, action)
        area = action["area"]
        if not area:
            return _("Move an assistant from your hand")
        return _("Move an assistant from {area}").format(area=area_name(area))

    def told(self, state: State, action: Action) -> str:
        # The move is told whole by its second half ("moves an assistant from … to …").
        return super().told(state, action) if action["do"] == "move_skip" else ""

    def prompt(self, state: State, seat: int) -> str:
        return _("Move 1 of your assistants to another area: which one (or skip)?")


class MoveToStep(YokohamaStep):
    """An assistant move, second half: the area it goes to (any other area but the Canal)."""

    stage = "move_to"
    stage_text = N_("moving an assistant")
    kinds: tuple[str, ...] = ("move_to",)
    hint = N_("choose where the assistant goes")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        start = cast(MoveToChoice, state["pending"][0])["from"]
        return [({"do": "move_to", "area": a}, None if a != start else _("Move the assistant to a different area."))
                for a in action_areas(state)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(AreaChoice, action)
        item = cast(MoveToChoice, state["pending"].pop(0))
        add_assistants(state, seat, cast(str, action["area"]), 1)  # an area, never the hand
        if item["from"]:
            log(state, N_("{seat} moved an assistant from {area} to {to}"), area=area_name(item["from"]),
                to=area_name(action["area"]))
        else:
            log(state, N_("{seat} moved an assistant from hand to {to}"), to=area_name(action["area"]))

    def text(self, state: State, action: Action) -> str:
        action = cast(AreaChoice, action)
        return _("…to {area}").format(area=area_name(action["area"]))

    def told(self, state: State, action: Action) -> str:
        action = cast(AreaChoice, action)
        start = cast(MoveToChoice, state["pending"][0])["from"]
        if not start:
            return _("moves an assistant from their hand to {area}").format(area=area_name(action["area"]))
        return _("moves an assistant from {start} to {area}").format(start=area_name(start),
                                                                      area=area_name(action["area"]))

    def prompt(self, state: State, seat: int) -> str:
        start = cast(MoveToChoice, state["pending"][0])["from"]
        if not start:
            return _("Move the assistant from your hand to which area?")
        return _("Move the assistant from {area} to which area?").format(area=area_name(start))


class StationStep(YokohamaStep):
    """Station technology: where the Station piece goes (any area but the Canal)."""

    stage = "station"
    stage_text = N_("placing the Station")
    kinds: tuple[str, ...] = ("station_at",)
    hint = N_("choose the area for the Station")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [({"do": "station_at", "area": a}, None) for a in action_areas(state)]

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(AreaChoice, action)
        state["pending"].pop(0)
        state["station"] = action["area"]
        log(state, N_("{seat} placed the Station in {area}"), area=area_name(action["area"]))

    def text(self, state: State, action: Action) -> str:
        action = cast(AreaChoice, action)
        return _("Put the Station in {area}").format(area=area_name(action["area"]))

    def prompt(self, state: State, seat: int) -> str:
        return _("Put the Station in which area?")


PENDING_STEPS: dict[str, YokohamaStep] = {
    step.stage: step for step in (GoodStep(), WarehouseStep(), MoveFromStep(), MoveToStep(), StationStep())
}
