"""`DuelStep`: one Duel decision declared once — its answers with their refusal reasons, its effect,
its question and its words — with the free actions the rulebook allows "at any moment" mixed in.

A step lists its *candidates*: every well-formed answer paired with `None` (allowed) or the reason it
is refused. `options` keeps the allowed ones, `refusal` reads the reason of the one asked for, so the
rule that decides and the words that explain it are the same code and cannot drift apart.
"""

from __future__ import annotations

from engine.core.steps import DETAIL_LIMIT, LABEL_LIMIT, CandidateStep
from engine.core.translate import _
from engine.duel.copying import copy_state
from engine.duel.free import FREE
from engine.duel.types import Action, State


def fit(text: str, limit: int = LABEL_LIMIT) -> str:
    """`text` cut to `limit` characters, marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


class DuelStep(CandidateStep[State, Action]):
    #: Whether the free actions (complete an Order, hire a Foreign Agent, Spinning Mill) are offered.
    free: bool = True
    #: Whether a Foreign Agent may be sent from here (only between whole Area actions: ruling 4).
    agents: bool = False
    #: Whether a free action could leave this step without an answer (then only safe ones are offered).
    guard_free: bool = False

    def waiting(self, state: State, seat: int) -> str:
        """Why a move of another step is refused now."""
        return _("Finish your action first: {hint}.").format(hint=_(self.hint))

    def cut(self, text: str, limit: int) -> str:
        return fit(text, limit)

    # ----- derived: the Step contract, with the free actions mixed in ------------------------
    def answers(self, kind: str | None) -> bool:
        return kind in self.kinds or (self.free and kind in FREE.kinds)

    def options(self, state: State, seat: int) -> list[Action]:
        own = self.own_options(state, seat)
        if not self.free:
            return own
        extra = FREE.options(state, seat, agents=self.agents)
        if self.guard_free:
            extra = [a for a in extra if self._still_answerable(state, seat, a)]
        return own + extra

    def _still_answerable(self, state: State, seat: int, action: Action) -> bool:
        trial = copy_state(state)  # equal to the JSON copy, and cheaper
        FREE.take(trial, seat, action)
        return any(why is None for _, why in self.candidates(trial, seat))

    def apply(self, state: State, seat: int, action: Action) -> None:
        if self._is_free(action):
            FREE.take(state, seat, action)
        else:
            self.take(state, seat, action)

    def _is_free(self, action: Action) -> bool:
        return action.get("do") in FREE.kinds and action.get("do") not in self.kinds

    def label(self, state: State, action: Action) -> str:
        return fit(FREE.text(state, action)) if self._is_free(action) else super().label(state, action)

    def public_label(self, state: State, action: Action) -> str:
        return self.label(state, action) if self._is_free(action) else super().public_label(state, action)

    def detail(self, state: State, action: Action) -> str:
        if self._is_free(action):
            return fit(FREE.details(state, action), DETAIL_LIMIT)
        return super().detail(state, action)

    def refusal(self, state: State, seat: int, action: Action) -> str | None:
        do = action.get("do")
        if do in self.kinds:
            return self.own_refusal(state, seat, action)
        if do in FREE.kinds and self.free:
            return FREE.refusal(state, seat, action, agents=self.agents)
        return self.waiting(state, seat)

