"""Yokohama's hard AI level: today's look-ahead (the easy level), spending its whole budget.
Offered once it was shown stronger than the easy level over 200 three-player games (README;
`bench.ai_strength yokohama --against previous`).

Today's AI (ai.py) plays the greedy player's three best options on in two sampled worlds, each to the
seat's next turn, and stops: a fixed amount of work (0.3-1 s of CPU) whatever its budget. This search asks
the same question of more options in more worlds and looks further at the close calls, as the Duel's
search does (engine/duel/search.py):

- *Worlds.* Each step of the search draws a fresh determinization (ai.py's `determinize`: every
  card the seat cannot see is dealt again from the unseen ones, so the search never reads hidden
  cards) and plays every option still in the race in that same world, so the luck of a draw is
  common to all of them.
- *Options.* The greedy player's choice first, then the other options by the worth right after
  them (ai.py's ranking), `width` in all. Passing (the President back to hand) enters the race only
  when the greedy player itself passes: the rule that nobody passes with a gain in reach.
- *Successive halving.* After each world, options trailing the leader's mean by more than
  `drop_margin` leave, and at most `keeps[w]` stay, so later worlds go to the close calls; from
  world `deeper_from` on the play-outs run one more of the seat's turns (ai.py's rollout twice).
- *Values.* ai.py's margin: the greedy worth against the strongest rival's, or the real final
  score margin once a play-out reaches the end. A player ahead late in the game (ai.py's `closes_now`)
  ranks first the options whose play-outs fix the earliest final round, as today's AI does.

The search stops when one option is left, after `max_worlds` worlds, or at the deadline, which is
read inside every play-out decision and every greedy trial (`engine.core.deadline.checkpoint`).
Cut short, it answers with the option best over the worlds fully played, else the greedy choice,
else the first option. The worlds depend only on the seat's view, `seed` and the public turn
counters, so swapping another player's hidden orders never moves a decision; the number of worlds
depends on the clock, so a decision is deterministic under `seed` for a given clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Rng, canonical
from engine.core.deadline import Clock, Deadline, OutOfTime, checkpoint
from engine.core.rng import mix_seed
from engine.yokohama import flow, greedy
from engine.yokohama.ai import (
    NO_END,
    closes_now,
    determinize,
    final_round,
    greedy_choice,
    margin,
    ranked_candidates,
    rollout,
)
from engine.yokohama.types import Action, State


@dataclass(frozen=True)
class Settings:
    """The search's knobs. The defaults are a first choice, after the Duel's search, not yet tuned: its
    first games at a 1-s budget were too few to tune on (README)."""

    #: At most this many options enter the race (today's AI: 3).
    width: int = 6
    #: An option trailing the leader's mean by more than this many points leaves the race ...
    drop_margin: float = 6.0
    #: ... once this many worlds have rated it.
    drop_after: int = 2
    #: After world w at most `keeps[w]` options stay (the last entry for every later world).
    keeps: tuple[int, ...] = (6, 4, 3, 2)
    #: From this world on a play-out runs to the seat's second turn after the decision.
    deeper_from: int = 4
    #: The search stops after this many worlds even with time to spare.
    max_worlds: int = 24


DEFAULT = Settings()


def play_out(state: State, seat: int, turns: int) -> State:
    """ai.py's rollout `turns` times: every seat plays the greedy player's choices until `seat` has
    begun that many more turns of its own (or the game ends)."""
    for _ in range(turns):
        if state["over"]:
            break
        state = rollout(state, seat)
    return state


@dataclass
class _Entry:
    """One option in the race: the action, the state right after it in world 0, its values by world."""

    action: Action
    first: State
    values: list[float]
    #: The latest final round its play-outs fixed (ai.py's `final_round`), counted while closing.
    final: int = 0

    def mean(self) -> float:
        return sum(self.values) / len(self.values)

    def rank(self) -> tuple[int, float]:
        """Sooner end first (0 for all when not closing), then the mean margin."""
        return -self.final, self.mean()


def search_action(state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
                  clock: Clock | None = None, settings: Settings = DEFAULT) -> Action | None:
    """The search's choice for `seat` (None: it has nothing to decide); `budget_s` is the thinking
    time on `clock` (default `time.perf_counter`), used whole unless the race is decided sooner."""
    deadline = Deadline(budget_s, clock)
    options = flow.options(state, seat)
    if len(options) <= 1:
        return options[0] if options else None
    base = mix_seed(seed, "yokohama search", seat, state["turns"], state["round"], state["stage"])
    best: Action = options[0]
    race: list[_Entry] = []
    with deadline.running():
        try:
            world = determinize(state, seat, Rng(mix_seed(base, 0)))
            choice, chosen = greedy_choice(world, seat)
            best = choice
            race = [_Entry(a, s, []) for a, s in ranked_candidates(world, seat, choice, chosen, settings.width)]
            closing = closes_now(world, seat)
            for w in range(settings.max_worlds):
                if w > 0:
                    world = determinize(state, seat, Rng(mix_seed(base, w)))
                legal = {canonical(a) for a in flow.options(world, seat)}
                turns = 2 if w >= settings.deeper_from else 1
                values, finals = [], []
                for entry in race:
                    checkpoint()
                    if canonical(entry.action) not in legal:  # the seat's own options are public
                        values.append(float("-inf"))
                        finals.append(NO_END if closing else 0)
                        continue
                    start = entry.first if w == 0 else greedy.after(world, seat, entry.action)
                    ahead = play_out(start, seat, turns)
                    values.append(margin(ahead, seat))
                    finals.append(final_round(ahead) if closing else 0)
                for entry, value, final in zip(race, values, finals, strict=True):  # a world counts only when whole
                    entry.values.append(value)
                    entry.final = max(entry.final, final)
                leader = max(race, key=_Entry.rank)
                best = leader.action
                if w + 1 >= settings.drop_after:
                    race = [e for e in race
                            if e.final == leader.final and e.mean() >= leader.mean() - settings.drop_margin]
                keep = settings.keeps[min(w, len(settings.keeps) - 1)]
                race = sorted(race, key=_Entry.rank, reverse=True)[:keep]  # stable: ties keep their order
                if len(race) == 1:
                    break
        except OutOfTime:
            pass
    return best
