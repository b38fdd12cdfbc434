"""`RollWriteStep`: one Roll & Write decision declared once — its answers with their refusal reasons,
its effect, its question and its words (engine.core.steps) — and the Telephone, which the rulebook
allows "in any phase" and so is an answer of every round step that marks a free choice (ruling R11).

A step lists its *candidates*: every well-formed answer it knows paired with `None` (allowed) or the
reason it is refused; `unknown` explains the answers of its kinds it cannot list (another placement,
a made-up row). Within a seat's round nothing is revealed (rolls and cards are fixed at `new()`), so
only the steps that say otherwise close the undo window (ruling R24).
"""

from __future__ import annotations

from abc import abstractmethod

from engine.core.steps import DETAIL_LIMIT, LABEL_LIMIT, CandidateStep
from engine.core.translate import N_, _, pgettext
from engine.rollwrite import rules
from engine.rollwrite.components import rules_data
from engine.rollwrite.labels import short_of, shorten
from engine.rollwrite.shapes import Action, Candidate, PhoneAction
from engine.rollwrite.sheet import pay, push
from engine.rollwrite.state_types import Sheet, State

PHONE: PhoneAction = {"do": "phone"}
PHONE_LABEL = N_("Telephone: pay 1 money, write 1 circle anywhere")


class RollWriteStep(CandidateStep[State, Action]):
    #: Whether a single possible answer is taken without asking (rulebook steps with one way).
    auto_single: bool = False

    def telephone(self, state: State, seat: int) -> list[Candidate]:
        """The Telephone as the last answer of a step whose kinds name it, when it can be used now."""
        return [(action, None) for action in self.phone(state, seat)]

    def phone(self, state: State, seat: int) -> list[Action]:
        """`telephone` as options (it is never listed refused)."""
        return [PHONE.copy()] if rules.phone_possible(state, state["sheets"][seat]) else []

    def waiting(self, state: State, seat: int) -> str:
        return _("Not now: {question}.").format(question=self.prompt(state, seat))

    # ----- derived: the Step contract, the Telephone handled here --------------------------------
    def apply(self, state: State, seat: int, action: Action) -> None:
        if action["do"] == "phone":
            use_phone(state, state["sheets"][seat])
        else:
            self.take(state, seat, action)

    def label(self, state: State, action: Action) -> str:
        if action.get("do") == "phone":
            return _(PHONE_LABEL)
        text = self.text(state, action)  # `shorten`, inlined: every decision is noted in these words
        return text if len(text) <= LABEL_LIMIT else shorten(text, LABEL_LIMIT)

    def kept_label(self, state: State, action: Action) -> str:
        """`label` as the state keeps it (`engine.core.kept_text`): whole, as its reader's view shortens it
        to the label's length in the reader's own words."""
        if action.get("do") == "phone":
            return _(PHONE_LABEL)
        return self.text(state, action)

    def detail(self, state: State, action: Action) -> str:
        return "" if action.get("do") == "phone" else self.details(state, action)[:DETAIL_LIMIT]

    def refusal(self, state: State, seat: int, action: Action) -> str | None:
        if action.get("do") == "phone":
            return phone_refusal(state, seat)
        return super().refusal(state, seat, action)

    def closes_undo(self, before: State, seat: int, action: Action, after: State) -> bool:
        return False


def use_phone(state: State, ps: Sheet) -> None:
    """Telephone: "Once per round, by paying 1 money you may write 1 additional circle"."""
    pay(ps, rules.phone_cost())
    ps["phone_round"] = state["round"]
    circles = rules_data()["telephone"]["circles"]
    push(ps, [{"t": "employees", "n": circles, "src": "Telephone"}])


def phone_refusal(state: State, seat: int) -> str:
    """Why the Telephone is refused, whichever step the seat is in."""
    ps = state["sheets"][seat]
    if not rules.has(ps, "telephone"):
        return _("You need the Telephone technology for that.")
    if ps["phone_round"] == state["round"]:
        return _("You have already used the Telephone this round.")
    return short_of(ps, rules.phone_cost(), pgettext("you need … to", "use the Telephone")) or _(
        "The Telephone is not usable right now.")


class OpenStep(RollWriteStep):
    """A step that refuses none of the answers it knows: it lists them (`choices`), its candidates are
    those answers each paired with None, and its options are the list itself. Settling asks a step for
    its options after nearly every decision; pairing every answer with None only to filter the pairs
    again was a measurable part of a playout. Most steps are open: only the choice of a set (the one the
    start player took) and the additional action (what the seat cannot pay or place) refuse answers."""

    @abstractmethod
    def choices(self, state: State, seat: int) -> list[Action]:
        """Every answer of this step now, in menu order (each allowed)."""

    def candidates(self, state: State, seat: int) -> list[Candidate]:
        return [(action, None) for action in self.choices(state, seat)]

    def own_options(self, state: State, seat: int) -> list[Action]:
        return self.choices(state, seat)

    def options(self, state: State, seat: int) -> list[Action]:
        return self.choices(state, seat)
