"""One seat's round as a chain of small decisions: what may be chosen now, and doing it.

A seat's position in the round is its `step` (choose a set, record, main action, count,
additional action, end, done). Anything that interrupts a step — a bonus that needs a
choice, the action power still to spend, a technology's follow-up — is a *task* on the
seat's `queue`, handled first, front to back. Tasks with nothing to decide (gain 2 money)
or a single possible outcome are carried out at once by `settle`, so the player is only
asked real questions.

Actions are small dicts; `options(state, seat)` lists them and `perform` carries one out.
"""

from __future__ import annotations

from typing import Any

from engine.rollwrite import rules
from engine.rollwrite.components import LEVEL_COST, RESOURCE_CAP, areas, employment_cards
from engine.rollwrite.labels import describe
from engine.rollwrite.recording import die_rows, placements
from engine.rollwrite.scoring import score_end_of_round
from engine.rollwrite.sheet import (
    Sheet,
    Task,
    available,
    bonus_tasks,
    can_pay,
    cross_good,
    free_spaces,
    gain,
    open_forms,
    open_kinds,
    pay,
    unused_circles,
    write_circle,
)

State = dict[str, Any]
Action = dict[str, Any]
MENU_LIMIT = 25
#: Steps taken without asking when they offer a single option (choosing a set never is).
ONLY_CHOICE_STEPS = ("record", "main", "count", "additional")
STOP: Action = {"do": "stop"}


# ----- what the seat is asked -------------------------------------------------------------
def waiting_for_start_player(state: State, seat: int) -> bool:
    ps = state["sheets"][seat]
    return (
        ps["step"] == "set"
        and not ps["queue"]
        and state["start_player"] is not None
        and seat != state["start_player"]
        and state["priority_set"] is None
    )


def owes_decision(state: State, seat: int) -> bool:
    ps = state["sheets"][seat]
    if ps["queue"]:
        return True
    return ps["step"] != "done" and not waiting_for_start_player(state, seat)


def options(state: State, seat: int) -> list[Action]:
    """Every legal action for this seat now ([] if it owes nothing)."""
    ps = state["sheets"][seat]
    if ps["queue"]:
        return task_options(state, ps, ps["queue"][0])
    step = ps["step"]
    out: list[Action] = []
    if step == "set":
        if waiting_for_start_player(state, seat):
            return []
        out = [{"do": "set", "set": i} for i in range(3) if i != blocked_set(state, seat)]
    elif step == "record":
        out = record_options(state, ps)
    elif step == "main":
        out = [{"do": "area", "row": r} for r in rules.rows_with_unused(ps)]
    elif step == "count":
        most = min(5, unused_circles(ps, ps["main_area"]))
        return [{"do": "cross", "n": n} for n in range(1, most + 1)]
    elif step == "additional":
        out = [{"do": "extra", "pick": p, "cost": rules.extra_cost(ps, p)} for p in extra_picks(state, ps)]
    else:
        return []
    if step in ("set", "main", "additional") and rules.phone_possible(state, ps):
        out.append({"do": "phone"})
    return out


def blocked_set(state: State, seat: int) -> int | None:
    """With start player priority, the others may not take the start player's set."""
    if state["start_player"] is None or seat == state["start_player"]:
        return None
    return state["priority_set"]


def extra_picks(state: State, ps: Sheet) -> list[str]:
    """Additional actions A-E the seat can afford and place (E, doing nothing, always)."""
    picks = []
    if not all(ps["elites"]) and can_pay(ps, rules.extra_cost(ps, "A")):
        picks.append("A")
    if not all(ps["shops"]) and can_pay(ps, rules.extra_cost(ps, "B")):
        picks.append("B")
    if not all(ps["trading"]) and can_pay(ps, rules.extra_cost(ps, "C")):
        picks.append("C")
    if rules.rows_with_unused(ps) and can_pay(ps, rules.extra_cost(ps, "D")):
        picks.append("D")
    picks.append("E")
    return picks


def record_choices(state: State, ps: Sheet) -> tuple[tuple[int, ...], ...]:
    """Complete placements still open given the circles already placed in this recording."""
    rec = ps["record"]
    every = placements(
        tuple(rec["free"]),
        tuple(rec["die_rows"]),
        rec["number"],
        rules.has(ps, "carriage"),
        rules.has(ps, "tram"),
        rules.has(ps, "postal"),
    )
    placed = rec["placed"]
    return tuple(p for p in every if all(p[r] >= placed[r] for r in range(len(p))))


