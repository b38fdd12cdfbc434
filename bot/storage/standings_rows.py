"""Column lists and row conversions for the standings tables, shared by both backends."""

from __future__ import annotations

from typing import Any

from bot.storage.base import FinishedGame, FinishedSeat, Rating

RATING_COLUMNS = "kind, scope, user_id, mu, sigma, display, games, wins"
FINISHED_COLUMNS = "game_id, seq, kind, mode, guild_id, finished_at, rated, why_unrated"
FINISHED_SEAT_COLUMNS = "game_id, user_id, seat, place, score, forfeited"


def rating_values(r: Rating) -> tuple[Any, ...]:
    return (r.kind, r.scope, r.user_id, r.mu, r.sigma, r.display, r.games, r.wins)


def rating_from_row(r: Any) -> Rating:
    return Rating(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7])


def finished_from_row(r: Any) -> FinishedGame:
    return FinishedGame(game_id=r[0], seq=r[1], kind=r[2], mode=r[3], guild_id=r[4], finished_at=r[5],
                        rated=bool(r[6]), why_unrated=r[7])


def finished_seat_from_row(r: Any) -> FinishedSeat:
    return FinishedSeat(user_id=r[1], seat=r[2], place=r[3], score=r[4], forfeited=bool(r[5]))
