"""Step 2 of the main action: moving the President, or taking pieces back to hand.

From hand the President enters a "Possible Action Area" (own assistant, no other
President). On the board it moves step by step along areas holding its assistants; it
pays ¥1 to each President it passes and may not stop beside one; the Canal costs ¥1 to
cross; it never returns to its starting area. Steps are offered only when a legal stop is
still reachable, so a player can never walk into a dead end. Tram, Station, Stagecoach and
Postal System change these rules as the technology cards say.
"""

from __future__ import annotations

from collections.abc import Collection
from heapq import heappop, heappush
from typing import cast

from engine.core.translate import N_, _, ngettext
from engine.yokohama import step as yokohama_step
from engine.yokohama.board import (
    KIND,
    ONE_STEP_LIMIT,
    action_areas,
    add_assistants,
    assistants_at,
    has_tech,
    other_presidents,
    presidents_by_area,
)
from engine.yokohama.components import area_kind, area_name
from engine.yokohama.copying import pay_seat
from engine.yokohama.rewards import log
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import arrival_text, yen_text
from engine.yokohama.types import Action, AreaChoice, Candidate, ReturnAction, State


def entry_cost(state: State, seat: int, area: str) -> int:
    """Yen paid on entering `area`: ¥1 for the Canal, ¥1 per other President (Stagecoach: 0)."""
    if area_kind(area) == "canal":
        return 1
    if has_tech(state, seat, "stagecoach"):
        return 0
    return len(other_presidents(state, seat, area))


def can_enter(state: State, seat: int, area: str) -> bool:
    """May the President step into `area` at all (assistants there, or the Canal)?"""
    return area_kind(area) == "canal" or assistants_at(state, seat, area) > 0


def can_stop(state: State, seat: int, area: str) -> bool:
    if area_kind(area) == "canal":
        return False
    if other_presidents(state, seat, area) and not has_tech(state, seat, "postal"):
        return False
    return assistants_at(state, seat, area) > 0


def step_prices(state: State, seat: int) -> dict[str, int]:
    """Every area the President may step into (`can_enter`), with its `entry_cost`.

    The route searches ask this for every step they try; one table per search is far cheaper
    than asking the rules questions again each time.
    """
    stagecoach = has_tech(state, seat, "stagecoach")
    others = {} if stagecoach else presidents_by_area(state, seat)
    prices = dict.fromkeys(canals(state), 1)
    # the areas holding the seat's assistants (a search only looks up the areas next to where it is,
    # all of them areas of this game's board, so walking the seat's own areas gives the same table)
    for area, n in state["p"][seat]["placed"].items():
        if n > 0 and KIND[area] != "canal":
            prices[area] = others.get(area, 0)
    return prices


#: The last board asked about and its Canal areas (`board.action_areas` keeps its other areas the same way).
_canals: tuple[object, list[str]] = (None, [])


def canals(state: State) -> list[str]:
    """The Canal areas of this game's board (dealt at `new()`, never changed; kept for the last board)."""
    global _canals
    adjacent = state["adjacent"]
    kept = _canals
    if kept[0] is adjacent:
        return kept[1]
    found = [area for area in adjacent if KIND[area] == "canal"]
    _canals = (adjacent, found)
    return found


def stop_areas(state: State, seat: int) -> set[str]:
    """Every area where the President may end a move (`can_stop`)."""
    postal = has_tech(state, seat, "postal")
    taken = {pl["president"] for s, pl in enumerate(state["p"]) if s != seat}
    placed = state["p"][seat]["placed"]
    return {a for a, n in placed.items() if n > 0 and KIND[a] != "canal" and (postal or a not in taken)}


def routes(state: State, seat: int, here: str, start: str) -> dict[str, int]:
    """Every legal stop reachable from `here` step by step, with the cheapest price to get there.

    Ruling R2.3: the player chooses the destination and the engine walks the cheapest route
    (Dijkstra over areas; the start may not be re-entered, areas may be crossed again).
    `here` itself counts when the President is already on the way (`here != start`).
    """
    money = state["p"][seat]["yen"]
    prices = step_prices(state, seat)
    adjacent = state["adjacent"]
    best: dict[str, int] = {here: 0}
    todo = [(0, here)]
    while todo:
        paid, area = heappop(todo)
        if paid > best[area]:
            continue
        for nxt in adjacent[area]:
            if nxt == start or nxt not in prices:
                continue
            price = paid + prices[nxt]
            if price <= money and price < best.get(nxt, money + 1):
                best[nxt] = price
                heappush(todo, (price, nxt))
    stops = stop_areas(state, seat)
    return {a: p for a, p in best.items() if a in stops and (a != start or here != start)}


