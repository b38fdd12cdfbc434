"""Rebuilding a game from its seed and action log, undo entries included.

The log is append-only: taking decisions back does not delete them, it appends an entry with
origin "undo" whose action names the sequence numbers it takes back (`{"undo": [seq, ...]}`).
The game's state is the replay of the log without the entries taken back. `check-db`, the
undo itself and anything else that replays a game go through here, so they agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.service.errors import ServiceError
from bot.storage import GameRow, Storage
from engine.core import Game, State, get_game
from i18n import _

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


# ----- frames of a finished game (/table replay) ------------------------------------------------------
@dataclass
class Frame:
    number: int  # 0 = the start
    state: State


async def replay_frames(storage: Storage, game: GameRow) -> tuple[Game, list[Frame]]:
    """The positions of a finished game worth a frame each: the start, after every turn (or round), the end.

    A frame is taken whenever the engine's turn marker changes (a new round in Roll & Write) or, for a
    game without one, whenever the turn passes to other seats. Only finished games can be replayed:
    a running one would show moves whose hidden parts still matter.
    """
    if game.status != "finished" or game.state is None:
        raise ServiceError(_("Game #{game} is not finished yet; a replay is made once a game has ended.")
                           .format(game=game.id))
    engine = get_game(game.kind)
    players = sum(1 for s in game.seats if s.seat is not None)
    state = engine.new(players, game.seed, game.options)
    frames = [Frame(0, state)]
    mark = _mark(engine, state)
    for entry in effective(await storage.actions(game.id)):
        state = engine.apply(state, entry.seat, entry.action)
        now = _mark(engine, state)
        if now != mark:
            mark = now
            frames.append(Frame(len(frames), state))
    if frames[-1].state is not state:
        frames.append(Frame(len(frames), state))
    return engine, frames


def _mark(engine: Game, state: State) -> tuple[Any, tuple[int, ...]]:
    marker = engine.turn_marker(state)
    if marker is not None:
        return marker, ()
    return None, tuple(engine.to_act(state))
