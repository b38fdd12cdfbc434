"""What a recorded Yokohama game covers, found by replaying its action log decision by decision.

Three facts per game: the technologies acquired (by name, i.e. effect), the technology effects
that actually changed something during play, and the end condition that ended the game (the
first one met; it fixes the final round). Nothing is taken from a record's own notes: the
coverage test (test_recorded_coverage.py) compares these facts with what the notes claim.

An effect counts as used when a decision shows it at work, read from the actions (which every
engine version must accept unchanged, or the records would not replay) and from a few plain
facts of the state (who owns which cards, money, goods, points, board pawns, Presidents):

- a choice only the card offers was taken: Spinning Mill, University, Tram (`tram_to`), Station
  (riding to it), Telephone (leaving an assistant), Telegram (a third assistant next to the
  pair), Newspaper (a fourth area);
- the card's trigger happened to its owner: an order completed (Ball, Language School), a
  Shophouse or Trading House built (Gaslight, Electrical Light), a Church or Customs pawn placed
  (Winery, Brickyard), a later technology gained (Letterpress Printing, Patent System), Copper
  received (Mining Technology), or the card itself gained (Exposition's 10 points at once);
- the card changed the outcome: the President stopped beside another President (Postal System),
  or the same move without the card would cost more or be refused (Stagecoach), or the same
  decision without the card would leave its owner less money at the start of their turn
  (System of Stock).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from engine.core import State
from engine.yokohama import GAME
from engine.yokohama.components import parts
from engine.yokohama.endgame import END_REASONS, rounds_played

Action = Any
#: Every technology by its effect (the 20 names of data/yokohama/technologies.toml).
EFFECTS: frozenset[str] = frozenset(t["effect"] for t in parts().techs.values())
#: Effects shown at work by the action alone.
BY_ACTION = {"spin": "spinning_mill", "university": "university", "tram_to": "tram", "station": "station"}


@dataclass
class Coverage:
    """What one recorded game covers."""

    players: int
    end: str
    rounds: int
    acquired: set[str] = field(default_factory=set)
    used: set[str] = field(default_factory=set)

    def tags(self) -> list[str]:
        """The facts as the sorted strings a record's `covers` lists."""
        return sorted({f"end:{self.end}", *(f"tech:{e}" for e in self.acquired),
                       *(f"used:{e}" for e in self.used)})


def effects_of(state: State, seat: int) -> set[str]:
    return {parts().techs[t]["effect"] for t in state["p"][seat]["techs"]}


def pawns(state: State, board: str, seat: int) -> int:
    return sum(1 for s in state[board] if s == seat)


def without(state: State, seat: int, effect: str) -> State:
    """A copy of `state` in which `seat` does not own the `effect` card (the counterfactual)."""
    copy: State = json.loads(json.dumps(state))
    copy["p"][seat]["techs"] = [t for t in copy["p"][seat]["techs"] if parts().techs[t]["effect"] != effect]
    return copy


def refused_or_dearer(before: State, seat: int, action: Action, after: State, effect: str) -> bool:
    """Would `seat` have been refused this decision, or kept less money, without `effect`?"""
    other = without(before, seat, effect)
    if GAME.match_legal(other, seat, action) is None:
        return True
    return GAME.apply(other, seat, action)["p"][seat]["yen"] < after["p"][seat]["yen"]


def used_effects(before: State, seat: int, action: Action, after: State, telegram_pair: bool) -> set[str]:
    """Effects at work in one decision (`telegram_pair`: the previous one placed a Telegram pair
    whose third assistant is placed now)."""
    do = action.get("do")
    own = effects_of(before, seat)
    used = {e for d, e in BY_ACTION.items() if do == d}
    if do == "recover" and action.get("leave"):
        used.add("telephone")
    if do == "place" and ("extra" in action or telegram_pair and action.get("areas")):
        used.add("telegram")
    if do == "place" and len(action.get("areas", [])) == 4:
        used.add("newspaper")
    if do == "fulfill":
        used |= own & {"ball", "language_school"}
    if do == "build":
        used |= own & {"gaslight" if action.get("what") == "shop" else "electric_light"}
    if pawns(after, "church", seat) > pawns(before, "church", seat):
        used |= own & {"winery"}
    if pawns(after, "customs", seat) > pawns(before, "customs", seat):
        used |= own & {"brickyard"}
    gained = set(after["p"][seat]["techs"]) - set(before["p"][seat]["techs"])
    if gained:
        used |= own & {"letterpress", "patent"}
        used |= {"exposition"} & {parts().techs[t]["effect"] for t in gained}
    if do == "go":
        if any(pl["president"] == action["area"] for s, pl in enumerate(before["p"]) if s != seat):
            used |= own & {"postal"}
        if "stagecoach" in own and refused_or_dearer(before, seat, action, after, "stagecoach"):
            used.add("stagecoach")
    for holder in range(before["players"]):
        if "mining" in effects_of(before, holder) and (
                after["p"][holder]["goods"]["copper"] > before["p"][holder]["goods"]["copper"]):
            used.add("mining")
        if ("stock" in effects_of(before, holder) and after["turns"] != before["turns"]
                and after["seat"] == holder and not after["over"]
                and GAME.apply(without(before, holder, "stock"), seat, action)["p"][holder]["yen"]
                < after["p"][holder]["yen"]):
            used.add("stock")
    return used


def coverage(record: dict[str, Any]) -> Coverage:
    """Replay `record` (a recorded Yokohama game) and collect what it covers."""
    state = GAME.new(record["players"], record["seed"], record["options"])
    used: set[str] = set()
    telegram_pair = False
    for seat, action in record["actions"]:
        after = GAME.apply(state, seat, action)
        used |= used_effects(state, seat, action, after, telegram_pair)
        telegram_pair = action.get("then") == "telegram"
        state = after
    if not GAME.is_over(state):
        raise ValueError("a recorded game must be a whole game")
    reasons = state["end"]["reasons"]
    if reasons[0] not in END_REASONS:
        raise ValueError(f"unknown end reason {reasons[0]}")
    acquired = {e for seat in range(state["players"]) for e in effects_of(state, seat)}
    return Coverage(state["players"], reasons[0], rounds_played(state), acquired, used)
