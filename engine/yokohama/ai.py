"""The Yokohama AI: the greedy player's judgement, looking one round of turns ahead.

The greedy player (greedy.py) rates each option by where the seat's own action settles. It does
not see what the option leaves to the others: an area it empties for a rival, a Church or Customs
space it could have taken first, an order a rival was about to fulfil. This AI takes the greedy
player's few most promising options, plays each on with the greedy player's own choices for every
seat until the acting seat's next turn (or the end of the game), and keeps the option whose
position is then best for it *relative to the strongest rival* — by the greedy `worth`, or the
real final score margin once the game is over. Late in a game a player ahead takes instead the option
whose look-ahead ends the game soonest (`closes_now`).

It plays only from what its seat may see. Before any look-ahead the state is *determinized*: the
order cards it cannot see (the other players' hands and starting choices, the order deck, the
cards removed at setup) are dealt again at random from all the order cards not visible to the
seat, and the technology deck is reshuffled from the technologies not on view — keeping every
count the seat does see. The new deal depends only on what `view(state, seat)` shows and the
seed, so swapping another player's hidden orders with unseen ones cannot move the decision (the
swap test). All randomness comes from `engine.core.Rng`; the number of simulations is fixed, and
the time budget is only a safety cap.

The cap is real: the deadline is read inside the candidate loop and every rollout
decision, and every trial the greedy player makes checks it too (`engine.core.deadline`), so a
decision stops within one greedy trial of its budget. Cut short, it answers with what it has
finished judging: the option best over the worlds fully played out, else the greedy player's
choice, else (a budget too small for even that) the first option. With time to spare nothing
changes: the same rollouts, the same choice.
"""

from __future__ import annotations

from engine.core import Rng, json_copy
from engine.core.deadline import Clock, Deadline, OutOfTime, checkpoint
from engine.core.rng import mix_seed
from engine.yokohama import endgame, flow, greedy
from engine.yokohama.components import parts
from engine.yokohama.types import Action, State

#: The greedy player's best options (by the worth right after them) that are played out.
CANDIDATES = 3
#: Determinizations per decision; every candidate is played out on each of them.
SAMPLES = 2
#: A rollout longer than this many decisions is cut (a turn is ~8 decisions; 4 players ~32, and more).
ROLLOUT_CAP = 100
#: From this round on, a player ahead in the standings chooses the look-ahead that ends the game soonest.
CLOSE_FROM_ROUND = 27
#: The final round of a look-ahead in which no end condition is met: later than any.
NO_END = 10**6


def visible_orders(state: State, seat: int) -> set[int]:
    """Order cards `seat` can see: its own hand and starting choice, the Ports, every completed order."""
    mine = state["p"][seat]
    seen = {*mine["orders"], *mine["keep"]}
    for row in state["ports"].values():
        seen.update(o for o in row if o is not None)
    for pl in state["p"]:
        seen.update(pl["done"])
    return seen


def visible_techs(state: State) -> set[int]:
    """Technologies on view: in the Laboratories and owned by any player."""
    seen = {t for row in state["labs"].values() for t in row if t is not None}
    for pl in state["p"]:
        seen.update(pl["techs"])
    return seen


def determinize(state: State, seat: int, rng: Rng) -> State:
    """A copy of `state` with everything `seat` cannot see dealt again from the unseen cards.

    Only sizes the seat knows are kept (how many orders each rival holds or chooses from, how many
    cards each deck has); which cards fill them is drawn from the sorted unseen pool, so the result
    depends on the seat's view and `rng` alone.
    """
    out = json_copy(state)
    unseen = rng.shuffled(sorted(set(parts().orders) - visible_orders(state, seat)))
    for other, pl in enumerate(out["p"]):
        if other == seat:
            continue
        pl["orders"] = [unseen.pop() for _ in pl["orders"]]
        pl["keep"] = [unseen.pop() for _ in pl["keep"]]
    out["order_deck"] = [unseen.pop() for _ in out["order_deck"]]
    techs = rng.shuffled(sorted(set(parts().techs) - visible_techs(state)))
    out["tech_deck"] = techs[: len(out["tech_deck"])]
    out["rng"] = rng.next_u64()
    return out


