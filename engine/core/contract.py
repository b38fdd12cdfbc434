"""The one contract between every game engine and the rest of the bot (DESIGN.md).

A game is an object with the surface of `Game`. Subclassing `Game` is the easy way to
meet it: the base class supplies the parts every game does the same way — refusing an
action that is not in `legal()` with a clear message, working on a copy so a refused
action leaves the state untouched, and a lossless JSON `dump`/`load` — so each game
writes only its rules (`_apply`).

State is a plain JSON-able dict (lists, dicts, str, int, bool, None). That keeps `dump`
trivially lossless, makes states easy to diff in tests, and lets the storage layer keep
them as text.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from typing import Any

from engine.core.errors import IllegalAction

State = dict[str, Any]
Action = Any  # JSON-able: dict, list, str, int, bool


def canonical(value: Any) -> str:
    """One canonical JSON text for a JSON-able value (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Game(ABC):
    """Base class for an engine's `GAME` object.

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

    # ----- creating a game -------------------------------------------------------------
    def normalize_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and refuse unknown or mistyped options with a clear message."""
        merged = dict(self.default_options)
        for key, value in (options or {}).items():
            if key not in self.default_options:
                known = ", ".join(sorted(self.default_options)) or "none"
                raise IllegalAction(f"{self.title or self.name} has no option '{key}' (options: {known}).")
            default = self.default_options[key]
            if default is not None and not isinstance(value, type(default)):
                raise IllegalAction(
                    f"Option '{key}' must be a {type(default).__name__}, not {value!r}."
                )
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
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """A fresh game. All randomness comes from `seed` (kept inside the state)."""

    # ----- whose decision, which options ------------------------------------------------
    @abstractmethod
    def to_act(self, state: State) -> list[int]:
        """Seats that owe a decision now (several in simultaneous phases); [] once over."""

    @abstractmethod
    def legal(self, state: State, seat: int) -> list[Action]:
        """Every legal action for `seat` now ([] if the seat owes nothing)."""

    def apply(self, state: State, seat: int, action: Action) -> State:
        """The state after `seat` takes `action`; the given state is never modified."""
        if self.is_over(state):
            raise IllegalAction("This game is over.")
        if seat not in self.to_act(state):
            raise IllegalAction(self.why_not_your_turn(state, seat))
        if action not in self.legal(state, seat):
            raise IllegalAction(self.why_illegal(state, seat, action))
        new_state = self._copy_for_move(state, seat)
        self._apply(new_state, seat, action)
        return new_state

    def _copy_for_move(self, state: State, seat: int) -> State:
        """A copy `_apply` may mutate without touching `state`.

        The default copies everything; a game whose copy dominates its playouts overrides
        this with a cheaper copy of the parts a move of `seat` can change.
        """
        return copy.deepcopy(state)

    @abstractmethod
    def _apply(self, state: State, seat: int, action: Action) -> None:
        """Carry out a legal action by mutating `state` (a private copy)."""

    def why_not_your_turn(self, state: State, seat: int) -> str:
        return "It is not your turn."

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        """The reason `action` is refused; games override this with rule-specific text."""
        return "That move is not possible now; choose one of the offered options."

    # ----- showing the game -------------------------------------------------------------
    @abstractmethod
    def describe(self, state: State, action: Action) -> str:
        """A short human label (<= 80 characters) for a button or menu entry."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (None: the public). JSON-able; never another's secrets."""

    def public_label(self, state: State, action: Action) -> str:
        """How `action` reads in a public message; games with hidden choices leave the secret out."""
        return self.describe(state, action)

    def pending_label(self, state: State, seat: int) -> str:
        """What `seat` must decide now, as a heading for its panel ("" : a generic heading)."""
        return ""

    def turn_marker(self, state: State) -> Any:
        """Changes whenever a new turn or round begins (None: the game does not say).

        A deadline lets the bot finish a late player's *current* turn; in simultaneous
        rounds the late seat owes a decision again as soon as the next round starts, so
        the seats alone cannot tell where that turn ends. This marker can.
        """
        return None

    def headline(self, state: State) -> str:
        """One line of public status ("Round 3 of 12 — recording employees")."""
        return ""

    # ----- the end ----------------------------------------------------------------------
    @abstractmethod
    def is_over(self, state: State) -> bool: ...

    @abstractmethod
    def scores(self, state: State) -> list[dict[str, int]]:
        """Per seat `{category: points, ..., "total": int}`; final once `is_over`."""

    def ranking(self, state: State) -> list[int]:
        """Seats from first place to last, ties broken by the game's rules.

        The default sorts by total only; games with tie-breakers override it.
        """
        totals = [s.get("total", 0) for s in self.scores(state)]
        return sorted(range(len(totals)), key=lambda seat: -totals[seat])

    # ----- playing for an absent player -------------------------------------------------
    def auto_action(self, state: State, seat: int) -> Action:
        """The action the bot takes for a player who timed out or resigned.

        The default is the first legal action; games with a greedy player override it.
        """
        options = self.legal(state, seat)
        if not options:
            raise IllegalAction("There is nothing to decide for this seat.")
        return options[0]

    # ----- storage ------------------------------------------------------------------------
    def dump(self, state: State) -> str:
        return canonical(state)

    def load(self, text: str) -> State:
        return json.loads(text)
