"""`YokohamaGame`: the engine contract (engine.core.Game) for Yokohama, 2–4 players."""

from __future__ import annotations

from typing import Any

from engine.core import Game, State, json_copy, seat_token
from engine.yokohama import ai as search
from engine.yokohama import describe as labels
from engine.yokohama import endgame, flow, greedy, setup, story
from engine.yokohama import view as views
from engine.yokohama.components import area_name

Action = Any


class YokohamaGame(Game):
    name = "yokohama"
    title = "Yokohama"
    min_players = 2
    max_players = 4
    default_options: dict[str, Any] = {}
    #: 2: one decision per placement, move, payment (issue 10); Church Faith 1,1,3,4,5; Mining
    #: per receipt (issue 13). `upgrade` carries a schema-1 game on at the same moment.
    schema_version = 2

    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        state = setup.new_state(players, seed, self.normalize_options(options))
        state["schema_version"] = self.schema_version
        return state

    def upgrade(self, state: State, from_version: int) -> State:
        """Schema 1 → 2: a turn stopped half-way under the old one-click-per-piece decisions
        goes on under the new ones from the same point (nothing already done is undone)."""
        if from_version == 1:
            flow.upgrade_from_1(state)
        return state

    def to_act(self, state: State) -> list[int]:
        return flow.to_act(state)

    def legal(self, state: State, seat: int) -> list[Action]:
        return flow.options(state, seat)

    def _copy_for_move(self, state: State, seat: int) -> State:
        """A JSON copy (`json_copy`): many times faster than `copy.deepcopy` for this plain-JSON
        state (profiled: deepcopy was 85% of a playout)."""
        return json_copy(state)

    def _apply(self, state: State, seat: int, action: Action) -> None:
        flow.apply(state, seat, action)

    def why_not_your_turn(self, state: State, seat: int) -> str:
        if state["stage"] == "keep":
            return "You have already chosen your starting order."
        return f"It is not your turn; {seat_token(state['seat'])} is playing."

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        return why_illegal(state, seat, action)

    def describe(self, state: State, action: Action) -> str:
        return labels.describe(state, action)

    def public_label(self, state: State, action: Action) -> str:
        """Like `describe`, but the order kept at setup stays secret (it goes into a hidden hand)."""
        if isinstance(action, dict) and action.get("do") == "keep":
            return "Keep one of the two dealt order cards"
        return labels.describe(state, action)

    def detail(self, state: State, action: Action) -> str:
        return labels.detail(state, action)

    def narrate(self, before: State, seat: int, action: Action, after: State) -> str:
        return story.narrate(before, seat, action, after)

    def closes_undo(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Closed by a card drawn from a face-down deck (Port or Laboratory refill), the end of
        the turn or the game; a setup keep never opens one (it is a hidden choice made at once)."""
        return (before["stage"] == "keep" or after["over"] or after["turns"] != before["turns"]
                or len(after["order_deck"]) != len(before["order_deck"])
                or len(after["tech_deck"]) != len(before["tech_deck"]))

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.view(state, seat, self.headline(state))

    def headline(self, state: State) -> str:
        if state["over"]:
            winner = endgame.ranking(state)[0]
            total = endgame.final_scores(state)[winner]["total"]
            return f"Game over after {state['round'] - 1} rounds — {seat_token(winner)} wins with {total} VP"
        if state["stage"] == "keep":
            return "Setup — everyone keeps 1 of 2 order cards"
        final = state["end"]["final_round"]
        tail = f" (final round: {final})" if final is not None else ""
        stage = views.STAGE_TEXT.get(state["stage"], state["stage"])
        return f"Round {state['round']}{tail} — {seat_token(state['seat'])}: {stage}"

    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def scores(self, state: State) -> list[dict[str, int]]:
        return endgame.final_scores(state)

    def ranking(self, state: State) -> list[int]:
        return endgame.ranking(state)

    def auto_action(self, state: State, seat: int) -> Action:
        if state["stage"] == "keep":
            return flow.options(state, seat)[0]
        return greedy.choose(state, seat)

    def ai_action(self, state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0) -> Action:
        """The look-ahead AI (ai.py), playing from what `seat` may see only."""
        return search.ai_action(state, seat, seed=seed, budget_s=budget_s)


def why_illegal(state: State, seat: int, action: Action) -> str:
    """A reason a player understands for the commonest refused actions."""
    if not isinstance(action, dict) or "do" not in action:
        return "That is not a Yokohama action; choose one of the offered options."
    pl = state["p"][seat]
    do = action["do"]
    area = action.get("area")
    if isinstance(area, str) and area not in state["adjacent"]:
        return "There is no such area in this game."
    if do == "place":
        chosen = [*action.get("areas", []), *([action["pair"]] if "pair" in action else [])]
        if "canal" in chosen or action.get("extra") == "canal":
            return "You may not place assistants in the Canal."
        if any(not isinstance(a, str) or a not in state["adjacent"] for a in chosen):
            return "There is no such area in this game."
        if pl["hand"]["assistants"] < len(chosen) + ("pair" in action):
            return "You do not have that many assistants in hand."
        if len(set(chosen)) != len(chosen):
            return "Place 1 assistant in each of different areas, or 2 in one area."
        return ("You cannot place that way: at most 3 areas (4 with Newspaper), each affordable "
                "(¥1 per assistant to each President there).")
    if do == "go" and isinstance(area, str) and area in state["adjacent"]:
        if pl["placed"].get(area, 0) == 0 and area != "canal":
            return f"Your President may only move into areas with your assistants; none are in {area_name(area)}."
        return f"Your President cannot move to {area_name(area)} now."
    if do == "fulfill":
        if action.get("order") not in pl["orders"]:
            return "That order card is not in your hand."
        return "You do not have the goods that order needs."
    if do == "merc":
        if pl["flags"]["merc"]:
            return "You may use a Foreign Mercenary only once per turn."
        return "You need an unused Foreign Mercenary and an area with your assistant but not your President."
    if do == "order":
        if len(pl["orders"]) >= 3:
            return "You may hold at most 3 order cards."
        return "That order card is out of reach at this Power, or you cannot pay for a second card."
    if do == "tech":
        return "You cannot pay that technology's Industry value, or you already own one of that name."
    if do == "achieve":
        return "You do not meet that achievement, already completed it, or have no assistant in hand."
    return "That move is not possible now; choose one of the offered options."
