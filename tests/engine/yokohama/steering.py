"""Players with a preference, for recording Yokohama games that reach what plain greedy play avoids.

The greedy player (`GAME.auto_action`) ends nearly every game by the Church or the Order deck and
rarely affords the dearest technologies. A steered player plays only the legal actions the engine
offers, like every other player, but leans toward one plan: when an offered action serves its
goals, it takes the action that serves them most (the greedy player's own choice when that one
serves them as well); otherwise it plays greedily, or at random with a set probability.

A policy names one player per seat, separated by "/" (a single name is every seat's), each
`NAME[+NAME...][:P]` with P the chance that a decision is random:

- `greedy` — no preference (`greedy:0.2` = 20% random decisions; `mixed:P` is the same);
- `techs` — buy a technology whenever one is offered (one nobody owns yet first), and head for
  the Laboratories;
- `use` — use owned technologies whenever offered (Spinning Mill, University, Tram, Station,
  Telephone's left assistant, Telegram's third assistant, Newspaper's fourth area);
- `shops` / `th` — take Shophouses / Trading Houses at the Employment Agency and build them;
- `customs` — buy imported goods in Chinatown and place them on the Customs board;
- `nochurch` — never go to, place in, or settle on the Church.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core import Rng, State
from engine.yokohama import GAME
from engine.yokohama.board import SHOP_COST, th_cost
from engine.yokohama.components import area_kind, parts

Action = Any
Choose = Callable[[State, int, Rng], Action]

GOALS = ("techs", "use", "shops", "th", "customs", "nochurch")


@dataclass(frozen=True)
class Player:
    """One seat's plan: its goals and how often it decides at random."""

    goals: frozenset[str]
    randomness: float


def parse(policy: str, players: int) -> list[Player]:
    """The player of every seat named by `policy` (see the module docstring)."""
    specs = policy.split("/")
    seats = []
    for seat in range(players):
        spec = specs[seat % len(specs)]
        name, _, chance = spec.partition(":")
        goals = frozenset(g for g in name.split("+") if g not in ("greedy", "mixed"))
        unknown = goals - set(GOALS)
        if unknown:
            raise ValueError(f"unknown goal(s) {sorted(unknown)} in policy {policy!r}")
        seats.append(Player(goals, float(chance) if chance else 0.0))
    return seats


def placed_in(action: Action) -> list[str]:
    """The areas a placement puts assistants in (a pair counts twice)."""
    areas = list(action.get("areas", []))
    if "pair" in action:
        areas += [action["pair"], action["pair"]]
    if "extra" in action:
        areas.append(action["extra"])
    return areas


def destination(state: State, action: Action) -> str | None:
    """Where a movement decision takes the President, if it is one."""
    if action.get("do") in ("go", "tram_to"):
        return action["area"]
    if action.get("do") == "station":
        return state["station"]
    return None


def owned_effects(state: State) -> set[str]:
    return {parts().techs[t]["effect"] for pl in state["p"] for t in pl["techs"]}


def wanted_areas(state: State, seat: int, goals: frozenset[str]) -> set[str]:
    """Area kinds worth heading for now: only where the goal can be paid for (else the Bank, for
    the money), or the player idles."""
    pl = state["p"][seat]
    out: set[str] = set()
    if "techs" in goals and pl["yen"] + 2 * pl["imported"] >= 6:
        out.add("lab")
    if "shops" in goals and not pl["hand"]["shops"] and pl["warehouse"]["shops"]:
        out.add("agency" if pl["yen"] >= SHOP_COST + 1 else "bank")
    if "th" in goals and not pl["hand"]["th"] and pl["warehouse"]["th"]:
        out.add("agency" if pl["yen"] >= th_cost(state, seat) + 1 else "bank")
    if "customs" in goals:
        if pl["imported"]:
            out.add("customs")
        if pl["imported"] < 4:
            out.add("chinatown" if pl["yen"] >= 5 else "bank")
    return out


def buildable(state: State, seat: int, goals: frozenset[str]) -> set[str]:
    """Areas where the seat could build a piece its goals want, once Power reaches 4 there."""
    pl = state["p"][seat]
    out: set[str] = set()
    for area, site in state["sites"].items():
        if ("shops" in goals and pl["hand"]["shops"] and seat not in site["shops"] and None in site["shops"]
                or "th" in goals and pl["hand"]["th"] and site["th"] is None):
            out.add(area)
    return out


