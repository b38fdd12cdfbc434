"""The shapes of `GAME.view(state, seat)` (documented for renderers in docs/rulings/duel.md).

Kept beside view.py so the type checker holds the view builder to them; renderers may import them.
"""

# No `from __future__ import annotations`: NotRequired must be evaluated as the classes are created.
from typing import Any, TypedDict

Scores = list[dict[str, int]]


class OrderView(TypedDict):
    id: int
    cost: dict[str, int]
    points: int
    reward: dict[str, int]
    text: str


class ChurchView(TypedDict):
    id: int
    faith: int
    points: int
    reward: dict[str, int]
    text: str


class TechView(TypedDict):
    id: str
    name: str
    production: int
    text: str
    once_per_round: bool
    tilted: bool


class PowerCardView(TypedDict):
    value: int
    base: int
    upgraded_value: int
    upgrade_cost: int
    upgraded: bool
    played: bool


class PlacedCard(TypedDict):
    seat: int
    value: int


class AreaView(TypedDict):
    id: str
    name: str
    board: int
    never_used: bool
    used: bool
    power_cards: list[PlacedCard]
    shops: list[int]
    trading_house: int | None
    station: bool


class PlayerView(TypedDict):
    seat: int
    name: str
    is_start_player: bool
    money: int
    goods: dict[str, int]
    goods_names: dict[str, str]
    imported_up: int
    imported_down: int
    extra_power: dict[str, int]
    power_cards: list[PowerCardView]
    shops: list[str]
    shops_left: int
    trading_houses: list[str]
    next_trading_house_cost: int | None
    technologies: list[TechView]
    production: int
    completed_orders: list[OrderView]
    hand_count: int
    hand: list[OrderView] | None
    church_count: int
    church: list[ChurchView] | None
    agents_ready: int
    agents_spent: int
    hired_for: list[str]


class BonusView(TypedDict):
    id: int
    rewards: list[dict[str, int]]
    text: list[str]


class DuelView(TypedDict):
    game: str
    viewer: int | None
    phase: str
    round: int
    rounds: int
    turns_done_in_round: int
    start_seat: int
    current: int
    to_act: list[int]
    #: The decision under way; its keys depend on the step (see docs/rulings/duel.md).
    pending: dict[str, Any] | None
    areas: list[AreaView]
    station: str | None
    power_bonus: list[BonusView]
    power_bonus_deck: int
    power_bonus_discard: int
    technologies: list[TechView]
    technology_deck: int
    church: list[ChurchView]
    order_deck: int
    extra_power_supply: dict[str, int]
    foreign_agents_supply: int
    players: list[PlayerView]
    scores: Scores
    score_labels: dict[str, str]
    winners: list[int]
    log: list[str]
