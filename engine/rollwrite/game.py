"""The Yokohama Roll & Write engine behind the contract of engine.core.Game.

This class only orchestrates: setup (setup.py), each seat's decision steps (declared once
each in round_steps.py and task_steps.py, chained by flow.py; `legal`, refusals, prompts,
labels and details derive from them through engine.core.steps.StepGame), scoring
(scoring.py), the view (view.py), the story of a decision (narration.py), stored states of
older versions (upgrades.py) and the greedy player (greedy.py). Rounds are simultaneous:
every seat works through its own round, and the next round begins when the last seat is done.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, cast

from engine.core import IllegalAction, OptionSpec, json_copy, seat_token
from engine.core.contract import canonical_state
from engine.core.deadline import Clock
from engine.core.jsoncopy import _orjson
from engine.core.steps import StepGame, forget_options
from engine.core.translate import N_, _, language, ngettext
from engine.rollwrite import flow, narration, rules, scoring, setup, upgrades, view
from engine.rollwrite.components import ROUNDS, area_name, rules_data
from engine.rollwrite.round_steps import waiting_for_start_player
from engine.rollwrite.shapes import Action, RollWriteView, SeatView, SheetView, YouView
from engine.rollwrite.sheet import move_copy
from engine.rollwrite.state_types import Options, Sheet, State
from engine.rollwrite.step import RollWriteStep
from engine.rollwrite.task_steps import TASK_STEPS


class RollWriteGame(StepGame[State, Action, RollWriteView]):
    name = "rollwrite"
    title = N_("Yokohama Roll & Write")  # translated where shown
    min_players = 1
    max_players = 20
    options = (
        OptionSpec(
            "side",
            "A",
            ("A", "B"),
            "Which side of the player sheet everyone plays: A is friendlier, B has longer orders.",
            title=N_("Sheet side"),
            labels=(N_("Side A"), N_("Side B")),
        ),
        OptionSpec(
            "start_player_priority",
            False,
            (False, True),
            "2 to 6 players: the start player picks a set first and the others may not take it.",
            title=N_("Start player priority"),
            labels=(N_("Off"), N_("On")),
        ),
        OptionSpec(
            "chinatown",
            False,
            (False, True),
            "Expansion: Chinatown replaces a goods area; 1 money buys any good, 4 money a cargo.",
            title=N_("Chinatown"),
            labels=(N_("Off"), N_("On")),
        ),
        OptionSpec(
            "chamber_of_commerce",
            False,
            (False, True),
            "Expansion: the Chamber of Commerce uses another area's action with 1 less power.",
            title=N_("Chamber of Commerce"),
            labels=(N_("Off"), N_("On")),
        ),
    )
    #: 2: rule fixes (Telephone after action D, Brick factory once per laboratory
    #: action, the round's confirmation step, Mining technology as an "A / B" bonus).
    schema_version = 2
    steps = flow.ALL_STEPS
    ai_levels = ("easy", "hard")

    # ----- setup ------------------------------------------------------------------------
    def new(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        self.check_players(players)
        given = dict(options or {})
        if isinstance(given.get("side"), str):
            given["side"] = given["side"].upper()
        opts = self.normalize_options(given)
        rule = rules_data()["start_player_priority"]
        if opts["start_player_priority"] and not rule["min_players"] <= players <= rule["max_players"]:
            low, high = rule["min_players"], rule["max_players"]
            raise IllegalAction(_("Start player priority is played with {low} to {high} players.").format(
                low=low, high=high))
        state = setup.new_state(players, seed, cast(Options, opts))
        state["schema_version"] = self.schema_version
        self._next_round(state)
        return state

    def _next_round(self, state: State) -> None:
        setup.begin_round(state)
        for seat in range(state["players"]):
            flow.settle(state, seat)

    def upgrade(self, state: dict[str, Any], from_version: int) -> dict[str, Any]:
        return upgrades.upgrade(state, from_version)

    # ----- turns ------------------------------------------------------------------------
    def step_of(self, state: State, seat: int) -> RollWriteStep | None:
        return flow.step_of(state, seat)

    def to_act(self, state: State) -> list[int]:
        if state["over"]:
            return []
        # `flow.owes_decision` of every seat, inlined (asked twice per action in a playout); nobody
        # waits for the start player without start player priority or once the start player has chosen
        if state["start_player"] is None or state["priority_set"] is not None:
            return [s for s, ps in enumerate(state["sheets"]) if ps["queue"] or ps["step"] != "done"]
        return [s for s, ps in enumerate(state["sheets"])
                if ps["queue"] or (ps["step"] != "done" and not waiting_for_start_player(state, s))]

    def legal(self, state: State, seat: int) -> list[Action]:
        kept = _seat_options
        if kept is not None and kept[0] is state and type(seat) is int:
            noted = kept[1].get(seat)
            if noted is not None:
                return list(noted[1])
        return super().legal(state, seat)

    def apply(self, state: State, seat: int, action: Action, *,
              offered: Sequence[Action] | None = None) -> State:
        """`StepGame.apply`; with `offered` (a playout or a search, which never edit a state in place),
        every seat's option list stays at hand for `legal`: the lists `settle` built in the new state,
        and those of the other seats kept for `state` whose sheet the move left as it was (the new state
        shares it) — in a simultaneous round a playout picks any seat, not only the one that moved.

        An action picked from `offered` itself (the very object, as a playout picks it) is carried out
        here directly: `Game.apply`'s checks (the game goes on, the seat owes a decision: it has a step,
        which the move then answers without looking it up again; noted with the seat's options, it is
        not even looked up once), without the layers between, which
        cost a playout as much as some of its decisions. It is applied as it is, not copied as
        `match_legal` copies an answer: the option is the engine's own object (built by a step, plain
        JSON), and no step edits an action or keeps it in the state (it reads its fields;
        tests/engine/rollwrite/test_fast_apply.py holds every step to that), so a copy would change
        nothing (it cost ~3% of a playout's instructions). Any other action takes the general path,
        with its matching and refusals."""
        global _seat_options
        if offered is None:
            return super().apply(state, seat, action)
        chosen: Action | None = None
        kept = _seat_options
        noted = kept[1].get(seat) if kept is not None and kept[0] is state and type(seat) is int else None
        step = noted[0] if noted is not None else self._owed_step(state, seat)
        if step is not None:
            for option in offered:
                if option is action:
                    chosen = option
                    break
        fast = chosen is not None and step is not None
        if fast:
            assert chosen is not None and step is not None  # `fast` says so; for the type checker
            new_state = self._copy_for_move(state, seat)
            self._apply(new_state, seat, chosen, step)
        else:
            new_state = super().apply(state, seat, action, offered=offered)
        carried: dict[int, flow.Noted] = {}
        if (kept is not None and kept[0] is state and not new_state["over"]
                and new_state["round"] == state["round"]
                and new_state["priority_set"] == state["priority_set"]
                and new_state["start_player"] == state["start_player"]):
            if fast:  # only the mover's sheet is new (`_copy_for_move`; a new round is excluded above):
                carried = kept[1]  # the others' lists carry on in the very dict, which nothing else holds
                carried.pop(seat, None)
            else:
                old_sheets, new_sheets = state["sheets"], new_state["sheets"]
                carried = {s: noted for s, noted in kept[1].items()
                           if s != seat and new_sheets[s] is old_sheets[s]}
        carried.update(flow.noted_options(new_state))
        _seat_options = (new_state, carried)
        return new_state

    def _owed_step(self, state: State, seat: int) -> RollWriteStep | None:
        """The step of a seat (an `int`) that owes a decision, None for any other: `flow.step_of` has a
        step exactly for the seats of `to_act` (a task queued, or a round not done and not waiting for
        the start player's pick, in a game not over) and reads only that seat. Anything but an `int`
        (even `True`, which a list index takes for 1) is None: the general path judges it."""
        return flow.step_of(state, seat) if type(seat) is int else None

    def _copy_for_move(self, state: State, seat: int) -> State:
        """Copy only what a move of `seat` can change.

        `copy.deepcopy` of the whole state dominated the time of a playout. An action
        changes only the acting seat's sheet and a few top-level numbers (the round's
        start of every sheet is handled in `_apply`), so the new state shares the rest —
        the dice, cards, layout and other sheets, which the engine never mutates — with
        the old one; the given state stays untouched as the contract requires.
        """
        new_state = state.copy()
        new_state["sheets"] = list(state["sheets"])
        new_state["sheets"][seat] = _clone(state["sheets"][seat])
        return new_state

    def _apply(self, state: State, seat: int, action: Action, step: RollWriteStep | None = None) -> None:
        """`flow.perform`, then the next round or the end once every seat is done; `step`: the seat's
        step, when the caller has just read it (`flow.perform`)."""
        flow.perform(state, seat, action, step)
        mover = state["sheets"][seat]  # the mover first: while it plays on, the round goes on
        if (mover["step"] == "done" and not mover["queue"]
                and all(ps["step"] == "done" and not ps["queue"] for ps in state["sheets"])):
            if state["round"] >= ROUNDS:
                forget_options()  # the game is over: no seat has options
                flow.forget_noted()
                state["over"] = True
            else:
                state["sheets"] = [_clone(ps) for ps in state["sheets"]]
                self._next_round(state)

    def why_not_your_turn(self, state: State, seat: int) -> str:
        if not 0 <= seat < state.get("players", 0):
            return _("You are not playing in this game.")
        if waiting_for_start_player(state, seat):
            start = cast(int, state["start_player"])  # waiting for them: they hold the tile
            return _("Wait: the start player chooses a dice-and-card set first ({seat}).").format(
                seat=seat_token(start))
        return _("You are done for this round; the others are still playing it.")

    def why_illegal(self, state: State, seat: int, action: Action) -> str:
        if not isinstance(action, dict) or "do" not in action:
            return _("That is not a move in this game; choose one of the offered options.")
        return super().why_illegal(state, seat, action)

    def pending_label(self, state: State, seat: int) -> str:
        """What this seat must decide now, for the Discord panel header."""
        if state["over"]:
            return _("The game is over")
        if waiting_for_start_player(state, seat):
            return _("Waiting for the start player ({seat}) to choose a set").format(
                seat=seat_token(cast(int, state["start_player"])))
        step = self.step_of(state, seat)
        return step.prompt(state, seat) if step is not None else _("Done for this round")

    def decision_stamp(self, state: State, seat: int) -> str:
        """A seat's decision depends only on its own sheet, the round and the start player's pick,
        so other players' moves in the same round leave its panel valid."""
        basis = [state["round"], state["over"], state["priority_set"], state["sheets"][seat]]
        # `canonical_state`: the same text as `canonical`, written by orjson (a panel's stamp is built per click)
        return hashlib.sha1(canonical_state(basis).encode()).hexdigest()[:12]

    def reveals(self, before: State, seat: int, action: Action, after: State) -> bool:
        """Confirming the round (played for the player when it is all that is left) reveals nothing until
        it closes the round for everyone: then the next round's dice are shown (R24)."""
        if isinstance(action, dict) and action.get("do") == "end":
            return after["round"] != before["round"] or bool(after["over"])
        return self.closes_undo(before, seat, action, after)

    # ----- showing (`describe` and `detail`: the owning step's, engine.core.steps) ------------------
    def narrate(self, before: State, seat: int, action: Action, after: State) -> str:
        return narration.narrate(self.describe(before, action), before, seat, after,
                                 kind=action.get("do", "") if isinstance(action, dict) else "")

    def turn_marker(self, state: State) -> Any:
        """The round: a deadline finishes a late player's round, never the next one."""
        return state["round"]

    def headline(self, state: State) -> str:
        return self._headline(state, self.scores(state) if state["over"] else [])

    def _headline(self, state: State, scores: list[dict[str, int]]) -> str:
        """`headline` from the scores the caller already has (`view` reckons them once for everything)."""
        if state["over"]:
            places = self._places(state, scores)
            winners = [s for s, place in enumerate(places) if place == 1]
            total = scores[winners[0]]["total"]
            if state["players"] == 1:
                return _("Game over: {total} VP").format(total=total)
            if len(winners) > 1:
                names = ", ".join(seat_token(s) for s in winners)
                return _("Game over: {names} share the victory with {total} VP").format(names=names, total=total)
            return _("Game over: {seat} wins with {total} VP").format(seat=seat_token(winners[0]), total=total)
        waiting = len(self.to_act(state))
        return ngettext("Round {round} of {rounds} — {n} player still to play",
                        "Round {round} of {rounds} — {n} players still to play", waiting).format(
            round=state["round"], rounds=ROUNDS, n=waiting)

    def view(self, state: State, seat: int | None) -> RollWriteView:
        """See view.py for the full shape."""
        scores = self.scores(state)
        seats = [self._seat_view(state, s, scores[s]) for s in range(state["players"])]
        you: YouView | None = None
        if seat is not None and 0 <= seat < state["players"]:
            opts = self.legal(state, seat) if seat in self.to_act(state) else []
            you = {
                "seat": seat,
                "pending": self.pending_label(state, seat),
                "options": [
                    {"action": a, "label": self.describe(state, a), "detail": self.detail(state, a)} for a in opts
                ],
            }
        view_data: RollWriteView = {
            "game": self.name,
            "side": state["options"]["side"],
            "options": dict(state["options"]),
            "players": state["players"],
            "round": state["round"],
            "rounds": ROUNDS,
            "over": state["over"],
            "headline": self._headline(state, scores),
            "viewer": seat,
            "areas": [{"row": r, "id": a, "name": area_name(a)} for r, a in enumerate(state["areas"])],
            "aside": {"id": state["aside"], "name": area_name(state["aside"])} if state["aside"] else None,
            "labs": view.labs_view(state),
            "sets": view.public_sets(state),
            "start_player": state["start_player"],
            "priority_set": state["priority_set"],
            "seats": seats,
            "you": you,
        }
        # a private copy: the caller may change it freely without touching the cached sheet data; the
        # sheets, most of a view, are put in afterwards as private copies of their own (`_sheet_view`)
        private = json_copy(view_data)
        for s, seat_view in enumerate(private["seats"]):
            seat_view["sheet"] = _sheet_view(state, state["sheets"][s])
        return private

    def _seat_view(self, state: State, seat: int, scores: dict[str, int]) -> SeatView:
        ps = state["sheets"][seat]
        return {
            "seat": seat,
            "owes": (not state["over"]) and flow.owes_decision(state, seat),
            "pending": self.pending_label(state, seat),
            "scores": scores,
            "orders_fulfilled": sum(ps["fulfilled"]),
            "achievements": scoring.achievements(state, ps, rules.side_data(state), total=scores["total"]),
            "sheet": cast(SheetView, None),  # filled in by `view`, as a private copy (`_sheet_view`)
        }

    # ----- the end ----------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return bool(state["over"])

    def scores(self, state: State) -> list[dict[str, int]]:
        data = rules.side_data(state)
        return [scoring.score_sheet(state, ps, data) for ps in state["sheets"]]

    def ranking(self, state: State) -> list[int]:
        """Most VP; ties: more unconsumed money + faith, then more unused employee circles."""
        totals = [s["total"] for s in self.scores(state)]
        keys = [(totals[s], *scoring.tie_break_key(ps)) for s, ps in enumerate(state["sheets"])]
        return sorted(range(state["players"]), key=lambda s: tuple(-k for k in keys[s]))

    def places(self, state: State) -> list[int]:
        """Each seat's place (1 = first); seats still tied after both tie-breakers share a place."""
        return self._places(state, self.scores(state))

    def _places(self, state: State, scores: list[dict[str, int]]) -> list[int]:
        keys = [(scores[s]["total"], *scoring.tie_break_key(ps)) for s, ps in enumerate(state["sheets"])]
        return [1 + sum(1 for other in keys if other > keys[s]) for s in range(state["players"])]

    def achievements(self, state: State, seat: int) -> list[str]:
        """The rulebook's achievements earned by this seat (final once the game is over)."""
        return scoring.achievements(state, state["sheets"][seat], rules.side_data(state))

    def orders_fulfilled(self, state: State, seat: int) -> int:
        return sum(state["sheets"][seat]["fulfilled"])

    # ----- the absent player ------------------------------------------------------------
    def auto_action(self, state: State, seat: int) -> Action:
        from engine.rollwrite.greedy import greedy_action

        if not self.legal(state, seat):
            raise IllegalAction(_("There is nothing to decide for this seat."))
        return greedy_action(self, state, seat)

    def ai_action(self, state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
                  clock: Clock | None = None, level: str = "easy") -> Action:
        """easy: engine/rollwrite/ai.py (the greedy player's judgement to the end of the round, in a few
        milliseconds; the daily challenge's par is this level's score, so it must not change); hard:
        engine/rollwrite/search.py (spends its whole budget looking into sampled future rounds). Both
        see only what `seat` sees and are deterministic under `seed` (hard: for a given clock)."""
        from engine.rollwrite import ai, search

        self.check_level(level)
        if not self.legal(state, seat):
            raise IllegalAction(_("There is nothing to decide for this seat."))
        if level == "hard":
            chosen = search.search_action(self, state, seat, seed=seed, budget_s=budget_s, clock=clock)
        else:
            chosen = ai.ai_action(self, state, seat, seed=seed, budget_s=budget_s, clock=clock)
        return cast(Action, chosen)  # None only when there is no legal action, refused above


#: The option lists `legal` may hand out again, with the step that built each: (a state a playout's
#: `apply(..., offered=...)` returned, {seat: (its step, its options)}); see `RollWriteGame.apply`.
#: Held by identity (a strong reference).
_seat_options: tuple[State, dict[int, flow.Noted]] | None = None


#: Sheet views as orjson text, by the orjson text of what they are read from (`_sheet_view`); emptied
#: when full, so at most this many (a 4-player view holds 4; ~6 KB each).
_SHEET_VIEWS: dict[bytes, bytes] = {}
SHEET_VIEWS_LIMIT = 64


def _sheet_view(state: State, ps: Sheet) -> SheetView:
    """`view.sheet_view` of one sheet as a private copy, remembered by what it is read from (the sheet
    side, the areas' order, the laboratories' technologies and the sheet itself, and the reader's
    language). A sheet's view is asked for again and again with nothing changed: by every seat's view
    and the public one of the same position, for the sheets a move left alone, and twice for the same
    position in a playout's final check (the state and its reloaded copy)."""
    if _orjson is None:
        return json_copy(view.sheet_view(state, ps, TASK_STEPS))
    try:
        # the reader's language too: a view is in words (a reloaded state has its keys sorted)
        key: bytes = _orjson.dumps([language(), state["options"]["side"], state["areas"], state["labs"], ps],
                                   option=_orjson.OPT_SORT_KEYS)
    except TypeError:  # not plain JSON: no key, so not remembered
        return json_copy(view.sheet_view(state, ps, TASK_STEPS))
    text = _SHEET_VIEWS.get(key)
    if text is None:
        made = view.filled_sheet_view(state, ps, TASK_STEPS)  # private already: handed out as it is
        assert made is not None  # orjson is at hand
        if len(_SHEET_VIEWS) >= SHEET_VIEWS_LIMIT:
            _SHEET_VIEWS.clear()
        _SHEET_VIEWS[key] = _orjson.dumps(made)
        return made
    fresh: SheetView = _orjson.loads(text)
    return fresh


def _clone(sheet: Sheet) -> Sheet:
    """The copy of one sheet a move may change (sheet.move_copy: what no move edits stays shared)."""
    return move_copy(sheet)


GAME = RollWriteGame()
