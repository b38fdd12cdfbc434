"""The shapes of Yokohama's `GAME.view(state, seat)`, for renderers and the type checker.

Kept beside view.py so the type checker holds the view builder to them; renderers may import them.
"""

# No `from __future__ import annotations`: TypedDicts are evaluated as the classes are created.
from typing import Any, TypedDict

from engine.yokohama.types import Stock

Reward = dict[str, int]


class OrderView(TypedDict):
    id: int
    country: str
    cost: dict[str, int]
    reward: Reward
    text: str


class TechView(TypedDict):
    id: int
    name: str
    effect: str
    value: int
    country: str


class ShopSpaceView(TypedDict):
    seat: int | None
    reward: Reward
    text: str


class SiteView(TypedDict):
    card: int
    shops: list[ShopSpaceView]
    trading_house: ShopSpaceView


class TokenView(TypedDict):
    id: int
    reward: Reward
    text: str


class AreaView(TypedDict):
    id: str
    name: str
    kind: str
    category: str
    position: int
    row: int
    col: int
    adjacent: list[str]
    presidents: list[int]
    #: Assistants per seat (the seat as a string key, JSON-style), only seats with some.
    assistants: dict[str, int]
    station: bool
    site: SiteView | None
    power_token: TokenView | None


class PlayerView(TypedDict):
    seat: int
    colour: str
    yen: int
    vp: int
    goods: dict[str, int]
    imported: int
    hand: Stock
    warehouse: Stock
    president: str | None
    president_name: str | None
    assistants: dict[str, int]
    #: The seat's own order cards (None for anyone else's).
    orders: list[OrderView] | None
    order_count: int
    choosing_from: list[OrderView] | None
    completed_orders: list[OrderView]
    technologies: list[TechView]
    tech_value: int
    mercenaries: list[dict[str, Any]]
    power_tokens: list[dict[str, Any]]
    achievements: list[str]
    shops_built: int
    trading_houses_built: int
    church_pawns: int
    customs_pawns: int


class SpaceView(TypedDict):
    space: int
    need: int
    reward: Reward
    text: str
    seat: int | None
    neutral: bool


class ActingView(TypedDict):
    area: str
    name: str
    power: int
    mercenary: bool


class PlacementMenu(TypedDict):
    """The spread placement as a multi-select: the areas, and how many may be picked."""

    areas: list[str]
    min: int
    max: int


class EndView(TypedDict):
    reasons: list[str]
    final_round: int | None


class PortSlotView(TypedDict):
    slot: int
    level: str
    order: OrderView | None


class LabSlotView(TypedDict):
    slot: int
    extra: int
    tech: TechView | None


class AchievementView(TypedDict):
    id: str
    name: str
    vp: list[int]
    claimed: list[int]


class YokohamaView(TypedDict):
    game: str
    players: int
    viewer: int | None
    headline: str
    round: int
    turns: int
    current: int | None
    stage: str
    stage_text: str
    acting: ActingView | None
    placement_menu: PlacementMenu | None
    pending: list[dict[str, Any]]
    end: EndView
    over: bool
    rows: list[int]
    areas: list[AreaView]
    station: str | None
    ports: dict[str, list[PortSlotView]]
    order_deck: int
    labs: dict[str, list[LabSlotView]]
    tech_deck: int
    achievements: list[AchievementView]
    church: list[SpaceView]
    customs: list[SpaceView]
    mercenary_supply: dict[str, int]
    seats: list[PlayerView]
    scores: list[dict[str, int]]
    log: list[str]
