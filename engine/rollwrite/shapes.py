"""The typed shapes of Roll & Write's actions and tasks (what `legal()` offers, what a queue holds).

Actions are small JSON dicts told apart by `do`; each `TypedDict` below is one kind, so a
step that handles one kind reads its fields with the type checker's help. State stays a
plain JSON dict (it is stored as text); these types describe the pieces the engine builds.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Good = Literal["fish", "tea", "silk", "copper"]
Pick = Literal["A", "B", "C", "D", "E"]
DieColour = Literal["white", "gray", "black"]
Building = Literal["elite", "shop", "trading"]
#: Where a sheet records each kind of building (`sheet[...]`, one flag per row, form or house).
BuiltKey = Literal["elites", "shops", "trading"]
Purchase = Literal["elite", "shop", "trading", "good", "cargo"]
#: A seat's place in its round (`sheet["step"]`).
RoundStepName = Literal["set", "record", "main", "count", "additional", "end", "done"]
#: The kinds of queued task that ask the player (`task["t"]`); "gain" and "after" never do.
TaskKind = Literal[
    "good", "employees", "elite", "shop", "trading", "choice", "exchange", "chamber", "power", "gain", "after"
]
#: A bonus icon group: {"money": 2}, {"choice": [{...}, {...}]}, {"exchange": {"pay": ..., "get": ...}}.
Bonus = dict[str, Any]
#: The two resources of the warehouse district, each a row of got/used marks on the sheet.
Resource = Literal["money", "faith"]
Cost = dict[Resource, int]


class SetAction(TypedDict):
    do: Literal["set"]
    set: int


class RecordAction(TypedDict):
    do: Literal["record"]
    circles: list[int]


class CircleAction(TypedDict):
    do: Literal["circle"]
    row: int


class AreaAction(TypedDict):
    do: Literal["area"]
    row: int


class CrossAction(TypedDict):
    do: Literal["cross"]
    n: int


class ExtraAction(TypedDict):
    do: Literal["extra"]
    pick: Pick
    cost: Cost


class PhoneAction(TypedDict):
    do: Literal["phone"]


class EndAction(TypedDict):
    do: Literal["end"]


class KindAction(TypedDict):
    do: Literal["kind"]
    kind: Good


class FormAction(TypedDict):
    do: Literal["form"]
    form: int
    good: Good


class EmployAction(TypedDict):
    do: Literal["employ"]
    row: int


class EliteAction(TypedDict):
    do: Literal["elite"]
    row: int


class ShopAction(TypedDict):
    do: Literal["shop"]
    form: int


class TradingAction(TypedDict):
    do: Literal["trading"]
    house: int


class ChooseAction(TypedDict):
    do: Literal["choose"]
    option: int
    gain: Bonus


class ExchangeAction(TypedDict):
    do: Literal["exchange"]
    accept: bool
    pay: Cost
    get: Bonus


class ViaAction(TypedDict):
    do: Literal["via"]
    area: str


class TechAction(TypedDict):
    do: Literal["tech"]
    tech: str


class BuyAction(TypedDict):
    do: Literal["buy"]
    what: Purchase
    power: int
    cost: Cost


class StopAction(TypedDict):
    do: Literal["stop"]


Action = (
    SetAction
    | RecordAction
    | CircleAction
    | AreaAction
    | CrossAction
    | ExtraAction
    | PhoneAction
    | EndAction
    | KindAction
    | FormAction
    | EmployAction
    | EliteAction
    | ShopAction
    | TradingAction
    | ChooseAction
    | ExchangeAction
    | ViaAction
    | TechAction
    | BuyAction
    | StopAction
)
#: A step's answer with None (allowed) or the reason it is refused.
Candidate = tuple[Action, str | None]


# ----- the view (view.py): what the renderer and the bot's text read ------------------------------
class CardView(TypedDict):
    id: int
    number: int
    action: Bonus
    action_text: str


class SetView(TypedDict):
    index: int
    colour: DieColour
    die: int
    card: CardView
    taken_by_start_player: bool


class TechCard(TypedDict):
    id: str
    name: str
    level: str
    cost: int
    text: str


class LabView(TypedDict):
    name: str
    low: list[TechCard]
    mid: list[TechCard]
    high: list[TechCard]


class TownRow(TypedDict):
    row: int
    area: str
    name: str
    written: int
    crossed: int
    unused: int
    elite: bool
    full: bool
    track_bonus: Bonus
    track_bonus_text: str
    track_bonus_taken: bool


class ColumnView(TypedDict):
    column: int
    bonus: Bonus
    bonus_text: str
    taken: bool
    full: bool


class TownView(TypedDict):
    track_length: int
    rows: list[TownRow]
    columns: list[ColumnView]


class GoodMark(TypedDict):
    good: Good
    crossed: bool


class FormView(TypedDict):
    id: int
    row: int
    col: int
    points: int
    goods: list[GoodMark]
    fulfilled: bool
    fulfilled_round: int
    shop: bool
    value: int


class LinkView(TypedDict):
    forms: list[int]
    bonus: Bonus
    bonus_text: str
    taken: bool


class HouseView(TypedDict):
    id: int
    name: str
    forms: list[int]
    built: bool
    fulfilled: int


class PortView(TypedDict):
    forms: list[FormView]
    links: list[LinkView]
    trading_houses: list[HouseView]


class StockBonusView(TypedDict):
    at: int
    bonus: Bonus
    bonus_text: str
    taken: bool


class StockView(TypedDict):
    got: int
    used: int
    available: int
    cap: int
    row_length: int
    bonuses: list[StockBonusView]


class CargoView(TypedDict):
    count: int
    cap: int
    points: list[int]
    vp: int


class WarehouseView(TypedDict):
    money: StockView
    faith: StockView
    cargo: CargoView


class HeldTech(TypedDict):
    id: str
    name: str
    lab: str
    level: str
    text: str
    vp: int


class RoundCell(TypedDict):
    round: int
    bonus: Bonus
    bonus_text: str
    crossed: bool


class RecordView(TypedDict):
    die: int
    card: int
    number: int
    die_rows: list[int]
    placed: list[int]
    done: bool


class TurnView(TypedDict):
    step: RoundStepName
    set: int | None
    extra: Pick | None
    record: RecordView | None
    queue: list[str]
    events: list[str]
    previous_events: list[str]


class SheetView(TypedDict):
    town: TownView
    port: PortView
    warehouse: WarehouseView
    technologies: list[HeldTech]
    round_track: list[RoundCell]
    boxes: dict[str, int | None]
    turn: TurnView


class AreaCardView(TypedDict):
    row: int
    id: str
    name: str


class AsideView(TypedDict):
    id: str
    name: str


class SeatView(TypedDict):
    seat: int
    owes: bool
    pending: str
    scores: dict[str, int]
    orders_fulfilled: int
    achievements: list[str]
    sheet: SheetView


class OptionView(TypedDict):
    action: Action
    label: str
    detail: str


class YouView(TypedDict):
    seat: int
    pending: str
    options: list[OptionView]


class RollWriteView(TypedDict):
    """`GAME.view(state, seat)` (view.py's docstring gives the whole shape)."""

    game: str
    side: Literal["A", "B"]
    options: dict[str, object]
    players: int
    round: int
    rounds: int
    over: bool
    headline: str
    viewer: int | None
    areas: list[AreaCardView]
    aside: AsideView | None
    labs: dict[str, LabView]
    sets: list[SetView]
    start_player: int | None
    priority_set: int | None
    seats: list[SeatView]
    you: YouView | None