def _movement(state: State, seat: int, action: Action, goals: frozenset[str]) -> float | None:
    """A placement or a move toward wanted or buildable areas; None: it goes to the Church, which `goals` shun."""
    do = action.get("do")
    spots = placed_in(action) if do == "place" else [destination(state, action)]
    kinds = [area_kind(a) for a in spots if a is not None]
    if "nochurch" in goals and "church" in kinds:
        return None
    areas = wanted_areas(state, seat, goals)
    return (sum(1.0 for k in kinds if k in areas)
            + sum(1.0 for a in spots if a is not None and a in buildable(state, seat, goals)))


def _techs(state: State, seat: int, action: Action) -> float:
    if action.get("do") != "tech":
        return 0.0
    card = state["labs"][state["ctx"]["area"]][action["slot"]]
    return 3.0 + (2.0 if parts().techs[card]["effect"] not in owned_effects(state) else 0.0)


def _use(state: State, seat: int, action: Action) -> float:
    """Technologies and pieces put to use: spinning, the University, a ride to own assistants, ..."""
    do = action.get("do")
    pl = state["p"][seat]
    score = 0.0
    if do in ("spin", "university"):
        score += 3.0
    if do in ("tram_to", "station") and pl["placed"].get(destination(state, action) or "", 0):
        score += 3.0  # a ride only where own assistants wait, or the President idles about
    if do == "recover" and action.get("leave"):
        score += 3.0
    telegram = "extra" in action or action.get("then") == "telegram"
    if do == "place" and (telegram or len(action.get("areas", [])) == 4):
        score += 3.0
    return score


def _building(action: Action, piece: str, weight: float) -> float:
    """Building, hiring or taking `piece` ("shop" or "th"); a hired piece counts `weight` each."""
    do = action.get("do")
    if do == "build" and action.get("what") == piece:
        return 5.0
    if do == "hire":
        return weight * action["take"].get(piece, 0)
    if do == "hire_th" and piece == "th":
        return float(action["th"])
    if do == "take" and action.get("what") == piece:
        return 2.0
    return 0.0


def _customs(action: Action) -> float:
    if action.get("do") == "customs":
        return 4.0 + parts().boards["customs"][action["space"]]["need"]
    if action.get("do") == "exchange" and action.get("trade") == "buy_imported":
        return 3.0
    return 0.0


def serves(state: State, seat: int, action: Action, goals: frozenset[str]) -> float:
    """How much `action` serves `goals` (0: not at all; negative: it goes against them)."""
    do = action.get("do")
    if "nochurch" in goals and do in ("church", "faith"):
        return -1.0
    score = 0.0
    if do in ("place", "go", "tram_to", "station"):
        moved = _movement(state, seat, action, goals)
        if moved is None:
            return -1.0
        score += moved
    if "techs" in goals:
        score += _techs(state, seat, action)
    if "use" in goals:
        score += _use(state, seat, action)
    if "shops" in goals:
        score += _building(action, "shop", 1.0)
    if "th" in goals:
        score += _building(action, "th", 2.0)
    if "customs" in goals:
        score += _customs(action)
    return score


def steered(player: Player) -> Choose:
    """The decision rule of one steered seat."""

    def choose(state: State, seat: int, rng: Rng) -> Action:
        legal = GAME.legal(state, seat)
        if player.randomness and rng.below(1000) < player.randomness * 1000:
            return rng.choice(legal)
        greedy = GAME.auto_action(state, seat)
        if not player.goals:
            return greedy
        scores = [serves(state, seat, a, player.goals) for a in legal]
        best = max(scores)
        if best > 0:
            if serves(state, seat, greedy, player.goals) == best:
                return greedy
            return rng.choice([a for a, s in zip(legal, scores, strict=True) if s == best])
        if serves(state, seat, greedy, player.goals) < 0:
            return rng.choice([a for a, s in zip(legal, scores, strict=True) if s >= 0] or legal)
        return greedy

    return choose


def policy_chooser(policy: str, players: int) -> Choose:
    """One decision rule for the whole table: each seat decides by its own player."""
    seats = [steered(p) for p in parse(policy, players)]

    def choose(state: State, seat: int, rng: Rng) -> Action:
        return seats[seat](state, seat, rng)

    return choose