def route_payees(state: State, seat: int, here: str, start: str, goal: str) -> list[str]:
    """The areas entered on one cheapest route from `here` to `goal` (in order)."""
    money = state["p"][seat]["yen"]
    prices = step_prices(state, seat)
    best: dict[str, tuple[int, list[str]]] = {here: (0, [])}
    todo = [(0, here)]
    while todo:
        paid, area = heappop(todo)
        for nxt in state["adjacent"][area]:
            if nxt == start or nxt not in prices:
                continue
            price = paid + prices[nxt]
            if price <= money and price < best.get(nxt, (money + 1, []))[0]:
                best[nxt] = (price, [*best[area][1], nxt])
                heappush(todo, (price, nxt))
    return best[goal][1]


def enter_areas(state: State, seat: int) -> list[str]:
    """Areas the President may enter from hand: Possible Action Areas (or, with Postal, paid ones).
    (`other_presidents` and `entry_cost` of every area read from one `presidents_by_area`.)"""
    pl = state["p"][seat]
    placed = pl["placed"]
    others = presidents_by_area(state, seat)
    out = []
    for area in action_areas(state):
        if placed.get(area, 0) == 0:
            continue
        taken = others.get(area, 0)
        if taken:
            if has_tech(state, seat, "postal"):
                price = 0 if has_tech(state, seat, "stagecoach") else taken  # `entry_cost` (no Canal here)
                if price <= pl["yen"]:
                    out.append(area)
        else:
            out.append(area)
    return out


def tram_areas(state: State, seat: int) -> list[str]:
    here = state["p"][seat]["president"]
    others = presidents_by_area(state, seat)
    return [a for a in action_areas(state) if a != here and not others.get(a)]


def station_target(state: State, seat: int) -> str | None:
    """The Station area, if its owner may ride there now."""
    if not has_tech(state, seat, "station") or state["station"] is None:
        return None
    return None if state["station"] == state["p"][seat]["president"] else state["station"]


def go_cost(state: State, seat: int, area: str) -> int:
    """What the President pays to end its move in `area` by walking (or entering from hand)."""
    pl = state["p"][seat]
    if pl["president"] is None:
        return entry_cost(state, seat, area)
    start = state["ctx"].get("start", pl["president"]) if state["stage"] == "moving" else pl["president"]
    return routes(state, seat, pl["president"], start).get(area, 0)


def pay_entry(state: State, seat: int, area: str) -> None:
    pl = state["p"][seat]
    if area_kind(area) == "canal":
        pl["yen"] -= 1
        return
    if has_tech(state, seat, "stagecoach"):
        return
    for owner in other_presidents(state, seat, area):
        pl["yen"] -= 1
        pay_seat(state, owner, 1)


def arrive(state: State, seat: int, area: str) -> None:
    """The President ends its move in `area`: on to the Area Action step."""
    state["p"][seat]["president"] = area
    log(state, N_("{seat} moved the President to {area}"), area=area_name(area))
    state["stage"] = "action_start"
    state["ctx"] = {"area": area, "merc": False}


def walk(state: State, seat: int, area: str) -> None:
    """The President goes to `area`: from hand (paying to enter) or by the cheapest route."""
    pl = state["p"][seat]
    if pl["president"] is None:
        pay_entry(state, seat, area)
    else:
        here = pl["president"]
        start = state["ctx"].get("start", here) if state["stage"] == "moving" else here
        for step in route_payees(state, seat, here, start, area):
            pay_entry(state, seat, step)
    arrive(state, seat, area)


