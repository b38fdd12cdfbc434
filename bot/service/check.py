"""`check-db`: replay every stored game from its seed and action log and compare.

A stored state that differs from its replay means either a lost write or an engine that
stopped being deterministic; both must be found before players notice. One case is neither:
a game played (partly) before a rule fix replays differently under today's rules. Each engine's
state carries a schema version, raised with every such fix, and each game remembers the version
it started under (its table rules' `engine_schema`; games from before that have none: version 1).
A mismatch in a game started under an older version is reported as "replays differently under
today's rules", apart from corruption. Such a game still loads (upgraded) and plays on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.service.replay import UNDO, replay, undone_by
from bot.storage import GameRow, Storage
from engine.core import Game, IllegalAction, canonical, get_game


@dataclass
class CheckResult:
    game_id: int
    kind: str
    ok: bool
    detail: str
    #: Not corruption: the game was played (partly) under an earlier engine schema and replays differently now.
    rules_changed: bool = False


def _older_rules(engine: Game, game: GameRow) -> int | None:
    """The engine schema a game started under (or was last stored under), if older than today's."""
    started = game.table_rules.get("engine_schema", 1)
    stored = json.loads(game.state or "{}").get("schema_version", 1)
    versions = [v for v in (started, stored) if isinstance(v, int) and not isinstance(v, bool)]
    oldest = min(versions, default=1)
    return oldest if oldest < engine.schema_version else None


async def check_game(storage: Storage, game_id: int) -> CheckResult:
    """Replay one game; anything that cannot be read is reported for that game, never raised."""
    kind = "?"
    try:
        game = await storage.get_game(game_id)
        if game is None:
            return CheckResult(game_id, kind, False, "missing")
        kind = game.kind
        return await _check(storage, game)
    except Exception as exc:  # noqa: BLE001 - a damaged row is a finding about that game, not a crash
        return CheckResult(game_id, kind, False, f"cannot be read: {type(exc).__name__}: {exc}")


async def _check(storage: Storage, game: GameRow) -> CheckResult:
    game_id = game.id
    if game.state is None:
        return CheckResult(game_id, game.kind, True, f"{game.status}, not started")
    try:
        engine = get_game(game.kind)
    except (KeyError, ModuleNotFoundError) as exc:
        return CheckResult(game_id, game.kind, False, f"unknown game kind: {exc}")
    players = sum(1 for s in game.seats if s.seat is not None)
    log = await storage.actions(game_id)
    if [a.seq for a in log] != list(range(1, len(log) + 1)):
        return CheckResult(game_id, game.kind, False, "the action log has gaps")
    if len(log) > game.version:
        # Every write bumps the version (one per log entry, one for a write without any), so the version
        # is at least the length of the log.
        return CheckResult(game_id, game.kind, False, f"version {game.version} but {len(log)} logged actions")
    state = engine.new(players, game.seed, game.options)
    try:
        kept: list = []
        for entry in log:  # undo entries take earlier ones back; the state is the replay of the rest
            if entry.origin == UNDO:
                gone = set(undone_by(entry))
                if not gone or not gone <= {e.seq for e in kept}:
                    return CheckResult(game_id, game.kind, False, f"undo entry {entry.seq} names no kept action")
                kept = [e for e in kept if e.seq not in gone]
                state = replay(engine, players, game.seed, game.options, kept)
            else:
                state = engine.apply(state, entry.seat, entry.action)
                kept.append(entry)
    except IllegalAction as exc:
        return _mismatch(engine, game, f"replay refused action {entry.seq}: {exc}")
    stored = engine.load(game.state)
    if canonical(stored) != canonical(state):
        return _mismatch(engine, game, "stored state differs from the replay")
    if game.status == "finished" and not engine.is_over(state) and (game.result or {}).get("reason") == "completed":
        return CheckResult(game_id, game.kind, False, "marked completed but the engine says it is not over")
    if game.fault:
        return CheckResult(game_id, game.kind, False, f"marked unplayable: {game.fault}")
    return CheckResult(game_id, game.kind, True, f"{game.status}, {len(log)} actions replayed")


def _mismatch(engine: Game, game: GameRow, detail: str) -> CheckResult:
    older = _older_rules(engine, game)
    if older is None:
        return CheckResult(game.id, game.kind, False, detail)
    return CheckResult(game.id, game.kind, False,
                       f"replays differently under today's rules (played under {engine.title} engine schema "
                       f"{older}, now {engine.schema_version}; not corruption): {detail}", rules_changed=True)


async def check_all(storage: Storage) -> list[CheckResult]:
    return [await check_game(storage, gid) for gid in await storage.all_game_ids()]
