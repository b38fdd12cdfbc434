"""The steps of a seat's round, in the rulebook's order: choose a set, record employees, the main
action (an area, then how many circles), the additional action, and confirming the round.

Each class is the one place its rule lives: its answers with their refusals, what choosing one
does, its label and its question. Anything an option triggers (bonuses, action power to spend)
is queued as tasks (task_steps.py), asked before the round goes on.
"""

from __future__ import annotations

from operator import ge
from typing import cast

from engine.core.steps import LABEL_LIMIT
from engine.core.translate import N_, _, ngettext, pgettext
from engine.rollwrite import rules
from engine.rollwrite.components import area_name, employment_cards, good_name
from engine.rollwrite.labels import (
    DIE_COLOURS,
    EXTRA_NAMES,
    amount_text,
    card_action_text,
    card_source,
    extra_name,
    placement_text,
    short_of,
)
from engine.rollwrite.recording import die_rows, placements
from engine.rollwrite.scoring import score_end_of_round
from engine.rollwrite.shapes import (
    Action,
    AreaAction,
    Building,
    Candidate,
    CircleAction,
    CrossAction,
    ExtraAction,
    Pick,
    RecordAction,
    SetAction,
)
from engine.rollwrite.sheet import bonus_tasks, can_pay, free_spaces, pay, push, unused_circles, write_circle
from engine.rollwrite.state_types import RecordState, Sheet, State, Task
from engine.rollwrite.step import PHONE, OpenStep, RollWriteStep

#: A Discord menu holds 25 options; longer recording lists are split into single circles.
MENU_LIMIT = 25


def blocked_set(state: State, seat: int) -> int | None:
    """With start player priority, the others may not take the start player's set."""
    if state["start_player"] is None or seat == state["start_player"]:
        return None
    blocked: int | None = state["priority_set"]
    return blocked


def waiting_for_start_player(state: State, seat: int) -> bool:
    ps = state["sheets"][seat]
    return bool(
        ps["step"] == "set"
        and not ps["queue"]
        and state["start_player"] is not None
        and seat != state["start_player"]
        and state["priority_set"] is None
    )


#: The refusal of the set the start player took (start player priority).
TAKEN_SET = N_("The start player took that set; choose one of the other two.")


