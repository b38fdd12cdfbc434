"""`YokohamaStep`: one Yokohama decision declared once — its answers with their refusal reasons,
its effect, its question and its words (engine.core.steps).

A step lists its *candidates*: every well-formed answer it knows paired with `None` (allowed) or the
reason it is refused. `options` keeps the allowed ones in order, `refusal` reads the reason of the one
asked for, so the rule that decides and the words that explain it are the same code. Answers a step
cannot list (a placement over areas nobody can afford, a made-up card) are explained by `unknown`.
"""

from __future__ import annotations

from engine.core.steps import CandidateStep, note_options
from engine.core.translate import N_, _, language, pgettext
from engine.core.wording import third_person
from engine.yokohama.types import Action, State

#: Whether the position being settled will be asked for its option list at once: set while
#: `YokohamaGame.apply(..., offered=...)` runs (a playout or a search, whose next call is `legal`).
#: A step that can tell "more than one answer" without building its list (`MoveStep`, `SpreadStep`)
#: then builds it anyway, noted for `legal` (`note_options`): `legal` would build it next.
#: Everywhere else (a front end, the greedy player's trials) such a step keeps its shortcut.
list_wanted = False


class YokohamaStep(CandidateStep[State, Action]):
    #: The stage (`state["stage"]`) or pending choice (`state["pending"][0]["kind"]`) this step answers.
    stage: str = ""
    #: The stage as the view and the headline name it ("Port: taking orders").
    stage_text: str = ""
    #: What the step waits for, in a few words (marked for the catalogue; `waiting` words it).
    hint: str = N_("choose one of the offered options")
    def told(self, state: State, action: Action) -> str:
        """What the answer did, as a clause of the public turn story ("took order #12 …"); it must
        name no hidden card; the seat's token goes in front. The default is the label in the third
        person ("Buy 1 Tea" -> "buys 1 Tea"); a label that opens with no verb is told by what the player did
        with the thing it names ("takes Church 2 …", "uses the University: pays ¥1 …", "claims the achievement
        …"), never "chooses <label>". "" tells nothing (a formality such as ending the turn)."""
        text = self.text(state, action)
        if language() != "en":
            # A translated label is told as it reads, after a verb of choosing ("wählt: 2 Gehilfen nehmen"):
            # conjugating the label is the translator's business, not the code's, and a label read mid-sentence
            # ("…; 2 Gehilfen nehmen") would not read as something the seat did.
            # TRANSLATORS: a turn's story tells a decision by its button's label: "{seat} chooses: <label>" (the
            # seat's name goes before it, or it follows another event of the same seat after ";"). Japanese may
            # give the label alone.
            return pgettext("story", "chooses: {label}").format(label=text)
        told = third_person(text)
        if told is not None:
            return told
        if text.startswith("Mercenary "):
            return "sends a Mercenary, who " + text[len("Mercenary "):]
        head, colon, rest = text.partition(": ")
        if colon and head == "Achievement":
            return f"claims the achievement {rest}"
        done = third_person(rest) if colon else None
        if done is not None:
            return f"takes {head}: {done}" if any(c.isdigit() for c in head) else f"uses the {head}: {done}"
        return f"takes {text}"

    def waiting(self, state: State, seat: int) -> str:
        """Why a move that belongs to another step is refused now (the hint in the reader's language)."""
        return _("Not now: {hint}.").format(hint=_(self.hint))

    def single_answer(self, state: State, seat: int) -> Action | None:
        """The answer when there is exactly one (the flow takes it for the player), else None.
        A step whose list can be long overrides this with a count that builds nothing."""
        answers = self.options(state, seat)
        if len(answers) == 1:
            return answers[0]
        note_options(state, seat, answers)  # the flow stops here: `legal` may reuse the list
        return None
