"""The base of every Roll & Write decision step, and the Telephone every free choice offers.

A step (engine.core.steps.Step) declares once what may be chosen, how it applies, how it
is labelled and asked, and why something else is refused. Roll & Write adds two things:
`does` (the action kinds a step offers, so a label can be found from the action alone, as
`describe(state, action)` has no seat) and the Telephone, which the rulebook allows "in
any phase" and so belongs to every round step that marks a free choice (ruling R11).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from engine.core.steps import Step
from engine.rollwrite import rules
from engine.rollwrite.components import rules_data
from engine.rollwrite.labels import shorten
from engine.rollwrite.shapes import Action, PhoneAction
from engine.rollwrite.sheet import pay, push
from engine.rollwrite.state_types import Sheet, State

PHONE: PhoneAction = {"do": "phone"}


class RollStep(Step[State, Action]):
    """A Roll & Write step: `choices` are its own options; the Telephone joins them where allowed."""

    #: The action kinds (`action["do"]`) this step offers.
    does: tuple[str, ...] = ()
    #: Whether the Telephone is offered alongside this step's own choices.
    phone: bool = False
    #: Whether a single possible choice is taken without asking (rulebook steps with one way).
    auto_single: bool = False

    def choices(self, state: State, seat: int) -> Sequence[Any]:
        """This step's own options (without the Telephone), as the `shapes` TypedDicts."""
        return []

    def act(self, state: State, seat: int, action: Any) -> None:
        """Carry out one of this step's own options."""

    def words(self, state: State, action: Any) -> str:
        """The label of one of this step's own options, before shortening."""
        return str(action)

    def options(self, state: State, seat: int) -> list[Action]:
        # fresh dicts of the `shapes` TypedDicts `choices` builds: one cast for the list, none per option
        out = cast(list[Action], [dict(option) for option in self.choices(state, seat)])
        if self.phone and rules.phone_possible(state, state["sheets"][seat]):
            out.append(PHONE.copy())
        return out

    def apply(self, state: State, seat: int, action: Action) -> None:
        ps = state["sheets"][seat]
        if action["do"] == "phone":
            use_phone(state, ps)
        else:
            self.act(state, seat, action)

    def label(self, state: State, action: Action) -> str:
        if action.get("do") == "phone":
            return PHONE_LABEL
        return shorten(self.words(state, action))

    def detail(self, state: State, action: Action) -> str:
        """More than the label holds (<= 100 characters), for a menu option's description."""
        return ""

    def closes_undo(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Within a seat's round nothing is revealed (rolls and cards are fixed at new()):
        only the steps that say otherwise close the undo window (ruling R24)."""
        return False


PHONE_LABEL = "Telephone: pay 1 money, write 1 circle anywhere"


def use_phone(state: State, ps: Sheet) -> None:
    """Telephone: "Once per round, by paying 1 money you may write 1 additional circle"."""
    pay(ps, rules.phone_cost())
    ps["phone_round"] = state["round"]
    circles = rules_data()["telephone"]["circles"]
    push(ps, [{"t": "employees", "n": circles, "src": "Telephone"}])