class ChooseSet(RollWriteStep):
    """3) Employee recording, 1: "Each player chooses 1 of the 3 dice and card sets"."""

    name = "set"
    kinds = ("set", "phone")

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        if waiting_for_start_player(state, seat):
            return []
        blocked = blocked_set(state, seat)
        sets: list[Candidate] = [({"do": "set", "set": i}, _(TAKEN_SET) if i == blocked else None) for i in range(3)]
        return [*sets, *self.telephone(state, seat)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps = state["sheets"][seat]
        index = cast(SetAction, action)["set"]
        round_no = state["round"]
        if state["start_player"] == seat:
            state["priority_set"] = index
        ps["set"] = index
        die = state["dice"][round_no - 1][index]
        card = state["cards"][round_no - 1][index]
        free = free_spaces(ps, rules.side_data(state))
        ps["record"] = {
            "die": die,
            "card": card,
            "number": rules.employment_number(state, ps, card),
            "free": list(free),
            "die_rows": list(die_rows(free, die)),
            "placed": [0] * len(free),
        }
        ps["step"] = "record"
        if not record_choices(ps):
            finish_record(state, ps, None)

    def text(self, state: State, action: Action) -> str:
        i = cast(SetAction, action)["set"]
        r = state["round"] - 1
        card_id = state["cards"][r][i]
        return _("{colour} die {die} + card {card} ({action})").format(
            colour=_DIE_WORDS[DIE_COLOURS[i]](), die=state["dice"][r][i],
            card=employment_cards()[card_id]["number"], action=card_action_text(card_id))

    def details(self, state: State, action: Action) -> str:
        card_id = state["cards"][state["round"] - 1][cast(SetAction, action)["set"]]
        n = employment_cards()[card_id]["number"]
        return ngettext("Write {n} employee, then gain {action}", "Write {n} employees, then gain {action}",
                        n).format(n=n, action=card_action_text(card_id))

    def prompt(self, state: State, seat: int) -> str:
        return _("Choose a dice-and-card set")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        if action.get("set") == blocked_set(state, seat):
            return _(TAKEN_SET)
        return _("Choose the white, gray or black set.")

    def closes_undo(self, before: State, seat: int, action: Action, after: State) -> bool:
        """The start player's pick is shown to the others and binds their choice (R24)."""
        return action.get("do") == "set" and before["start_player"] == seat


def record_choices(ps: Sheet) -> tuple[tuple[int, ...], ...]:
    """Complete placements still open given the circles already placed in this recording."""
    rec = cast(RecordState, ps["record"])  # set when the set was chosen
    every = placements(
        tuple(rec["free"]),
        tuple(rec["die_rows"]),
        rec["number"],
        rules.has(ps, "carriage"),
        rules.has(ps, "tram"),
        rules.has(ps, "postal"),
    )
    placed = rec["placed"]
    if not any(placed):  # nothing placed yet: every placement is still open
        return every
    return tuple(p for p in every if all(map(ge, p, placed)))


def finish_record(state: State, ps: Sheet, placement: tuple[int, ...] | None) -> None:
    """Write the placement's circles top to bottom, then queue their bonuses and the card action (R1)."""
    data = rules.side_data(state)
    # set when the set was chosen; shared with the old sheet by a move's copy: replaced, never edited
    ps["record"] = rec = cast(RecordState, ps["record"]).copy()
    tasks: list[Task] = []
    if placement is not None:
        for row, count in enumerate(placement):
            for _ in range(count):
                tasks += write_circle(ps, row, data)
        rec["placed"] = list(placement)
    card = employment_cards()[rec["card"]]
    tasks += bonus_tasks(card["action"], card_source(card))
    rec["done"] = True
    ps["step"] = "main"
    push(ps, tasks)


class Record(OpenStep):
    """3) Employee recording, 2: the count limit and consecutive rules (recording.py enumerates them)."""

    name = "record"
    kinds = ("record", "circle")
    auto_single = True

    def choices(self, state: State, seat: int) -> list[Action]:
        """Whole placements when they fit one menu; otherwise one circle at a time until they do."""
        ps = state["sheets"][seat]
        found = record_choices(ps)
        if len(found) <= MENU_LIMIT:
            return [{"do": "record", "circles": list(p)} for p in found]
        placed = cast(RecordState, ps["record"])["placed"]
        rows = sorted({r for p in found for r in range(len(p)) if p[r] > placed[r]})
        return [{"do": "circle", "row": r} for r in rows]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps = state["sheets"][seat]
        chosen = cast(RecordAction | CircleAction, action)
        if chosen["do"] == "record":
            finish_record(state, ps, tuple(chosen["circles"]))
            return
        rec = cast(RecordState, ps["record"])
        placed = rec["placed"][:]  # shared with the old sheet by a move's copy: replaced, never edited
        placed[chosen["row"]] += 1
        ps["record"] = {**rec, "placed": placed}
        found = record_choices(ps)
        if len(found) == 1 and list(found[0]) == placed:
            finish_record(state, ps, found[0])

    def text(self, state: State, action: Action) -> str:
        chosen = cast(RecordAction | CircleAction, action)
        if chosen["do"] == "record":
            return placement_text(state, chosen["circles"])
        return _("One circle in {area}, then the rest").format(area=area_name(state["areas"][chosen["row"]]))

    def details(self, state: State, action: Action) -> str:
        """A placement too long for its label (five areas; longer names in some languages) in full."""
        chosen = cast(RecordAction | CircleAction, action)
        if chosen["do"] != "record":
            return ""
        full = placement_text(state, chosen["circles"])
        return full if len(full) > LABEL_LIMIT else ""

    def prompt(self, state: State, seat: int) -> str:
        rec = cast(RecordState, state["sheets"][seat]["record"])
        n = rec["number"]
        return ngettext("Record {n} employee (die {die})", "Record {n} employees (die {die})", n).format(
            n=n, die=rec["die"])

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("Those circles break the recording rules: 1-2 in the die's area, 0-1 elsewhere, "
                 "in consecutive areas, as many as the card allows.")


class MainArea(OpenStep):
    """4) Main action, 1: "Choose 1 of the 8 areas ... you cannot choose an area that has not even
    1 circle not yet crossed off" (compulsory when possible, R8)."""

    name = "main"
    kinds = ("area", "phone")
    auto_single = True

    def choices(self, state: State, seat: int) -> list[Action]:
        rows = rules.rows_with_unused(state["sheets"][seat])
        areas: list[Action] = [{"do": "area", "row": r} for r in rows]
        return [*areas, *self.phone(state, seat)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps = state["sheets"][seat]
        ps["main_area"] = cast(AreaAction, action)["row"]
        ps["step"] = "count"

    def text(self, state: State, action: Action) -> str:
        return _("Main action in {area}").format(area=area_name(state["areas"][cast(AreaAction, action)["row"]]))

    def details(self, state: State, action: Action) -> str:
        return area_detail(state["areas"][cast(AreaAction, action)["row"]])

    def prompt(self, state: State, seat: int) -> str:
        again = state["sheets"][seat]["again"]
        return _("Choose an area for your main action (additional action D)") if again \
            else _("Choose an area for your main action")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        return _("Choose an area that has at least one circle not yet crossed off.")


def area_detail(area_id: str) -> str:
    """What an area's action does with its power, in a few words."""
    kind = rules.area_kind(area_id)
    if kind == "goods":
        from engine.rollwrite.components import areas

        return _("Each power: cross 1 {good} on an order form").format(good=good_name(areas()[area_id]["good"]))
    return _(_AREA_DETAILS[kind]) if kind in _AREA_DETAILS else ""


_AREA_DETAILS = {
    "lab": N_("Acquire technologies (2/3/4 power), hire Elites, build shops and trading houses"),
    "bank": N_("Gain 1 money per power"),
    "church": N_("Gain 1 faith per power"),
    "chinatown": N_("1 power + 1 money: any trade good; 2 power + 4 money: 1 cargo"),
    "chamber": N_("Use another area's action with 1 less power"),
}
#: The dice's colours as the set labels name them ("White die 4 + card 7").
_DIE_WORDS = {"white": lambda: _("White"), "gray": lambda: _("Gray"), "black": lambda: _("Black")}


class CrossOff(OpenStep):
    """4) Main action, 1-2: cross off 1 to 5 circles; power = circles + Elite (+ Newspaper, R9)."""

    name = "count"
    kinds = ("cross",)
    auto_single = True

    def choices(self, state: State, seat: int) -> list[Action]:
        ps = state["sheets"][seat]
        row = cast(int, ps["main_area"])  # set by the area step
        return [{"do": "cross", "n": n} for n in range(1, rules.most_crossed(ps, row) + 1)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps = state["sheets"][seat]
        row = cast(int, ps["main_area"])
        n = cast(CrossAction, action)["n"]
        ps["crossed"] = crossed = ps["crossed"][:]  # shared with the old sheet by a move's copy
        crossed[row] += n
        power = rules.action_power(ps, row, n)
        ps["step"] = "end" if ps["again"] else "additional"
        ps["main_area"] = None
        push(ps, area_action_tasks(state["areas"][row], power, row))

    def text(self, state: State, action: Action) -> str:
        n = cast(CrossAction, action)["n"]
        return ngettext("Cross off {n} circle", "Cross off {n} circles", n).format(n=n)

    def prompt(self, state: State, seat: int) -> str:
        ps = state["sheets"][seat]
        return _("How many circles to cross off in {area}").format(
            area=area_name(state["areas"][cast(int, ps["main_area"])]))

    def unknown(self, state: State, seat: int, action: Action) -> str:
        ps = state["sheets"][seat]
        row = cast(int, ps["main_area"])
        have = unused_circles(ps, row)
        most = rules.most_crossed(ps, row)
        return _("Cross off 1 to {most} circles: {area} has {have} unused.").format(
            most=most, area=area_name(state["areas"][row]), have=have)


def area_action_tasks(area_id: str, power: int, row: int) -> list[Task]:
    """The tasks of one area action: spending its power, then the technologies that follow it."""
    if rules.area_kind(area_id) == "chamber":
        return [{"t": "chamber", "power": power, "row": row}]
    return power_tasks(area_id, power)


def power_tasks(area_id: str, power: int) -> list[Task]:
    """Spending an area action's power, then what follows "after performing the area action"."""
    return [{"t": "power", "area": area_id, "left": power, "brick_used": False}, {"t": "after", "area": area_id}]


class Additional(RollWriteStep):
    """5) Additional action: "Each player chooses and performs 1 of the following" (A-E): those the seat
    can afford and place (E, doing nothing, always)."""

    name = "additional"
    kinds = ("extra", "phone")
    auto_single = True

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        ps = state["sheets"][seat]
        room = extra_room(ps)
        picks: list[Candidate] = []
        for pick in PICKS:
            cost = rules.extra_cost(ps, pick)
            why = None if room[pick] and can_pay(ps, cost) else extra_refusal(ps, pick)
            picks.append(({"do": "extra", "pick": pick, "cost": cost}, why))
        return [*picks, *self.telephone(state, seat)]

    def own_options(self, state: State, seat: int) -> list[Action]:
        """The allowed picks of `candidates` without wording the refused ones: settling asks this step
        for its options at every seat's every round, and the refusals' sentences were most of its cost
        (tests/engine/rollwrite/test_step_options.py holds it to `candidates`)."""
        ps = state["sheets"][seat]
        room = extra_room(ps)
        out: list[Action] = []
        for pick in PICKS:
            if room[pick]:
                cost = rules.extra_cost(ps, pick)
                if can_pay(ps, cost):
                    out.append({"do": "extra", "pick": pick, "cost": cost})
        if rules.phone_possible(state, ps):
            out.append(PHONE.copy())
        return out

    def take(self, state: State, seat: int, action: Action) -> None:
        ps = state["sheets"][seat]
        pick = cast(ExtraAction, action)["pick"]
        ps["extra"] = pick
        pay(ps, rules.extra_cost(ps, pick))
        ps["step"] = "end"
        if pick == "D":
            ps["again"] = True
            ps["step"] = "main"
        elif pick in EXTRA_BUILDS:
            push(ps, [{"t": EXTRA_BUILDS[pick], "src": f"Additional action {pick}"}])

    def text(self, state: State, action: Action) -> str:
        extra = cast(ExtraAction, action)
        cost = extra["cost"]
        return extra_name(extra["pick"]) + (f" ({amount_text(cost)})" if cost else "")

    def prompt(self, state: State, seat: int) -> str:
        return _("Choose an additional action (A-E)")

    def unknown(self, state: State, seat: int, action: Action) -> str:
        pick = action.get("pick")
        if pick not in EXTRA_NAMES:
            return _("The additional actions are A, B, C, D and E.")
        return extra_refusal(state["sheets"][seat], cast(Pick, pick))


PICKS: tuple[Pick, ...] = ("A", "B", "C", "D", "E")
#: Additional actions that build something, and the task that asks where.
EXTRA_BUILDS: dict[str, Building] = {"A": "elite", "B": "shop", "C": "trading"}


def extra_room(ps: Sheet) -> dict[Pick, bool]:
    """Whether each additional action has something left to place (E, doing nothing, always)."""
    return {
        "A": not all(ps["elites"]),
        "B": not all(ps["shops"]),
        "C": not all(ps["trading"]),
        "D": bool(rules.rows_with_unused(ps)),
        "E": True,
    }


def extra_refusal(ps: Sheet, pick: Pick) -> str:
    """Why an additional action is refused: what it costs beyond the seat's means, else no room."""
    doing = {"A": lambda: pgettext("you need … to", "hire an Elite"),
             "B": lambda: pgettext("you need … to", "build a shop"),
             "C": lambda: pgettext("you need … to", "build a trading house"),
             "D": lambda: pgettext("you need … to", "take the main action once more"),
             "E": lambda: pgettext("you need … to", "do nothing")}[pick]()
    return short_of(ps, rules.extra_cost(ps, pick), doing) or _(
        "You cannot {what} now: nothing left to place.").format(what=doing)


class EndRound(OpenStep):
    """The seat confirms its round: its last chance for the Telephone ("may be used in any
    phase", R11), and where its undo window closes (R24). Rounds 6 and 12 score here."""

    name = "end"
    kinds = ("end", "phone")

    def choices(self, state: State, seat: int) -> list[Action]:
        return [{"do": "end"}, *self.phone(state, seat)]

    def take(self, state: State, seat: int, action: Action) -> None:
        ps = state["sheets"][seat]
        score_end_of_round(state, ps, rules.side_data(state))
        ps["step"] = "done"

    def text(self, state: State, action: Action) -> str:
        return _("End round {round}").format(round=state["round"])

    def details(self, state: State, action: Action) -> str:
        if state["round"] in (6, 12):
            return _("Confirm your round and score the port district; it can no longer be undone")
        return _("Confirm your round; it can no longer be undone")

    def prompt(self, state: State, seat: int) -> str:
        return _("Confirm the end of round {round}").format(round=state["round"])

    def closes_undo(self, before: State, seat: int, action: Action, after: State) -> bool:
        return action.get("do") == "end"