def _play_on(state: State, seat: int) -> State:
    """The state after the greedy player's choice for `seat` (the first card at the setup choice,
    as auto_action); the greedy look-ahead already built it, so it is not applied again."""
    if state["stage"] == "keep":
        return greedy.after(state, seat, flow.options(state, seat)[0])
    return greedy.choose_with_state(state, seat)[1]


def margin(state: State, seat: int) -> float:
    """How far `seat` is ahead of its strongest rival: final scores at the end, else greedy worth.

    Neither counts the leader's `greedy.closing_worth` (its pull toward the end): that pull steers the
    greedy choices a look-ahead plays, but it is no part of how far ahead a player is. Counted only while
    the game ran, a look-ahead that ended the game cost the leader up to 68 points and
    the leading AI steered away from the end (two games to round 32); counted at the end as well,
    it made the last point of a lead worth up to 68 more (a look-ahead ending 197–196
    was judged +57 to the player one point ahead), so a choice between look-aheads turned on who happened
    to lead at their end (2-player seed 5100 to round 32; ruling R7)."""
    if state["over"]:
        totals: list[float] = [score["total"] for score in endgame.final_scores(state)]
    else:
        totals = [greedy.worth(state, s) - greedy.closing_worth(state, s) for s in range(state["players"])]
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


def closes_now(state: State, seat: int) -> bool:
    """Whether `seat` is the player to close the game: from `CLOSE_FROM_ROUND`, before any end condition
    is met, while it stands highest in the `greedy.standings` (its final score if the game ended now).

    The look-ahead judges a line by the margin where it stops, and it stops at the seat's next turn, before
    the end it starts comes: ending the game showed the leader nothing, however late. A 2-player leader 25
    points up with the deck empty hired and built for two rounds instead of taking the order that ends
    the game, and the player behind ended it in round 31, to round 32 (AI seed 5054;
    ruling R7). A player ahead this late closes: of its candidates it takes the one whose
    look-ahead fixes the earliest final round, by margin among equals."""
    if state["round"] < CLOSE_FROM_ROUND or greedy.end_met(state):
        return False
    points = greedy.standings(state)
    return points[seat] > max(v for s, v in enumerate(points) if s != seat)


def final_round(state: State) -> int:
    """The final round a look-ahead has fixed by meeting an end condition, else `NO_END`."""
    final = state["end"]["final_round"]
    return NO_END if final is None else int(final)


def rollout(state: State, seat: int) -> State:
    """Play greedy choices for every seat until `seat` begins its next turn at a decision of its own
    (stage "first"), or the game ends, or `ROLLOUT_CAP` decisions.

    A turn whose first decision has only one answer is settled past stage "first" at once, so such a
    rollout runs on to the cap, several rounds ahead. It is kept on purpose:
    stopping at the next turn whatever its stage (a one-round look) made the AI chase orders and stop
    building — 3-player AI games built 2.4 Shophouses and 0.3 Trading Houses a player and ended by
    the Order deck in 15–18 rounds (the calibration run, 7 games)."""
    turns = state["turns"]
    for _ in range(ROLLOUT_CAP):
        checkpoint()
        if state["over"]:
            break
        if state["turns"] != turns and state["seat"] == seat and state["stage"] == "first":
            break
        who = flow.to_act(state)[0] if seat not in flow.to_act(state) else seat
        state = _play_on(state, who)
    return state


def candidates(state: State, seat: int) -> list[Action]:
    """The greedy choice first, then the other options with the best worth right after them."""
    return [action for action, _ in _candidates(state, seat, *greedy_choice(state, seat))]


def greedy_choice(state: State, seat: int) -> tuple[Action, State]:
    """The greedy player's choice (the first card at the setup choice) and the state after it."""
    if state["stage"] == "keep":
        choice = flow.options(state, seat)[0]
        return choice, greedy.after(state, seat, choice)
    return greedy.choose_with_state(state, seat)


def _candidates(state: State, seat: int, choice: Action, chosen: State) -> list[tuple[Action, State]]:
    """`candidates`, each with the state right after it, given the greedy choice."""
    return ranked_candidates(state, seat, choice, chosen, CANDIDATES)


