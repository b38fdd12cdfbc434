"""Tournaments, without Discord: sign-up, pairing, each round's tables, standings, the scheduler.

Formats:
- `swiss` (Yokohama Duel): players meet others on the same score, never the same opponent twice where
  that is possible; an odd player out gets a bye (the lowest-ranked player who has not had one), worth a win.
- `roundrobin` (Duel): everyone meets everyone (the circle method); with an odd number, one bye a round.
- `groups` (Yokohama): tables of 3-4 each round, players seated by standing (the leaders together).
- `samedice` (Roll & Write): every player plays the round's one seed on a sheet of their own, ranked by score.

The scheduler (`tick`) may run in several processes at once, and a process may die at any moment:
- sign-up, leaving, the start, each round's advance and a cancel are one compare-and-set on the
  tournament's version (each bumps it); a round's pairings are computed from the row read at that version
  and written with the advance, before any table exists (`advance_round`), so a join or a leave landing
  meanwhile makes the pairing read again;
- each pairing's table is then created in the transaction that links it to the pairing, only while the
  pairing has none (`create_pairing_game`), so a restart or a second process creates every missing table
  and never a second one;
- a round closes when each of its tables has ended; its close and the next round's pairings are again one
  compare-and-set on the version;
- the posts all this owes (a table's start, a round's pairings, the final podium) are outbox items written in
  the same transactions, sent one at a time by the front end (`bot.service.outbox`).
Standings are derived from the pairings and their games' results, so they can always be recomputed.
Tournament games are ordinary tables of the server: rated, reminded, and held to their deadline.
"""

from __future__ import annotations

import contextlib
import logging
import math
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from bot.service import arguments as check
from bot.service.errors import GameClosed, GameMovedOn, GameNotFound, NotSeated, ServiceError
from bot.service.outcomes import Outcome, users_of
from bot.service.scope import _Anywhere, request_caller
from bot.service.table_rules import MAX_WAIT_HOURS, MIN_WAIT_HOURS
from bot.service.tables import TableService
from bot.service.words import plural
from bot.storage import AlreadyExists, StaleVersion, TableFull
from bot.storage.tournaments import Pairing, PairingResult, TournamentRow, TournamentStore
from engine.core import Rng, get_game, mix_seed

log = logging.getLogger(__name__)

#: Which formats each game may use.
FORMATS: dict[str, tuple[str, ...]] = {"duel": ("swiss", "roundrobin"), "yokohama": ("groups",),
                                       "rollwrite": ("samedice",)}
FORMAT_TITLES = {"swiss": "Swiss", "roundrobin": "round robin", "groups": "Swiss groups",
                 "samedice": "same-dice rounds"}
TIMEOUT_RULES = ("bot", "forfeit")
MAX_ROUNDS = 20
MAX_PLAYERS = 128
MAX_SIGNUP_HOURS = 14 * 24.0
#: Search effort of the Swiss pairing before it accepts a rematch (far above what real fields need).
_PAIRING_STEPS = 200_000
_TRIES = 8


def _seed(*parts: int | str) -> int:
    return mix_seed(*parts) >> 2  # within the database's signed 64-bit integers


# ----- standings (pure) ------------------------------------------------------------------------------------
@dataclass
class Line:
    """One player's line of the standings."""

    user_id: int
    points: float = 0.0  # match points: a win 1 (a bye too); groups: by place; same dice: the scores
    buchholz: float = 0.0  # the sum of the opponents' points
    game_points: int = 0  # the games' own points (their final scores), summed
    wins: int = 0
    losses: int = 0
    played: int = 0
    byes: int = 0
    best: int = 0  # same dice: the best round
    opponents: list[int] = field(default_factory=list)
    first_seats: int = 0
    left: bool = False
    rank: int = 0


