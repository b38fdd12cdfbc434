"""The one contract between every game engine and the rest of the bot (DESIGN.md).

A game is an object with the surface of `Game`. Subclassing `Game` is the easy way to
meet it: the base class supplies the parts every game does the same way — refusing an
action that is not in `legal()` with a clear message, working on a copy so a refused
action leaves the state untouched, and a lossless JSON `dump`/`load` — so each game
writes only its rules (`_apply`).

State is a plain JSON-able dict (lists, dicts, str, int, bool, None). That keeps `dump`
trivially lossless, makes states easy to diff in tests, and lets the storage layer keep
them as text.

`Game` is generic over its state, action and view types (`Game[S, A, V]`): each engine describes
them as TypedDicts (plain dicts at run time, so storage and the action log do not change) and
the type checker holds every engine signature to them. Code that handles any game (the bot, the
registry, the playout tools) holds an `AnyGame` (`Game[Any, Any, Any]`).
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, cast

from engine.core.errors import IllegalAction
from engine.core.jsoncopy import _orjson, json_copy_small

#: A state before an engine describes its own (and an older schema's state, which `upgrade` turns into
#: today's): a JSON object.
State = dict[str, Any]
Action = Any  # JSON-able: dict, list, str, int, bool

#: A game's state type (a TypedDict: a JSON object at run time).
S = TypeVar("S")
#: A game's action type (JSON-able; usually a union of TypedDicts told apart by their `do` key).
A = TypeVar("A")
#: A game's view type (what `view(state, seat)` returns; JSON-able).
V = TypeVar("V")


def canonical(value: Any) -> str:
    """One canonical JSON text for a JSON-able value (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_FAST_OPTIONS = 0
if _orjson is not None:
    _FAST_OPTIONS = (_orjson.OPT_SORT_KEYS | _orjson.OPT_PASSTHROUGH_DATACLASS | _orjson.OPT_PASSTHROUGH_DATETIME
                     | _orjson.OPT_PASSTHROUGH_SUBCLASS)


def _may_hold_a_float(raw: bytes) -> bool:
    """Whether orjson's text may hold a float: the one kind of value orjson writes differently from
    `json` (1e-05 as 0.00001). orjson writes no spaces, so a number starts the text or follows ":",
    "," or "["; a float is such a number with "." or an exponent after its digits. A string holding
    such a pattern only sends the value the slow way.

    One translation and one search find every digit followed by ".", "e" or "E" (rare: a sentence
    ending in a number); each is walked back to where its number starts. A whole-text regex did the
    same in ~400 µs on a 36 KB Roll & Write view, the largest part of a playout's final check."""
    marks = raw.translate(_NUMBER_MARKS)  # digits as "0"; ".", "e" and "E" as "e"
    at = marks.find(b"0e")
    while at >= 0:
        start = at
        while start and marks[start - 1] == _ZERO:
            start -= 1
        if start and marks[start - 1] == _MINUS:
            start -= 1
        if not start or marks[start - 1] in b":,[":
            return True
        at = marks.find(b"0e", at + 2)
    return False


_NUMBER_MARKS = bytes.maketrans(b"123456789.E", b"000000000ee")
_ZERO, _MINUS = ord("0"), ord("-")


def canonical_state(value: Any) -> str:
    """`canonical(value)` for a value the engine made (a state, a view): the same text, written by
    orjson in C (ten to twenty times faster) when that is certain to give the same text — no float,
    no big or non-JSON value — else by `canonical`. User input goes through
    `canonical` itself (its refusals, e.g. of a NaN, are part of matching a legal action)."""
    if _orjson is None:
        return canonical(value)
    try:
        raw = _orjson.dumps(value, option=_FAST_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError: a non-str key, an integer beyond 64 bits, a non-JSON type
        return canonical(value)
    if _may_hold_a_float(raw):
        return canonical(value)
    text: str = raw.decode()
    return text


def seat_token(seat: int) -> str:
    """How engine text names a seat: `{seat:N}` (N = the 0-based seat index).

    Engines speak of seats, never people; the bot (or the terminal) replaces each token
    with a display name or a mention (`fill_seats`).
    """
    return f"{{seat:{seat}}}"


_SEAT_TOKEN = re.compile(r"\{seat:(\d{1,2})\}")


def fill_seats(text: str, name_of: Callable[[int], str]) -> str:
    """`text` with every `{seat:N}` token replaced by `name_of(N)`."""
    return _SEAT_TOKEN.sub(lambda m: name_of(int(m.group(1))), text)


@dataclass(frozen=True)
class OptionSpec:
    """One rule variant a table may choose, declared as data so every front end offers it.

    `allowed` lists every value a table may pick (the first front-end choice is `default`);
    `labels`, when given, names each allowed value for people (same order as `allowed`).
    """

    name: str
    default: Any
    allowed: tuple[Any, ...]
    help: str
    title: str = ""
    labels: tuple[str, ...] = ()

    def label_of(self, value: Any) -> str:
        for allowed, label in zip(self.allowed, self.labels, strict=False):
            if allowed == value and type(allowed) is type(value):
                return label
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)


class Game(ABC, Generic[S, A, V]):
    """Base class for an engine's `GAME` object, generic over its state `S`, action `A` and view `V`.

    Subclasses set `name`, `title`, `min_players`, `max_players`, optionally
    `default_options`, and implement the abstract methods. `apply` is final in spirit:
    override `_apply` (mutate the given copy) and, for better refusal messages,
    `why_illegal`.
    """

    name: str = ""
    title: str = ""
    min_players: int = 1
    max_players: int = 1
    #: Options with their defaults; the defaults give the basic game.
    default_options: dict[str, Any] = {}
    #: The same options declared as data (name, allowed values, default, help). When a game
    #: sets this, `default_options` is derived from it; front ends read `option_specs()`.
    options: tuple[OptionSpec, ...] = ()
    #: The version of this engine's stored state. Raise it with every change to the state's
    #: shape or to a rule that changes what a stored game means, and teach `upgrade` the step.
    schema_version: int = 1

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("options"):
            cls.default_options = {spec.name: spec.default for spec in cls.options}

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """The declared options; a game that only sets `default_options` gets plain specs."""
        if self.options:
            return self.options
        return tuple(OptionSpec(name, default, (), "") for name, default in self.default_options.items())

    # ----- creating a game -------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and refuse unknown or mistyped options with a clear message."""
        merged = dict(self.default_options)
        for key, value in (options or {}).items():
            if key not in self.default_options:
                known = ", ".join(sorted(self.default_options)) or "none"
                raise IllegalAction(f"{self.title or self.name} has no option '{key}' (options: {known}).")
            default = self.default_options[key]
            if default is not None and (
                not isinstance(value, type(default)) or (isinstance(value, bool) and not isinstance(default, bool))
            ):
                raise IllegalAction(
                    f"Option '{key}' must be a {type(default).__name__}, not {value!r}."
                )
            spec = next((o for o in self.option_specs() if o.name == key), None)
            if spec is not None and spec.allowed and not any(
                canonical(value) == canonical(allowed) for allowed in spec.allowed
            ):
                choices = ", ".join(spec.label_of(a) for a in spec.allowed)
                raise IllegalAction(f"Option '{spec.title or key}' can be {choices}; not {value!r}.")
            merged[key] = value
        return merged

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            if self.min_players == self.max_players:
                need = f"exactly {self.min_players}"
            else:
                need = f"{self.min_players} to {self.max_players}"
            raise IllegalAction(f"{self.title or self.name} needs {need} players, not {players}.")

    @abstractmethod
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> S:
        """A fresh game. All randomness comes from `seed` (kept inside the state)."""

    # ----- whose decision, which options ------------------------------------------------
    @abstractmethod
    def to_act(self, state: S) -> list[int]:
        """Seats that owe a decision now (several in simultaneous phases); [] once over."""

    @abstractmethod
    def legal(self, state: S, seat: int) -> list[A]:
        """Every legal action for `seat` now ([] if the seat owes nothing)."""

    def apply(self, state: S, seat: int, action: A, *, offered: Sequence[A] | None = None) -> S:
        """The state after `seat` takes `action`; the given state is never modified.

        `offered` is for a caller that has just asked `legal(state, seat)` for this very state and
        chose from it (a playout, a search): the answer is checked against that list instead of
        computing it again, and a step game may keep the option list it built for the returned state
        for `legal` (engine.core.steps) — so such a caller treats the returned state as read-only
        (it applies again, never edits it in place). Front ends never pass it.
        """
        if self.is_over(state):
            raise IllegalAction("This game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction(self.why_not_your_turn(state, seat))
        chosen = self.match_legal(state, seat, action, offered=offered)
        if chosen is None:
            try:
                reason = self.why_illegal(state, seat, action)
            except Exception:  # noqa: BLE001 - an explainer must never turn a refusal into a crash
                reason = Game.why_illegal(self, state, seat, action)
            raise IllegalAction(reason)
        new_state = self._copy_for_move(state, seat)
        self._apply(new_state, seat, chosen)
        return new_state

    def match_legal(
        self, state: S, seat: int, action: A, *, offered: Sequence[A] | None = None
    ) -> A | None:
        """The engine's own copy of the legal action whose canonical JSON equals `action`'s.

        Plain `==` would let `1.0` or `True` pass for `1` and poison the stored log; only an
        action that serialises exactly like an offered one is accepted, and the engine's own
        object (never the caller's) is what gets applied and stored, as a JSON copy (the form a
        replay from the stored log applies too). `offered`: `legal(state, seat)`, when the caller has it.
        """
        options = self.legal(state, seat) if offered is None else offered
        for option in options:
            if option is action:  # chosen from the very list: the same JSON without serialising
                return json_copy_small(option)
        try:
            key = canonical(action)
        except (TypeError, ValueError):
            return None
        # Fast path: an equal option (`==`, in C) is the only one worth serialising; equal JSON
        # implies `==` except for a tuple against a list, which the full scan below still finds.
        for option in options:
            if option == action and canonical(option) == key:
                return json_copy_small(option)
        for option in options:
            if canonical(option) == key:
                return json_copy_small(option)
        return None

    def _copy_for_move(self, state: S, seat: int) -> S:
        """A copy `_apply` may mutate without touching `state`.

        The default copies everything; a game whose copy dominates its playouts overrides
        this with a cheaper copy of the parts a move of `seat` can change.
        """
        return copy.deepcopy(state)

    @abstractmethod
    def _apply(self, state: S, seat: int, action: A) -> None:
        """Carry out a legal action by mutating `state` (a private copy)."""

    def why_not_your_turn(self, state: S, seat: int) -> str:
        return "It is not your turn."

    def why_illegal(self, state: S, seat: int, action: A) -> str:
        """The reason `action` is refused; games override this with rule-specific text."""
        return "That move is not possible now; choose one of the offered options."

    # ----- showing the game -------------------------------------------------------------
    @abstractmethod
    def describe(self, state: S, action: A) -> str:
        """A short human label (<= 80 characters) for a button or menu entry."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What `seat` may see (None: the public). JSON-able; never another's secrets."""

    def public_label(self, state: S, action: A) -> str:
        """How `action` reads in a public message; games with hidden choices leave the secret out."""
        return self.describe(state, action)

    def detail(self, state: S, action: A) -> str:
        """More about an option than its 80-character label holds (<= 100 characters; shown as a
        menu option's description): an order's needs and reward, a technology's effect. "" = none."""
        return ""

    def narrate(self, before: S, seat: int, action: A, after: S) -> str:
        """One decision as a clause of the public turn story: what was done, gained and paid.

        Seats are named by `seat_token`, never by people; a hidden choice is never named
        (which card was kept or drawn). The default is the public label.
        """
        return self.public_label(before, action)

    def pending_label(self, state: S, seat: int) -> str:
        """What `seat` must decide now, as a heading for its panel ("" : a generic heading)."""
        return ""

    def decision_stamp(self, state: S, seat: int) -> str:
        """A short fingerprint of what `seat` is being asked now (its prompt, options and labels).

        In simultaneous phases a panel stays valid while this is unchanged, whatever other
        seats did meanwhile. The service adds the seat's own move count, so the seat's own
        move always invalidates its old panel (a double click applies once). Games whose
        labels depend on the whole state may narrow this to the parts that matter.
        """
        if seat not in self.to_act(state):
            return ""
        options = self.legal(state, seat)
        basis = [self.pending_label(state, seat), [[canonical(a), self.describe(state, a)] for a in options]]
        return hashlib.sha1(canonical(basis).encode()).hexdigest()[:12]

    def is_formality(self, state: S, seat: int, *, offered: Sequence[A] | None = None) -> bool:
        """True when `seat`'s decision now has nothing to weigh, so the bot may play it for them.

        The default: exactly one legal action. A game may refuse (return False) for a single
        option a player should still see and confirm. `offered`: `legal(state, seat)`, when the
        caller has it (as for `apply`), so the list is not built again.
        """
        return len(self.legal(state, seat) if offered is None else offered) == 1

    def closes_undo(self, before: S, seat: int, action: A, after: S) -> bool:
        """Whether `action` ends the mover's undo window: it revealed hidden information or drew
        randomness (a card, a die, a deck), or handed the turn on. The default closes always (no
        undo); games override it with what their rules say.
        """
        return True

    def reveals(self, before: S, seat: int, action: A, after: S) -> bool:
        """Whether `action` drew randomness or showed something hidden (what `closes_undo` says, less the
        turn handed on). A formality the service plays for a seat that only hands the turn on leaves the
        seat's undo open until another seat acts; the default is `closes_undo`."""
        return self.closes_undo(before, seat, action, after)

    def turn_marker(self, state: S) -> Any:
        """Changes whenever a new turn or round begins (None: the game does not say).

        A deadline lets the bot finish a late player's *current* turn; in simultaneous
        rounds the late seat owes a decision again as soon as the next round starts, so
        the seats alone cannot tell where that turn ends. This marker can.
        """
        return None

    def headline(self, state: S) -> str:
        """One line of public status ("Round 3 of 12 — recording employees")."""
        return ""

    # ----- the end ----------------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abstractmethod
    def scores(self, state: S) -> list[dict[str, int]]:
        """Per seat `{category: points, ..., "total": int}`; final once `is_over`."""

    def ranking(self, state: S) -> list[int]:
        """Seats from first place to last, ties broken by the game's rules.

        The default sorts by total only; games with tie-breakers override it.
        """
        totals = [s.get("total", 0) for s in self.scores(state)]
        return sorted(range(len(totals)), key=lambda seat: -totals[seat])

    def places(self, state: S) -> list[int]:
        """Each seat's final place (1 = first); seats the rules cannot separate share a place.

        Ratings need ties, which `ranking` hides. The default gives each seat its own place in
        `ranking` order, right for games whose tie-breakers always decide (Yokohama: the seat
        closest to the start player); games with a shared victory override it.
        """
        places = [0] * len(self.scores(state))
        for place, seat in enumerate(self.ranking(state), start=1):
            places[seat] = place
        return places

    # ----- playing for an absent player -------------------------------------------------
    def auto_action(self, state: S, seat: int) -> A:
        """The action the bot takes for a player who timed out or resigned.

        The default is the first legal action; games with a greedy player override it.
        """
        options = self.legal(state, seat)
        if not options:
            raise IllegalAction("There is nothing to decide for this seat.")
        return options[0]

    #: The AI's levels, weakest first: `ai_action(level=...)` plays one of them, and a table's bots play
    #: the level the table chose (the first unless it chose another). A level is offered only once it
    #: is measured stronger than the one before it (`bench.ai_strength --against previous`).
    ai_levels: tuple[str, ...] = ("easy",)

    def check_level(self, level: str) -> None:
        """Refuse a level this game's AI does not have (a caller's mistake, never a player's: the
        service checks a table's level against `ai_levels` before storing it)."""
        if level not in self.ai_levels:
            raise ValueError(f"{self.title}'s AI has no level {level!r} (it has {', '.join(self.ai_levels)}).")

    def ai_action(self, state: S, seat: int, *, seed: int = 0, budget_s: float = 2.0,
                  clock: Callable[[], float] | None = None, level: str = "easy") -> A:
        """A legal action chosen only from what `seat` may see, deterministic under `seed`.

        `budget_s` caps the thinking time, measured on `clock` (default `time.perf_counter`; a test
        passes a fake one): a search checks it inside its work (`engine.core.deadline`) and, cut
        short, still answers with a legal action. `level` is one of `ai_levels`. The default is the
        game's `auto_action`; games with a search override this.
        """
        self.check_level(level)
        return self.auto_action(state, seat)

    # ----- storage ------------------------------------------------------------------------
    def dump(self, state: S) -> str:
        return canonical_state(state)

    def load(self, text: str) -> S:
        """The state stored as `text`, upgraded to today's `schema_version` when it is older."""
        state: State = json.loads(text)
        if not isinstance(state, dict):
            raise ValueError(f"A stored {self.name} state must be a JSON object.")
        stored = state.get("schema_version", 1)
        if not isinstance(stored, int) or stored > self.schema_version:
            raise ValueError(
                f"This {self.name} game was stored by a newer version of the bot (state schema {stored})."
            )
        while stored < self.schema_version:
            state = self.upgrade(state, stored)
            stored += 1
            state["schema_version"] = stored
        return cast(S, state)

    def upgrade(self, state: State, from_version: int) -> State:
        """Turn a state of schema `from_version` into one of `from_version + 1`.

        Engines that raise `schema_version` override this with each step; a rule fix that
        needs no change of shape only bumps the version (the default passes the state on).
        """
        return state


#: Any game, whatever its types: what code that handles every game (the bot, the registry) holds.
AnyGame = Game[Any, Any, Any]
