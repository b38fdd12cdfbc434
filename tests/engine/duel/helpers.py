"""Building Duel positions for tests: a started game, then the state shaped by hand, then moves
made through the contract (so every move a test makes is one `legal` offered)."""

from __future__ import annotations

from typing import Any

from engine.core import State
from engine.duel import GAME
from engine.duel.cards import TECHS


def started(seed: int = 1, start_seat: int = 0) -> State:
    """A game past the setup choice: both players kept their first two Order cards."""
    state = GAME.new(2, seed, {"start_seat": start_seat})
    for seat in (start_seat, 1 - start_seat):
        card = state["players"][seat]["setup_draw"][-1]
        state = GAME.apply(state, seat, {"do": "return", "card": card})
    return state


def play(state: State, seat: int, action: dict[str, Any]) -> State:
    """Apply `action`, insisting it was offered."""
    offered = GAME.legal(state, seat)
    assert action in offered, f"{action} not in {offered}"
    return GAME.apply(state, seat, action)


def play_all(state: State, seat: int, actions: list[dict[str, Any]]) -> State:
    for action in actions:
        state = play(state, seat, action)
    return state


def player(state: State, seat: int) -> dict[str, Any]:
    return state["players"][seat]


def set_player(state: State, seat: int, **fields: Any) -> State:
    """Give a player exact resources (goods as a dict merged into theirs)."""
    p = state["players"][seat]
    for key, value in fields.items():
        if key == "goods":
            p["goods"].update(value)
        elif key == "extra":
            p["extra"].update({str(k): v for k, v in value.items()})
        else:
            p[key] = value
    return state


def give_tech(state: State, seat: int, tech: str) -> State:
    """Hand a Technology to a player (taken out of wherever it lies)."""
    for pile in ("tech_row", "tech_deck", "tech_discard"):
        if tech in state[pile]:
            state[pile].remove(tech)
    state["players"][seat]["techs"].append(tech)
    return state


def every_tech_dealt(seed: int) -> State:
    """A new game whose Technologies are all dealt out, half to each seat, and whose seats hold two +1 and
    two +2 Extra Power cards (the hand limit): a random walk from it meets far more often than a plain
    game does what Technologies do (Tram, Stagecoach and Station to Used Areas, Postal System, Spinning
    Mill, Stock Market's ¥1, Newspaper's card, University's free upgrade) and the discard a card over the
    limit asks for. For tests of fast paths that must agree with the plain rules everywhere."""
    state = GAME.new(2, seed)
    for i, tech in enumerate(sorted(TECHS)):
        give_tech(state, i % 2, tech)
    for seat in (0, 1):
        state["players"][seat]["extra"] = {"1": 2, "2": 2}
    return state


def put_in_row(state: State, *techs: str) -> State:
    """Make sure every one of `techs` is face up in the Technology row (others make room)."""
    for tech in techs:
        for pile in ("tech_row", "tech_deck", "tech_discard"):
            if tech in state[pile]:
                state[pile].remove(tech)
    others = state["tech_row"][: 5 - len(techs)]
    state["tech_deck"] = state["tech_row"][5 - len(techs):] + state["tech_deck"]
    state["tech_row"] = list(techs) + others
    return state


def settle(state: State, seat: int) -> State:
    """Finish the act under way choosing the plainest option (no extras, stop, take nothing)."""
    while state["turn"]["act"] is not None:
        legal = GAME.legal(state, seat)
        plain = [a for a in legal if a.get("do") == "stop" or a.get("extra", 1) == 0
                 or (a.get("do") in ("church", "tech", "keep2") and a.get(a["do"] if a["do"] == "tech" else "card")
                     is None) or a == {"do": "telephone", "use": False}]
        state = GAME.apply(state, seat, plain[0] if plain else legal[0])
    return state


def end_turn(state: State, seat: int) -> State:
    """Finish the act, skip any pending bonus/construction, then end the turn."""
    state = settle(state, seat)
    for _ in range(5):
        legal = GAME.legal(state, seat)
        if {"do": "end"} in legal:
            return GAME.apply(state, seat, {"do": "end"})
        if {"do": "build", "what": None} in legal:
            state = GAME.apply(state, seat, {"do": "build", "what": None})
        elif any(a["do"] == "bonus" for a in legal):
            state = GAME.apply(state, seat, next(a for a in legal if a["do"] == "bonus"))
        else:
            raise AssertionError(f"cannot end the turn: {legal}")
    raise AssertionError("turn did not end")


def quick_turn(state: State, seat: int, area: str) -> State:
    """Go to `area` with the forced Power card and no extras, take the plainest option of any
    follow-up question, and end the turn."""
    return end_turn(play(state, seat, {"do": "area", "area": area}), seat)


def with_power_card(state: State, seat: int, value: int) -> State:
    """Leave the player exactly one available Power card, of `value` (1-6: 5 and 6 are upgraded)."""
    p = state["players"][seat]
    index = {1: 0, 2: 1, 3: 2, 4: 3, 5: 2, 6: 3}[value]
    p["upgraded"] = [False] * 4
    if value >= 5:
        p["upgraded"][index] = True
    p["played"] = [i != index for i in range(4)]
    return state


def act_at(state: State, seat: int, area: str, power: int, extra: int = 0) -> State:
    """Go to `area` with a Power card of `power` (plus an Extra Power card `extra`, given for the purpose)."""
    with_power_card(state, seat, power)
    state["players"][seat]["extra"] = {"1": 1 if extra == 1 else 0, "2": 1 if extra == 2 else 0}
    state = play(state, seat, {"do": "area", "area": area})
    if extra:
        state = play(state, seat, {"do": "power", "card": power, "extra": extra})
    return state
