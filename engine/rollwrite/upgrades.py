"""Stored states of older schema versions, brought up to today's (`Game.load` calls `upgrade`).

A game stored before a rule fix must load and continue. Each step turns a state of version
N into one of N + 1 and says what changed; tests/engine/rollwrite/test_upgrades.py loads
states stored by the code of each older version (tests/fixtures/rollwrite/stored/).
"""

from __future__ import annotations

import re
from typing import Any

from engine.rollwrite.components import employment_cards

State = dict[str, Any]
_LINK = re.compile(r"^link (\d+)-(\d+)$")
_CARD = re.compile(r"^employment card (\d+)$")


def upgrade(state: State, from_version: int) -> State:
    if from_version == 1:
        return _from_1(state)
    raise ValueError(f"No upgrade from Roll & Write state schema {from_version}.")


def _from_1(state: State) -> State:
    """Schema 1 -> 2.

    - Mining technology's "a free shop or a free Elite" was its own task kind; it is now an
      "A / B" bonus (choice) declared in technologies.toml.
    - A laboratory action's power task remembers whether Brick factory's 1 money was used
      (once per action, ruling R10); an action under way has not used it.
    - Bonus sources name order forms and employment cards as the sheet shows them
      ("link 7-8", "employment card 3"), no longer by internal index.
    Seats' steps need nothing: a seat that was "done" stays done; a seat still playing its
    round will meet the new confirmation step at its end.
    """
    for ps in state["sheets"]:
        ps["queue"] = [_task_1(task) for task in ps["queue"]]
    return state


def _task_1(task: dict[str, Any]) -> dict[str, Any]:
    task = dict(task)
    if task["t"] == "mining":
        return {"t": "choice", "options": [{"shop": 1}, {"elite": 1}], "src": task.get("src", "Mining technology")}
    if task["t"] == "power":
        task.setdefault("brick_used", False)
    src = task.get("src")
    if isinstance(src, str):
        link = _LINK.match(src)
        card = _CARD.match(src)
        if link:
            task["src"] = f"link {int(link.group(1)) + 1}-{int(link.group(2)) + 1}"
        elif card and int(card.group(1)) in employment_cards():
            task["src"] = f"employment card {employment_cards()[int(card.group(1))]['number']}"
    return task
