"""A stronger Roll & Write AI (the "hard" level): a determinized search that looks past the round.

Today's AI (ai.py) plays the greedy player's best options to the end of the seat's round and keeps the
best by `sheet_value`; it never looks into the rounds to come, whose dice and cards it must not read
(they are fixed in the state at `new()`, and the daily challenge's fairness rests on them). This search
looks into them through sampled futures:

- *Worlds.* Each step of the search draws a fresh world: the state seen by the seat (its own sheet, the
  layout, the dice and cards rolled so far), with the dice of every later round rolled afresh and the
  employment cards of every later round dealt afresh from the cards not yet seen (the deck holds 36, 3 a
  round, so what is left is known). The future rolls in the state are never read: a test swaps them and
  the decision stays. A world keeps only the seat's own sheet (a solo game): another sheet never changes
  this seat's points, and the start player's pick in later rounds (start player priority) is left out
  of the look-ahead. Every option still in the race is played in the same world, so the luck of the
  dice falls alike on all of them and the comparison sees only what the option changes.
- *Options, halved as the look-ahead deepens.* The one-step worth of ai.py (`sheet_value` right after the
  option) ranks the options; the best `width` enter the race. World w plays each to the end of round
  `now + horizons[w]` (0: the current round, as ai.py) with the greedy player's choices and values it by
  `sheet_value` there, or by the real score once the game is over. After each world, options trailing
  the leader's mean by more than `drop_margin` leave, and at most `keeps[w]` stay, so the deeper (and
  dearer) play-outs go to the close calls. Means over worlds of different depths still compare fairly:
  within a world every option is played to the same horizon.
- *Stopping.* When one option is left, after `max_worlds` worlds, or at the deadline. The deadline is
  read in every loop and at every engine decision (`engine.core.deadline.checkpoint` inside
  `flow.perform`), so a decision ends within one engine decision of its budget, answering with the
  leader over the completed worlds (else the best of the first world's options judged, else the best
  one-step worth so far, else the first option).

The search's seeds depend only on `seed`, the round and the seat's own sheet, so a decision is
deterministic under `seed` for a given clock (the number of worlds is decided by the clock; the tests
drive a fake one).

Measured against today's AI (bench/ai_strength.py rollwrite --against previous: each seed played solo
by both, the same dice and cards, side A on even seeds and B on odd ones; a paired comparison; one
worker process, the 2-core machine at load ~4 from other runs). Tried first, 16 seeds (90000-90015) at
0.1 s a decision: these defaults (worlds at horizons 0, 1, 2 rounds, then to the end; every world
counts) +12.5 VP +- 12.3 (95%); world 0 as a screen only and every later world one round deep
(`deep_from=1, horizons=(0, 1), keeps=(3,)`) +3.9 +- 9.2; the same two rounds deep was stopped after 2
seeds to free the machine for the long run. A paired difference has a spread of ~17 VP a game (a
game that goes another way early goes another way to its end), so 16 seeds tell little; the
defaults were kept as the better of the two and measured over 200 seeds.
Over 200 seeds (90000-90199) at 0.2 s a decision, both levels: hard 156.9 VP, easy 147.0 VP, paired
difference +9.94 VP (95% interval +7.58 to +12.29; side A +9.3, side B +10.6); hard ahead on 138
seeds, tied on 1, behind on 61. Decision time (24,228 decisions with a choice): p50 200 ms, p95 200 ms,
max 615 ms (on a machine at load ~4; the tail was not looked into: the fake-clock test holds the
search to its budget within one engine decision, and bench.ai_time_cap was not run for this level);
easy's p50 10 ms, p95 40 ms, max 201 ms. The bar (+5 VP over 200 solo games at the same
budget) is met at 0.2 s. More time pays: at 0.5 s a decision, 48 seeds (90000-90047, two runs of 12
and 36, one worker, load ~4): hard 163.5 VP, easy 145.9 VP, paired difference +17.6 VP (95% interval
+10.8 to +24.3), hard ahead on 36, behind on 12 (the same 48 seeds at 0.2 s: +9.6); decision time p50
~0.4 s (a race is often decided, or ends at `max_worlds`, before the deadline), p95 500 ms, max 884 ms.
The bot's default budget (2 s) was not measured over whole games (200 seeds at 2 s would take ~14
hours on one process).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import Game, IllegalAction, Rng, mix_seed
from engine.core.deadline import Clock, Deadline, OutOfTime, checkpoint
from engine.rollwrite.components import ROUNDS, employment_cards
from engine.rollwrite.greedy import greedy_action, sheet_value
from engine.rollwrite.shapes import Action
from engine.rollwrite.state_types import State

RollWrite = Game[State, Action, Any]


@dataclass(frozen=True)
class Settings:
    """The search's knobs (the defaults are the measured best; the bench can try others)."""

    #: At most this many options (the best by their one-step worth) enter the race.
    width: int = 6
    #: Rounds after the current one a play-out plays before it is valued, by world: world w looks
    #: `horizons[w]` rounds further (the last entry for every later world; `ROUNDS`: to the end).
    horizons: tuple[int, ...] = (0, 1, 2, ROUNDS)
    #: An option trailing the leader's mean by more than this many points leaves the race ...
    drop_margin: float = 4.0
    #: ... once this many worlds have rated it.
    drop_after: int = 2
    #: After world w at most `keeps[w]` options (the best by mean) stay in the race.
    keeps: tuple[int, ...] = (4, 3, 2)
    #: Worlds before this one only screen the options: once a later world has rated them, the means
    #: count only the later worlds (0: every world counts).
    deep_from: int = 0
    #: The leader of the later worlds replaces the screen's best only once this many of them rated it.
    trust_after: int = 1
    #: The search stops after this many worlds even with time to spare.
    max_worlds: int = 24
    #: A guard against a play-out that never reaches its horizon (a whole game is ~130 decisions).
    rollout_limit: int = 2_000


