"""`YokohamaGame`: the engine contract (engine.core.Game) for Yokohama, 2–4 players.

Every decision is a `YokohamaStep` (engine/yokohama/flow.py finds the current one), so `legal`,
refusals, prompts, labels and details derive from one declaration per rule
(`engine.core.steps.StepGame`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from engine.core import seat_token
from engine.core.contract import State as JsonObject
from engine.core.deadline import Clock
from engine.core.kept_text import keeping
from engine.core.steps import StepGame
from engine.core.translate import N_, _
from engine.yokohama import ai, church, endgame, flow, greedy, port, refit, search, setup, story
from engine.yokohama import step as yokohama_step
from engine.yokohama import view as views
from engine.yokohama.copying import copy_state
from engine.yokohama.step import YokohamaStep
from engine.yokohama.types import Action, State
from engine.yokohama.view_types import YokohamaView

NOT_AN_ACTION = N_("That is not a Yokohama action; choose one of the offered options.")


class YokohamaGame(StepGame[State, Action, YokohamaView]):
    name = "yokohama"
    title = "Yokohama"
    min_players = 2
    max_players = 4
    default_options: dict[str, Any] = {}
    #: 2: one decision per placement, move, payment; Church Faith 1,1,3,4,5; Mining
    #: per receipt. `upgrade` carries a schema-1 game on at the same moment.
    #: 3: the calibrated components (Church, Customs, orders, building sites, 5-Power tokens) and a
    #: President in hand that cannot "return to hand" (rulings R7 and R8); a schema-2 game
    #: goes on under them unchanged in shape (its cards are read by id), but replays differently.
    #: 4: five Port spaces a board and a seven-space Church board (Faith 5–11; ruling R7's second
    #: calibration): a schema-3 game's boards are refitted (`refit.from_schema_3`).
    #: 5: Customs spaces 1, 1, 1, 2, 2, 3, 3, 4 (ruling R7): a Customs payment under way in a
    #: schema-4 game is chosen again (`refit.from_schema_4`).
    #: 6: Port B of three spaces, an eight-space Church board with two Faith-9 spaces, a third 2-good Customs
    #: space and Order cards paying nine tenths of their points (ruling R7): a schema-5
    #: game's boards are refitted (`refit.from_schema_5` and `from_schema_5_customs`).
    schema_version = 6
    #: easy: ai.py; hard: search.py, shown stronger than easy over 200 three-player games (README).
    ai_levels = ("easy", "hard")
    steps = flow.ALL_STEPS
    #: While `apply(..., offered=...)` runs: the end mark the given position was checked at (`flow.settled_mark`).
    _checked: flow.EndMark | None = None

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        with keeping():
            state = setup.new_state(players, seed, self.normalize_options(options))
        state["schema_version"] = self.schema_version
        return state

    def upgrade(self, state: JsonObject, from_version: int) -> JsonObject:
        """Schema 1 → 2: a turn stopped half-way under the old one-click-per-piece decisions
        goes on under the new ones from the same point (nothing already done is undone).
        2 → 3: a Church payment under way is chosen again on the recalibrated board.
        3 → 4: the Port rows and the Church board are refitted to five and seven spaces.
        4 → 5: a Customs payment under way is chosen again on today's Customs board.
        5 → 6: Port B's row and the Church board are refitted to three and eight spaces, and the Customs
        board's pawns to the spaces asking what theirs asked."""
        if from_version == 1:
            refit.from_schema_3(state)  # today's boards before the old turn is settled on them
            refit.from_schema_5(state)
            flow.upgrade_from_1(cast(State, state))
        if from_version == 2:  # 2 → 3: today's Church board; other values are read by id as they are used
            church.reopen_church_choice(cast(State, state))
        if from_version == 3:
            refit.from_schema_3(state)
        if from_version == 4:
            refit.from_schema_4(state)
        if from_version == 5:
            refit.from_schema_5(state)
            refit.from_schema_5_customs(state)
        return state

    def to_act(self, state: State) -> list[int]:
        return flow.to_act(state)

    def step_of(self, state: State, seat: int) -> YokohamaStep | None:
        return flow.step_of(state, seat)

    def apply(self, state: State, seat: int, action: Action, *, offered: Sequence[Action] | None = None) -> State:
        """`StepGame.apply`; with `offered` (a playout or a search: `legal` of the new state comes next),
        steps that could skip building their option list build it for `legal` to reuse
        (`step.list_wanted`), and the end conditions are not checked again where the flow checked them."""
        if offered is None:
            return super().apply(state, seat, action)
        # Such a caller never edits a state in place: if `state` is the position the flow last
        # settled, its end conditions were checked there and need no new check until they may change.
        self._checked = flow.settled_mark(state)
        yokohama_step.list_wanted = True
        try:
            return super().apply(state, seat, action, offered=offered)
        finally:
            yokohama_step.list_wanted = False
            self._checked = None

    def match_legal(self, state: State, seat: int, action: Action, *,
                    offered: Sequence[Action] | None = None) -> Action | None:
        """`Game.match_legal`, also accepting two order cards taken at once where the Port now asks for
        them one at a time (their labels could not show both cards whole): a stored game's log may hold
        such a pair, and it replays as it was played."""
        chosen = super().match_legal(state, seat, action, offered=offered)
        slots = action.get("slots") if isinstance(action, dict) else None
        if chosen is None and state["stage"] == "act_port" and isinstance(slots, list) and len(slots) == 2:
            chosen = super().match_legal(state, seat, action, offered=port.port_options(state, seat, every_pair=True))
        return chosen

    def _copy_for_move(self, state: State, seat: int) -> State:
        """A copy that knows the state's shape (copying.py): the parts dealt at `new()` and the other
        seats' boards are shared, the rest copied part by part — several times faster than a JSON
        copy, the same result."""
        return copy_state(state, seat)

    def _apply(self, state: State, seat: int, action: Action) -> None:
        # The state keeps a log of public events as kept text (`engine.core.kept_text`), whoever is reading.
        with keeping():
            flow.apply(state, seat, action, self._checked)

    def why_not_your_turn(self, state: State, seat: int) -> str:
        if state["stage"] == "keep":
            return _("You have already chosen your starting order.")
        return _("It is not your turn; {seat} is playing.").format(seat=seat_token(state["seat"]))

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        """The step's own reason; first the refusals every step shares (not an action, no such area)."""
        if not isinstance(action, dict) or action.get("do") not in self.action_kinds:
            return _(NOT_AN_ACTION)
        area = action.get("area")
        if isinstance(area, str) and area not in state["adjacent"]:
            return _("There is no such area in this game.")
        return super().why_illegal(state, seat, action)

    def owner_of(self, state: State, action: Action) -> YokohamaStep | None:
        """`StepGame.owner_of`, as the Yokohama step it always is (the story asks it how it is told)."""
        step = super().owner_of(state, action)
        return step if isinstance(step, YokohamaStep) else None

    def narrate(self, before: State, seat: int, action: Action, after: State) -> str:
        return story.narrate(before, seat, action, after, self.owner_of(before, action))

    def closes_undo(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Closed by a card drawn from a face-down deck (Port or Laboratory refill), the end of
        the turn or the game; a setup keep never opens one (it is a hidden choice made at once)."""
        return (before["stage"] == "keep" or after["over"] or after["turns"] != before["turns"]
                or len(after["order_deck"]) != len(before["order_deck"])
                or len(after["tech_deck"]) != len(before["tech_deck"]))

    def view(self, state: State, seat: int | None) -> YokohamaView:
        return YokohamaView(**views.view(state, seat, self.headline(state)))

    def headline(self, state: State) -> str:
        if state["over"]:
            winner = endgame.ranking(state)[0]
            total = endgame.final_scores(state)[winner]["total"]
            return _("Game over after {rounds} rounds — {seat} wins with {total} VP").format(
                rounds=state["round"] - 1, seat=seat_token(winner), total=total)
        if state["stage"] == "keep":
            return _("Setup — everyone keeps 1 of 2 order cards")
        final = state["end"]["final_round"]
        tail = _(" (final round: {final})").format(final=final) if final is not None else ""
        stage = views.stage_text(state)
        return _("Round {round}{final} — {seat}: {stage}").format(round=state["round"], final=tail,
                                                                  seat=seat_token(state["seat"]), stage=stage)

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def scores(self, state: State) -> list[dict[str, int]]:
        return endgame.final_scores(state)

    def ranking(self, state: State) -> list[int]:
        return endgame.ranking(state)

    def auto_action(self, state: State, seat: int) -> Action:
        if state["stage"] == "keep":
            return self.legal(state, seat)[0]
        return greedy.choose(state, seat)

    def ai_action(self, state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
                  clock: Clock | None = None, level: str = "easy") -> Action:
        """easy: ai.py (the greedy player's three best options played on in two sampled worlds, a fixed
        0.3-1 s of CPU whatever the budget); hard: search.py (more options in more worlds, spending the
        whole budget unless the race is decided sooner). Both see only what `seat` may see and are
        deterministic under `seed` (hard: for a given clock)."""
        self.check_level(level)
        if level == "hard":
            chosen = search.search_action(state, seat, seed=seed, budget_s=budget_s, clock=clock)
        else:
            chosen = ai.ai_action(state, seat, seed=seed, budget_s=budget_s, clock=clock)
        return cast(Action, chosen)  # None only when the seat has nothing to decide (ai.py answers so)

