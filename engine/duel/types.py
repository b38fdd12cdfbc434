"""The shapes of the Duel's actions and of the state's parts, for the type checker and for readers.

Every action is a JSON object with a `do` key naming its kind; each kind belongs to exactly one
decision step (engine/duel/flow.py lists them), except the free actions, which several steps offer.
The state is a plain JSON dict at run time (stored as text); `DuelState` and its parts below give its
shape to the type checker.
"""

# No `from __future__ import annotations` here: on Python 3.11 a TypedDict's NotRequired keys are
# only recognised when its annotations are evaluated as the class is created.
from typing import Literal, NotRequired, TypedDict

Kind = Literal[
    "discard", "return", "upgrade",
    "area", "agent", "end", "order", "hire", "spin", "bonus", "build",
    "power", "telephone", "church", "faith", "keep", "keep2", "bottom",
    "buy", "sell", "stop", "tech", "pay", "station",
]
Good = Literal["tea", "fish", "silk", "copper"]
ImportedSide = Literal["imported_up", "imported_down"]
Payment = Literal["yen", "imported_up", "imported_down"]
FaithPayment = Literal["tea", "fish", "silk", "copper", "imported_up", "imported_down", "yen"]
Via = Literal["tram", "stagecoach", "station"]


# ----- the state ------------------------------------------------------------------------------------
class PlayerState(TypedDict):
    """A seat's sheet inside the state (`state["players"][seat]`): money, goods, cards, buildings."""

    money: int
    goods: dict[str, int]
    imported_up: int
    imported_down: int
    #: Extra Power cards in hand by value ("1", "2").
    extra: dict[str, int]
    upgraded: list[bool]
    played: list[bool]
    shops: list[str]
    houses: list[str]
    hand: list[int]
    orders_done: list[int]
    techs: list[str]
    tilted: list[str]
    church: list[int]
    agents_ready: int
    agents_spent: int
    hired: list[str]
    setup_draw: list[int]


class ActState(TypedDict):
    """The Area action being resolved (`state["turn"]["act"]`, `act.new_act`): a turn's Area Action
    (`kind` "main") or a Foreign Agent's ("agent"), the step it is at, the Power card and Extra Power
    played, and the working data of that area's decisions, present only while they are under way."""

    kind: Literal["main", "agent"]
    area: str | None
    via: Via | None
    step: str
    card: int | None
    extra: int
    phone: bool
    power: int
    #: Power less the Power Bonus card's part: what the area's action works with.
    strength: NotRequired[int]
    #: Chinatown: exchanges left.
    left: NotRequired[int]
    #: Church: the card taken, the Faith still owed, the kinds spent (one of each), what was paid.
    church: NotRequired[int]
    need: NotRequired[int]
    spent: NotRequired[list[str]]
    #: Port: the way the second card was paid (None: none kept); Church: the items paid, in order.
    paid: NotRequired[str | list[str] | None]
    #: Port: the Order cards drawn and not yet kept or put back, and those kept.
    drawn: NotRequired[list[int]]
    kept: NotRequired[list[int]]
    #: Laboratory: the Technology chosen and the units (¥ or Imported Goods) it still costs.
    tech: NotRequired[str]
    units: NotRequired[int]


class PowerInputs(TypedDict):
    """What the rulebook's power table reads of an act (`areas.total_power`): an `ActState`, or the
    act a label imagines for a menu option."""

    kind: Literal["main", "agent"]
    area: str | None
    card: int | None
    extra: int
    phone: bool


class Owed(TypedDict):
    """The 5-Power Bonus step (`{"power": n}`) and the construction step (`{"area": id}`) an action left owed."""

    bonus: dict[str, int] | None
    build: dict[str, str] | None


class TurnState(TypedDict):
    """A turn's bookkeeping (`state["turn"]`, `state.fresh_turn`)."""

    area_done: bool
    act: ActState | None
    bonus: dict[str, int] | None
    build: dict[str, str] | None
    #: The steps a Foreign Agent interrupted, latest last.
    suspended: list[Owed]


