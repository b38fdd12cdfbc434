"""The decisions nobody clicks: a bot seat's turn, a resigned or late seat's decisions, and formalities.

Pure functions of a game and state in hand (no storage, no awaits), so a caller may run them in a worker
thread while the AI thinks. `Moves` writes what they return.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from bot.observability.metrics import AI_DECISION
from bot.service.errors import ServiceError
from bot.service.outcomes import FORMALITY, Applied
from bot.service.table_rules import bot_level
from bot.storage import GameRow
from engine.core import Game, State, mix_seed
from i18n import _

log = logging.getLogger(__name__)

#: Upper bound on bot-played decisions in one go (a resigned seat's whole turn is a chain of them).
AUTO_LIMIT = 5000


def ai_decision(engine: Game, state: State, seat: int, game_seed: int, index: int, budget_s: float,
                level: str | None = None) -> Any:
    """The AI's decision for `seat`, as the log's entry number `index` (the seed derives from the game's
    seed and that number, so it is reproducible; the log stores the action, so replays never re-run it).
    `level`: one of the game's `ai_levels` (None: the first; a bot seat plays its table's, `table_level`).

    An AI that fails or offers something the engine does not list falls back to the greedy player:
    a bot seat must never stall a game.
    """
    level = level or engine.ai_levels[0]
    started = time.perf_counter()
    try:
        action = engine.ai_action(state, seat, seed=mix_seed(game_seed, "ai", index), budget_s=budget_s, level=level)
        chosen = engine.match_legal(state, seat, action)
    except Exception:  # any AI failure is logged and the greedy player steps in
        log.exception("the %s AI failed for seat %s; the greedy player moves instead", engine.name, seat)
        chosen = None
    AI_DECISION.labels(engine.name, level).observe(time.perf_counter() - started)
    return chosen if chosen is not None else engine.auto_action(state, seat)


def table_level(game: GameRow, engine: Game) -> str:
    """The level the table's bots play (`table_rules.bot_level`)."""
    return bot_level(game.table_rules, engine.ai_levels)


def bot_turn(game: GameRow, engine: Game, state: State, base: int, budget_s: float) -> tuple[State, list[Applied]]:
    """The bot seats' decisions from `state` until none of them owes one, or the turn passes after
    they moved (the next bot's turn is its own write and post). Runs in a worker thread."""
    bots = game.bot_seats()
    level = table_level(game, engine)
    done: list[Applied] = []
    marker = engine.turn_marker(state)
    while not engine.is_over(state):
        seat = next((s for s in engine.to_act(state) if s in bots), None)
        if seat is None or (done and marker is not None and engine.turn_marker(state) != marker):
            break
        action = ai_decision(engine, state, seat, game.seed, base + len(done), budget_s, level)
        after = engine.apply(state, seat, action)
        done.append(Applied.of(engine, state, seat, game.user_of(seat), "auto", action, after))
        state = after
        if len(done) > AUTO_LIMIT:
            raise ServiceError(_("The bot could not finish its turn."))
    return state, done


def settle(game: GameRow, engine: Game, state: State, done: list[Applied], budget_s: float, base: int = 0,
           built: dict[int, list[Any]] | None = None) -> State:
    """Play what nobody needs to click: resigned seats' decisions (by the AI), and formalities.

    A formality is a seat's only legal action (`Game.is_formality`): the service plays it for the
    seat at once and logs it as played for them, so no panel ever shows a single forced choice.
    Bot seats are left alone: their turn is played after this change is written (`Moves.bot_turn`).
    `done` receives the decisions played. `base` is the log's length before this change (it seeds the AI's
    decisions). `built` receives the option lists asked of the engine for the returned state, by seat (each
    list is built once).
    """
    resigned = game.resigned_seats()
    bots = game.bot_seats()
    options: dict[int, list[Any]] = {}  # the legal lists built for `state`, by seat

    def offered(seat: int) -> list[Any]:
        if seat not in options:
            options[seat] = engine.legal(state, seat)
        return options[seat]

    for _step in range(AUTO_LIMIT):
        if engine.is_over(state):
            break
        owing = [s for s in engine.to_act(state) if s not in bots]
        seat = next((s for s in owing if s in resigned), None)
        origin, user = "auto", None
        if seat is None:
            seat = next((s for s in owing if engine.is_formality(state, s, offered=offered(s))), None)
            origin, user = FORMALITY, game.user_of(seat) if seat is not None else None
        if seat is None:
            break
        if origin == "auto":
            action = ai_decision(engine, state, seat, game.seed, base + len(done), budget_s)
            after = engine.apply(state, seat, action)
        else:
            action = offered(seat)[0]
            after = engine.apply(state, seat, action, offered=offered(seat))
        done.append(Applied.of(engine, state, seat, user, origin, action, after))
        state = after
        options = {}
    else:
        raise ServiceError(_("The bot could not finish the decisions nobody needs to click."))
    if built is not None:
        built.update(options)
    return state
