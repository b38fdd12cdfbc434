"""The contract every game engine meets, and the pieces they share."""

from engine.core.contract import Action, AnyGame, Game, OptionSpec, State, canonical, fill_seats, seat_token
from engine.core.errors import IllegalAction
from engine.core.jsoncopy import json_copy
from engine.core.playout import ContractViolation, Playout, random_playout, replay
from engine.core.registry import available_games, get_game, register, unregister
from engine.core.rng import Rng, mix_seed

__all__ = [
    "Action",
    "AnyGame",
    "ContractViolation",
    "Game",
    "OptionSpec",
    "IllegalAction",
    "Playout",
    "Rng",
    "State",
    "available_games",
    "canonical",
    "fill_seats",
    "get_game",
    "json_copy",
    "mix_seed",
    "random_playout",
    "register",
    "replay",
    "seat_token",
    "unregister",
]