def ranked_candidates(state: State, seat: int, choice: Action, chosen: State, width: int
                      ) -> list[tuple[Action, State]]:
    """The greedy choice, then the other options by the worth right after them, `width` in all, each
    with the state right after it (the hard level, search.py, races more of them)."""
    options = flow.options(state, seat)
    trials, values = [], []
    for a in options:
        checkpoint()
        trials.append(greedy.after(state, seat, a))
        values.append(greedy.paid_worth(trials[-1], seat))
    ranked = sorted(range(len(options)), key=lambda i: -values[i])
    out = [(choice, chosen)]
    # The greedy player passes (President back to hand) only when no move gains anything; when it
    # moves, a pass is no candidate either (passing with a gain in reach stalls games).
    passing_allowed = choice.get("do") == "return"
    idle = idle_moves(state, seat, options, trials)
    for i in ranked:
        if len(out) >= width:
            break
        if (options[i].get("do") == "return" and not passing_allowed) or i in idle:
            continue
        if options[i] != choice:
            out.append((options[i], trials[i]))
    return out


def idle_moves(state: State, seat: int, options: list[Action], trials: list[State]) -> set[int]:
    """The moves (by index) whose Area Action gains nothing, played on the greedy way, when another move
    gains something; none otherwise. A President walked to Power 2 at the Copper Mine ("nothing") won
    the look-ahead twice in one 3-player game (seed 900999) while the Port and Chinatown were in reach:
    where it stands next turn is no reason to spend the turn's main action on nothing."""
    if state["stage"] not in greedy.MOVEMENT:
        return set()
    anything = greedy.gains(state, seat)
    idle = set()
    for i, action in enumerate(options):
        if action.get("do") != "return":
            checkpoint()
            if not anything(greedy.finish_action_state(trials[i], seat)[1]):
                idle.add(i)
    return idle if len(idle) < sum(1 for a in options if a.get("do") != "return") else set()


def ai_action(state: State, seat: int, *, seed: int = 0, budget_s: float = 2.0,
              clock: Clock | None = None) -> Action | None:
    """A legal action for `seat`, chosen from its view only, deterministic under `seed` (None: it has
    nothing to decide).

    `budget_s` caps the thinking time on `clock` (default `time.perf_counter`), checked inside the
    work; a decision cut short answers with the best option it finished judging."""
    deadline = Deadline(budget_s, clock)  # from the call on: listing the options counts too
    options = flow.options(state, seat)
    if len(options) <= 1:
        return options[0] if options else None
    rng = Rng(mix_seed(seed, seat, state["turns"], state["round"], state["stage"]))
    ends: list[int] = []  # per candidate, the latest final round over the worlds (while closing)
    picks: list[Action] = [options[0]]  # the answer if not even the greedy choice is made in time
    totals = [0.0]
    with deadline.running():
        try:
            worlds = [determinize(state, seat, rng) for _ in range(SAMPLES)]
            choice, chosen = greedy_choice(worlds[0], seat)
            picks = [choice]
            first = _candidates(worlds[0], seat, choice, chosen)
            picks = [action for action, _ in first]
            totals = [0.0] * len(picks)
            closing = closes_now(worlds[0], seat)
            for w, world in enumerate(worlds):
                margins, finals = [], []
                for action, trial in first:
                    start = trial if w == 0 else greedy.after(world, seat, action)
                    ahead = rollout(start, seat)
                    margins.append(margin(ahead, seat))
                    finals.append(final_round(ahead) if closing else 0)
                # only worlds fully played out count: a cut-short decision judges on those
                totals = [t + m for t, m in zip(totals, margins, strict=True)]
                ends = finals if w == 0 else [max(a, b) for a, b in zip(ends, finals, strict=True)]
                if deadline.passed():
                    break
        except OutOfTime:
            pass
    if len(ends) != len(picks):  # cut short before a world was played out, or not closing
        ends = [0] * len(picks)
    best = max(range(len(picks)), key=lambda j: (-ends[j], totals[j], -j))
    return picks[best]
