"""A game's turn journal: the story clauses since the last turn post, and the undo window they leave open.

The journal lives in storage (a meta row beside the game, never in a process's memory), so the story of a
turn whose decisions went through several processes is still whole; it is written in the move's own
transaction (`Moves.write`). These functions only read and reshape it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence

from bot.service.outcomes import FORMALITY, REPLAYED_BY_BOT, Applied, Clause
from bot.service.replay import UNDO


def key(game_id: int) -> str:
    """Storage meta key of a game's turn journal: the story clauses since the last turn post."""
    return f"journal:{game_id}"


#: Journals this process read or wrote, by their stored text (at most `KNOWN_JOURNALS`, the oldest forgotten
#: first): a click reads back the journal its game's last move wrote, and the panel shown before it read the
#: same text. Clauses are frozen, so one parse is shared by every reader of that text.
_known: dict[str, tuple[Clause, ...]] = {}
KNOWN_JOURNALS = 512


def _remember(raw: str, journal: Sequence[Clause]) -> None:
    if len(_known) >= KNOWN_JOURNALS:
        _known.pop(next(iter(_known)))
    _known[raw] = tuple(journal)


def parse(raw: str | None) -> list[Clause]:
    if not raw:
        return []
    known = _known.get(raw)
    if known is not None:
        return list(known)
    try:
        journal = [Clause.from_json(item) for item in json.loads(raw)]
    except (ValueError, KeyError, TypeError):
        return []  # a damaged journal only costs the story and the undo of this turn
    _remember(raw, journal)
    return journal


def dumps(journal: list[Clause]) -> str:
    """`json.dumps([c.as_json() for c in journal])`, from each clause's own text (written once per clause)."""
    raw = "[" + ", ".join(c.json_text for c in journal) + "]"
    _remember(raw, journal)
    return raw


def after_change(journal: list[Clause], applied: list[Applied], seqs: list[int | None], undo: list[int] | None,
                 *, turn_over: bool) -> tuple[list[Clause], list[Clause]]:
    """The turn journal after this change, and the story to tell now: the whole turn's when the turn
    is over (and the journal starts afresh), else this change's own clauses."""
    if undo is not None:
        # What stays of a turn taken back is told again, whole, when the turn is over once more.
        journal = [dataclasses.replace(c, told=False) for c in journal if c.seq not in set(undo)]
    clauses = [Clause(seq or 0, a.seat, a.user_id, a.origin, a.story, a.closes, texts=a.stories)
               for seq, a in zip(seqs, applied, strict=True) if a.origin != UNDO]
    if clauses:
        journal = [c for c in journal if not c.told]  # someone acted on the turn handed on: no undo of it
    journal = journal + clauses
    if not turn_over:
        return journal, clauses
    # A turn handed on by a formality that revealed nothing stays undoable by its mover until another
    # seat acts: its clauses are kept, marked as told.
    last = clauses[-1] if clauses else None
    keep = last is not None and last.origin == FORMALITY and not last.closes
    story = [c for c in journal if not c.told]
    return ([dataclasses.replace(c, told=True) for c in journal] if keep else []), story


def undoable(journal: list[Clause], seat: int, user_id: int) -> list[int]:
    """The log entries an undo by this seat would take back now ([] : none).

    Its last own decision in the turn journal, plus the formalities and bot moves after it; none
    of them may have closed the undo window. Other seats' own decisions stay (simultaneous phases).
    """
    mine = [i for i, c in enumerate(journal) if c.seat == seat and c.origin == "player" and c.user_id == user_id]
    if not mine:
        return []
    start = mine[-1]
    taken = [journal[start]]
    others_moved = False  # after another seat's own decision, its bot-played steps are its own business
    for clause in journal[start + 1:]:
        if clause.origin not in REPLAYED_BY_BOT:
            others_moved = True
        elif clause.seat == seat or not others_moved:
            taken.append(clause)
    if any(c.closes for c in taken):
        return []
    return [c.seq for c in taken]
