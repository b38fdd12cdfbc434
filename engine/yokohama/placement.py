"""Step 1 of the main action: placing assistants from hand (rulebook "Placement step").

Either 1 assistant into each of up to 3 different areas (4 with Newspaper) or 2 into one
area (then 1 more into an adjacent area with Telegram). Each assistant placed where other
Presidents stand costs ¥1 to each of their owners; never on the Canal. Placement is
compulsory while possible ("you may place 1, 2 or 3").

One decision places everything (ruling R2.2): `{"do": "place", "areas": [...]}` puts 1 in
each listed area; `{"do": "place", "pair": X}` puts 2 in X (`"extra": Y` adds Telegram's
third in Y). When all placements together are more than `ONE_STEP_LIMIT`, the decision is
split in two: first the way (`place_way`: spread or pair), then that way's placements —
the spread step is a multi-select over the areas (a front end shows the areas, at most 17,
and sends the chosen set as `areas`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb
from typing import cast

from engine.core.translate import N_, _, language
from engine.yokohama import step as yokohama_step
from engine.yokohama.board import (
    ONE_STEP_LIMIT,
    action_areas,
    add_assistants,
    has_tech,
    other_presidents,
    presidents_by_area,
)
from engine.yokohama.components import area_name, parts
from engine.yokohama.copying import pay_seat
from engine.yokohama.rewards import log
from engine.yokohama.step import YokohamaStep
from engine.yokohama.text import cost_text, fit
from engine.yokohama.types import Action, Candidate, PlaceAction, State
from engine.yokohama.view_types import PlacementMenu


def cost(state: State, seat: int, area: str, n: int) -> int:
    return n * len(other_presidents(state, seat, area))


def affordable_areas(state: State, seat: int, n: int, exclude: list[str] | tuple[str, ...] = ()) -> list[str]:
    pl = state["p"][seat]
    if pl["hand"]["assistants"] < n:
        return []
    others = presidents_by_area(state, seat)
    return [a for a in action_areas(state) if a not in exclude and n * others.get(a, 0) <= pl["yen"]]


def spread_limit(state: State, seat: int) -> int:
    """Areas one spread placement may cover (rules.toml `placement`; Newspaper adds one)."""
    rules = parts().rules["placement"]
    limit: int = rules["spread_limit_newspaper"] if has_tech(state, seat, "newspaper") else rules["spread_limit"]
    return limit


def _spread_key(state: State, seat: int, others: dict[str, int] | None = None
                ) -> tuple[bool, tuple[str, ...], tuple[int, ...], int, int]:
    """What the spread placements depend on: whether "none more" is allowed, the affordable areas,
    their prices, the money and the most that may be placed (`spread_sets`). `others`: the
    `presidents_by_area` of `seat`, when the caller has it."""
    ctx = state["ctx"]
    placed: list[str] = ctx.get("placed", [])
    limit: int = (ctx["limit"] if "limit" in ctx else spread_limit(state, seat)) - len(placed)
    pl = state["p"][seat]
    if others is None:
        others = presidents_by_area(state, seat)
    yen = pl["yen"]
    assistants = pl["hand"]["assistants"]
    # `affordable_areas(state, seat, 1, exclude=placed)`, with the Presidents counted once
    if assistants < 1:
        areas: list[str] = []
    elif others:
        areas = [a for a in action_areas(state) if a not in placed and others.get(a, 0) <= yen]
    else:
        areas = [a for a in action_areas(state) if a not in placed]
    if ctx.get("near"):
        near = state["adjacent"][ctx["near"]]
        areas = [a for a in areas if a in near]
    prices = tuple([others.get(a, 0) for a in areas]) if others else (0,) * len(areas)  # `cost` of 1 in each
    most = min(limit, assistants)
    # Money beyond the dearest `most` prices buys nothing more: the same sets, so the same key.
    yen = min(yen, sum(sorted(prices, reverse=True)[:max(most, 0)]))
    return bool(placed), tuple(areas), prices, yen, most


def spread_sets(state: State, seat: int) -> tuple[bool, tuple[tuple[str, ...], ...]]:
    """Whether placing none more is allowed, and every set of areas for 1 assistant each (by size,
    then layout order), affordable together.

    `ctx["placed"]` (a placement begun under the old one-by-one rules, or Telegram's pair)
    counts towards the limit and allows placing none more; `ctx["near"]` restricts to areas
    adjacent to that area (Telegram). A spread can be chosen in thousands of ways and the look-ahead
    asks for them all the time, so a size whose dearest sets are affordable is taken whole.
    """
    none, areas, prices, yen, most = _spread_key(state, seat)
    return none, _affordable_sets(areas, prices, yen, most)


@lru_cache(maxsize=64)  # at most a few thousand short tuples each
def _affordable_sets(
    areas: tuple[str, ...], prices: tuple[int, ...], yen: int, most: int
) -> tuple[tuple[str, ...], ...]:
    """Every set of 1 to `most` of `areas` (by size, then in order) whose `prices` add up to at most
    `yen`. The same few situations recur all through a look-ahead, so the answers are kept."""
    price = dict(zip(areas, prices, strict=True))
    dearest = sorted(prices, reverse=True)
    sets: list[tuple[str, ...]] = []
    for size in range(1, most + 1):
        if sum(dearest[:size]) <= yen:  # even the dearest sets of this size are affordable
            sets += combinations(areas, size)
        else:
            sets += [c for c in combinations(areas, size) if sum(map(price.__getitem__, c)) <= yen]
    return tuple(sets)


def spread_options(state: State, seat: int) -> list[Action]:
    """Every spread placement (`spread_sets`) as an action; "none more" first when allowed.

    A playout or a look-ahead asks for these lists all the time, so the actions of every set of a
    size are built once per tuple of areas (`_size_actions`) and handed out again in new lists:
    nobody edits an offered action (`match_legal` applies and stores its own copy)."""
    return _spread_options_of(_spread_key(state, seat))


SpreadKey = tuple[bool, tuple[str, ...], tuple[int, ...], int, int]


def _spread_options_of(key: SpreadKey) -> list[Action]:
    none, areas, prices, yen, most = key
    out: list[Action] = [{"do": "place", "areas": []}] if none else []
    dearest = sorted(prices, reverse=True)
    for size in range(1, most + 1):
        if sum(dearest[:size]) <= yen:  # even the dearest sets of this size are affordable
            out += _size_actions(areas, size)[1]
        else:
            out += _size_affordable(areas, prices, yen, size)[1]
    return out


@lru_cache(maxsize=128)
def _size_affordable(areas: tuple[str, ...], prices: tuple[int, ...], yen: int, size: int
                     ) -> tuple[tuple[tuple[str, ...], ...], tuple[Action, ...]]:
    """The sets of `size` of `areas` whose `prices` add up to at most `yen`, and their actions."""
    price = dict(zip(areas, prices, strict=True))
    kept = [(c, a) for c, a in zip(*_size_actions(areas, size), strict=True) if sum(map(price.__getitem__, c)) <= yen]
    return tuple(c for c, _ in kept), tuple(a for _, a in kept)


#: Every spread action made so far, by its areas: the lists of `_size_actions` are remade whenever the
#: affordable areas change, but are made of the same few thousand actions (the sets of up to 4 of a
#: board's 17 areas, each in layout order). Emptied when it reaches `SPREAD_ACTIONS_SIZE` (measured
#: ~380 bytes an entry: at most ~7 MiB, whatever the number of games a process plays).
_SPREAD_ACTIONS: dict[tuple[str, ...], Action] = {}
SPREAD_ACTIONS_SIZE = 20_000


@lru_cache(maxsize=64)
def _size_actions(areas: tuple[str, ...], size: int) -> tuple[tuple[tuple[str, ...], ...], tuple[Action, ...]]:
    """Every set of `size` of `areas` (in order), and its spread action (shared, never edited)."""
    combos = tuple(combinations(areas, size))
    made = _SPREAD_ACTIONS
    if len(made) + len(combos) > SPREAD_ACTIONS_SIZE:
        made.clear()
    actions: list[Action] = []
    for combo in combos:
        action = made.get(combo)
        if action is None:
            action = made[combo] = {"do": "place", "areas": list(combo)}
        actions.append(action)
    return combos, tuple(actions)


def spread_count(state: State, seat: int) -> int:
    """How many spread placements there are (`len(spread_options)`, without building them)."""
    return _spread_count_of(_spread_key(state, seat))


def _spread_count_of(key: SpreadKey) -> int:
    none, areas, prices, yen, most = key
    dearest = sorted(prices, reverse=True)
    count = int(none)
    for size in range(1, most + 1):
        if sum(dearest[:size]) <= yen:
            count += comb(len(areas), size)
        else:
            count += len(_size_affordable(areas, prices, yen, size)[0])
    return count


def pair_options(state: State, seat: int, others: dict[str, int] | None = None) -> list[Action]:
    """2 in one area; with Telegram, also each way to add 1 in an adjacent area (when that makes
    more than `ONE_STEP_LIMIT`, the pair comes first, `"then": "telegram"`, and the extra next).
    `others`: the `presidents_by_area` of `seat`, when the caller has it."""
    pl = state["p"][seat]
    if pl["hand"]["assistants"] < 2:  # `affordable_areas(state, seat, 2)` is empty
        return []
    if others is None:
        others = presidents_by_area(state, seat)
    yen = pl["yen"]
    out: list[PlaceAction] = []
    telegram = pl["hand"]["assistants"] >= 3 and has_tech(state, seat, "telegram")
    sites, adjacent = state["sites"], state["adjacent"]
    for area in action_areas(state):
        price = 2 * others.get(area, 0)  # `cost(state, seat, area, 2)`
        if price > yen:
            continue
        out.append({"do": "place", "pair": area})
        if telegram:
            money = yen - price
            for extra in adjacent[area]:
                if extra in sites and extra != area and others.get(extra, 0) <= money:
                    out.append({"do": "place", "pair": area, "extra": extra})
    if len(out) > ONE_STEP_LIMIT:
        pairs = [a["pair"] for a in out if "extra" not in a]
        extras = {a["pair"] for a in out if "extra" in a}
        split: list[Action] = []
        for pair in pairs:
            action: PlaceAction = {"do": "place", "pair": pair}
            if pair in extras:
                action["then"] = "telegram"
            split.append(action)
        return split
    return cast(list[Action], out)


def menu(state: State, seat: int) -> PlacementMenu | None:
    """The spread step as a multi-select: the areas to pick from and how many may be picked.

    A front end shows `areas` (layout order, at most 17) in one select menu with `min_values`
    `min` and `max_values` `max`, and sends `{"do": "place", "areas": <picked, in layout order>}`;
    a set the money does not cover is refused with a reason. None outside the spread step.
    """
    if state["stage"] != "place_spread" or seat != state["seat"]:
        return None
    chosen = spread_options(state, seat)
    spreads = cast(list[PlaceAction], chosen)  # spread answers: {"do": "place", "areas": [...]}
    areas = [a for a in action_areas(state) if any(a in c["areas"] for c in spreads)]
    sizes = [len(c["areas"]) for c in spreads]
    return {"areas": areas, "min": min(sizes, default=0), "max": max(sizes, default=0)}


def place(state: State, seat: int, area: str, n: int) -> None:
    pl = state["p"][seat]
    for owner in other_presidents(state, seat, area):
        pl["yen"] -= n
        pay_seat(state, owner, n)
    pl["hand"]["assistants"] -= n
    add_assistants(state, seat, area, n)


def start(state: State, seat: int) -> None:
    """Enter the Placement step, or go straight on if no assistant can be placed."""
    state["ctx"] = {}
    state["stage"] = "place" if affordable_areas(state, seat, 1) else "move"


def place_all(state: State, seat: int, action: Action) -> None:
    """Carry out one placement decision and go on to the Movement step (or Telegram's extra)."""
    action = cast(PlaceAction, action)
    placed: list[str] = list(state["ctx"].get("placed", []))
    if "pair" in action:
        place(state, seat, action["pair"], 2)
        placed.append(action["pair"])
        if action.get("then") == "telegram":
            state["stage"] = "place_spread"
            state["ctx"] = {"placed": placed, "limit": 2, "near": action["pair"]}
            return
        if "extra" in action:
            place(state, seat, action["extra"], 1)
            placed.append(action["extra"])
    for area in action.get("areas", []):
        place(state, seat, area, 1)
        placed.append(area)
    if placed:
        log(state, N_("{seat} placed assistants in {areas}"), areas=_(", ").join(area_name(a) for a in placed))
    state["stage"] = "move"
    state["ctx"] = {}


def place_text(state: State, action: Action) -> str:
    """"1 each in Bank, Church (pay ¥1)" / "2 in Bank + 1 in Tea (Telegram)" with the real cost."""
    seat = state["seat"]
    if action["do"] == "place_way":
        if action["way"] == "spread":
            return _("Place 1 assistant in each of several areas")
        return _("Place 2 assistants in one area")
    action = cast(PlaceAction, action)
    if "pair" in action:
        price = cost(state, seat, action["pair"], 2)
        text = _("2 in {area}").format(area=area_name(action["pair"]))
        if "extra" in action:
            price += cost(state, seat, action["extra"], 1)
            text += _(" + 1 in {area}").format(area=area_name(action["extra"]))
        if action.get("then"):
            text += _(", then Telegram's extra")
        return _("Place {what}{cost}").format(what=text, cost=cost_text(price))
    chosen = action["areas"]
    if not chosen:
        return _("Place no more assistants")
    price = sum(cost(state, seat, a, 1) for a in chosen)
    names = _(", ").join(area_name(a) for a in chosen)
    short = _(", ").join(short_area_name(a) for a in chosen)
    form = _("Place 1 each in {areas}{cost}") if len(chosen) > 1 else _("Place 1 in {areas}{cost}")
    return fit(form.format(areas=names, cost=cost_text(price)), form.format(areas=short, cost=cost_text(price)))


#: Shorter names for the longest area names, for a spread of four areas (Newspaper) to fit a label.
#: Each pair is translated (a part of a translated area name and its shorter form).
SHORT_NAMES = {N_("Employment Agency"): N_("Agency"), N_("Tea Plantation"): N_("Tea"),
               N_("Fishing Ground"): N_("Fishing"), N_("Laboratory"): N_("Lab"), N_("Copper Mine"): N_("Copper"),
               N_("Silk Mill"): N_("Silk")}


def short_area_name(area: str) -> str:
    return _short_area_name(area, language())


@lru_cache(maxsize=1024)
def _short_area_name(area: str, language: str) -> str:
    """`short_area_name`, remembered by language (a key only: the translator in force words it): a placement's
    label and story ask it of the same areas in each shipped language."""
    del language
    name = area_name(area)
    for long, short in SHORT_NAMES.items():
        name = name.replace(_(long), _(short))
    return name


def place_refusal(state: State, seat: int, action: Action) -> str:
    """Why a placement nobody offered is refused: the Canal, an unknown area, too few assistants,
    the same area twice, or more areas or money than allowed."""
    if action["do"] == "place_way":
        return _("Choose where to place: every placement fits in one list now.")
    action = cast(PlaceAction, action)  # whatever was sent as a placement
    pl = state["p"][seat]
    areas = action.get("areas", [])
    chosen = [*(areas if isinstance(areas, list) else [areas]), *([action["pair"]] if "pair" in action else [])]
    if "canal" in chosen or action.get("extra") == "canal":
        return _("You may not place assistants in the Canal.")
    if any(not isinstance(a, str) or a not in state["adjacent"] for a in chosen):
        return _("There is no such area in this game.")
    if pl["hand"]["assistants"] < len(chosen) + ("pair" in action):
        return _("You do not have that many assistants in hand.")
    if len(set(chosen)) != len(chosen):
        return _("Place 1 assistant in each of different areas, or 2 in one area.")
    return _("You cannot place that way: at most 3 areas (4 with Newspaper), each affordable "
             "(¥1 per assistant to each President there).")


class PlacementStep(YokohamaStep):
    """The Placement step's decisions share their words and refusals; each stage lists its own answers."""

    kinds: tuple[str, ...] = ("place",)
    hint = "place your assistants"

    def take(self, state: State, seat: int, action: Action) -> None:
        place_all(state, seat, action)

    def text(self, state: State, action: Action) -> str:
        return place_text(state, action)

    def told(self, state: State, action: Action) -> str:
        """"places 1 assistant each in Bank, Church" / "places 2 assistants in Port A"; choosing the way
        of placing tells nothing yet (the placement that follows does)."""
        if action["do"] == "place_way":
            return ""
        text = place_text(state, action)
        for short, full in (("Place 1 each in", "places 1 assistant each in"),
                            ("Place 1 in", "places 1 assistant in"),
                            ("Place 2 in", "places 2 assistants in")):
            if text.startswith(short):
                return full + text[len(short):]
        return super().told(state, action)

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return place_refusal(state, seat, action)


class PlaceStep(PlacementStep):
    """Placement in one decision (ruling R2.2): every spread and every pair, or first the way when
    together they are more than `ONE_STEP_LIMIT`."""

    stage = "place"
    stage_text = N_("placement: choosing how to place")
    kinds: tuple[str, ...] = ("place", "place_way")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [(a, None) for a in self.options(state, seat)]

    def options(self, state: State, seat: int) -> list[Action]:
        """Every candidate is allowed: the spreads and pairs, or the two ways when too many."""
        others = presidents_by_area(state, seat)  # asked once for both ways
        key = _spread_key(state, seat, others)
        spread, pair = _spread_count_of(key), pair_options(state, seat, others)
        if spread + len(pair) <= ONE_STEP_LIMIT or not spread or not pair:
            return [*_spread_options_of(key), *pair]
        return [{"do": "place_way", "way": "spread"}, {"do": "place_way", "way": "pair"}]

    def take(self, state: State, seat: int, action: Action) -> None:
        if action["do"] == "place_way":
            state["stage"] = "place_spread" if action["way"] == "spread" else "place_pair"
        else:
            place_all(state, seat, action)

    def prompt(self, state: State, seat: int) -> str:
        return _("Placement: 1 assistant in each of up to {n} areas, "
                 "or 2 in one area (¥1 each to every other President there).").format(n=spread_limit(state, seat))


class SpreadStep(PlacementStep):
    """1 assistant in each of several areas (a multi-select: `menu`), or Telegram's extra next to a pair."""

    stage = "place_spread"
    stage_text = N_("placement: 1 assistant per area")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [(a, None) for a in spread_options(state, seat)]

    def options(self, state: State, seat: int) -> list[Action]:
        return spread_options(state, seat)  # every candidate is allowed

    def single_answer(self, state: State, seat: int) -> Action | None:
        if yokohama_step.list_wanted:  # `legal` asks for the list next: built once, here, and noted
            return super().single_answer(state, seat)
        return spread_options(state, seat)[0] if spread_count(state, seat) == 1 else None

    def prompt(self, state: State, seat: int) -> str:
        if state["ctx"].get("near"):
            return _("Telegram: 1 more assistant in an area next to {area} (or none).").format(
                area=area_name(state["ctx"]["near"]))
        return _("Place 1 assistant in each of up to {n} areas.").format(n=spread_limit(state, seat))


class PairStep(PlacementStep):
    """2 assistants in one area (with Telegram, 1 more next to it)."""

    stage = "place_pair"
    stage_text = N_("placement: 2 assistants in one area")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [(a, None) for a in pair_options(state, seat)]

    def options(self, state: State, seat: int) -> list[Action]:
        return pair_options(state, seat)  # every candidate is allowed

    def prompt(self, state: State, seat: int) -> str:
        return _("Place 2 assistants in one area.")


STEPS: tuple[YokohamaStep, ...] = (PlaceStep(), SpreadStep(), PairStep())
