"""The shape of a Roll & Write game state, for the type checker and for readers.

A state is a plain JSON object (stored as text, replayed from the action log); these TypedDicts
are plain dicts at run time and only tell the type checker which keys a state and a player sheet
hold and what each holds. `setup.new_state` builds a state, `sheet.new_sheet` a sheet.
"""

# No `from __future__ import annotations` here: on Python 3.11 a TypedDict's NotRequired keys are
# only recognised when its annotations are evaluated as the class is created.
from typing import Literal, NotRequired, TypedDict

from engine.rollwrite.shapes import Bonus, Cost, Good, Pick, Resource, RoundStepName, TaskKind

__all__ = ["Marks", "Options", "RecordState", "Resource", "RollWriteState", "Sheet", "State", "Task"]


class Task(TypedDict):
    """A queued bonus task (`sheet["queue"]`): its kind `t` and, by kind, what it holds; `src` names
    the sheet icon, card or technology it came from (for the player's panel)."""

    t: TaskKind
    src: NotRequired[str]
    #: "gain": a resource and how much; "employees": circles to write.
    res: NotRequired[Literal["money", "faith", "cargo"]]
    n: NotRequired[int]
    #: "good": the good to cross (None: any).
    kind: NotRequired[Good | None]
    #: "choice": the bonus groups to choose from; "exchange": what is paid and got.
    options: NotRequired[list[Bonus]]
    pay: NotRequired[Cost]
    get: NotRequired[Bonus]
    #: "chamber": the borrowed action's power and the Chamber's row.
    power: NotRequired[int]
    row: NotRequired[int]
    #: "power" / "after": the area whose action it is, the power left, Brick factory's money used.
    area: NotRequired[str]
    left: NotRequired[int]
    brick_used: NotRequired[bool]


class Options(TypedDict):
    """The table's options (`RollWriteGame.options`), every one filled in by `normalize_options`."""

    side: Literal["A", "B"]
    start_player_priority: bool
    chinatown: bool
    chamber_of_commerce: bool


class Marks(TypedDict):
    """Money or faith: the marks written (`got`) and crossed off again (`used`)."""

    got: int
    used: int


class RecordState(TypedDict):
    """Step 2 under way: the chosen set's die and employment card, and the circles placed so far."""

    die: int
    card: int
    number: int
    free: list[int]
    die_rows: list[int]
    placed: list[int]
    #: Set once the placement is written and the card's action queued.
    done: NotRequired[bool]


class Sheet(TypedDict):
    """One player's sheet (`state["sheets"][seat]`): what is written on it, and where its round stands."""

    written: list[int]
    crossed: list[int]
    elites: list[bool]
    columns_taken: list[bool]
    tracks_taken: list[bool]
    goods: list[list[bool]]
    fulfilled: list[bool]
    shops: list[bool]
    links_taken: list[bool]
    trading: list[bool]
    money: Marks
    faith: Marks
    cargo: int
    stock_taken: dict[str, list[bool]]
    techs: list[str]
    rounds_marked: int
    phone_round: int
    fulfilled_at: list[int]
    boxes: dict[str, int | None]
    #: The port points by source (orders, shops, trading_houses) as scored in round 6 and round 12.
    parts_6r: NotRequired[dict[str, int]]
    parts_12r: NotRequired[dict[str, int]]
    # the flow of the current round
    step: RoundStepName
    set: int | None
    record: RecordState | None
    main_area: int | None
    again: bool
    extra: Pick | None
    queue: list[Task]
    events: list[str]
    previous_events: NotRequired[list[str]]


class RollWriteState(TypedDict):
    """A whole game: the table, every roll and card draw of the 12 rounds (fixed at `new()`), the sheets."""

    players: int
    seed: int
    options: Options
    round: int
    over: bool
    areas: list[str]
    aside: str | None
    labs: dict[str, dict[str, list[str]]]
    dice: list[list[int]]
    cards: list[list[int]]
    start_player: int | None
    priority_set: int | None
    sheets: list[Sheet]
    rng: int
    schema_version: NotRequired[int]


State = RollWriteState
