"""A seeded property test over the service boundary for each game.

Each example opens a fresh database, starts a two-player game and sends it a stream of requests, most of
them hostile: actions that look like legal ones (1.0 or True for 1, strings, extra keys, lists around
them, deep or huge values), wrong players, stale or absurd versions and option numbers, ids of every
type, resignations. Properties after every request:
- nothing but the service's own refusal (a ServiceError) ever comes out;
- the game stays playable: it loads, and every seat that owes a decision is offered at least one option;
and at the end the stored state equals the replay of the stored log (check-db).
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import ServiceError, TableService, check_game
from bot.storage import SQLiteStorage

ALICE, BOB, MALLORY = 101, 202, 666
EXAMPLES = 20
#: Requests sent in all examples of one game (reported at the end of the run).
SENT: dict[str, int] = {}
#: Per game: requests the service applied (the game's version moved) and requests it refused.
APPLIED: dict[str, int] = {}
REFUSED: dict[str, int] = {}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)
anything = json_values | st.sets(st.integers(), max_size=2) | st.binary(max_size=4) | st.just(object())


def _lookalike(draw: st.DrawFn, action: Any) -> Any:
    """A value close to a legal action: a number swapped for a float, bool or text; wrapped; extended."""
    how = draw(st.sampled_from(["swap", "wrap", "extend", "replace"]))
    if how == "wrap":
        return [action]
    if how == "extend" and isinstance(action, dict):
        return {**action, draw(st.text(min_size=1, max_size=5)): draw(json_values)}
    if how == "replace":
        return draw(json_values)
    return _swap_numbers(draw, action)


def _swap_numbers(draw: st.DrawFn, value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return draw(st.sampled_from([float(value), bool(value % 2), str(value), value + 10**12, -value - 1]))
    if isinstance(value, list):
        return [_swap_numbers(draw, v) for v in value]
    if isinstance(value, dict):
        return {k: _swap_numbers(draw, v) for k, v in value.items()}
    return value


async def _playable(service: TableService, game_id: int) -> None:
    game, engine, state = await service.load(game_id)
    if game.status != "active":
        return
    assert state is not None
    for seat in engine.to_act(state):
        user = game.user_of(seat)
        assert user is not None
        if seat in game.resigned_seats():
            continue
        decision = await service.play.decision(game_id, user)
        assert decision.options, f"seat {seat} owes a decision but has no option"


async def _request(service: TableService, draw: st.DrawFn, game_id: int) -> None:
    game, engine, state = await service.load(game_id)
    owing = [u for u in (game.user_of(s) for s in engine.to_act(state))] if state is not None else []
    user = draw(st.sampled_from([*owing, ALICE, BOB, MALLORY]) if owing else st.sampled_from([ALICE, BOB, MALLORY]))
    kind = draw(st.sampled_from(["move", "move", "lookalike", "lookalike", "index", "ids", "decision", "resign"]))
    if kind == "move" and owing:
        decision = await service.play.decision(game_id, owing[0])
        index = draw(st.integers(0, len(decision.options) - 1))
        await service.play.act_by_index(game_id, owing[0], decision.version, index)
    elif kind == "lookalike" and owing:
        decision = await service.play.decision(game_id, owing[0])
        action = draw(st.sampled_from([c.action for c in decision.options]))
        await service.play.act(game_id, owing[0], _lookalike(draw, action),
                          expected_version=draw(st.sampled_from([None, decision.version])))
    elif kind == "index":
        version = draw(st.one_of(st.just(game.version), st.integers(-5, 2**64), anything))
        index = draw(st.one_of(st.integers(-3, 40), st.integers(2**62, 2**66), anything))
        await service.play.act_by_index(game_id, user, version, index)
    elif kind == "ids":
        bad_id = draw(st.one_of(st.integers(-(2**65), 2**65), anything))
        method = draw(st.sampled_from(["status", "decision", "act", "join", "resign", "act_by_index"]))
        if method == "status":
            await service.status(bad_id)
        elif method == "decision":
            await service.play.decision(bad_id, draw(st.one_of(st.just(user), anything)))
        elif method == "act":
            await service.play.act(bad_id, user, draw(json_values))
        elif method == "join":
            await service.lobby.join(game_id, bad_id)
        elif method == "resign":
            await service.play.resign(bad_id, user)
        else:
            await service.play.act_by_index(game_id, bad_id, game.version, 0)
    elif kind == "decision":
        await service.play.decision(game_id, user)
    elif kind == "resign" and draw(st.integers(0, 9)) == 0:  # rarely: it may end the game
        await service.play.resign(game_id, user)


async def _scenario(kind: str, draw: st.DrawFn) -> int:
    with tempfile.TemporaryDirectory() as folder:
        storage = SQLiteStorage(Path(folder) / "fuzz.sqlite3")
        await storage.open()
        try:
            service = TableService(storage, new_seed=lambda: draw(st.integers(0, 2**40)))
            game = await service.lobby.create(kind, creator_id=ALICE, guild_id=1, channel_id=2)
            await service.lobby.join(game.id, BOB)
            await service.lobby.start(game.id, ALICE)
            requests = draw(st.integers(15, 40))
            for _ in range(requests):
                before = (await service.game(game.id)).version
                try:
                    await _request(service, draw, game.id)
                except ServiceError:  # the service's own refusal: the one failure allowed
                    REFUSED[kind] = REFUSED.get(kind, 0) + 1
                else:
                    if (await service.game(game.id)).version != before:
                        APPLIED[kind] = APPLIED.get(kind, 0) + 1
                await _playable(service, game.id)
            result = await check_game(storage, game.id)
            assert result.ok, result.detail
            return requests
        finally:
            await storage.close()


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["yokohama", "duel", "rollwrite"])
def test_fuzzed_requests_never_crash_the_service_or_break_a_game(kind: str) -> None:
    @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def run(data: st.DataObject) -> None:
        SENT[kind] = SENT.get(kind, 0) + asyncio.run(_scenario(kind, data.draw))

    run()
    # The stream really exercised both sides of the boundary: honest moves were played (a service that
    # refused everything would pass every property above) and hostile requests were refused (one that
    # accepted everything would have to break a property to fail). `SENT >= EXAMPLES * 15` could not fail.
    assert APPLIED.get(kind, 0) >= EXAMPLES, (kind, APPLIED, REFUSED)
    assert REFUSED.get(kind, 0) >= EXAMPLES, (kind, APPLIED, REFUSED)
