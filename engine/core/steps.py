"""Decision steps declared once: what can be chosen, how it applies, its prompt, its label.

Each engine's turn is a chain of small decisions. Declaring a step in one class keeps the
options, the effect, the refusal reason and the words for it in one place, so `legal`,
`why_illegal`, prompts and labels cannot drift apart (18xx.games' steps and boardgame.io's
named moves work the same way). `StepGame` derives the contract from the current step.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic

from engine.core.contract import A, Game, S, V, canonical

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


class Step(ABC, Generic[S, A]):
    """One kind of decision (of a game whose states are `S` and actions `A`). Subclasses are stateless:
    everything lives in the game state."""

    #: A short stable name ("place", "keep_orders"); used in actions and logs.
    name: str = ""

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
    the same code (Duel's and Yokohama's steps build on this)."""

    #: The `do` values of this step's answers.
    kinds: tuple[str, ...] = ()
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


class StepGame(Game[S, A, V]):
    """A game whose every decision is a `Step`: the contract's per-decision parts derive from it."""

    @abstractmethod
    def step_of(self, state: S, seat: int) -> Step[S, A] | None:
        """The step `seat` is in now (None: the seat owes nothing)."""

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