def record_options(state: State, ps: Sheet) -> list[Action]:
    """Whole placements when they fit one menu; otherwise one circle at a time until they do."""
    choices = record_choices(state, ps)
    if len(choices) <= MENU_LIMIT:
        return [{"do": "record", "circles": list(p)} for p in choices]
    placed = ps["record"]["placed"]
    rows = sorted({r for p in choices for r in range(len(p)) if p[r] > placed[r]})
    return [{"do": "circle", "row": r} for r in rows]


def task_options(state: State, ps: Sheet, task: Task) -> list[Action]:
    data = rules.side_data(state)
    kind = task["t"]
    if kind == "good":
        if task["kind"] is None:
            return [{"do": "kind", "kind": g} for g in open_kinds(ps, data)]
        return [{"do": "form", "form": f, "good": task["kind"]} for f in open_forms(ps, task["kind"], data)]
    if kind == "employees":
        return [{"do": "employ", "row": r} for r, free in enumerate(free_spaces(ps, data)) if free > 0]
    if kind == "elite":
        return [{"do": "elite", "row": r} for r, has in enumerate(ps["elites"]) if not has]
    if kind == "shop":
        return [{"do": "shop", "form": f} for f, has in enumerate(ps["shops"]) if not has]
    if kind == "trading":
        return [{"do": "trading", "house": h} for h, has in enumerate(ps["trading"]) if not has]
    if kind == "choice":
        return [{"do": "choose", "option": i, "gain": alt} for i, alt in enumerate(task["options"])]
    if kind == "exchange":
        if not can_pay(ps, task["pay"]):
            return []
        return [
            {"do": "exchange", "accept": True, "pay": task["pay"], "get": task["get"]},
            {"do": "exchange", "accept": False, "pay": task["pay"], "get": task["get"]},
        ]
    if kind == "mining":
        out = []
        if not all(ps["shops"]):
            out.append({"do": "choose", "option": 0, "gain": {"shop": 1}})
        if not all(ps["elites"]):
            out.append({"do": "choose", "option": 1, "gain": {"elite": 1}})
        return out
    if kind == "chamber":
        return [{"do": "via", "area": a} for a in rules.chamber_targets(state, task["row"])]
    if kind == "power":
        return power_options(state, ps, task)
    return []


def power_options(state: State, ps: Sheet, task: Task) -> list[Action]:
    """How the next point(s) of action power may be spent in this area (plus stopping)."""
    data = rules.side_data(state)
    left = task["left"]
    area = areas()[task["area"]]
    out: list[Action] = []
    if left <= 0:
        return []
    if area["kind"] == "goods":
        out = [{"do": "form", "form": f, "good": area["good"]} for f in open_forms(ps, area["good"], data)]
    elif area["kind"] == "lab":
        out = [{"do": "tech", "tech": t} for t in rules.takeable_techs(state, ps, task["area"], left)]
        for what, full in (("elite", ps["elites"]), ("shop", ps["shops"]), ("trading", ps["trading"])):
            if not all(full) and left >= rules.LAB_POWER[what] and can_pay(ps, rules.lab_cost(ps, what)):
                out.append(
                    {
                        "do": "buy",
                        "what": what,
                        "power": rules.LAB_POWER[what],
                        "cost": rules.lab_cost(ps, what),
                    }
                )
    elif area["kind"] == "chinatown":
        if available(ps, "money") >= 1 and open_kinds(ps, data):
            out.append({"do": "buy", "what": "good", "power": 1, "cost": {"money": 1}})
        if left >= 2 and available(ps, "money") >= 4 and ps["cargo"] < RESOURCE_CAP["cargo"]:
            out.append({"do": "buy", "what": "cargo", "power": 2, "cost": {"money": 4}})
    if out:
        out.append(dict(STOP))
    return out


# ----- doing it ---------------------------------------------------------------------------------
def perform(state: State, seat: int, action: Action) -> None:
    """Carry out a legal action for this seat, then settle everything that needs no decision."""
    ps = state["sheets"][seat]
    note(state, ps, action)
    if action.get("do") == "phone":
        pay(ps, {"money": 1})
        ps["phone_round"] = state["round"]
        push(ps, [{"t": "employees", "n": 1, "src": "Telephone"}])
    elif ps["queue"]:
        task = ps["queue"].pop(0)
        resolve_task(state, ps, task, action)
    else:
        perform_step(state, seat, ps, action)
    settle(state, seat)


def note(state: State, ps: Sheet, action: Action) -> None:
    """Keep the round's decisions in words, for the bot's text summary of the turn."""
    ps.setdefault("events", []).append(describe(state, action))


def push(ps: Sheet, tasks: list[Task]) -> None:
    """Queue tasks to be handled before anything already queued ("immediately")."""
    ps["queue"][0:0] = tasks


