"""The shapes of Yokohama's actions and pending choices, for the type checker and for readers.

Every action is a JSON object with a `do` key naming its kind; each kind belongs to one decision
step (engine/yokohama/flow.py lists them; "place", "go", "tech" and "return" are shared by the steps
of one decision split in two). The state is a plain JSON dict at run time; `YokohamaState` and its
parts give its shape to the type checker.
"""

# No `from __future__ import annotations` here: on Python 3.11 a TypedDict's NotRequired keys are
# only recognised when its annotations are evaluated as the class is created.
from typing import Any, Literal, NotRequired, TypedDict

Good = Literal["copper", "silk", "tea", "fish"]
#: What a Church space may be paid with, one of each kind (rules.toml `church.faith_kinds`).
FaithItem = Literal["copper", "silk", "tea", "fish", "yen", "imported"]
Token = Literal["assistant", "shop", "th"]
#: The two management boards (`state["church"]`, `state["customs"]`).
Board = Literal["church", "customs"]


class KeepAction(TypedDict):
    do: Literal["keep"]
    order: int


class GoodAction(TypedDict):
    do: Literal["good"]
    good: Good


class GoodsAction(TypedDict):
    do: Literal["goods"]
    goods: dict[str, int]


class TakeAction(TypedDict):
    do: Literal["take"]
    what: Token | None


class AreaChoice(TypedDict):
    """An answer naming one area (None: the hand, or no area)."""

    do: Literal["move_from", "move_to", "station_at", "merc", "merc_area", "go", "tram_to"]
    area: str | None


class ReturnAction(TypedDict):
    """The President back to hand; `area` (None: no assistants) — absent when asked in a second step."""

    do: Literal["return"]
    area: NotRequired[str | None]


class SimpleAction(TypedDict):
    do: Literal["move_skip", "no_entry", "spin", "university", "main", "end_turn", "station", "tech_none", "hire_done",
                "exchange_done", "church_none", "customs_none", "bonus_take", "bonus_skip", "build_skip"]


class FulfillAction(TypedDict):
    do: Literal["fulfill"]
    order: int


class AchieveAction(TypedDict):
    do: Literal["achieve"]
    card: str


class PlaceWayAction(TypedDict):
    do: Literal["place_way"]
    way: Literal["spread", "pair"]


class PlaceAction(TypedDict):
    """1 in each of `areas`, or 2 in `pair` (+1 in `extra`, or Telegram's extra asked next: `then`)."""

    do: Literal["place"]
    areas: NotRequired[list[str]]
    pair: NotRequired[str]
    extra: NotRequired[str]
    then: NotRequired[Literal["telegram"]]


#: How a second order card is paid at the Port.
SecondCardPay = Literal["yen", "imported"]


class OrdersAction(TypedDict):
    """Port: the slots taken (0, 1 or 2), how a 2nd is paid, or a 2nd asked next (`then`)."""

    do: Literal["orders"]
    slots: list[int]
    pay: NotRequired[SecondCardPay]
    then: NotRequired[Literal["second"]]


class TechAction(TypedDict):
    do: Literal["tech"]
    slot: int
    imported: int


class HireAction(TypedDict):
    do: Literal["hire"]
    take: dict[str, int]


class HireHousesAction(TypedDict):
    do: Literal["hire_th"]
    th: int


class ExchangeAction(TypedDict):
    do: Literal["exchange"]
    trade: str


class ChurchAction(TypedDict):
    do: Literal["church"]
    space: int
    pay: NotRequired[list[FaithItem]]


class FaithAction(TypedDict):
    do: Literal["faith"]
    pay: list[FaithItem]


class CustomsAction(TypedDict):
    do: Literal["customs"]
    space: int


#: Where the assistant put on a management board comes from.
PawnSource = Literal["area", "hand"]


class PawnAction(TypedDict):
    do: Literal["pawn_from"]
    source: PawnSource


class BuildAction(TypedDict):
    do: Literal["build"]
    what: Literal["shop", "th"]
    space: NotRequired[int]


class RecoverAction(TypedDict):
    do: Literal["recover"]
    leave: Literal[0, 1]


YokohamaAction = (
    KeepAction | GoodAction | GoodsAction | TakeAction | AreaChoice | ReturnAction | SimpleAction | FulfillAction
    | AchieveAction | PlaceWayAction | PlaceAction | OrdersAction | TechAction | HireAction | HireHousesAction
    | ExchangeAction | ChurchAction | FaithAction | CustomsAction | PawnAction | BuildAction | RecoverAction
)


# ----- pending reward choices (`state["pending"]`, settled first, one at a time) ------------------
class AnyGoodChoice(TypedDict):
    """`n` goods of choice; `mining`: whether Copper among them still earns Mining's extra."""

    kind: Literal["any_good"]
    n: int
    mining: bool


class PlainChoice(TypedDict):
    """One token from the warehouse, one assistant move, or where the Station goes."""

    kind: Literal["warehouse", "move", "station"]


#: The second half of an assistant move: where the one taken `from` (None: the hand) goes
#: ("from" is a keyword, hence the functional form).
MoveToChoice = TypedDict("MoveToChoice", {"kind": Literal["move_to"], "from": str | None})


PendingItem = AnyGoodChoice | PlainChoice | MoveToChoice

