"""The states of a finished game worth a frame each: after every turn (or round), rebuilt from the log.

A game is its action log: replaying it from the seed gives every position the players saw. A frame
is taken whenever the engine's turn marker changes (a new round in Roll & Write) or, for a game
without one, whenever the turn passes to other seats; plus the first and the final position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.service.errors import ServiceError
from bot.storage import GameRow, Storage
from engine.core import Game, State, get_game


@dataclass
class Frame:
    number: int  # 0 = the start
    state: State


async def replay_frames(storage: Storage, game: GameRow) -> tuple[Game, list[Frame]]:
    """The frames of `game`; only finished games can be replayed (a running one would show hidden moves)."""
    if game.status != "finished" or game.state is None:
        raise ServiceError(f"Game #{game.id} is not finished yet; a replay is made once a game has ended.")
    engine = get_game(game.kind)
    players = sum(1 for s in game.seats if s.seat is not None)
    state = engine.new(players, game.seed, game.options)
    frames = [Frame(0, state)]
    marker, seats = _mark(engine, state)
    for entry in await storage.actions(game.id):
        state = engine.apply(state, entry.seat, entry.action)
        now = _mark(engine, state)
        if now != (marker, seats):
            marker, seats = now
            frames.append(Frame(len(frames), state))
    if frames[-1].state is not state:
        frames.append(Frame(len(frames), state))
    return engine, frames


def _mark(engine: Game, state: State) -> tuple[Any, tuple[int, ...]]:
    marker = engine.turn_marker(state)
    if marker is not None:
        return marker, ()
    return None, tuple(engine.to_act(state))
