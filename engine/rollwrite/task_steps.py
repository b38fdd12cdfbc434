"""The queued tasks that ask the player: where a gained good, employee, Elite, shop or trading
house goes, which side of an "A / B" bonus, whether to make an "A -> B" exchange, which area
the Chamber of Commerce borrows, and how an area action's power is spent.

Each class is one task kind (`task["t"]`), declared once: answers with their refusals, effect,
prompt, labels. The task being answered is always the front of the seat's queue; `apply` takes it
off and queues whatever the answer triggers, in front of everything else (ruling R6).
"""

from __future__ import annotations

from typing import cast

from engine.core.translate import N_, _, ngettext, pgettext
from engine.rollwrite import rules
from engine.rollwrite.components import (
    GOOD_NAMES,
    LEVEL_COST,
    RESOURCE_CAP,
    area_name,
    areas,
    good_name,
    tech_name,
    tech_text,
    technologies,
)
from engine.rollwrite.labels import (
    amount_text,
    bonus_text,
    form_detail,
    form_text,
    resource_amount,
    short_of,
    source_text,
    tech_words,
)
from engine.rollwrite.round_steps import area_detail, power_tasks
from engine.rollwrite.shapes import (
    Action,
    Building,
    BuiltKey,
    BuyAction,
    ChooseAction,
    EliteAction,
    EmployAction,
    ExchangeAction,
    FormAction,
    KindAction,
    Purchase,
    ShopAction,
    StopAction,
    TechAction,
    TradingAction,
    ViaAction,
)
from engine.rollwrite.sheet import (
    bonus_tasks,
    can_pay,
    cross_good,
    free_spaces,
    gives_anything,
    open_forms,
    open_kinds,
    pay,
    push,
    write_circle,
)
from engine.rollwrite.state_types import Sheet, State, Task
from engine.rollwrite.step import OpenStep

#: What an area action's power buys, one decision at a time.
PowerAction = FormAction | TechAction | BuyAction | StopAction
BUILDING_NOUN: dict[str, str] = {"elite": N_("Place an Elite ({source})"), "shop": N_("Place a shop ({source})"),
                                  "trading": N_("Place a trading house ({source})")}


def front(state: State, seat: int) -> Task:
    task: Task = state["sheets"][seat]["queue"][0]
    return task


def take_front(state: State, seat: int) -> Task:
    task: Task = state["sheets"][seat]["queue"].pop(0)
    return task


class TaskStep(OpenStep):
    """A task at the front of the queue; `auto_single`: one possible answer is taken unasked. Any other
    answer is refused by asking the task's question again, unless the step can say more."""

    auto_single = True

    def prompt(self, state: State, seat: int) -> str:
        return self.ask(state, front(state, seat))

    def ask(self, state: State, task: Task) -> str:
        """The question this task asks (also listed in the sheet view's queue)."""
        question: str = task["t"]
        return question

    def waiting(self, state: State, seat: int) -> str:
        return _("First: {question}.").format(question=self.ask(state, front(state, seat)))

    def unknown(self, state: State, seat: int, action: Action) -> str | None:
        return self.waiting(state, seat)