# ----- the state (`setup.new_state`; plain JSON dicts at run time, stored as text) -----------------
class Stock(TypedDict):
    """Assistants, shops and Trading Houses in a player's hand or warehouse."""

    assistants: int
    shops: int
    th: int


class Merc(TypedDict):
    """A Foreign Mercenary card a player took, and whether it has been sent."""

    country: str
    used: bool


class PlayerState(TypedDict):
    """A player's board (`state["p"][seat]`)."""

    yen: int
    vp: int
    goods: dict[str, int]
    imported: int
    hand: Stock
    warehouse: Stock
    president: str | None
    #: Assistants on each area.
    placed: dict[str, int]
    orders: list[int]
    #: Order cards dealt at setup, one to keep.
    keep: list[int]
    done: list[int]
    techs: list[int]
    mercs: list[Merc]
    #: 5-Power tokens taken.
    tokens: list[int]
    flags: dict[str, bool]


class Site(TypedDict):
    """An area's Building Site card and who built on it (seats; None: free)."""

    card: int
    shops: list[int | None]
    th: int | None


class AchievementState(TypedDict):
    id: str
    claimed: list[int]


class EndState(TypedDict):
    """End conditions met so far, and the round that is the last (None: not yet known)."""

    reasons: list[str]
    final_round: int | None


class ActionContext(TypedDict, total=False):
    """The working data of the decision under way (`state["ctx"]`); which keys it holds depends on the
    stage: the action's area and Power, what is left to take or exchange, the Church/Customs space
    and what was paid for it, a placement's areas so far, a Mercenary's way back."""

    area: str
    power: int
    #: A Foreign Mercenary acts here; `back`: the stage the turn returns to after it.
    merc: bool
    back: str
    #: Tokens (Employment Agency) or exchanges (Chinatown) left; Trading Houses chosen first (`th`).
    left: int
    th: int
    #: Chinatown: whether Mining's extra Copper was already earned.
    mined: bool
    #: Port: order cards already taken in this action.
    taken: int
    #: Church: Faith from Power; the space chosen; the items paid so far; the board the pawn goes on.
    power_faith: int
    space: int
    paid: list[str]
    board: Board
    #: Placement split in two (Telegram's extra): the areas placed so far, how many, next to which.
    placed: list[str]
    limit: int
    near: str
    #: An older game's step-by-step move: where the President set out from; an older game's
    #: Laboratory payment asked apart: the slot chosen.
    start: str
    slot: int


class DealtBoard(TypedDict):
    """The map dealt at `new()`: the Area Boards, their Building Sites and 5-Power tokens."""

    layout: list[str]
    rows: list[int]
    adjacent: dict[str, list[str]]
    sites: dict[str, Site]
    #: The 5-Power token on each area (None: taken).
    tokens: dict[str, int | None]
    station: str | None


class DealtCards(TypedDict):
    """The cards dealt at `new()`: the Ports, the Laboratories, the decks and the achievements."""

    #: Order cards face up at each Port (None: an empty space).
    ports: dict[str, list[int | None]]
    order_deck: list[int]
    #: Technology cards face up at each Laboratory (None: an empty space).
    labs: dict[str, list[int | None]]
    tech_deck: list[int]
    achievements: list[AchievementState]


class ManagementBoards(TypedDict):
    #: Church and Customs spaces: the seat on each (-1: the neutral pawn; None: free).
    church: list[int | None]
    customs: list[int | None]


class YokohamaState(DealtBoard, DealtCards, ManagementBoards):
    """A whole game: the boards dealt at `new()`, the decks, every player's board, and where the turn stands."""

    game: Literal["yokohama"]
    players: int
    options: dict[str, Any]
    #: Foreign Mercenary cards left by country.
    mercs: dict[str, int]
    p: list[PlayerState]
    seat: int
    round: int
    turns: int
    #: The decision under way (a step's `stage`).
    stage: str
    #: The working data of the action under way (its area, Power, what it drew): differs from step to step.
    ctx: ActionContext
    #: Reward choices to settle first, one at a time.
    pending: list[PendingItem]
    end: EndState
    over: bool
    log: list[str]
    rng: int
    schema_version: NotRequired[int]


State = YokohamaState

#: Actions as the engine handles them (plain JSON dicts; the TypedDicts above give their shapes,
#: and tests/engine/yokohama/test_types.py checks every offered action against them).
Action = YokohamaAction
#: A step's answer with None (allowed) or the reason it is refused.
Candidate = tuple[Action, str | None]

SHAPES: dict[str, type] = {
    "keep": KeepAction, "good": GoodAction, "goods": GoodsAction, "take": TakeAction,
    **{do: AreaChoice for do in ("move_from", "move_to", "station_at", "merc", "merc_area", "go", "tram_to")},
    "return": ReturnAction,
    **{do: SimpleAction for do in ("move_skip", "no_entry", "spin", "university", "main", "end_turn", "station",
                                   "tech_none", "hire_done", "exchange_done", "church_none", "customs_none",
                                   "bonus_take", "bonus_skip", "build_skip")},
    "fulfill": FulfillAction, "achieve": AchieveAction, "place_way": PlaceWayAction, "place": PlaceAction,
    "orders": OrdersAction, "tech": TechAction, "hire": HireAction, "hire_th": HireHousesAction,
    "exchange": ExchangeAction, "church": ChurchAction, "faith": FaithAction, "customs": CustomsAction,
    "pawn_from": PawnAction, "build": BuildAction, "recover": RecoverAction,
}
