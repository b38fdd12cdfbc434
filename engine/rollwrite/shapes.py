"""The typed shapes of Roll & Write's actions and tasks (what `legal()` offers, what a queue holds).

Actions are small JSON dicts told apart by `do`; each `TypedDict` below is one kind, so a
step that handles one kind reads its fields with the type checker's help. State stays a
plain JSON dict (it is stored as text); these types describe the pieces the engine builds.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

Good = Literal["fish", "tea", "silk", "copper"]
Pick = Literal["A", "B", "C", "D", "E"]
Building = Literal["elite", "shop", "trading"]
Purchase = Literal["elite", "shop", "trading", "good", "cargo"]
#: A seat's place in its round (`sheet["step"]`).
RoundStepName = Literal["set", "record", "main", "count", "additional", "end", "done"]
#: The kinds of queued task that ask the player (`task["t"]`); "gain" and "after" never do.
TaskKind = Literal[
    "good", "employees", "elite", "shop", "trading", "choice", "exchange", "chamber", "power", "gain", "after"
]
#: A bonus icon group: {"money": 2}, {"choice": [{...}, {...}]}, {"exchange": {"pay": ..., "get": ...}}.
Bonus = dict[str, Any]
Cost = dict[str, int]


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
