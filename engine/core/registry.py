"""Find a game engine by its name.

The three games live in their own packages and are imported on first use, so a broken
or missing game cannot stop the others from loading. Tests register throwaway games
with `register()`; nothing registered that way ships in the product.
"""

from __future__ import annotations

import importlib
import logging

from engine.core.contract import AnyGame

#: Game name -> module exporting `GAME`.
KNOWN_GAMES: dict[str, str] = {
    "yokohama": "engine.yokohama",
    "duel": "engine.duel",
    "rollwrite": "engine.rollwrite",
}

_registered: dict[str, AnyGame] = {}
log = logging.getLogger(__name__)


def register(game: AnyGame) -> AnyGame:
    """Make `game` findable by its name (used by tests for tiny stand-in games)."""
    _registered[game.name] = game
    return game


def unregister(name: str) -> None:
    _registered.pop(name, None)


def get_game(name: str) -> AnyGame:
    if name in _registered:
        return _registered[name]
    module_name = KNOWN_GAMES.get(name)
    if module_name is None:
        raise KeyError(f"Unknown game '{name}'. Games: {', '.join(sorted(KNOWN_GAMES))}.")
    module = importlib.import_module(module_name)
    game: AnyGame = module.GAME
    return game


def available_games() -> list[AnyGame]:
    """Every game whose package is present and exports `GAME`, in the order of KNOWN_GAMES.

    A game package that is missing or unfinished is left out (and logged) rather than
    taking the whole bot down with it.
    """
    games: list[AnyGame] = []
    for name, module_name in KNOWN_GAMES.items():
        try:
            games.append(get_game(name))
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
        except AttributeError:
            log.warning("game package %s does not export GAME yet; leaving it out", module_name)
    games.extend(g for n, g in _registered.items() if n not in KNOWN_GAMES)
    return games
