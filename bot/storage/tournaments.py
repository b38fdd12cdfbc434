"""Tournaments: the tournament, its players and its pairings. Written once for every backend (see
`sql.Dialect`).

What must happen once across processes is a compare-and-set whose row count says who won:
- every writer of a tournament (sign-up, leaving, the start, each round's close, a cancel) is one
  compare-and-set on its `version`, and each bumps it: the start and each round's close write the next
  round's pairings in that transaction, before any table exists, computed from the row read at that version;
- a pairing's table is created in the transaction that sets the pairing's `game_id`, only while it is
  NULL (`create_pairing_game`): a second process, or a restart, finds it set and creates nothing;
- the posts these changes owe (a table's start, a round's pairings, the final podium) are outbox items
  written in the same transactions (`bot.storage.outbox`). The `announced` column of a pairing is from
  before the outbox (migration 7 turned the unposted ones into items).
Standings are derived from the pairings and their games' results (`pairing_results`), never stored.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.storage.base import AlreadyExists, StaleVersion, TableFull
from bot.storage.outbox import enqueue
from bot.storage.sql import Dialect, Row

_TOURNAMENT = ("id, guild_id, channel_id, organiser_id, kind, format, name, rounds, max_players, rules, seed, "
               "status, round, version, signup_until, created_at")
_PAIRING = "tournament_id, round, board, players, bye, seed, game_id, announced"
_P_PAIRING = ", ".join("p." + c for c in _PAIRING.split(", "))


@dataclass
class TournamentPlayer:
    user_id: int
    joined_at: float
    left_round: int | None = None  # the round from which a player who left forfeits (None: still playing)


@dataclass
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    kind: str
    format: str
    name: str
    rounds: int
    max_players: int
    rules: dict[str, Any]
    seed: int
    status: str  # signup | running | finished | cancelled
    round: int  # 0 during sign-up; the round being played
    version: int
    signup_until: float | None
    created_at: float
    players: list[TournamentPlayer] = field(default_factory=list)

    def player(self, user_id: int) -> TournamentPlayer | None:
        return next((p for p in self.players if p.user_id == user_id), None)

    def active(self) -> list[int]:
        """Players still in (never left), in the order they joined."""
        return [p.user_id for p in self.players if p.left_round is None]


@dataclass
class Pairing:
    """One table of a round (players in seat order), or a bye (one player, no table)."""

    tournament_id: int
    round: int
    board: int
    players: list[int]
    bye: bool
    seed: int
    game_id: int | None = None
    announced: bool = False


@dataclass
class PairingResult:
    """A pairing with its game's status and result (None while it runs, or for a bye)."""

    pairing: Pairing
    status: str | None
    result: dict[str, Any] | None


class _Lost(Exception):
    """Rolls a transaction back: another process (or an earlier run) did it first."""