def perform_step(state: State, seat: int, ps: Sheet, action: Action) -> None:
    do = action["do"]
    if do == "set":
        choose_set(state, seat, ps, action["set"])
    elif do == "circle":
        ps["record"]["placed"][action["row"]] += 1
        choices = record_choices(state, ps)
        if len(choices) == 1 and list(choices[0]) == ps["record"]["placed"]:
            finish_record(state, ps, choices[0])
    elif do == "record":
        finish_record(state, ps, tuple(action["circles"]))
    elif do == "area":
        ps["main_area"] = action["row"]
        ps["step"] = "count"
    elif do == "cross":
        row = ps["main_area"]
        ps["crossed"][row] += action["n"]
        power = rules.action_power(ps, row, action["n"])
        area_id = state["areas"][row]
        ps["step"] = "end" if ps["again"] else "additional"
        ps["main_area"] = None
        push(ps, area_action_tasks(area_id, power, row))
    elif do == "extra":
        pick = action["pick"]
        ps["extra"] = pick
        pay(ps, rules.extra_cost(ps, pick))
        ps["step"] = "end"
        if pick == "A":
            push(ps, [{"t": "elite", "src": "Additional action A"}])
        elif pick == "B":
            push(ps, [{"t": "shop", "src": "Additional action B"}])
        elif pick == "C":
            push(ps, [{"t": "trading", "src": "Additional action C"}])
        elif pick == "D":
            ps["again"] = True
            ps["step"] = "main"


def area_action_tasks(area_id: str, power: int, row: int) -> list[Task]:
    """The tasks of one area action: spending its power, then the technologies that follow it."""
    if rules.area_kind(area_id) == "chamber":
        return [{"t": "chamber", "power": power, "row": row}]
    return [{"t": "power", "area": area_id, "left": power}, {"t": "after", "area": area_id}]


def choose_set(state: State, seat: int, ps: Sheet, index: int) -> None:
    data = rules.side_data(state)
    round_no = state["round"]
    if state["start_player"] == seat:
        state["priority_set"] = index
    ps["set"] = index
    die = state["dice"][round_no - 1][index]
    card = state["cards"][round_no - 1][index]
    free = free_spaces(ps, data)
    ps["record"] = {
        "die": die,
        "card": card,
        "number": rules.employment_number(state, ps, card),
        "free": list(free),
        "die_rows": list(die_rows(free, die)),
        "placed": [0] * len(free),
    }
    ps["step"] = "record"
    if not record_choices(state, ps):
        finish_record(state, ps, None)


def finish_record(state: State, ps: Sheet, placement: tuple[int, ...] | None) -> None:
    """Write the placement's circles top to bottom, then queue their bonuses and the card action."""
    data = rules.side_data(state)
    tasks: list[Task] = []
    if placement is not None:
        for row, count in enumerate(placement):
            for _ in range(count):
                tasks += write_circle(ps, row, data)
        ps["record"]["placed"] = list(placement)
    card = employment_cards()[ps["record"]["card"]]
    tasks += bonus_tasks(card["action"], f"employment card {card['id']}")
    ps["record"]["done"] = True
    ps["step"] = "main"
    push(ps, tasks)


def resolve_task(state: State, ps: Sheet, task: Task, action: Action) -> None:
    """Apply a decision on the task at the front of the queue (already popped)."""
    data = rules.side_data(state)
    kind = task["t"]
    do = action["do"]
    if kind == "good":
        if do == "kind":
            push(ps, [{**task, "kind": action["kind"]}])
        else:
            push(ps, cross_good(ps, action["form"], task["kind"], data, state["round"]))
    elif kind == "employees":
        rest = [{**task, "n": task["n"] - 1}] if task["n"] > 1 else []
        push(ps, write_circle(ps, action["row"], data) + rest)
    elif kind == "elite":
        ps["elites"][action["row"]] = True
    elif kind == "shop":
        ps["shops"][action["form"]] = True
    elif kind == "trading":
        ps["trading"][action["house"]] = True
    elif kind == "choice":
        push(ps, bonus_tasks(task["options"][action["option"]], task["src"]))
    elif kind == "exchange":
        if action["accept"]:
            pay(ps, task["pay"])
            push(ps, bonus_tasks(task["get"], task["src"]))
    elif kind == "mining":
        push(ps, [{"t": "shop" if action["option"] == 0 else "elite", "src": "Mining technology"}])
    elif kind == "chamber":
        push(
            ps,
            [
                {"t": "power", "area": action["area"], "left": task["power"] - 1},
                {"t": "after", "area": action["area"]},
            ],
        )
    elif kind == "power":
        spend_power(state, ps, task, action)


