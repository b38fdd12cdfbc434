"""One decision as a clause of the public story: what the seat did, and what it gained and paid.

Roll & Write hides nothing (every sheet lies open), so the clause may say everything; it is
worked out by comparing the seat's sheet before and after the decision (including all that
settled by itself after it), so it can never disagree with the sheet.
"""

from __future__ import annotations

from engine.core.translate import N_, _, language, ngettext
from engine.core.wording import told_by
from engine.rollwrite.components import area_name, tech_name
from engine.rollwrite.state_types import Sheet, State

#: How the story tells a decision whose label names a thing rather than opening with a verb (English only:
#: another language tells the label as it is, after the seat's name).
_TOLD = {"set": "Take the {label}", "record": "Write employees: {label}", "area": "Take the {label}",
         "circle": "Write {label}"}
#: The score boxes, by key.
_BOXES = {"6R": N_("6R box: {points} VP"), "12R": N_("12R box: {points} VP"), "total": N_("total box: {points} VP")}


def narrate(label: str, before: State, seat: int, after: State, *, kind: str = "") -> str:
    """'{seat:0} takes the main action in Bank — +4 money, order 7 fulfilled.'"""
    if kind in _TOLD and language() == "en":
        lowered = label[0].lower() + label[1:] if kind == "area" else label
        label = _TOLD[kind].format(label=lowered)
    old, new = before["sheets"][seat], after["sheets"][seat]
    changes = sheet_changes(before, old, new)
    if after["round"] != before["round"]:
        # the decision ended the round for everyone: the next round's bonus is not its doing
        changes = box_changes(old, new)
    # a change the label already says ("Elite in Church — Elite in Church") is not said twice
    changes = [c for c in changes if c.lower() not in label.lower()]
    if not changes and kind == "end":
        return ""  # a formality: the round ends for this seat, nothing to tell
    return told_by(seat, label) + (f" — {_(', ').join(changes)}" if changes else "")


def sheet_changes(state: State, old: Sheet, new: Sheet) -> list[str]:
    """The marks one decision left on a sheet, in words."""
    out: list[str] = []
    circles = sum(new["written"]) - sum(old["written"])
    if circles:
        out.append(ngettext("+{n} employee", "+{n} employees", circles).format(n=circles))
    for res in ("money", "faith"):
        got = new[res]["got"] - old[res]["got"]
        used = new[res]["used"] - old[res]["used"]
        if got:
            out.append((_("+{n} money") if res == "money" else _("+{n} faith")).format(n=got))
        if used:
            out.append((_("paid {n} money") if res == "money" else _("paid {n} faith")).format(n=used))
    if new["cargo"] > old["cargo"]:
        out.append(_("+{n} cargo").format(n=new["cargo"] - old["cargo"]))
    goods = sum(map(sum, new["goods"])) - sum(map(sum, old["goods"]))
    if goods:
        out.append(ngettext("{n} trade good crossed", "{n} trade goods crossed", goods).format(n=goods))
    out += [_("order {number} fulfilled").format(number=f + 1)
            for f, done in enumerate(new["fulfilled"]) if done and not old["fulfilled"][f]]
    hired = [r for r, e in enumerate(new["elites"]) if e and not old["elites"][r]]
    out += [_("Elite in {area}").format(area=area_name(state["areas"][r])) for r in hired]
    out += [_("shop on order {number}").format(number=f + 1)
            for f, s in enumerate(new["shops"]) if s and not old["shops"][f]]
    out += [_("trading house {number}").format(number=h + 1)
            for h, t in enumerate(new["trading"]) if t and not old["trading"][h]]
    out += [tech_name(t) for t in new["techs"] if t not in old["techs"]]
    return out + box_changes(old, new)


def box_changes(old: Sheet, new: Sheet) -> list[str]:
    """The score boxes a decision filled, in words ("6R box: 12 VP")."""
    return [_(_BOXES[box]).format(points=new["boxes"][box]) for box in ("6R", "12R", "total")
            if new["boxes"][box] is not None and old["boxes"][box] is None]