class TournamentStore(Dialect):
    async def create_tournament(self, *, guild_id: int, channel_id: int, organiser_id: int, kind: str, format: str,
                                name: str, rounds: int, max_players: int, rules: dict[str, Any], seed: int,
                                signup_until: float | None) -> int:
        async with self._transaction() as conn:
            return await conn.insert(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, kind, format, name, rounds, max_players, "
                "rules, seed, status, signup_until, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?, ?)",
                (guild_id, channel_id, organiser_id, kind, format, name, rounds, max_players, json.dumps(rules), seed,
                 signup_until, time.time()))

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        found = await self._tournaments(f"SELECT {_TOURNAMENT} FROM tournaments WHERE id = ?", [tournament_id])
        return found[0] if found else None

    async def list_tournaments(self, *, guild_id: int | None = None, statuses: Sequence[str] = ("signup", "running"),
                               limit: int = 100) -> list[TournamentRow]:
        condition, params = self.in_list("status", list(statuses))
        sql = f"SELECT {_TOURNAMENT} FROM tournaments WHERE {condition}"
        if guild_id is not None:
            sql += " AND guild_id = ?"
            params.append(guild_id)
        return await self._tournaments(sql + " ORDER BY id LIMIT ?", [*params, limit])

    async def _tournaments(self, sql: str, params: list[Any]) -> list[TournamentRow]:
        async with self._read(snapshot=True) as conn:
            rows = [_tournament(r) for r in await conn.fetch(sql, params)]
            if rows:
                condition, ids = self.in_list("tournament_id", [t.id for t in rows])
                by_id = {t.id: t for t in rows}
                for r in await conn.fetch(
                        "SELECT tournament_id, user_id, joined_at, left_round FROM tournament_players "
                        f"WHERE {condition} ORDER BY tournament_id, joined_at, user_id", ids):
                    by_id[r[0]].players.append(TournamentPlayer(r[1], r[2], r[3]))
        return rows

    # ----- sign-up and leaving: compare-and-set on the tournament's version ------------------------------
    async def tournament_join(self, tournament_id: int, user_id: int, *, expected_version: int) -> None:
        """Sign `user_id` up (TableFull at the limit, AlreadyExists if signed up), or StaleVersion if the
        tournament changed (another sign-up, the start) since it was read."""
        try:
            async with self._transaction() as conn:
                if await conn.execute("UPDATE tournaments SET version = version + 1 WHERE id = ? AND version = ? "
                                      "AND status = 'signup'", (tournament_id, expected_version)) != 1:
                    raise StaleVersion("The tournament changed since it was read.")
                limit = await conn.fetchval("SELECT max_players FROM tournaments WHERE id = ?", (tournament_id,))
                count = await conn.fetchval("SELECT count(*) FROM tournament_players WHERE tournament_id = ?",
                                            (tournament_id,))
                if count >= limit:
                    raise TableFull(f"tournament {tournament_id} is full")
                await conn.execute(
                    "INSERT INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?, ?, ?)",
                    (tournament_id, user_id, time.time()))
        except self.unique_violation as exc:
            raise AlreadyExists(str(exc)) from exc

    async def tournament_leave(self, tournament_id: int, user_id: int, *, expected_version: int) -> None:
        """During sign-up the player is taken off the list; once running they stay in the standings and
        forfeit from the current round on (`left_round`). StaleVersion as `tournament_join`."""
        async with self._transaction() as conn:
            if await conn.execute("UPDATE tournaments SET version = version + 1 WHERE id = ? AND version = ? "
                                  "AND status IN ('signup', 'running')", (tournament_id, expected_version)) != 1:
                raise StaleVersion("The tournament changed since it was read.")
            status = await conn.fetchval("SELECT status FROM tournaments WHERE id = ?", (tournament_id,))
            if status == "signup":
                await conn.execute("DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
                                   (tournament_id, user_id))
            else:
                await conn.execute("UPDATE tournament_players SET left_round = (SELECT round FROM tournaments "
                                   "WHERE id = ?) WHERE tournament_id = ? AND user_id = ? AND left_round IS NULL",
                                   (tournament_id, tournament_id, user_id))

    # ----- rounds -------------------------------------------------------------------------------------
    async def advance_round(self, tournament_id: int, *, expected_version: int, to_round: int, status: str,
                            pairings: Sequence[Pairing] = (), rounds: int | None = None,
                            now: float | None = None) -> bool:
        """Move the tournament to `to_round` with `status` (running, finished, cancelled), writing the new
        round's pairings and the posts it owes (the round's pairings, the final podium, a cancellation) in the
        same transaction: one compare-and-set on the version every writer bumps (sign-up, leaving, the
        rounds), so the pairings were computed from the very row this write replaces. False (nothing
        written) if anything changed the tournament since it was read at `expected_version`. `rounds` fixes
        the number of rounds (at the start)."""
        now = time.time() if now is None else now
        try:
            async with self._transaction() as conn:
                changed = await conn.execute(
                    "UPDATE tournaments SET round = ?, status = ?, rounds = coalesce(?, rounds), version = version + 1 "
                    "WHERE id = ? AND version = ? AND status IN ('signup', 'running')",
                    (to_round, status, rounds, tournament_id, expected_version))
                if changed != 1:
                    raise _Lost
                if pairings:
                    await conn.executemany(
                        "INSERT INTO tournament_pairings (tournament_id, round, board, players, bye, seed) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        [(tournament_id, p.round, p.board, json.dumps(p.players), p.bye, p.seed) for p in pairings])
                guild_id = await conn.fetchval("SELECT guild_id FROM tournaments WHERE id = ?", (tournament_id,))
                about = {"tournament": tournament_id, "round": to_round}
                if pairings:
                    await enqueue(conn, f"round:{tournament_id}:{to_round}", "round", guild_id, about, now)
                if status == "finished":
                    await enqueue(conn, f"final:{tournament_id}", "final", guild_id, about, now)
                if status == "cancelled" and to_round == 0:
                    await enqueue(conn, f"unstarted:{tournament_id}", "unstarted", guild_id, about, now)
        except _Lost:
            return False
        return True

    async def pairings(self, tournament_id: int, round: int | None = None) -> list[Pairing]:
        sql = f"SELECT {_PAIRING} FROM tournament_pairings WHERE tournament_id = ?"
        params: list[Any] = [tournament_id]
        if round is not None:
            sql += " AND round = ?"
            params.append(round)
        return [_pairing(r) for r in await self._fetch(sql + " ORDER BY round, board", params)]

    async def pairing_results(self, tournament_id: int) -> list[PairingResult]:
        """Every pairing of a tournament with its game's status and result, in one read."""
        rows = await self._fetch(
            f"SELECT {_P_PAIRING}, g.status, g.result FROM tournament_pairings p "
            "LEFT JOIN games g ON g.id = p.game_id WHERE p.tournament_id = ? ORDER BY p.round, p.board",
            (tournament_id,))
        return [PairingResult(_pairing(r), r[8], json.loads(r[9]) if r[9] else None) for r in rows]

    async def create_pairing_game(self, pairing: Pairing, *, kind: str, guild_id: int, channel_id: int,
                                  creator_id: int, options: dict[str, Any], table_rules: dict[str, Any],
                                  state: str, now: float | None = None) -> int | None:
        """Create the pairing's table, started with its players in seat order, and link it to the pairing,
        in one transaction; None (nothing created) if the pairing has its table already, or the tournament no
        longer runs (cancelled)."""
        now = time.time()
        try:
            async with self._transaction() as conn:
                game_id = await conn.insert(
                    "INSERT INTO games (kind, mode, guild_id, channel_id, creator_id, seed, options, table_rules, "
                    "status, state, version, created_at, updated_at, waiting_since) "
                    "VALUES (?, 'table', ?, ?, ?, ?, ?, ?, 'active', ?, 0, ?, ?, ?)",
                    (kind, guild_id, channel_id, creator_id, pairing.seed, json.dumps(options),
                     json.dumps(table_rules), state, now, now, now))
                await conn.executemany("INSERT INTO seats (game_id, user_id, seat, joined_at) VALUES (?, ?, ?, ?)",
                                       [(game_id, user, seat, now) for seat, user in enumerate(pairing.players)])
                # Only while the tournament runs: a cancel that landed first leaves the pairing without a table.
                linked = await conn.execute(
                    "UPDATE tournament_pairings SET game_id = ? WHERE tournament_id = ? AND round = ? "
                    "AND board = ? AND game_id IS NULL AND EXISTS (SELECT 1 FROM tournaments "
                    "WHERE id = ? AND status = 'running')",
                    (game_id, pairing.tournament_id, pairing.round, pairing.board, pairing.tournament_id))
                if linked != 1:
                    raise _Lost
                await enqueue(conn, f"table:{game_id}", "table", guild_id,
                              {"tournament": pairing.tournament_id, "round": pairing.round, "board": pairing.board,
                               "game": game_id}, now)
        except _Lost:
            return None
        pairing.game_id = game_id
        return game_id

    async def tournament_of_game(self, game_id: int) -> int | None:
        value = await self._fetchval("SELECT tournament_id FROM tournament_pairings WHERE game_id = ?", (game_id,))
        return None if value is None else int(value)

    async def tournament_rows(self, tournament_id: int) -> dict[str, int]:
        """How many rows a tournament keeps per table (its games and their seats and logs included)."""
        counts: dict[str, int] = {}
        async with self._read(snapshot=True) as conn:
            games = "SELECT game_id FROM tournament_pairings WHERE tournament_id = ? AND game_id IS NOT NULL"
            for table, sql in (
                    ("tournaments", "SELECT count(*) FROM tournaments WHERE id = ?"),
                    ("tournament_players", "SELECT count(*) FROM tournament_players WHERE tournament_id = ?"),
                    ("tournament_pairings", "SELECT count(*) FROM tournament_pairings WHERE tournament_id = ?"),
                    ("games", f"SELECT count(*) FROM games WHERE id IN ({games})"),
                    ("seats", f"SELECT count(*) FROM seats WHERE game_id IN ({games})"),
                    ("actions", f"SELECT count(*) FROM actions WHERE game_id IN ({games})"),
                    ("finished_seats", f"SELECT count(*) FROM finished_seats WHERE game_id IN ({games})")):
                counts[table] = int(await conn.fetchval(sql, (tournament_id,)))
        return counts


def _tournament(r: Row) -> TournamentRow:
    return TournamentRow(id=r[0], guild_id=r[1], channel_id=r[2], organiser_id=r[3], kind=r[4], format=r[5],
                         name=r[6], rounds=r[7], max_players=r[8], rules=json.loads(r[9]), seed=r[10], status=r[11],
                         round=r[12], version=r[13], signup_until=r[14], created_at=r[15])


def _pairing(r: Row) -> Pairing:
    return Pairing(tournament_id=r[0], round=r[1], board=r[2], players=[int(u) for u in json.loads(r[3])],
                   bye=bool(r[4]), seed=int(r[5]), game_id=r[6], announced=bool(r[7]))