def spend_power(state: State, ps: Sheet, task: Task, action: Action) -> None:
    data = rules.side_data(state)
    do = action["do"]
    if do == "stop":
        return
    area = areas()[task["area"]]
    left = task["left"]
    follow: list[Task] = []
    if do == "form":
        left -= 1
        follow = cross_good(ps, action["form"], area["good"], data, state["round"])
    elif do == "tech":
        _, level = rules.tech_slot(state, action["tech"])
        left -= LEVEL_COST[level]
        follow = acquire_tech(ps, action["tech"])
    elif do == "buy" and area["kind"] == "lab":
        what = action["what"]
        left -= rules.LAB_POWER[what]
        pay(ps, rules.lab_cost(ps, what))
        follow = [{"t": what, "src": area["name"]}]
    elif do == "buy" and action["what"] == "good":
        left -= 1
        pay(ps, {"money": 1})
        follow = [{"t": "good", "kind": None, "src": "Chinatown"}]
    elif do == "buy":
        left -= 2
        pay(ps, {"money": 4})
        follow = [{"t": "gain", "res": "cargo", "n": 1, "src": "Chinatown"}]
    rest = [{**task, "left": left}] if left > 0 else []
    push(ps, follow + rest)


def acquire_tech(ps: Sheet, tech: str) -> list[Task]:
    """Write the technology down and take its immediate effects."""
    ps["techs"].append(tech)
    tasks: list[Task] = []
    if rules.has(ps, "letterpress"):
        tasks.append({"t": "gain", "res": "money", "n": 1, "src": "Letterpress printing"})
    if tech == "university":
        tasks.append({"t": "employees", "n": 3, "src": "University"})
    elif tech == "winery":
        tasks.append({"t": "gain", "res": "faith", "n": 4, "src": "Winery"})
    elif tech == "stock_system":
        tasks.append({"t": "gain", "res": "money", "n": 4, "src": "Stock system"})
    elif tech == "station":
        tasks += [{"t": "trading", "src": "Station"}, {"t": "shop", "src": "Station"}]
    return tasks


def after_area(ps: Sheet, area_id: str) -> list[Task]:
    """Technologies that act "after performing the area action" of a goods area."""
    if area_id == "fishing" and rules.has(ps, "canned_food"):
        return [{"t": "gain", "res": "money", "n": 2, "src": "Canned food"}]
    if area_id == "silk" and rules.has(ps, "spinning_mill"):
        return [{"t": "gain", "res": "faith", "n": 2, "src": "Spinning mill"}]
    if area_id == "tea" and rules.has(ps, "tea_machinery"):
        return [{"t": "employees", "n": 2, "src": "Tea machinery"}]
    if area_id == "copper" and rules.has(ps, "mining"):
        return [{"t": "mining", "src": "Mining technology"}]
    return []


# ----- settling: everything that needs no decision -------------------------------------------
def settle(state: State, seat: int) -> None:
    """Carry out automatic tasks and steps until the seat faces a real choice or is done."""
    ps = state["sheets"][seat]
    data = rules.side_data(state)
    while True:
        if ps["queue"]:
            task = ps["queue"][0]
            if auto_task(state, ps, task):
                continue
            choices = task_options(state, ps, task)
            if not choices:
                ps["queue"].pop(0)
                continue
            if len(choices) == 1 and task["t"] not in ("exchange", "power"):
                ps["queue"].pop(0)
                note(state, ps, choices[0])
                resolve_task(state, ps, task, choices[0])
                continue
            return
        step = ps["step"]
        if step == "main" and not rules.rows_with_unused(ps):
            ps["step"] = "end" if ps["again"] else "additional"
            continue
        if step in ONLY_CHOICE_STEPS:
            choices = options(state, seat)
            if len(choices) == 1:  # e.g. "E: do nothing" when nothing else is affordable
                note(state, ps, choices[0])
                perform_step(state, seat, ps, choices[0])
                continue
        if step == "end":
            score_end_of_round(state, ps, data)
            ps["step"] = "done"
            continue
        return


def auto_task(state: State, ps: Sheet, task: Task) -> bool:
    """Handle a task with nothing to decide; False if it needs the player."""
    data = rules.side_data(state)
    kind = task["t"]
    if kind == "gain":
        ps["queue"].pop(0)
        push(ps, gain(ps, task["res"], task["n"], data))
        return True
    if kind == "after":
        ps["queue"].pop(0)
        push(ps, after_area(ps, task["area"]))
        return True
    if kind == "power" and rules.area_kind(task["area"]) in ("bank", "church"):
        ps["queue"].pop(0)
        res = "money" if rules.area_kind(task["area"]) == "bank" else "faith"
        if task["left"] > 0:
            push(ps, gain(ps, res, task["left"], data))
        return True
    if kind == "chamber" and task["power"] <= 1:
        ps["queue"].pop(0)  # the borrowed action would have no power at all
        return True
    return False
