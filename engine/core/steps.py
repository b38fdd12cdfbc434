"""Decision steps declared once: what can be chosen, how it applies, its prompt, its label.

Each engine's turn is a chain of small decisions. Declaring a step in one class keeps the
options, the effect, the refusal reason and the words for it in one place, so `legal`,
`why_illegal`, prompts and labels cannot drift apart (18xx.games' steps and boardgame.io's
named moves work the same way). `StepGame` derives the contract from the current step, and the
words of any action (`describe`, `public_label`, `detail`) from the step that owns its kind.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cached_property
from typing import Any, Generic

from engine.core.contract import A, Game, S, V, canonical

#: The longest label a Discord button or menu entry shows (the contract's `describe`).
LABEL_LIMIT = 80
#: The longest description a Discord menu option shows (the contract's `detail`).
DETAIL_LIMIT = 100

#: The option list a step built last while settling a position (`note_options`): the state object,
#: the seat, the list. Held by identity (a strong reference, so the id cannot be reused).
_built: tuple[Any, int, list[Any]] | None = None
#: The list `legal` may hand out again: promoted from `_built` by `StepGame.apply(..., offered=...)`
#: when that very list belongs to the new state it returns.
_kept: tuple[Any, int, list[Any]] | None = None


def note_options(state: object, seat: int, options: list[Any]) -> None:
    """Record the full option list a step has just built for `seat` in `state` (typically to learn
    that it has more than one answer, so the flow stops there). If `state` is the position a playout's
    `apply(..., offered=...)` returns, `legal` reuses this list instead of building it again."""
    global _built
    _built = (state, seat, options)


def forget_options() -> None:
    """Drop the noted list: the flow goes on changing the position it was built for."""
    global _built
    _built = None


def kind_of(action: object) -> str | None:
    """An action's kind: its `do` (every engine's actions are dicts told apart by it); None for anything else."""
    kind = action.get("do") if isinstance(action, dict) else None
    return kind if isinstance(kind, str) else None


class Step(ABC, Generic[S, A]):
    """One kind of decision (of a game whose states are `S` and actions `A`). Subclasses are stateless:
    everything lives in the game state."""

    #: A short stable name ("place", "keep_orders"); used in actions and logs.
    name: str = ""
    #: The `do` values of this step's own answers; the game finds the step that words an action by them.
    kinds: tuple[str, ...] = ()

    def answers(self, kind: str | None) -> bool:
        """Whether an action of `kind` is this step's to carry out, word and refuse now: its own kinds,
        and any a step offers beside them (Duel's free actions)."""
        return kind in self.kinds

    @abstractmethod
    def options(self, state: S, seat: int) -> list[A]:
        """Every legal action of this step for `seat` now."""

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> None:
        """Carry out a legal action (mutating the private copy `state`)."""

    @abstractmethod
    def label(self, state: S, action: A) -> str:
        """The button or menu label (<= 80 characters)."""

    def prompt(self, state: S, seat: int) -> str:
        """The question this step asks, as a panel heading."""
        return ""

    def public_label(self, state: S, action: A) -> str:
        """The label as a public message may show it (hidden choices left out)."""
        return self.label(state, action)

    def detail(self, state: S, action: A) -> str:
        """More than the label holds (<= 100 characters, a menu option's description); "" = none."""
        return ""

    def refusal(self, state: S, seat: int, action: A) -> str | None:
        """Why `action` is not allowed in this step (None: the generic message)."""
        return None

    def closes_undo(self, before: S, seat: int, action: A, after: S) -> bool:
        """Whether taking `action` ends the mover's undo window (reveals or draws)."""
        return True


class CandidateStep(Step[S, A]):
    """A step that lists its *candidates*: every well-formed answer it knows, paired with None
    (allowed) or the reason it is refused. The allowed ones are its options and the refusal of an
    answer is the reason listed with it, so the rule that decides and the words that explain it are
    the same code (every game's steps build on this)."""

    #: What the step waits for, in a few words, for refusals of other moves.
    hint: str = "choose one of the offered options"

    @abstractmethod
    def candidates(self, state: S, seat: int) -> list[tuple[A, str | None]]:
        """Every answer this step knows now, in menu order, with None (allowed) or why it is refused."""

    @abstractmethod
    def take(self, state: S, seat: int, action: A) -> None:
        """Carry out one of this step's allowed answers."""

    @abstractmethod
    def text(self, state: S, action: A) -> str:
        """The full label of one of this step's answers (cut to the label limit by `label`)."""

    def details(self, state: S, action: A) -> str:
        """More than the label holds (an order's goods and reward, a technology's effect); "" = none."""
        return ""

    def hidden_text(self, state: S, action: A) -> str | None:
        """The label a public message shows when the answer names a hidden card (None: the label)."""
        return None

    def unknown(self, state: S, seat: int, action: A) -> str | None:
        """Why an answer of this step's kind that `candidates` does not list is refused (None: generic)."""
        return None

    def waiting(self, state: S, seat: int) -> str:
        """Why a move that belongs to another step is refused now."""
        return f"Not now: {self.hint}."

    def own_options(self, state: S, seat: int) -> list[A]:
        """This step's allowed answers, in menu order."""
        return [action for action, why in self.candidates(state, seat) if why is None]

    def own_refusal(self, state: S, seat: int, action: A) -> str | None:
        """The reason listed with one of this step's own answers (`unknown` when it is not listed)."""
        key = canonical(action)
        for candidate, why in self.candidates(state, seat):
            if canonical(candidate) == key:
                return why
        return self.unknown(state, seat, action)

    def cut(self, text: str, limit: int) -> str:
        """`text` fitted to `limit` characters, the game's way (a plain cut unless a game marks it)."""
        return text[:limit]

    # ----- derived: the Step contract ---------------------------------------------------------------
    def options(self, state: S, seat: int) -> list[A]:
        return self.own_options(state, seat)

    def apply(self, state: S, seat: int, action: A) -> None:
        self.take(state, seat, action)

    def label(self, state: S, action: A) -> str:
        return self.cut(self.text(state, action), LABEL_LIMIT)

    def public_label(self, state: S, action: A) -> str:
        hidden = self.hidden_text(state, action)
        return self.cut(hidden, LABEL_LIMIT) if hidden is not None else self.label(state, action)

    def detail(self, state: S, action: A) -> str:
        return self.cut(self.details(state, action), DETAIL_LIMIT)

    def refusal(self, state: S, seat: int, action: A) -> str | None:
        if kind_of(action) not in self.kinds:
            return self.waiting(state, seat)
        return self.own_refusal(state, seat, action)


class StepGame(Game[S, A, V]):
    """A game whose every decision is a `Step`: the contract's per-decision parts derive from the
    step a seat is in, and the words of an action from the step that owns its kind (`owner_of`)."""

    #: Every step of the game. Where several declare one kind, the first words it when no current
    #: step answers to it (an action shown outside its own moment).
    steps: tuple[Step[S, A], ...] = ()
    #: Kinds no step declares as its own but steps answer beside their own (Duel's free actions).
    shared_kinds: tuple[str, ...] = ()

    @abstractmethod
    def step_of(self, state: S, seat: int) -> Step[S, A] | None:
        """The step `seat` is in now (None: the seat owes nothing)."""

    @cached_property
    def action_kinds(self) -> frozenset[str]:
        """Every action kind (`do`) the game knows."""
        return frozenset(kind for step in self.steps for kind in step.kinds) | frozenset(self.shared_kinds)

    @cached_property
    def _first_owner(self) -> dict[str, Step[S, A]]:
        first: dict[str, Step[S, A]] = {}
        for step in self.steps:
            for kind in step.kinds:
                first.setdefault(kind, step)
        return first

    def owner_of(self, state: S, action: A) -> Step[S, A] | None:
        """The step that words `action`: the step of a seat owing a decision now if it answers to the
        action's kind (steps sharing a kind word it their own way), else the first step declaring it."""
        kind = kind_of(action)
        if kind is None:
            return None
        for seat in self.to_act(state):
            step = self.step_of(state, seat)
            if step is not None and step.answers(kind):
                return step
        return self._first_owner.get(kind)

    def describe(self, state: S, action: A) -> str:
        step = self.owner_of(state, action)
        return step.label(state, action) if step is not None else str(action)[:LABEL_LIMIT]

    def public_label(self, state: S, action: A) -> str:
        """Like `describe`, but as the owning step shows it in public (a hidden card left out)."""
        step = self.owner_of(state, action)
        return step.public_label(state, action) if step is not None else str(action)[:LABEL_LIMIT]

    def detail(self, state: S, action: A) -> str:
        step = self.owner_of(state, action)
        return step.detail(state, action) if step is not None else ""

    def legal(self, state: S, seat: int) -> list[A]:
        kept = _kept
        if kept is not None and kept[0] is state and kept[1] == seat:
            return list(kept[2])
        step = self.step_of(state, seat)
        return step.options(state, seat) if step is not None else []

    def apply(self, state: S, seat: int, action: A, *, offered: Sequence[A] | None = None) -> S:
        """`Game.apply`; with `offered` (a playout or a search, which never edit a state in place),
        the option list the flow built while settling the new position is kept for `legal`, which
        then hands out a copy of that list instead of building it a second time."""
        global _kept
        new_state = super().apply(state, seat, action, offered=offered)
        if offered is not None:
            built = _built
            if built is not None and built[0] is new_state:
                _kept = built
        return new_state

    def _apply(self, state: S, seat: int, action: A) -> None:
        step = self.step_of(state, seat)
        assert step is not None, "apply() only reaches _apply for a seat that owes a decision"
        step.apply(state, seat, action)

    def pending_label(self, state: S, seat: int) -> str:
        step = self.step_of(state, seat)
        return step.prompt(state, seat) if step is not None else ""

    def why_illegal(self, state: S, seat: int, action: A) -> str:
        step = self.step_of(state, seat)
        reason = step.refusal(state, seat, action) if step is not None else None
        return reason or Game.why_illegal(self, state, seat, action)

    def closes_undo(self, before: S, seat: int, action: A, after: S) -> bool:
        step = self.step_of(before, seat)
        return step.closes_undo(before, seat, action, after) if step is not None else True