def take_back(state: State, seat: int, area: str | None) -> None:
    """The President back to hand with the assistants of `area` (None: none); no Area Action."""
    pl = state["p"][seat]
    pl["president"] = None
    if area is not None:
        n = assistants_at(state, seat, area)
        add_assistants(state, seat, area, -n)
        pl["hand"]["assistants"] += n
    log(state, N_("{seat} took the President back to hand"))
    state["stage"] = "second"
    state["ctx"] = {}


def go_text(state: State, area: str) -> str:
    seat = state["seat"]
    pl = state["p"][seat]
    form = _("Put your President in {area} ({price}) → {arrival}") if pl["president"] is None else _(
        "President to {area} ({price}) → {arrival}")
    if pl["president"] == area:
        form = _("Stop in {area} ({price}) → {arrival}")
    return form.format(area=area_name(area), price=yen_text(go_cost(state, seat, area)),
                       arrival=arrival_text(state, seat, area))


def return_text(state: State, action: Action) -> str:
    if "area" not in action:
        return _("Take your President back to hand (no action) — then choose assistants")
    area = cast(ReturnAction, action)["area"]
    if not area:
        return _("President back to hand, no assistants (no action)")
    n = state["p"][state["seat"]]["placed"].get(area, 0)
    return ngettext("President back to hand + {n} assistant from {area} (no action)",
                    "President back to hand + {n} assistants from {area} (no action)", n).format(
        n=n, area=area_name(area))


def return_told(area: str | None) -> str:
    if area:
        return _("takes the President back to hand with the assistants of {area}").format(area=area_name(area))
    return _("takes the President back to hand")


def returns(state: State, seat: int) -> list[Candidate]:
    """The President back to hand with one area's assistants (only areas holding some), or none."""
    pl = state["p"][seat]
    out: list[Candidate] = [({"do": "return", "area": a}, None) for a in action_areas(state) if pl["placed"].get(a)]
    return [*out, ({"do": "return", "area": None}, None)]


RETURN_WHERE = N_("Only assistants of one area where you have some come back with your President.")


def go_refusal(state: State, seat: int, action: Action) -> str:
    area = action.get("area")
    if not isinstance(area, str) or area not in state["adjacent"]:
        return _("There is no such area in this game.")
    if state["p"][seat]["placed"].get(area, 0) == 0 and area != "canal":
        return _("Your President may only move into areas with your assistants; none are in {area}.").format(
            area=area_name(area))
    return _("Your President cannot move to {area} now.").format(area=area_name(area))