DEFAULT = Settings()


def world(state: State, seat: int, rng: Rng) -> State:
    """A solo world of `seat`'s: its sheet, the past and current rolls, and freshly sampled future ones.

    The state's own future dice and cards are never read: the dice are rolled anew, and the cards are
    dealt from the sorted list of those not yet shown (their order in the state stays unread)."""
    now: int = state["round"]
    seen = {card for r in range(now) for card in state["cards"][r]}
    unseen = rng.shuffled(sorted(card for card in employment_cards() if card not in seen))
    sampled: State = state.copy()  # the game never edits a state in place: the rest may be shared
    sampled["players"] = 1
    sampled["sheets"] = [state["sheets"][seat]]
    sampled["start_player"] = None
    sampled["priority_set"] = None
    sampled["options"] = {**state["options"], "start_player_priority": False}
    sampled["dice"] = [*state["dice"][:now], *([rng.randint(1, 6) for _ in range(3)] for _ in range(now, ROUNDS))]
    sampled["cards"] = [*state["cards"][:now], *(unseen[3 * i:3 * i + 3] for i in range(ROUNDS - now))]
    return sampled


def _value(game: RollWrite, state: State) -> float:
    """The solo world's worth: the real score once the game is over, else the greedy player's estimate."""
    if state["over"]:
        return float(game.scores(state)[0]["total"])
    return sheet_value(state, state["sheets"][0])


def _play_out(game: RollWrite, state: State, last_round: int, settings: Settings) -> State:
    """The greedy player's choices in a solo world until round `last_round` is over (or the game)."""
    for _ in range(settings.rollout_limit):
        checkpoint()
        if state["over"] or state["round"] > last_round:
            break
        action = greedy_action(game, state, 0)
        state = game.apply(state, 0, action, offered=[action])  # from `legal`: no second check
    return state


@dataclass
class _Entry:
    """One option in the race: its index among the options and its values, one per world."""

    index: int
    values: list[float]

    def mean(self, deep_from: int = 0) -> float:
        counted = self.values[deep_from:] if len(self.values) > deep_from else self.values
        return sum(counted) / len(counted)


def search_action(game: RollWrite, state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
                  clock: Clock | None = None, settings: Settings = DEFAULT) -> Action | None:
    """The search's choice for `seat` (None: no legal action); `budget_s` is the thinking time on `clock`
    (default `time.perf_counter`), used whole unless the race is decided sooner."""
    deadline = Deadline(budget_s, clock)
    choices = game.legal(state, seat)
    if len(choices) <= 1:
        return choices[0] if choices else None
    now: int = state["round"]
    own = state["sheets"][seat]
    base = mix_seed(seed, "rollwrite search", now, own["step"], len(own["events"]), len(own["queue"]))
    best = 0
    race: list[_Entry] = []
    worlds_done = 0
    with deadline.running():
        try:
            first = world(state, seat, Rng(mix_seed(base, 0)))
            rated: list[tuple[float, int]] = []
            for i, choice in enumerate(choices):
                checkpoint()
                try:
                    rated.append((-_value(game, game.apply(first, 0, choice)), i))
                except IllegalAction:  # never seen: a world only lifts the start player's block
                    rated.append((float("inf"), i))
                best = min(rated)[1]  # cut short here: the best one-step worth so far
            race = [_Entry(i, []) for _, i in sorted(rated)[:settings.width]]
            best = race[0].index
            for w in range(settings.max_worlds):
                sampled = first if w == 0 else world(state, seat, Rng(mix_seed(base, w)))
                last_round = now + settings.horizons[min(w, len(settings.horizons) - 1)]
                for entry in race:
                    try:
                        after = game.apply(sampled, 0, choices[entry.index])
                    except IllegalAction:  # never seen: a world only lifts the start player's block
                        entry.values.append(float("-inf"))
                        continue
                    entry.values.append(_value(game, _play_out(game, after, last_round, settings)))
                worlds_done = w + 1
                race.sort(key=lambda e: -e.mean(settings.deep_from))  # stable: ties keep the earlier order
                if w == settings.deep_from - 1 or worlds_done - settings.deep_from >= settings.trust_after:
                    best = race[0].index
                if worlds_done >= settings.drop_after:
                    top = race[0].mean(settings.deep_from)
                    race = [e for e in race if e.mean(settings.deep_from) >= top - settings.drop_margin]
                if w < len(settings.keeps):
                    race = race[:settings.keeps[w]]
                if len(race) == 1:
                    break
        except OutOfTime:
            if worlds_done == 0 and race and race[0].values:
                # cut short in the first world: the best of the options it finished
                best = max((e for e in race if e.values), key=lambda e: e.values[0]).index
    return choices[best]
