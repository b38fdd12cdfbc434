"""Carrying a game stored under schema 3 onto schema 4's components (issue 20, ruling R7).

Schema 4 gave each Port Order Form Board five spaces instead of six and the Church board seven
spaces (Faith 5–11) instead of eight (Faith 4–11). A stored game must go on at the same moment
("a rule fix never strands a stored game", DESIGN.md), so its boards are refitted:

- a Port row keeps its cards in order, slid left as the rulebook's "Replenishing Cards" does, and a
  card beyond the fifth space goes back to the bottom of the Order deck;
- a Church pawn stays on the space of the same Faith (old space i is new space i - 1); a pawn on the
  old Faith-4 space, or one whose space is now the neutral pawn's, takes the lowest free space (its
  reward was paid when it was placed and is kept), so every majority count stays as it was;
- a Church payment under way is chosen again on today's board with its items given back.

Schema 5 (the seventeenth calibration pass) gave the Customs board a third 1-good space instead of a
second 4-good one; its eight spaces stay where they are, so every pawn and majority stands
(`from_schema_4`), and only a Customs payment under way is chosen again.
"""

from __future__ import annotations

from typing import cast

from engine.core import State
from engine.yokohama.church import reopen_church_choice
from engine.yokohama.components import parts
from engine.yokohama.types import YokohamaState

#: Schema 3 had eight Church spaces (Faith 4–11); schema 4's first space is Faith 5.
OLD_CHURCH_FIRST_FAITH = 4

#: The Imported Goods each Customs space asked until schema 4 (schema 5's board: 1, 1, 1, 2, 2, 3, 3, 4).
OLD_CUSTOMS_NEEDS = (1, 1, 2, 2, 3, 3, 4, 4)


def refit_ports(state: State) -> None:
    spaces = len(parts().boards["port_levels"])
    for area, row in state["ports"].items():
        cards = [c for c in row if c is not None]
        for extra in reversed(cards[spaces:]):
            state["order_deck"].insert(0, extra)
        kept = cards[:spaces]
        state["ports"][area] = kept + [None] * (spaces - len(kept))


def refit_church(state: State) -> None:
    board = parts().boards["church"]
    if len(state["church"]) == len(board):
        return  # already today's board
    shift = board[0]["need"] - OLD_CHURCH_FIRST_FAITH
    new: list[int | None] = [None] * len(board)
    if state["players"] == 2:
        new[parts().boards["church_neutral"]] = -1
    pawns = [(i - shift, owner) for i, owner in enumerate(state["church"]) if owner is not None and owner >= 0]
    homeless = []
    for space, owner in pawns:
        if 0 <= space < len(new) and new[space] is None:
            new[space] = owner
        else:
            homeless.append(owner)
    for owner in homeless:
        free = [i for i, s in enumerate(new) if s is None]
        if free:
            new[free[0]] = owner
    state["church"] = new


def from_schema_3(state: State) -> None:
    """Idempotent: a schema-1 game is refitted before its own upgrade settles it on today's boards."""
    refit_ports(state)
    refit_church(state)
    ctx = state.get("ctx") or {}
    if state["stage"] == "act_pawn" and ctx.get("board") == "church":
        state["stage"] = "act_church_pay"  # the space was chosen on the old board: choose again
    reopen_church_choice(cast(YokohamaState, state))


def from_schema_4(state: State) -> None:
    """A game stored after paying at Customs and before choosing which assistant goes onto the board
    paid the old board's price for a space whose reward is now another's: the Imported Goods go back
    and the space is chosen again on today's board (as a schema-2 Church payment is), so the player
    neither loses what was paid nor is left without an answer."""
    ctx = state.get("ctx") or {}
    if state["stage"] != "act_pawn" or ctx.get("board") != "customs":
        return
    state["p"][state["seat"]]["imported"] += OLD_CUSTOMS_NEEDS[ctx["space"]]
    ctx.pop("space", None)
    ctx.pop("board", None)
    state["stage"] = "act_customs"
