"""Carrying a game stored under schema 3 onto schema 4's components (ruling R7).

Schema 4 gave each Port Order Form Board five spaces instead of six and the Church board seven
spaces (Faith 5–11) instead of eight (Faith 4–11). A stored game must go on at the same moment
("a rule fix never strands a stored game", DESIGN.md), so its boards are refitted:

- a Port row keeps its cards in order, slid left as the rulebook's "Replenishing Cards" does, and a
  card beyond the fifth space goes back to the bottom of the Order deck;
- a Church pawn stays on the space of the same Faith (old space i is new space i - 1); a pawn on the
  old Faith-4 space, or one whose space is now the neutral pawn's, takes the lowest free space (its
  reward was paid when it was placed and is kept), so every majority count stays as it was;
- a Church payment under way is chosen again on today's board with its items given back.

Schema 5 (ruling R7) gave the Customs board a third 1-good space instead of a
second 4-good one; its eight spaces stay where they are, so every pawn and majority stands
(`from_schema_4`), and only a Customs payment under way is chosen again.

Schema 6 (ruling R7) gave Port B three spaces (Low, Mid, High; Port A keeps five) and
the Church board an eighth space, a second Faith 9 (`from_schema_5`): Port B's row slides left as above,
every Church pawn stays on a space of its Faith (the pawns on Faith 10 and 11 move one space right),
and a Church payment under way goes on on the space of its Faith. Its Customs board has a third 2-good
space instead of a second 3-good one (`from_schema_5_customs`): every pawn stays on a space asking what
its own asked, and a Customs payment under way is chosen again. The Order cards' points (schema 6 pays
nine tenths of schema 5's) are read by id as they are used, so a stored game scores today's cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from engine.core import State
from engine.yokohama.church import reopen_church_choice
from engine.yokohama.components import parts, port_row_levels
from engine.yokohama.types import YokohamaState

#: The Faith each Church space asked under schema 3 (Faith 4–11) and under schemas 4 and 5 (Faith 5–11).
SCHEMA_3_CHURCH = (4, 5, 6, 7, 8, 9, 10, 11)
SCHEMA_4_CHURCH = (5, 6, 7, 8, 9, 10, 11)
#: The Faith of the space the 2-player neutral pawn blocks, on every board so far (Faith 7).
NEUTRAL_FAITH: int = parts().boards["church"][parts().boards["church_neutral"]]["need"]
#: Spaces a Port board had under schemas 4 and 5.
SCHEMA_4_PORT_SPACES = 5

#: The Imported Goods each Customs space asked until schema 4, and under schema 5.
OLD_CUSTOMS_NEEDS = (1, 1, 2, 2, 3, 3, 4, 4)
SCHEMA_5_CUSTOMS = (1, 1, 1, 2, 2, 3, 3, 4)


def refit_ports(state: State, spaces_of: Callable[[str], int]) -> None:
    """Each Port row to `spaces_of(area)` spaces: cards slid left, a card with no space left goes to the
    bottom of the Order deck (a row already that long is left as it is)."""
    for area, row in state["ports"].items():
        spaces = spaces_of(area)
        cards = [c for c in row if c is not None]
        for extra in reversed(cards[spaces:]):
            state["order_deck"].insert(0, extra)
        kept = cards[:spaces]
        state["ports"][area] = kept + [None] * (spaces - len(kept))


def refit_church(state: State, old: tuple[int, ...], new: tuple[int, ...]) -> None:
    """The Church board from spaces asking Faith `old` to spaces asking Faith `new`, if it is still the
    old board (so a schema-1 game refitted early is not refitted twice). Every pawn, the 2-player
    neutral one too, goes to the leftmost free space of the same Faith; one whose Faith has no free space
    left takes the lowest free space (its reward was paid when it was placed and is kept), so every
    majority count stays as it was."""
    if len(state["church"]) != len(old):
        return
    # 2 players: the neutral pawn blocks the space of the same Faith as today
    state["church"] = refit_spaces(state["church"], old, new, new.index(NEUTRAL_FAITH))


def refit_spaces(spaces: list[int | None], old: tuple[int, ...], new: tuple[int, ...],
                 neutral: int) -> list[int | None]:
    """A Church or Customs board's pawns (`spaces`, asking `old`) on a board asking `new`: the 2-player
    neutral pawn (-1) on space `neutral`, every other pawn on the leftmost free space asking what its
    own asked, or the lowest free space if none is left (its reward was paid when it was placed)."""
    board: list[int | None] = [None] * len(new)
    if -1 in spaces:
        board[neutral] = -1
    homeless = []
    for need_then, owner in zip(old, spaces, strict=True):
        if owner is None or owner < 0:
            continue
        same = [i for i, need in enumerate(new) if need == need_then and board[i] is None]
        if same:
            board[same[0]] = owner
        else:
            homeless.append(owner)
    for owner in homeless:
        free = [i for i, space in enumerate(board) if space is None]
        if free:
            board[free[0]] = owner
    return board


def from_schema_3(state: State) -> None:
    """Idempotent: a schema-1 game is refitted before its own upgrade settles it on schema 4's boards."""
    refit_ports(state, lambda area: SCHEMA_4_PORT_SPACES)
    refit_church(state, SCHEMA_3_CHURCH, SCHEMA_4_CHURCH)
    reopen_church_payment(state)


