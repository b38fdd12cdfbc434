"""Rebuilding a game from its seed and action log, undo entries included.

The log is append-only: taking decisions back does not delete them, it appends an entry with
origin "undo" whose action names the sequence numbers it takes back (`{"undo": [seq, ...]}`).
The game's state is the replay of the log without the entries taken back. `check-db`, the
undo itself and anything else that replays a game go through here, so they agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from engine.core import Game, State

UNDO = "undo"


class LogEntry(Protocol):
    seq: int
    seat: int
    origin: str
    action: Any


def undone_by(entry: LogEntry) -> list[int]:
    """The sequence numbers an undo entry takes back ([] for any other entry)."""
    if entry.origin != UNDO or not isinstance(entry.action, dict):
        return []
    seqs = entry.action.get(UNDO)
    return [int(s) for s in seqs] if isinstance(seqs, list) else []


def effective(log: Iterable[LogEntry]) -> list[LogEntry]:
    """The entries that make the game now: every engine action not taken back, in log order."""
    kept: list[LogEntry] = []
    for entry in log:
        if entry.origin == UNDO:
            gone = set(undone_by(entry))
            kept = [e for e in kept if e.seq not in gone]
        else:
            kept.append(entry)
    return kept


def replay(engine: Game, players: int, seed: int, options: dict[str, Any], entries: Iterable[LogEntry]) -> State:
    """The state after applying `entries` (already effective) to a fresh game; IllegalAction if one is refused."""
    state = engine.new(players, seed, options)
    for entry in entries:
        state = engine.apply(state, entry.seat, entry.action)
    return state