def _outcomes(format: str, pr: PairingResult) -> dict[int, tuple[float, int, bool]] | None:
    """Per player of a pairing: (points, the game's own points, won), or None while its game runs."""
    p = pr.pairing
    if p.bye:
        return {p.players[0]: (1.0, 0, True)}
    if pr.status not in ("finished", "abandoned"):
        return None
    result = pr.result or {}
    if pr.status == "abandoned" or not result.get("ranking"):
        return {u: (0.0, 0, False) for u in p.players}  # nobody played on: nobody scores
    ranking: list[int] = list(result["ranking"])
    scores = result.get("scores") or []
    forfeited = set(result.get("forfeited") or [])
    size = len(p.players)
    out: dict[int, tuple[float, int, bool]] = {}
    for place, seat in enumerate(ranking):
        if seat >= size:
            continue
        total = int((scores[seat] if seat < len(scores) else {}).get("total", 0))
        won = place == 0 and seat not in forfeited
        if format == "samedice":
            points = 0.0 if seat in forfeited else float(total)
        elif size <= 2:
            points = 1.0 if won else 0.0
        else:
            points = 0.0 if seat in forfeited else round((size - 1 - place) / (size - 1), 3)
        out[p.players[seat]] = (points, total, won)
    return out


def standings(t: TournamentRow, results: Sequence[PairingResult]) -> list[Line]:
    """The standings from every settled pairing, best first: points, then (Swiss, round robin, groups)
    Buchholz, then the games' own points; same dice: total score, then the best round."""
    lines = {p.user_id: Line(p.user_id, left=p.left_round is not None) for p in t.players}
    for pr in results:
        out = _outcomes(t.format, pr)
        if out is None:
            continue
        players = pr.pairing.players
        for user, (points, total, won) in out.items():
            line = lines.setdefault(user, Line(user))
            line.points += points
            line.game_points += total
            line.best = max(line.best, total)
            if pr.pairing.bye:
                line.byes += 1
                line.wins += 1
                continue
            line.played += 1
            line.wins += won
            line.losses += (not won) and len(players) == 2
            line.opponents += [u for u in players if u != user]
        if not pr.pairing.bye and players:
            lines.setdefault(players[0], Line(players[0])).first_seats += 1
    for line in lines.values():
        line.buchholz = sum(lines[o].points for o in line.opponents if o in lines)
    if t.format == "samedice":
        key: Callable[[Line], tuple[Any, ...]] = lambda x: (-x.points, -x.best, x.user_id)  # noqa: E731
    else:
        key = lambda x: (-x.points, -x.buchholz, -x.game_points, x.user_id)  # noqa: E731
    ordered = sorted(lines.values(), key=key)
    for i, line in enumerate(ordered):
        same = i > 0 and key(line)[:-1] == key(ordered[i - 1])[:-1]
        line.rank = ordered[i - 1].rank if same else i + 1
    return ordered


# ----- pairing (pure) -----------------------------------------------------------------------------------------
def swiss_pairs(order: Sequence[int], played: dict[int, set[int]],
                had_bye: set[int]) -> tuple[list[tuple[int, int]], int | None]:
    """Pairs for a Swiss round from the players in standings order (best first): the bye (odd number) to
    the lowest-ranked player without one, then the best unpaired player meets the best one below them they
    have not met, backtracking when the rest cannot be paired; a rematch only when no pairing avoids it."""
    players = list(order)
    bye: int | None = None
    if len(players) % 2:
        bye = next((u for u in reversed(players) if u not in had_bye), players[-1])
        players.remove(bye)
    steps = [0]

    def pair(rest: list[int], rematch: bool) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        steps[0] += 1
        if steps[0] > _PAIRING_STEPS:
            return None
        top, others = rest[0], rest[1:]
        for i, other in enumerate(others):
            if not rematch and other in played.get(top, set()):
                continue
            tail = pair(others[:i] + others[i + 1:], rematch)
            if tail is not None:
                return [(top, other), *tail]
        return None

    found = pair(players, rematch=False)
    if found is None:
        found = [(players[i], players[i + 1]) for i in range(0, len(players), 2)]  # rematches unavoidable
    return found, bye