def reopen_church_payment(state: State) -> None:
    """A Church space chosen on an older board is chosen again on today's, with the items given back."""
    ctx = state.get("ctx") or {}
    if state["stage"] == "act_pawn" and ctx.get("board") == "church":
        state["stage"] = "act_church_pay"  # the space was chosen on the old board: choose again
    reopen_church_choice(cast(YokohamaState, state))


def from_schema_4(state: State) -> None:
    """A game stored after paying at Customs and before choosing which assistant goes onto the board
    paid the old board's price for a space whose reward is now another's: the Imported Goods go back
    and the space is chosen again on today's board (as a schema-2 Church payment is), so the player
    neither loses what was paid nor is left without an answer."""
    reopen_customs_payment(state, OLD_CUSTOMS_NEEDS)


def reopen_customs_payment(state: State, needs: tuple[int, ...]) -> None:
    """A Customs space chosen on a board asking `needs` is chosen again on today's, its goods given back."""
    ctx = state.get("ctx") or {}
    if state["stage"] != "act_pawn" or ctx.get("board") != "customs":
        return
    state["p"][state["seat"]]["imported"] += needs[ctx["space"]]
    ctx.pop("space", None)
    ctx.pop("board", None)
    state["stage"] = "act_customs"


def from_schema_5(state: State) -> None:
    """Port B of three spaces and the eight-space Church board (ruling R7); idempotent,
    as `from_schema_3` is (a schema-1 game is refitted before its own upgrade). Every
    schema-5 Church space has a space of the same Faith and reward on today's board, so a Church
    payment under way goes on on that space, with nothing given back or chosen again."""
    today = tuple(space["need"] for space in parts().boards["church"])
    ctx = state.get("ctx") or {}
    chosen = "space" in ctx and len(state["church"]) == len(SCHEMA_4_CHURCH) and (
        state["stage"] == "act_church_pay" or state["stage"] == "act_pawn" and ctx.get("board") == "church")
    refit_ports(state, lambda area: len(port_row_levels(area)))
    refit_church(state, SCHEMA_4_CHURCH, today)
    if chosen:
        faith = SCHEMA_4_CHURCH[ctx["space"]]
        ctx["space"] = next(i for i, need in enumerate(today) if need == faith and state["church"][i] is None)


def from_schema_5_customs(state: State) -> None:
    """The Customs board of three 2-good spaces (ruling R7), once, in the 5 → 6 step
    (its eight spaces are as many as schema 5's, so a second refit could not be told from the first): a
    payment under way is chosen again with its goods given back (as `from_schema_4`), then every pawn
    goes to a space asking what its own asked (the second 3-good space's to the lowest free one), and
    the 2-player neutral pawn to today's neutral space, so every majority count stays as it was."""
    reopen_customs_payment(state, SCHEMA_5_CUSTOMS)
    today = tuple(space["need"] for space in parts().boards["customs"])
    state["customs"] = refit_spaces(state["customs"], SCHEMA_5_CUSTOMS, today, parts().boards["customs_neutral"])