class MoveStep(YokohamaStep):
    """One decision for the whole move: a destination (walked by the cheapest route), the Tram, the
    Station, or the President back to hand with one area's assistants (asked next when the list is long)."""

    stage = "move"
    stage_text = N_("movement")
    kinds: tuple[str, ...] = ("go", "tram_to", "station", "return", "no_entry")
    hint = N_("move your President (or take it back to hand)")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        pl = state["p"][seat]
        if pl["president"] is None:
            walk_to: Collection[str] = enter_areas(state, seat)
        else:
            walk_to = routes(state, seat, pl["president"], pl["president"])
        out: list[Candidate] = [({"do": "go", "area": a}, None) for a in walk_to]
        walked = set(walk_to)
        if has_tech(state, seat, "tram"):
            out += [({"do": "tram_to", "area": a}, None) for a in tram_areas(state, seat) if a not in walked]
        if station_target(state, seat):
            out.append(({"do": "station"}, None))
        # "b) Return their President pawn to their hand" needs a President on the board (ruling R8):
        # from hand, the President enters an area or, with none open to it, the Area Action is lost.
        back = returns(state, seat) if pl["president"] is not None else []
        if not out and not back:
            return [({"do": "no_entry"}, None)]
        if len(out) + len(back) > ONE_STEP_LIMIT:  # assistants: a second step
            return [*out, ({"do": "return"}, None)]
        return [*out, *back]

    def single_answer(self, state: State, seat: int) -> Action | None:
        # With assistants on the board there are two ways back to hand (with them, or without):
        # never a single answer, and no route search needed to know it (unless `legal` will ask
        # for the list next: then it is built once, here, and noted).
        pl = state["p"][seat]
        if (not yokohama_step.list_wanted and pl["president"] is not None
                and any(pl["placed"].get(a) for a in action_areas(state))):
            return None
        return super().single_answer(state, seat)

    def take(self, state: State, seat: int, action: Action) -> None:
        do = action["do"]
        if do == "go":
            walk(state, seat, cast(str, cast(AreaChoice, action)["area"]))
        elif do == "tram_to":
            arrive(state, seat, cast(str, cast(AreaChoice, action)["area"]))
        elif do == "station":
            arrive(state, seat, cast(str, state["station"]))  # offered only once the Station is built
        elif do == "no_entry":
            log(state, N_("{seat} found no area to enter: no Area Action"))
            state["stage"] = "second"
            state["ctx"] = {}
        elif "area" not in action:
            state["stage"] = "return"
        else:
            take_back(state, seat, cast(ReturnAction, action)["area"])

    def text(self, state: State, action: Action) -> str:
        do = action["do"]
        area = cast(str, action.get("area") or "")
        if do == "go":
            return go_text(state, area)
        if do == "tram_to":
            return _("Tram to {area} (free) → {arrival}").format(area=area_name(area),
                                                                  arrival=arrival_text(state, state["seat"], area))
        if do == "station":
            station = cast(str, state["station"])
            return _("Station ride to {area} (free) → {arrival}").format(
                area=area_name(station), arrival=arrival_text(state, state["seat"], station))
        if do == "no_entry":
            return _("No area open to your President: no Area Action this turn")
        return return_text(state, action)

    def told(self, state: State, action: Action) -> str:
        area = cast(str | None, action.get("area"))
        if action["do"] == "go":
            return _("moves the President to {area}").format(area=area_name(area))
        if action["do"] == "tram_to":
            return _("rides the Tram to {area}").format(area=area_name(area))
        if action["do"] == "station":
            return _("rides to the Station in {area}").format(area=area_name(state["station"]))
        if action["do"] == "no_entry":
            return _("found no area open to the President (no Area Action)")
        return return_told(area)

    def prompt(self, state: State, seat: int) -> str:
        if state["p"][seat]["president"] is None:
            return _("Movement: put your President in an area with your assistants.")
        return _("Movement: move your President (or take it back to hand, with no action).")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        if action["do"] == "go":
            return go_refusal(state, seat, action)
        if action["do"] == "tram_to":
            return _("The Tram goes only to an area without another President, and only with the Tram technology.")
        if action["do"] == "station":
            return _("Only the Station's owner may ride to it, from another area.")
        if action["do"] == "return" and state["p"][seat]["president"] is None:
            return _("Your President is already in your hand: put it in an area with your assistants "
                     "(only a President on the board can go back to hand).")
        if action["do"] == "no_entry":
            return _("Your President can enter an area this turn.")
        return _(RETURN_WHERE)


class MovingStep(MoveStep):
    """The President on the way (a move begun under schema 1's step-by-step rules): where it stops."""

    stage = "moving"
    stage_text = N_("movement: on the way")
    kinds: tuple[str, ...] = ("go",)

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        here, start = cast(str, state["p"][seat]["president"]), state["ctx"]["start"]  # on the way: on the board
        return [({"do": "go", "area": a}, None) for a in routes(state, seat, here, start)]

    def single_answer(self, state: State, seat: int) -> Action | None:
        return YokohamaStep.single_answer(self, state, seat)  # no ways back to hand on the way

    def prompt(self, state: State, seat: int) -> str:
        return _("Movement: where does your President stop?")


class ReturnStep(YokohamaStep):
    """The President goes back to hand: with which area's assistants (or none)."""

    stage = "return"
    stage_text = N_("taking pieces back to hand")
    kinds: tuple[str, ...] = ("return",)
    hint = N_("choose which assistants come back with your President")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return returns(state, seat)

    def take(self, state: State, seat: int, action: Action) -> None:
        action = cast(ReturnAction, action)
        take_back(state, seat, action["area"])

    def text(self, state: State, action: Action) -> str:
        return return_text(state, action)

    def told(self, state: State, action: Action) -> str:
        action = cast(ReturnAction, action)
        return return_told(action["area"])

    def prompt(self, state: State, seat: int) -> str:
        return _("Your President goes back to hand: which area's assistants come back with it?")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _(RETURN_WHERE)


STEPS: tuple[YokohamaStep, ...] = (MoveStep(), MovingStep(), ReturnStep())
