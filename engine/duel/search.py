"""A stronger Duel AI (issue 25): a determinized search that spends its whole budget.

Today's AI (ai.py) rates the greedy player's best three options in one sampled world, each played
on to the end of the seat's own turn, and stops: it uses a few dozen milliseconds of any budget.
This search asks the same question of more options, in many sampled worlds, looking further:

- *Worlds.* Each round of the search draws a fresh determinization (ai.py's `determinize`: every
  card the seat cannot see is resampled from the unseen ones, so the search never reads hidden
  cards) and plays every option still in the race in that same world. Comparing options on common
  worlds removes the luck of the draw from the comparison (a Port draw, the Technology deck), so a
  few worlds already separate options a real difference apart.
- *Options.* The greedy player's own one-step value ranks the options once (ai.py's `_one_step`);
  the best `WIDTH` enter the race. After every world, an option whose mean trails the leader's by
  more than `DROP_MARGIN` (with at least `DROP_AFTER` worlds behind it) leaves the race, so the time
  goes to the close calls; once one option is left, or `MAX_WORLDS` worlds are done, the search stops.
- *Look-ahead.* Each play-out lets both seats play the greedy player's choices until `HORIZON_TURNS`
  turns have ended (the seat's own and the opponent's reply), and is valued `worth(me) - worth(opp)`
  (the greedy player's estimate of final points), or the real score difference once the game is over.
  In the last round the play-outs run on to the end: the final score, majorities and all, is cheap
  to reach there and is what decides the game.

It plays only from what its seat may see (the search's seeds depend only on `seed` and the public
turn counters, its worlds only on visible cards), so swapping the opponent's hidden cards never
changes a decision (tests/engine/duel/test_search.py). The number of worlds is decided by the clock,
so a decision is deterministic under `seed` for a given clock (the tests drive a fake one); with the
real clock a loaded machine sees fewer worlds. The deadline is read at every engine decision of the
ranking and of every play-out (`engine.core.deadline.checkpoint` inside `flow.perform`), so a
decision ends within one engine decision of its budget, answering with the best option judged on
the completed worlds (else the best judged in the first, else the greedy player's favourite).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Rng, canonical, mix_seed
from engine.core.deadline import Clock, Deadline, OutOfTime, checkpoint
from engine.duel import flow
from engine.duel.ai import _one_step, _value, determinize
from engine.duel.cards import ROUNDS
from engine.duel.greedy import _after, greedy_action
from engine.duel.types import Action, State


@dataclass(frozen=True)
class Settings:
    """The search's knobs (the module defaults are the measured best; the bench can try others)."""

    #: At most this many options (the greedy player's best by its one-step value) enter the race.
    width: int = 6
    #: Turns that end before a play-out is valued (1: the seat's own turn; 2: and the reply).
    horizon_turns: int = 2
    #: In the last round, play on to the end of the game (the real score difference).
    to_the_end_in_last_round: bool = True
    #: An option trailing the leader's mean by more than this many points leaves the race ...
    drop_margin: float = 3.0
    #: ... once this many worlds have rated it.
    drop_after: int = 2
    #: The search stops after this many worlds even with time to spare (an ample budget ends).
    max_worlds: int = 48
    #: A guard against a play-out that never reaches its horizon.
    rollout_limit: int = 200


DEFAULT = Settings()


def _play_out(state: State, settings: Settings) -> State:
    """Both seats play the greedy player's choices until `horizon_turns` turns have ended (or, in
    the last round with `to_the_end_in_last_round`, until the game is over). Mutates `state`."""
    to_the_end = settings.to_the_end_in_last_round and state["round"] >= ROUNDS
    start_round, start_turns = state["round"], state["turns_done"]
    for _ in range(settings.rollout_limit):
        checkpoint()
        if state["phase"] == "over":
            break
        if not to_the_end and state["phase"] == "turn":
            turns = state["turns_done"] - start_turns if state["round"] == start_round else 99
            if turns >= settings.horizon_turns:
                break
        seat = flow.to_act(state)[0]
        flow.perform(state, seat, greedy_action(state, seat))
    return state


@dataclass
class _Entry:
    """One option in the race: its index among the options and its values, one per world."""

    index: int
    values: list[float]

    def mean(self, worlds: int) -> float:
        return sum(self.values[:worlds]) / worlds


def search_action(state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
                  clock: Clock | None = None, settings: Settings = DEFAULT) -> Action:
    """The search's choice for `seat`; `budget_s` is the thinking time on `clock` (default
    `time.perf_counter`), used whole unless the race is decided sooner."""
    deadline = Deadline(budget_s, clock)
    choices = flow.options(state, seat)
    if len(choices) <= 1:
        return choices[0]
    base = mix_seed(seed, "duel search", seat, state["round"], state["turns_done"], state.get("log_count", 0))
    best = 0
    race: list[_Entry] = []
    worlds_done = 0
    with deadline.running():
        try:
            world = determinize(state, seat, Rng(mix_seed(base, 0)))
            rated: list[tuple[float, int]] = []
            for i, choice in enumerate(choices):
                checkpoint()
                rated.append((-_one_step(world, seat, choice), i))
                best = min(rated)[1]  # cut short here: the greedy player's best so far
            race = [_Entry(i, []) for _, i in sorted(rated)[:settings.width]]
            best = race[0].index
            for w in range(settings.max_worlds):
                if w > 0:
                    world = determinize(state, seat, Rng(mix_seed(base, w)))
                legal = {canonical(a) for a in flow.options(world, seat)}
                for entry in race:
                    key = canonical(choices[entry.index])
                    if key not in legal:  # never seen in practice: the seat's options are public
                        entry.values.append(float("-inf"))
                        continue
                    entry.values.append(_value(_play_out(_after(world, seat, choices[entry.index]), settings), seat))
                worlds_done = w + 1
                leader = max(race, key=lambda e: e.mean(worlds_done))
                best = leader.index
                if worlds_done >= settings.drop_after:
                    top = leader.mean(worlds_done)
                    race = [e for e in race if e.mean(worlds_done) >= top - settings.drop_margin]
                if len(race) == 1:
                    break
        except OutOfTime:
            if worlds_done == 0 and race and race[0].values:
                # cut short in the first world: the best of the options it rated
                best = max((e for e in race if e.values), key=lambda e: e.values[0]).index
    return choices[best]