class DuelOptions(TypedDict):
    #: -1: drawn at random; 0 or 1: that seat starts round 1.
    start_seat: int


class DuelState(TypedDict):
    """A whole Duel (`state.new_state`): a plain JSON object, stored as text."""

    game: Literal["duel"]
    schema_version: int
    options: DuelOptions
    phase: str
    round: int
    turns_done: int
    start_seat: int
    current: int
    #: Power cards on each area: [seat, value] pairs.
    played: dict[str, list[list[int]]]
    station: str | None
    bonus_row: list[int]
    bonus_deck: list[int]
    bonus_discard: list[int]
    extra_supply: dict[str, int]
    agents_supply: int
    tech_row: list[str]
    tech_deck: list[str]
    tech_discard: list[str]
    church_row: list[int]
    church_box: list[int]
    order_deck: list[int]
    players: list[PlayerState]
    turn: TurnState
    upgrade_due: list[bool]
    discard_due: list[int]
    log: list[str]
    log_count: int
    rng: int


State = DuelState


# ----- the actions ----------------------------------------------------------------------------------

class DiscardAction(TypedDict):
    do: Literal["discard"]
    extra: int


class ReturnAction(TypedDict):
    do: Literal["return"]
    card: int


class UpgradeAction(TypedDict):
    do: Literal["upgrade"]
    card: int | None


class AreaAction(TypedDict):
    do: Literal["area"]
    area: str
    via: NotRequired[Via]


class SimpleAction(TypedDict):
    do: Literal["agent", "end", "spin", "stop"]


class OrderAction(TypedDict):
    do: Literal["order"]
    card: int


class HireAction(TypedDict):
    do: Literal["hire"]
    req: str


class BonusAction(TypedDict):
    do: Literal["bonus"]
    card: int


class BuildAction(TypedDict):
    do: Literal["build"]
    what: Literal["shop", "house"] | None


class PowerAction(TypedDict):
    do: Literal["power"]
    card: NotRequired[int]
    extra: int


class TelephoneAction(TypedDict):
    do: Literal["telephone"]
    use: bool


class ChurchAction(TypedDict):
    do: Literal["church"]
    card: int | None


class FaithAction(TypedDict):
    do: Literal["faith"]
    pay: FaithPayment


class CardAction(TypedDict):
    do: Literal["keep", "bottom"]
    card: int


class Keep2Action(TypedDict):
    do: Literal["keep2"]
    card: int | None
    pay: NotRequired[Payment]


class ExchangeAction(TypedDict):
    do: Literal["buy", "sell"]
    good: str


class TechAction(TypedDict):
    do: Literal["tech"]
    tech: str | None


class PayAction(TypedDict):
    do: Literal["pay"]
    up: int
    down: int


class StationAction(TypedDict):
    do: Literal["station"]
    area: str


DuelAction = (
    DiscardAction | ReturnAction | UpgradeAction | AreaAction | SimpleAction | OrderAction | HireAction
    | BonusAction | BuildAction | PowerAction | TelephoneAction | ChurchAction | FaithAction | CardAction
    | Keep2Action | ExchangeAction | TechAction | PayAction | StationAction
)

#: Actions as the engine handles them (plain JSON dicts; the TypedDicts above give their shapes,
#: and tests/engine/duel/test_types.py checks every offered action against them).
Action = DuelAction
#: A step's answer with None (allowed) or the reason it is refused.
Candidate = tuple[Action, str | None]

SHAPES: dict[str, type] = {
    "discard": DiscardAction, "return": ReturnAction, "upgrade": UpgradeAction, "area": AreaAction,
    "agent": SimpleAction, "end": SimpleAction, "spin": SimpleAction, "stop": SimpleAction,
    "order": OrderAction, "hire": HireAction, "bonus": BonusAction, "build": BuildAction,
    "power": PowerAction, "telephone": TelephoneAction, "church": ChurchAction, "faith": FaithAction,
    "keep": CardAction, "bottom": CardAction, "keep2": Keep2Action, "buy": ExchangeAction,
    "sell": ExchangeAction, "tech": TechAction, "pay": PayAction, "station": StationAction,
}
