"""The rating rules: which games count, how a final ranking becomes places, and the OpenSkill update.

Pure functions of stored data, no I/O: the same code rates a game as it finishes and replays every
game in `rebuild-ratings`, which is what makes the rebuild give exactly the stored values. The rules
are written out for players in `docs/ratings.md`.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.storage import FinishedGame, FinishedSeat, GameRow, Rating, is_bot_user
from engine.core import get_game

#: One model for every game: Plackett-Luce handles any number of players and ties.
MODEL = PlackettLuce()
#: A player is provisional in a leaderboard until this many rated games there.
PROVISIONAL_GAMES = 5
#: The shown rating: 1000 + 40 × (mu − 3 sigma). A newcomer shows 1000 and rises as sigma shrinks.
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40
#: The scope of the ratings that count every server.
EVERYONE = 0


def display_rating(mu: float, sigma: float) -> int:
    """The conservative rating players see: mu − 3 sigma (about 99% sure the skill is above it), scaled."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma))


def is_provisional(rating: Rating) -> bool:
    return rating.games < PROVISIONAL_GAMES


def why_unrated(game: GameRow) -> str | None:
    """Why a finished game does not change ratings, or None if it does."""
    if game.status != "finished":
        return "abandoned"
    if game.mode == "daily":
        return "a daily challenge"
    if game.mode != "table" or sum(1 for s in game.seats if s.seat is not None) < 2:
        return "a solo game"
    if game.bot_seats() or any(is_bot_user(s.user_id) for s in game.seats) or (game.result or {}).get("bot_seats"):
        return "a seat was played by the bot from the start"
    return None


def places_of(game: GameRow) -> list[int]:
    """Each seat's place (1 = first) from the final state, with ties; forfeited seats share last place.

    A seat that resigned or forfeited on the deadline lost, whatever its score: it ranks behind every
    seat that played on, and several such seats share the last place.
    """
    result = game.result or {}
    forfeited = set(result.get("forfeited", []))
    engine = get_game(game.kind)
    if game.state is not None and engine.is_over(state := engine.load(game.state)):
        engine_places = engine.places(state)
    else:
        # A game ended by forfeit before its natural end: the stored ranking is its order, without ties.
        engine_places = [0] * len(result.get("scores", []))
        for place, seat in enumerate(result.get("ranking", []), start=1):
            engine_places[seat] = place
    playing = [s for s in range(len(engine_places)) if s not in forfeited]
    places = [0] * len(engine_places)
    for seat in playing:
        places[seat] = 1 + sum(1 for other in playing if engine_places[other] < engine_places[seat])
    for seat in forfeited:
        places[seat] = len(playing) + 1
    return places


def finished_game(game: GameRow) -> FinishedGame:
    """The facts standings keep about a finished game (who, where, places, scores, rated or not)."""
    result = game.result or {}
    reason = why_unrated(game)
    scores = result.get("scores", [])
    places = places_of(game)
    forfeited = set(result.get("forfeited", []))
    seats = [
        FinishedSeat(user_id=s.user_id, seat=s.seat, place=places[s.seat],
                     score=int(scores[s.seat].get("total", 0)) if s.seat < len(scores) else 0,
                     forfeited=s.seat in forfeited)
        for s in game.seats if s.seat is not None and s.seat < len(places)
    ]
    return FinishedGame(game_id=game.id, kind=game.kind, mode=game.mode, guild_id=game.guild_id,
                        finished_at=game.updated_at, rated=reason is None, why_unrated=reason, seats=seats)


def scopes_of(game: FinishedGame) -> list[int]:
    """A rated game counts for everyone and for the server it was played in."""
    return [EVERYONE] if game.guild_id is None else [EVERYONE, game.guild_id]


def rate(game: FinishedGame, current: dict[tuple[int, int], Rating]) -> list[Rating]:
    """The new ratings of `game`'s players in each of its scopes, from their current ones.

    `current` is keyed by (scope, user id); a player missing there starts at OpenSkill's defaults.
    """
    out: list[Rating] = []
    for scope in scopes_of(game):
        out += rate_in(game, scope, {user: r for (where, user), r in current.items() if where == scope})
    return out


def rate_in(game: FinishedGame, scope: int, current: dict[int, Rating]) -> list[Rating]:
    """The new ratings of `game`'s players in one scope, from their current ones there (keyed by user id;
    a player missing starts fresh). A season rates its server's games with this, from nothing."""
    out: list[Rating] = []
    seats = sorted(game.seats, key=lambda s: s.seat)
    before = [current.get(s.user_id) for s in seats]
    teams = [[MODEL.rating() if r is None else MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[s.place for s in seats])
    for seat, old, (new,) in zip(seats, before, after, strict=True):
        out.append(Rating(
            kind=game.kind, scope=scope, user_id=seat.user_id, mu=new.mu, sigma=new.sigma,
            display=display_rating(new.mu, new.sigma),
            games=(old.games if old else 0) + 1,
            wins=(old.wins if old else 0) + (1 if seat.place == 1 else 0),
        ))
    return out


def rate_season(game: FinishedGame, current: dict[int, Rating]) -> list[Rating]:
    """The new season ratings of a server game's players (scope: the server), from those of the season."""
    assert game.guild_id is not None
    return rate_in(game, game.guild_id, current)


def rate_all(games: list[FinishedGame]) -> tuple[list[Rating], list[tuple[int, Rating]]]:
    """Every rating and its history, replaying `games` in order (what `rebuild-ratings` stores)."""
    current: dict[tuple[str, int, int], Rating] = {}
    history: list[tuple[int, Rating]] = []
    for game in games:
        if not game.rated:
            continue
        mine = {(scope, s.user_id): current[(game.kind, scope, s.user_id)]
                for scope in scopes_of(game) for s in game.seats if (game.kind, scope, s.user_id) in current}
        for rating in rate(game, mine):
            current[(rating.kind, rating.scope, rating.user_id)] = rating
            history.append((game.game_id, rating))
    return list(current.values()), history