def round_robin_pairs(order: Sequence[int], round_number: int) -> list[tuple[int | None, int | None]]:
    """Round `round_number` (1-based) of the circle method over `order` (None: the bye of an odd field)."""
    field_: list[int | None] = list(order) + ([None] if len(order) % 2 else [])
    n = len(field_)
    if n < 2:
        return []
    r = (round_number - 1) % (n - 1)
    rotating = field_[1:]
    rotating = rotating[-r:] + rotating[:-r] if r else rotating
    circle = [field_[0], *rotating]
    return [(circle[i], circle[n - 1 - i]) for i in range(n // 2)]


def round_robin_rounds(players: int) -> int:
    return players - 1 if players % 2 == 0 else players


def group_sizes(players: int) -> list[int]:
    """Tables of 3-4 (2 only where nothing else fits: 2 or 5 players), as even as possible."""
    if players < 2:
        return []
    groups = math.ceil(players / 4)
    return [players // groups + (1 if i < players % groups else 0) for i in range(groups)]


def default_rounds(format: str, players: int) -> int:
    if format == "roundrobin":
        return round_robin_rounds(players)
    if format == "swiss":
        return max(1, math.ceil(math.log2(max(players, 2))))
    return 3


@dataclass
class TickEvent:
    """What the scheduler did, for the caller to post."""

    kind: str  # "started" | "round" | "finished" | "cancelled"
    tournament: TournamentRow
    round: int = 0
    pairings: list[Pairing] = field(default_factory=list)


class TournamentService:
    """Tournaments of a server, over the table service (its storage, its clock, its engines)."""

    def __init__(self, tables: TableService, *, new_seed: Callable[[], int] = lambda: secrets.randbits(62)) -> None:
        self.tables = tables
        self.store = cast(TournamentStore, tables.storage)
        self.new_seed = new_seed

    # ----- lookup ---------------------------------------------------------------------------------------
    async def tournament(self, tournament_id: Any) -> TournamentRow:
        """The tournament if it exists and belongs to the caller's server (`bot.service.scope`); else the one
        refusal for a number nobody used."""
        if (isinstance(tournament_id, bool) or not isinstance(tournament_id, int)
                or not 0 < tournament_id <= check.MAX_INT):
            raise _no_such(tournament_id)
        found = await self.store.get_tournament(tournament_id)
        caller = request_caller.get()
        if found is None or (not isinstance(caller, _Anywhere) and caller.guild_id != found.guild_id):
            raise _no_such(tournament_id)
        return found

    async def tournament_row(self, tournament_id: int) -> TournamentRow:
        """The tournament whatever the caller (the outbox's sender, which acts for no one)."""
        found = await self.store.get_tournament(tournament_id)
        if found is None:
            raise _no_such(tournament_id)
        return found

    async def of_server(self, guild_id: int,
                        statuses: Sequence[str] = ("signup", "running", "finished")) -> list[TournamentRow]:
        return await self.store.list_tournaments(guild_id=guild_id, statuses=statuses)

    # ----- sign-up --------------------------------------------------------------------------------------
    async def create(self, kind: str, format: str, *, guild_id: int, channel_id: int, organiser_id: int,
                     rounds: int | None = None, deadline_hours: float = 48.0, signup_hours: float = 24.0,
                     name: str = "", max_players: int = 32, timeout_rule: str = "bot") -> TournamentRow:
        guild_id = check.whole(guild_id, "server id", low=1)
        channel_id = check.whole(channel_id, "channel id", low=1)
        organiser_id = check.whole(organiser_id, "organiser id", low=1)
        if kind not in FORMATS:
            raise ServiceError(f"There is no tournament for {str(kind)[:20]!r}.")
        engine = get_game(kind)
        if format not in FORMATS[kind]:
            allowed = " or ".join(FORMAT_TITLES[f] for f in FORMATS[kind])
            raise ServiceError(f"A {engine.title} tournament is played as {allowed}, not "
                               f"{FORMAT_TITLES.get(format, str(format)[:20])}.")
        if rounds is not None:
            rounds = check.whole(rounds, "rounds", low=1, high=MAX_ROUNDS)
            if format == "roundrobin":
                raise ServiceError("A round robin has as many rounds as it takes everyone to meet everyone; "
                                   "leave **rounds** out.")
        deadline_hours = check.number(deadline_hours, "deadline in hours", low=0, high=MAX_WAIT_HOURS)
        if 0 < deadline_hours < MIN_WAIT_HOURS:
            raise ServiceError(f"The deadline must be at least {MIN_WAIT_HOURS:g} hour (or 0 for none).")
        signup_hours = check.number(signup_hours, "sign-up hours", low=0, high=MAX_SIGNUP_HOURS)
        max_players = check.whole(max_players, "player limit", low=2, high=MAX_PLAYERS)
        if timeout_rule not in TIMEOUT_RULES:
            raise ServiceError(f"At the deadline the bot plays the turn (`bot`) or the player forfeits (`forfeit`), "
                               f"not {str(timeout_rule)[:20]!r}.")
        name = check.text(name or "", "name", longest=80).strip() or f"{engine.title} {FORMAT_TITLES[format]}"
        now = self.tables.now()
        rules = {"deadline_hours": deadline_hours, "timeout_rule": timeout_rule, "fixed_rounds": rounds is not None}
        tid = await self.store.create_tournament(
            guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id, kind=kind, format=format, name=name,
            rounds=rounds or 0, max_players=max_players, rules=rules, seed=self.new_seed(),
            signup_until=now + signup_hours * 3600 if signup_hours else None)
        return await self.tournament(tid)

    async def _change(self, tournament_id: int, change: Callable[[TournamentRow], Any]) -> TournamentRow:
        for _ in range(_TRIES):
            t = await self.tournament(tournament_id)
            try:
                await change(t)
            except StaleVersion:
                continue
            return await self.tournament(tournament_id)
        raise GameMovedOn("The tournament is changing very fast just now; nothing was changed. Try again.")

    async def join(self, tournament_id: int, user_id: int) -> TournamentRow:
        user_id = check.whole(user_id, "player id", low=1)

        async def change(t: TournamentRow) -> None:
            if t.player(user_id) is not None:
                raise ServiceError(f"You are already signed up for **{t.name}**.")
            if t.status != "signup":
                raise GameClosed(f"**{t.name}** has already started (or ended); sign-up is closed.")
            if t.signup_until is not None and self.tables.now() >= t.signup_until:
                raise GameClosed(f"Sign-up for **{t.name}** has closed; the tournament starts with the players "
                                 "signed up by then.")
            try:
                await self.store.tournament_join(t.id, user_id, expected_version=t.version)
            except TableFull as exc:
                raise ServiceError(f"**{t.name}** is full ({t.max_players} players).") from exc
            except AlreadyExists as exc:
                raise ServiceError(f"You are already signed up for **{t.name}**.") from exc

        return await self._change(tournament_id, change)

    async def leave(self, tournament_id: int, user_id: int) -> tuple[TournamentRow, list[Outcome]]:
        """Leave during sign-up (off the list), or withdraw once running: the player forfeits their game of
        the round (resigned from it) and every later one; nothing else changes."""
        user_id = check.whole(user_id, "player id", low=1)

        async def change(t: TournamentRow) -> None:
            me = t.player(user_id)
            if me is None:
                raise NotSeated(f"You are not signed up for **{t.name}**.")
            if t.status not in ("signup", "running"):
                raise GameClosed(f"**{t.name}** is over.")
            if me.left_round is not None:
                raise ServiceError(f"You have already left **{t.name}**.")
            await self.store.tournament_leave(t.id, user_id, expected_version=t.version)

        t = await self._change(tournament_id, change)
        outcomes: list[Outcome] = []
        if t.status == "running":
            for p in await self.store.pairings(t.id, t.round):
                if p.game_id is None or user_id not in p.players or p.bye:
                    continue
                # The game may have ended meanwhile, or they resigned already: then there is nothing to forfeit.
                with contextlib.suppress(ServiceError):
                    outcomes.append(await self.tables.play.resign(p.game_id, user_id))
        return t, outcomes

    async def cancel(self, tournament_id: int) -> tuple[TournamentRow, list[int]]:
        """The organiser calls the tournament off, during sign-up or while it runs: one compare-and-set on its
        round (so a round the scheduler opens meanwhile is either opened first, then cancelled, or never
        opened). No round is paired or closed after it, no table created; the tables of the round still
        running play on as ordinary rated games. The tournament and those games."""
        for _ in range(_TRIES):
            t = await self.tournament(tournament_id)
            if t.status == "cancelled":
                raise GameClosed(f"**{t.name}** is already cancelled.")
            if t.status not in ("signup", "running"):
                raise GameClosed(f"**{t.name}** is over; there is nothing to cancel.")
            if await self.store.advance_round(t.id, expected_version=t.version, to_round=t.round,
                                              status="cancelled", now=self.tables.now()):
                results = await self.store.pairing_results(t.id)
                running = [r.pairing.game_id for r in results if r.pairing.round == t.round and not r.pairing.bye
                           and r.pairing.game_id is not None and r.status == "active"]
                return await self.tournament(t.id), running
        raise GameMovedOn("The tournament is changing very fast just now; nothing was changed. Try again.")

    # ----- the scheduler ------------------------------------------------------------------------------------
    async def start(self, tournament_id: int) -> list[TickEvent]:
        """The organiser starts the tournament now (before the end of its sign-up window). A sign-up or a
        leave that lands meanwhile makes the start read the tournament again and pair who is signed up then."""
        for _ in range(_TRIES):
            t = await self.tournament(tournament_id)
            if t.status != "signup":
                raise GameClosed(f"**{t.name}** has already started." if t.status == "running"
                                 else f"**{t.name}** is over.")
            need = _least_players(t)
            if len(t.players) < need:
                raise ServiceError(f"**{t.name}** needs at least {need} players to start; "
                                   f"{plural(len(t.players), 'player')} signed up.")
            events = await self._open_round(t)
            if events:
                return events + await self._fill_tables(await self.tournament(t.id))
        raise GameMovedOn("The tournament is changing very fast just now; nothing was changed. Try again.")

    async def tick(self, now: float | None = None) -> list[TickEvent]:
        """One pass of the scheduler over every open tournament: sign-ups that ended start (or are cancelled
        with too few players), missing tables are created, rounds whose tables all ended close and the next
        opens, the last round finishes the tournament. Safe in several processes at once, and after a crash."""
        now = self.tables.now() if now is None else now
        events: list[TickEvent] = []
        for t in await self.store.list_tournaments(statuses=("signup", "running"), limit=10_000):
            try:
                if t.status == "signup":
                    if t.signup_until is not None and now >= t.signup_until:
                        events += await self._open_round(t)
                        t = await self.tournament(t.id)
                    else:
                        continue
                if t.status == "running":
                    events += await self._fill_tables(t)
                    events += await self._close_round(await self.tournament(t.id))
            except Exception:  # one broken tournament must not stop the others
                log.exception("tournament %s: the scheduler failed; trying again next sweep", t.id)
        return events

    async def _open_round(self, t: TournamentRow) -> list[TickEvent]:
        """Pair the next round (or, at the start with too few players, cancel), as one compare-and-set."""
        if t.status == "signup" and len(t.players) < _least_players(t):
            if await self.store.advance_round(t.id, expected_version=t.version, to_round=0, status="cancelled",
                                              now=self.tables.now()):
                return [TickEvent("cancelled", await self.tournament(t.id))]
            return []
        results = await self.store.pairing_results(t.id)
        rounds = t.rounds or default_rounds(t.format, len(t.players))
        if t.format == "roundrobin":
            rounds = round_robin_rounds(len(t.players))
        next_round = t.round + 1
        pairings = self.pair(t, results, next_round)
        if not await self.store.advance_round(t.id, expected_version=t.version, to_round=next_round,
                                              status="running", pairings=pairings, rounds=rounds,
                                              now=self.tables.now()):
            return []  # the tournament changed since `t` was read (a sign-up, a leave, another process)
        fresh = await self.tournament(t.id)
        return ([TickEvent("started", fresh)] if t.status == "signup" else []) + [
            TickEvent("round", fresh, next_round, pairings)]

    def pair(self, t: TournamentRow, results: Sequence[PairingResult], round_number: int) -> list[Pairing]:
        """The pairings of a round, from the standings so far (pure: same input, same pairings)."""
        lines = standings(t, results)
        active = [line.user_id for line in lines if not line.left]
        seed = _seed(t.seed, "round", round_number)
        if round_number == 1:
            active = Rng(_seed(t.seed, "order")).shuffled(sorted(t.active()))
        tables: list[tuple[list[int], bool]] = []  # (players in seat order, bye)
        if t.format == "swiss":
            played: dict[int, set[int]] = {line.user_id: set(line.opponents) for line in lines}
            had_bye = {line.user_id for line in lines if line.byes}
            pairs, bye = swiss_pairs(active, played, had_bye)
            first = {line.user_id: line.first_seats for line in lines}
            for a, b in pairs:  # the player who sat first less often sits first
                tables.append(([a, b] if first.get(a, 0) <= first.get(b, 0) else [b, a], False))
            if bye is not None:
                tables.append(([bye], True))
        elif t.format == "roundrobin":
            order = Rng(_seed(t.seed, "order")).shuffled(sorted(p.user_id for p in t.players))
            gone = {p.user_id for p in t.players if p.left_round is not None}
            for x, y in round_robin_pairs(order, round_number):
                pair = [u for u in (x, y) if u is not None and u not in gone]
                if len(pair) == 2:
                    tables.append((pair if round_number % 2 else pair[::-1], False))
                elif len(pair) == 1:
                    tables.append((pair, True))  # the field's bye, or an opponent who left: a win
        elif t.format == "groups":
            start = 0
            for size in group_sizes(len(active)):
                group = active[start:start + size]
                start += size
                tables.append((Rng(_seed(seed, "seats", start)).shuffled(group), False))
            if len(active) == 1:
                tables.append((active, True))
        else:  # same dice: a sheet each, every sheet on the round's seed
            tables = [([u], False) for u in active]
        return [Pairing(t.id, round_number, board, players, bye, seed if t.format == "samedice" else
                        _seed(seed, "board", board))
                for board, (players, bye) in enumerate(tables, start=1)]

    async def _fill_tables(self, t: TournamentRow) -> list[TickEvent]:
        """Create every table of the current round that does not exist yet (each once, whoever runs this);
        none once the tournament is cancelled. Each table's start post is owed in the transaction that creates
        it. A player who left since the round was paired forfeits their new table at once."""
        if t.status != "running":
            return []
        now = self.tables.now()
        for p in await self.store.pairings(t.id, t.round):
            if p.bye or p.game_id is not None:
                continue
            engine = get_game(t.kind)
            state = engine.new(len(p.players), p.seed, {})
            rules = {"deadline_hours": float(t.rules.get("deadline_hours", 0.0)),
                     "deadline_action": "forfeit" if t.rules.get("timeout_rule") == "forfeit" else "auto",
                     "reminder_hours": 12.0, "engine_schema": engine.schema_version,
                     "tournament": t.id, "round": p.round, "board": p.board}
            await self.store.create_pairing_game(p, kind=t.kind, guild_id=t.guild_id, channel_id=t.channel_id,
                                                 creator_id=t.organiser_id, options={}, table_rules=rules,
                                                 state=engine.dump(state), now=now)
        await self._forfeit_leavers(await self.tournament(t.id))
        return []  # tables are posted from the outbox (so a restart posts what it missed)

    async def _forfeit_leavers(self, t: TournamentRow) -> list[Outcome]:
        """Resign each player who left from their running table of the current round (a leave that landed
        while the round was being paired or its tables created); read after the tables are linked, so a leave
        either sees the table or is seen here."""
        gone = {p.user_id for p in t.players if p.left_round is not None and p.left_round <= t.round}
        outcomes: list[Outcome] = []
        if not gone or t.status != "running":
            return outcomes
        for p in await self.store.pairings(t.id, t.round):
            for user in gone.intersection(p.players):
                if p.game_id is None or p.bye:
                    continue
                game = await self.tables.storage.get_game(p.game_id)
                seat = None if game is None else game.seat_of(user)
                if game is None or game.status != "active" or seat is None or seat in game.resigned_seats():
                    continue
                with contextlib.suppress(ServiceError):
                    outcomes.append(await self.tables.play.resign(p.game_id, user))
        return outcomes

    async def _close_round(self, t: TournamentRow) -> list[TickEvent]:
        results = await self.store.pairing_results(t.id)
        current = [r for r in results if r.pairing.round == t.round]
        if not current or any(_outcomes(t.format, r) is None for r in current):
            return []
        if t.round >= t.rounds:
            if await self.store.advance_round(t.id, expected_version=t.version, to_round=t.round,
                                              status="finished", now=self.tables.now()):
                return [TickEvent("finished", await self.tournament(t.id), t.round)]
            return []
        if len(t.active()) < (1 if t.format == "samedice" else 2):
            if await self.store.advance_round(t.id, expected_version=t.version, to_round=t.round,
                                              status="finished", now=self.tables.now()):
                return [TickEvent("finished", await self.tournament(t.id), t.round)]
            return []
        events = await self._open_round(t)
        if events:
            events += await self._fill_tables(await self.tournament(t.id))
        return events

    async def table_post(self, payload: dict[str, Any]) -> tuple[TournamentRow, Pairing, Outcome] | None:
        """What a table's owed start post shows (`payload`: an outbox item's), or None if the table is gone:
        the tournament, the pairing and the game as it stands now."""
        t = await self.store.get_tournament(int(payload.get("tournament", 0)))
        game = await self.tables.storage.get_game(int(payload.get("game", 0)))
        if t is None or game is None:
            return None
        found = [p for p in await self.store.pairings(t.id, int(payload.get("round", 0)))
                 if p.game_id == game.id]
        if not found:
            return None
        engine, state = get_game(game.kind), get_game(game.kind).load(game.state or "")
        waiting = [] if game.status != "active" else users_of(game, engine.to_act(state))
        return t, found[0], Outcome(game=game, engine=engine, state=state, waiting_on=waiting,
                                    newly_waiting=waiting)

    # ----- standings ---------------------------------------------------------------------------------------
    async def standings(self, tournament_id: int) -> tuple[TournamentRow, list[Line], list[PairingResult]]:
        t = await self.tournament(tournament_id)
        results = await self.store.pairing_results(t.id)
        return t, standings(t, results), results


def _least_players(t: TournamentRow) -> int:
    return {"groups": 3, "samedice": 2}.get(t.format, 2)


def _no_such(tournament_id: Any) -> GameNotFound:
    shown = str(tournament_id) if isinstance(tournament_id, int) and not isinstance(tournament_id, bool) else repr(
        tournament_id)
    return GameNotFound(f"There is no tournament #{shown[:20]}.")