class PlaceGood(TaskStep):
    """Trade good icons: "immediately write a cross on one ... icon in an order form square";
    the 4-colour icon first asks which good."""

    name = "good"
    kinds = ("kind", "form")

    def choices(self, state: State, seat: int) -> list[Action]:
        ps, task = state["sheets"][seat], front(state, seat)
        data = rules.side_data(state)
        if task["kind"] is None:
            return [{"do": "kind", "kind": g} for g in open_kinds(ps, data)]
        return [{"do": "form", "form": f, "good": task["kind"]} for f in open_forms(ps, task["kind"], data)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps, task = state["sheets"][seat], take_front(state, seat)
        chosen = cast(KindAction | FormAction, action)
        if chosen["do"] == "kind":
            push(ps, [{**task, "kind": chosen["kind"]}])
        else:
            good = cast(str, task["kind"])  # forms are offered once the kind is known
            push(ps, cross_good(ps, chosen["form"], good, rules.side_data(state), state["round"]))

    def text(self, state: State, action: Action) -> str:
        chosen = cast(KindAction | FormAction, action)
        if chosen["do"] == "kind":
            return _("Take {good}").format(good=good_name(chosen["kind"]))
        return form_words(state, chosen)

    def details(self, state: State, action: Action) -> str:
        return form_detail(state, cast(FormAction, action)["form"]) if action.get("do") == "form" else ""

    def ask(self, state: State, task: Task) -> str:
        good = good_name(task["kind"]) if task["kind"] else _("a trade good")
        return _("Cross {good} on an order form ({source})").format(good=good, source=source_text(task["src"]))

    def unknown(self, state: State, seat: int, action: Action) -> str | None:
        if action.get("do") == "form" and action.get("good") in GOOD_NAMES:
            return _("That order form has no {good} left to cross.").format(
                good=good_name(cast(FormAction, action)["good"]))
        return super().unknown(state, seat, action)


def form_words(state: State, action: FormAction) -> str:
    return _("Cross {good} on {form}").format(good=good_name(action["good"]), form=form_text(state, action["form"]))


class WriteEmployees(TaskStep):
    """Employee icons (University, Tea machinery, Telephone, bonuses): one circle at a time, any area."""

    name = "employees"
    kinds = ("employ",)

    def choices(self, state: State, seat: int) -> list[Action]:
        ps = state["sheets"][seat]
        free = free_spaces(ps, rules.side_data(state))
        return [{"do": "employ", "row": r} for r, room in enumerate(free) if room]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps, task = state["sheets"][seat], take_front(state, seat)
        rest: list[Task] = [{**task, "n": task["n"] - 1}] if task["n"] > 1 else []
        push(ps, write_circle(ps, cast(EmployAction, action)["row"], rules.side_data(state)) + rest)

    def text(self, state: State, action: Action) -> str:
        return _("Circle in {area}").format(area=area_name(state["areas"][cast(EmployAction, action)["row"]]))

    def ask(self, state: State, task: Task) -> str:
        return ngettext("Write {n} employee circle ({source})", "Write {n} employee circles ({source})",
                        task["n"]).format(n=task["n"], source=source_text(task["src"]))

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("That employee track is full.")


class PlaceBuilding(TaskStep):
    """A free or bought Elite, shop or trading house: which row, order form or trading house."""

    #: (state key, action field) of the building this step places.
    key: BuiltKey
    field = ""
    taken = ""

    def choices(self, state: State, seat: int) -> list[Action]:
        built = state["sheets"][seat][self.key]
        # {"do": "elite", "row": i}, {"do": "shop", "form": i}, {"do": "trading", "house": i}
        return [cast(Action, {"do": self.name, self.field: i}) for i, has in enumerate(built) if not has]

    def take(self, state: State, seat: int, action: Action) -> None:
        take_front(state, seat)
        ps = state["sheets"][seat]
        built = ps[self.key][:]  # shared with the old sheet by a move's copy: replaced, never edited
        built[cast(dict[str, int], action)[self.field]] = True
        ps[self.key] = built

    def ask(self, state: State, task: Task) -> str:
        return _(BUILDING_NOUN[self.name]).format(source=source_text(task["src"]))

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _(self.taken)


class PlaceElite(PlaceBuilding):
    name = "elite"
    kinds = ("elite",)
    key, field, taken = "elites", "row", N_("That area already has its Elite.")

    def text(self, state: State, action: Action) -> str:
        return _("Elite in {area}").format(area=area_name(state["areas"][cast(EliteAction, action)["row"]]))


class PlaceShop(PlaceBuilding):
    name = "shop"
    kinds = ("shop",)
    key, field, taken = "shops", "form", N_("That order form already has a shop.")

    def text(self, state: State, action: Action) -> str:
        return _("Shop on {form}").format(form=form_text(state, cast(ShopAction, action)["form"]))

    def details(self, state: State, action: Action) -> str:
        return form_detail(state, cast(ShopAction, action)["form"])


class PlaceTrading(PlaceBuilding):
    name = "trading"
    kinds = ("trading",)
    key, field, taken = "trading", "house", N_("That trading house is already built.")

    def text(self, state: State, action: Action) -> str:
        house: int = rules.side_data(state)["trading_houses"][cast(TradingAction, action)["house"]]["id"]
        return _("Trading house {number}").format(number=house + 1)

    def details(self, state: State, action: Action) -> str:
        house = rules.side_data(state)["trading_houses"][cast(TradingAction, action)["house"]]
        return _("2 VP per fulfilled order {orders}").format(orders=", ".join(str(f + 1) for f in house["forms"]))


class ChooseBonus(TaskStep):
    """ "A / B: '/' is a choice. You must choose either A or B" (R17). An alternative that would
    give nothing at all (nowhere to put it, R15) is not offered; with neither, the bonus is lost."""

    name = "choice"
    kinds = ("choose",)

    def choices(self, state: State, seat: int) -> list[Action]:
        ps, task = state["sheets"][seat], front(state, seat)
        data = rules.side_data(state)
        every = list(enumerate(task["options"]))
        return [{"do": "choose", "option": i, "gain": alt} for i, alt in every if gives_anything(ps, alt, data)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps, task = state["sheets"][seat], take_front(state, seat)
        push(ps, bonus_tasks(task["options"][cast(ChooseAction, action)["option"]], task["src"]))

    def text(self, state: State, action: Action) -> str:
        return _("Take {bonus}").format(bonus=bonus_text(cast(ChooseAction, action)["gain"]))

    def ask(self, state: State, task: Task) -> str:
        return _("Choose {options} ({source})").format(
            options=_(" or ").join(bonus_text(alt) for alt in task["options"]), source=source_text(task["src"]))


class Exchange(TaskStep):
    """ "A -> B: means that if you consume A, you obtain B" — optional, and only with A (R17)."""

    name = "exchange"
    kinds = ("exchange",)
    auto_single = False

    def choices(self, state: State, seat: int) -> list[Action]:
        ps, task = state["sheets"][seat], front(state, seat)
        if not can_pay(ps, task["pay"]):
            return []
        pay_, get = task["pay"], task["get"]
        return [{"do": "exchange", "accept": yes, "pay": pay_, "get": get} for yes in (True, False)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps, task = state["sheets"][seat], take_front(state, seat)
        if cast(ExchangeAction, action)["accept"]:
            pay(ps, task["pay"])
            push(ps, bonus_tasks(task["get"], task["src"]))

    def text(self, state: State, action: Action) -> str:
        offer = cast(ExchangeAction, action)
        if offer["accept"]:
            return _("Pay {cost} for {gain}").format(cost=amount_text(offer["pay"]), gain=bonus_text(offer["get"]))
        return _("Skip the exchange")

    def ask(self, state: State, task: Task) -> str:
        return _("Exchange {cost} for {gain}? ({source})").format(
            cost=amount_text(task["pay"]), gain=bonus_text(task["get"]), source=source_text(task["src"]))


class Chamber(TaskStep):
    """Chamber of Commerce: "Select one other area, and perform the action of the selected area
    with action power minus 1. You may also select the area of the area card put aside." (R13)"""

    name = "chamber"
    kinds = ("via",)

    def choices(self, state: State, seat: int) -> list[Action]:
        task = front(state, seat)
        if rules.chamber_power(task["power"]) <= 0:
            return []  # the borrowed action would have no power at all
        return [{"do": "via", "area": a} for a in rules.chamber_targets(state, task["row"])]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps, task = state["sheets"][seat], take_front(state, seat)
        push(ps, power_tasks(cast(ViaAction, action)["area"], rules.chamber_power(task["power"])))

    def text(self, state: State, action: Action) -> str:
        return _("Use the {area} action").format(area=area_name(cast(ViaAction, action)["area"]))

    def details(self, state: State, action: Action) -> str:
        return area_detail(cast(ViaAction, action)["area"])

    def ask(self, state: State, task: Task) -> str:
        return _("Chamber of Commerce: choose an area to use with {power} power").format(
            power=rules.chamber_power(task["power"]))


class SpendPower(TaskStep):
    """An area action's power, one purchase at a time ("As long as you have enough action power,
    you may perform the same action any number of times"); it may end early (R7). Bank and
    Church need no decision (flow.py)."""

    name = "power"
    kinds = ("form", "tech", "buy", "stop")
    auto_single = False

    def choices(self, state: State, seat: int) -> list[Action]:
        ps, task = state["sheets"][seat], front(state, seat)
        if task["left"] <= 0:
            return []
        kind = rules.area_kind(task["area"])
        out: list[Action] = []
        if kind == "goods":
            good = areas()[task["area"]]["good"]
            out += [{"do": "form", "form": f, "good": good} for f in open_forms(ps, good, rules.side_data(state))]
        elif kind == "lab":
            out += lab_options(state, ps, task)
        elif kind == "chinatown":
            out += chinatown_options(state, ps, task)
        stop: StopAction = {"do": "stop"}
        return [*out, stop] if out else []

    def take(self, state: State, seat: int, action: Action) -> None:
        ps, task = state["sheets"][seat], take_front(state, seat)
        action = cast(PowerAction, action)
        if action["do"] == "stop":
            return
        left: int = task["left"]
        follow: list[Task] = []
        if action["do"] == "form":
            left -= 1
            follow = cross_good(ps, action["form"], action["good"], rules.side_data(state), state["round"])
        elif action["do"] == "tech":
            left -= LEVEL_COST[technologies()[action["tech"]]["level"]]
            follow = acquire_tech(ps, action["tech"])
        else:
            left -= action["power"]
            pay(ps, action["cost"])
            follow = purchase_tasks(action["what"], str(areas()[task["area"]]["name"]))  # kept in English
            if rules.area_kind(task["area"]) == "lab" and rules.brick_discount_open(ps, task):
                task = {**task, "brick_used": True}
        push(ps, follow + ([{**task, "left": left}] if left > 0 else []))

    def text(self, state: State, action: Action) -> str:
        action = cast(PowerAction, action)
        if action["do"] == "form":
            return form_words(state, action)
        if action["do"] == "tech":
            return _("Acquire {technology}").format(technology=tech_words(action["tech"]))
        if action["do"] == "stop":
            return _("Finish this action (unused power is lost)")
        cost = amount_text(action["cost"]) if action["cost"] else _("no money")
        return _(PURCHASE_LABELS[action["what"]]).format(power=resource_amount("power", action["power"]), cost=cost)

    def details(self, state: State, action: Action) -> str:
        if action.get("do") == "tech":
            return tech_text(cast(TechAction, action)["tech"])
        if action.get("do") == "form":
            return form_detail(state, cast(FormAction, action)["form"])
        return ""

    def ask(self, state: State, task: Task) -> str:
        return _("Spend {n} action power in {area}").format(n=task["left"], area=area_name(task["area"]))

    def unknown(self, state: State, seat: int, action: Action) -> str | None:
        ps, task = state["sheets"][seat], front(state, seat)
        if action.get("do") == "buy" and action.get("what") in PURCHASE_WORDS:
            return self._buy_refusal(state, ps, task, cast(BuyAction, action)["what"])
        if action.get("do") == "tech" and action.get("tech") in technologies():
            return self._tech_refusal(state, task, cast(TechAction, action)["tech"])
        if action.get("do") == "form" and action.get("good") in GOOD_NAMES:
            return _("That order form has no {good} left to cross.").format(
                good=good_name(cast(FormAction, action)["good"]))
        return super().unknown(state, seat, action)

    @staticmethod
    def _buy_refusal(state: State, ps: Sheet, task: Task, what: str) -> str:
        verb = _purchase_words(what)
        if rules.area_kind(task["area"]) == "lab" and what in BUILDING_NOUN:
            power, cost = rules.lab_power(what), rules.lab_cost(ps, what, task)
        elif rules.area_kind(task["area"]) == "chinatown" and what in ("good", "cargo"):
            power, cost = rules.chinatown_cost(what)
        else:
            return _("You cannot {what} in {area}.").format(what=verb, area=area_name(task["area"]))
        if power > task["left"]:
            return _("You need {power} action power to {what}; you have {left} left.").format(
                power=power, what=verb, left=task["left"])
        return short_of(ps, cost, verb) or _("There is no room left for that.")

    @staticmethod
    def _tech_refusal(state: State, task: Task, tech_id: str) -> str:
        tech = technologies()[tech_id]
        cost = LEVEL_COST[tech["level"]]
        if cost > task["left"]:
            return _("{technology} needs {cost} action power; you have {left} left.").format(
                technology=tech_name(tech_id), cost=cost, left=task["left"])
        if tech_id not in [t for level in state["labs"].get(task["area"], {}).values() for t in level]:
            return _("{technology} is not at {area}.").format(technology=tech_name(tech_id),
                                                              area=area_name(task["area"]))
        level = {"low": _("LOW"), "mid": _("MID"), "high": _("HIGH")}.get(tech["level"], tech["level"].upper())
        return _("You already hold a {level} technology from {area}.").format(level=level,
                                                                             area=area_name(task["area"]))


PURCHASE_WORDS: dict[str, str] = {
    "elite": "hire an Elite",
    "shop": "build a shop",
    "trading": "build a trading house",
    "good": "buy a trade good",
    "cargo": "buy a cargo",
}
#: A purchase's label ("Hire an Elite (2 power, 1 money)").
PURCHASE_LABELS: dict[str, str] = {
    "elite": N_("Hire an Elite ({power}, {cost})"),
    "shop": N_("Build a shop ({power}, {cost})"),
    "trading": N_("Build a trading house ({power}, {cost})"),
    "good": N_("Buy a trade good ({power}, {cost})"),
    "cargo": N_("Buy a cargo ({power}, {cost})"),
}


def _purchase_words(what: str) -> str:
    """A purchase as the object of "you need … to" in the reader's language."""
    return {"elite": lambda: pgettext("you need … to", "hire an Elite"),
            "shop": lambda: pgettext("you need … to", "build a shop"),
            "trading": lambda: pgettext("you need … to", "build a trading house"),
            "good": lambda: pgettext("you need … to", "buy a trade good"),
            "cargo": lambda: pgettext("you need … to", "buy a cargo")}[what]()


def lab_options(state: State, ps: Sheet, task: Task) -> list[PowerAction]:
    """Laboratory: technologies (2/3/4 power), then an Elite, a shop or a trading house."""
    left = task["left"]
    out: list[PowerAction] = [
        {"do": "tech", "tech": t} for t in rules.takeable_techs(state, ps, task["area"], left)
    ]
    buildings: tuple[tuple[Building, list[bool]], ...] = (
        ("elite", ps["elites"]),
        ("shop", ps["shops"]),
        ("trading", ps["trading"]),
    )
    for what, built in buildings:
        cost = rules.lab_cost(ps, what, task)
        if not all(built) and left >= rules.lab_power(what) and can_pay(ps, cost):
            out.append({"do": "buy", "what": what, "power": rules.lab_power(what), "cost": cost})
    return out


def chinatown_options(state: State, ps: Sheet, task: Task) -> list[PowerAction]:
    """Chinatown: any trade good for 1 power + 1 money; 1 cargo for 2 power + 4 money (R14)."""
    out: list[PowerAction] = []
    power, cost = rules.chinatown_cost("good")
    if task["left"] >= power and can_pay(ps, cost) and open_kinds(ps, rules.side_data(state)):
        out.append({"do": "buy", "what": "good", "power": power, "cost": cost})
    power, cost = rules.chinatown_cost("cargo")
    if task["left"] >= power and can_pay(ps, cost) and ps["cargo"] < RESOURCE_CAP["cargo"]:
        out.append({"do": "buy", "what": "cargo", "power": power, "cost": cost})
    return out


def purchase_tasks(what: Purchase, source: str) -> list[Task]:
    """What a purchase in a laboratory or Chinatown gives: a building to place, a good, a cargo."""
    if what == "good":
        return [{"t": "good", "kind": None, "src": source}]
    if what == "cargo":
        return [{"t": "gain", "res": "cargo", "n": 1, "src": source}]
    return [{"t": what, "src": source}]


def acquire_tech(ps: Sheet, tech: str) -> list[Task]:
    """Write the technology down and take its immediate effects (Letterpress printing first)."""
    ps["techs"] = [*ps["techs"], tech]  # shared with the old sheet by a move's copy: never edited
    card = technologies()[tech]
    tasks: list[Task] = []
    for held in ps["techs"]:  # Letterpress printing, this acquisition included
        other = technologies()[held]
        if "on_any_acquire" in other:
            tasks += bonus_tasks(other["on_any_acquire"], other["name"])
    for bonus in card.get("on_acquire", []):
        tasks += bonus_tasks(bonus, card["name"])
    return tasks


def after_area(ps: Sheet, area_id: str) -> list[Task]:
    """Technologies that act "after performing the area action" of an area."""
    tasks: list[Task] = []
    for tech in ps["techs"]:
        card = technologies()[tech]
        follow = card.get("after_area")
        if follow and follow["area"] == area_id:
            tasks += bonus_tasks(follow["bonus"], card["name"])
    return tasks


TASK_STEPS: dict[str, TaskStep] = {
    step.name: step
    for step in (
        PlaceGood(),
        WriteEmployees(),
        PlaceElite(),
        PlaceShop(),
        PlaceTrading(),
        ChooseBonus(),
        Exchange(),
        Chamber(),
        SpendPower(),
    )
}
