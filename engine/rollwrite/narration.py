"""One decision as a clause of the public story: what the seat did, and what it gained and paid.

Roll & Write hides nothing (every sheet lies open), so the clause may say everything; it is
worked out by comparing the seat's sheet before and after the decision (including all that
settled by itself after it), so it can never disagree with the sheet.
"""

from __future__ import annotations

from engine.core.wording import told_by
from engine.rollwrite.components import area_name, tech_name
from engine.rollwrite.state_types import Sheet, State

#: How the story tells a decision whose label names a thing rather than opening with a verb.
_TOLD = {"set": "Take the {label}", "record": "Write employees: {label}", "area": "Take the {label}",
         "circle": "Write {label}"}


def narrate(label: str, before: State, seat: int, after: State, *, kind: str = "") -> str:
    """'{seat:0} takes the main action in Bank — +4 money, order 7 fulfilled.'"""
    if kind in _TOLD:
        lowered = label[0].lower() + label[1:] if kind == "area" else label
        label = _TOLD[kind].format(label=lowered)
    old, new = before["sheets"][seat], after["sheets"][seat]
    changes = sheet_changes(before, old, new)
    if after["round"] != before["round"]:
        # the decision ended the round for everyone: the next round's bonus is not its doing
        changes = [c for c in changes if " box: " in c]
    if not changes and label.startswith("End round"):
        return ""  # a formality: the round ends for this seat, nothing to tell
    return told_by(seat, label) + (f" — {', '.join(changes)}" if changes else "")


def sheet_changes(state: State, old: Sheet, new: Sheet) -> list[str]:
    """The marks one decision left on a sheet, in words."""
    out: list[str] = []
    circles = sum(new["written"]) - sum(old["written"])
    if circles:
        out.append(f"+{circles} employee{'s' if circles > 1 else ''}")
    for res in ("money", "faith"):
        got = new[res]["got"] - old[res]["got"]
        used = new[res]["used"] - old[res]["used"]
        if got:
            out.append(f"+{got} {res}")
        if used:
            out.append(f"paid {used} {res}")
    if new["cargo"] > old["cargo"]:
        out.append(f"+{new['cargo'] - old['cargo']} cargo")
    goods = sum(map(sum, new["goods"])) - sum(map(sum, old["goods"]))
    if goods:
        out.append(f"{goods} trade good{'s' if goods > 1 else ''} crossed")
    out += [f"order {f + 1} fulfilled" for f, done in enumerate(new["fulfilled"]) if done and not old["fulfilled"][f]]
    hired = [r for r, e in enumerate(new["elites"]) if e and not old["elites"][r]]
    out += [f"Elite in {area_name(state['areas'][r])}" for r in hired]
    out += [f"shop on order {f + 1}" for f, s in enumerate(new["shops"]) if s and not old["shops"][f]]
    out += [f"trading house {h + 1}" for h, t in enumerate(new["trading"]) if t and not old["trading"][h]]
    out += [tech_name(t) for t in new["techs"] if t not in old["techs"]]
    for box in ("6R", "12R", "total"):
        if new["boxes"][box] is not None and old["boxes"][box] is None:
            out.append(f"{box} box: {new['boxes'][box]} VP")
    return out
