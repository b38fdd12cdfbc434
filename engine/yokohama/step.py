"""`YokohamaStep`: one Yokohama decision declared once — its answers with their refusal reasons,
its effect, its question and its words (engine.core.steps).

A step lists its *candidates*: every well-formed answer it knows paired with `None` (allowed) or the
reason it is refused. `options` keeps the allowed ones in order, `refusal` reads the reason of the one
asked for, so the rule that decides and the words that explain it are the same code. Answers a step
cannot list (a placement over areas nobody can afford, a made-up card) are explained by `unknown`.
"""

from __future__ import annotations

from abc import abstractmethod

from engine.core import State, canonical
from engine.core.steps import Step
from engine.yokohama.types import Action, Candidate

LABEL_LIMIT = 80
DETAIL_LIMIT = 100


class YokohamaStep(Step):
    #: The stage (`state["stage"]`) or pending choice (`state["pending"][0]["kind"]`) this step answers.
    stage: str = ""
    #: The stage as the view and the headline name it ("Port: taking orders").
    stage_text: str = ""
    #: The `do` values of this step's answers.
    kinds: tuple[str, ...] = ()
    #: What the step waits for, in a few words, for refusals of other moves and the view's stage text.
    hint: str = "choose one of the offered options"

    @abstractmethod
    def candidates(self, state: State, seat: int) -> list[Candidate]:
        """Every answer this step knows now, in menu order, with None (allowed) or why it is refused."""

    @abstractmethod
    def take(self, state: State, seat: int, action: Action) -> None:
        """Carry out one of this step's allowed answers (the automatic steps after it run in `flow`)."""

    @abstractmethod
    def text(self, state: State, action: Action) -> str:
        """The full label of one of this step's answers (the contract cuts it to 80 characters)."""

    def details(self, state: State, action: Action) -> str:
        """More than the label holds (an order's goods and reward, a technology's effect); "" = none."""
        return ""

    def hidden_text(self, state: State, action: Action) -> str | None:
        """The label a public message shows when the answer names a hidden card (None: the label)."""
        return None

    def told(self, state: State, action: Action) -> str:
        """What the answer did, as a clause of the public turn story ("took order #12 …"); it must
        name no hidden card. The default is the label with its first letter lowered."""
        text = self.text(state, action)
        return text[0].lower() + text[1:]

    def unknown(self, state: State, seat: int, action: Action) -> str | None:
        """Why an answer of this step's kind that `candidates` does not list is refused (None: generic)."""
        return None

    def waiting(self, state: State, seat: int) -> str:
        """Why a move that belongs to another step is refused now."""
        return f"Not now: {self.hint}."

    # ----- derived: the Step contract ---------------------------------------------------------------
    def options(self, state: State, seat: int) -> list[Action]:
        return [action for action, why in self.candidates(state, seat) if why is None]

    def single_answer(self, state: State, seat: int) -> Action | None:
        """The answer when there is exactly one (the flow takes it for the player), else None.
        A step whose list can be long overrides this with a count that builds nothing."""
        answers = self.options(state, seat)
        return answers[0] if len(answers) == 1 else None

    def apply(self, state: State, seat: int, action: Action) -> None:
        self.take(state, seat, action)

    def label(self, state: State, action: Action) -> str:
        return self.text(state, action)[:LABEL_LIMIT]

    def public_label(self, state: State, action: Action) -> str:
        hidden = self.hidden_text(state, action)
        return hidden[:LABEL_LIMIT] if hidden is not None else self.label(state, action)

    def detail(self, state: State, action: Action) -> str:
        return self.details(state, action)[:DETAIL_LIMIT]

    def refusal(self, state: State, seat: int, action: Action) -> str | None:
        if action.get("do") not in self.kinds:
            return self.waiting(state, seat)
        key = canonical(action)
        for candidate, why in self.candidates(state, seat):
            if canonical(candidate) == key:
                return why
        return self.unknown(state, seat, action)
