"""Setting up a Duel and the small helpers every rule module shares.

The state is a plain JSON-able dict (see `new_state` for its shape). Everything that depends on
chance — decks, the starting player — is drawn from `Rng` kept in `state["rng"]`, so a game replays
identically from its seed and its action log.
"""

from __future__ import annotations

from engine.core import Rng, seat_token
from engine.duel.cards import (
    AREA_IDS,
    AREAS,
    BONUS,
    CHURCH,
    EXTRA_DECK,
    FACE_UP_BONUS,
    FACE_UP_CHURCH,
    FACE_UP_TECHS,
    FOREIGN_AGENTS,
    ORDERS,
    POWER_CARDS,
    RULES,
    SHOPS_PER_PLAYER,
    TECHS,
)
from engine.duel.types import DuelOptions, PlayerState, State, TurnState

LOG_LENGTH = 40
#: The shape of the stored state. 2: seats named by tokens in the log, `log_count`, and
#: `turn["suspended"]` (steps a Foreign Agent interrupted); see `DuelGame.upgrade`.
SCHEMA_VERSION = 2


def new_player(money: int, extra_ones: int) -> PlayerState:
    return {
        "money": money,
        "goods": {"tea": 1, "fish": 1, "silk": 1, "copper": 1},
        "imported_up": 0,
        "imported_down": 0,
        "extra": {"1": extra_ones, "2": 0},
        "upgraded": [False] * len(POWER_CARDS),
        "played": [False] * len(POWER_CARDS),
        "shops": [],
        "houses": [],
        "hand": [],
        "orders_done": [],
        "techs": [],
        "tilted": [],
        "church": [],
        "agents_ready": 0,
        "agents_spent": 0,
        "hired": [],
        "setup_draw": [],
    }


def new_state(seed: int, options: DuelOptions) -> State:
    """Steps 1-12 of the rulebook's Game Setup."""
    rng = Rng(seed)
    start = options["start_seat"] if options["start_seat"] in (0, 1) else rng.below(2)
    bonus_deck = rng.shuffled(range(len(BONUS)))
    tech_deck = rng.shuffled(sorted(TECHS))
    order_deck = rng.shuffled(range(len(ORDERS)))
    church_deck = rng.shuffled(range(len(CHURCH)))
    first = new_player(RULES.start["first_yen"], RULES.start["first_extra"])
    second = new_player(RULES.start["second_yen"], RULES.start["second_extra"])
    players = [first, second] if start == 0 else [second, first]
    state: State = {
        "game": "duel",
        "schema_version": SCHEMA_VERSION,
        "options": options.copy(),
        "phase": "setup",
        "round": 1,
        "turns_done": 0,
        "start_seat": start,
        "current": start,
        "played": {},
        "station": None,
        "bonus_row": bonus_deck[:FACE_UP_BONUS],
        "bonus_deck": bonus_deck[FACE_UP_BONUS:],
        "bonus_discard": [],
        "extra_supply": {
            "1": EXTRA_DECK["1"] - RULES.start["first_extra"] - RULES.start["second_extra"],
            "2": EXTRA_DECK["2"],
        },
        "agents_supply": FOREIGN_AGENTS,
        "tech_row": tech_deck[:FACE_UP_TECHS],
        "tech_deck": tech_deck[FACE_UP_TECHS:],
        "tech_discard": [],
        "church_row": church_deck[:FACE_UP_CHURCH],
        "church_box": church_deck[FACE_UP_CHURCH:],
        "order_deck": order_deck,
        "players": players,
        "turn": fresh_turn(),
        "upgrade_due": [False, False],
        "discard_due": [],
        "log": [],
        "log_count": 0,
        "rng": rng.state,
    }
    for seat in (start, 1 - start):
        players[seat]["setup_draw"] = draw_orders(state, 3)
    return state


def fresh_turn() -> TurnState:
    """A turn's bookkeeping: whether the Area Action step is done, the action being resolved
    (an Area Action or a Foreign Agent), the 5-Power Bonus / construction steps still owed, and those
    a Foreign Agent interrupted (`suspended`, latest last)."""
    return {"area_done": False, "act": None, "bonus": None, "build": None, "suspended": []}


def draw_orders(state: State, n: int) -> list[int]:
    """Take up to `n` Order cards from the top of the deck (fewer if it runs out)."""
    deck: list[int] = state["order_deck"]
    drawn, state["order_deck"] = deck[:n], deck[n:]
    return drawn


def log(state: State, text: str) -> None:
    """Record a public event (never hidden information: no Order or face-down Church card ids).

    Seats are named by `seat_token`; `log_count` counts every event ever logged, so the story of
    one decision is the events added by it (`DuelGame.narrate`), even after old ones drop off."""
    state["log"].append(text)
    del state["log"][:-LOG_LENGTH]
    state["log_count"] = state.get("log_count", 0) + 1


def name(seat: int) -> str:
    """How engine text names a seat: a token the front end replaces with a display name."""
    return seat_token(seat)


def has_tech(player: PlayerState, tech: str) -> bool:
    return tech in player["techs"]


def tech_ready(player: PlayerState, tech: str) -> bool:
    """Owned and, for a once-per-round card, not tilted yet this round."""
    return tech in player["techs"] and tech not in player["tilted"]


def area_used(state: State, area: str) -> bool:
    """A Used Area has a Power card of either player; the Laboratory and Port never count."""
    return bool(state["played"].get(area)) and not AREAS[area].never_used


def house_owner(state: State, area: str) -> int | None:
    for seat, player in enumerate(state["players"]):
        if area in player["houses"]:
            return seat
    return None


#: Each Power card's index, base value and upgraded value (`PowerCard.value` without the call).
_POWER_VALUES: tuple[tuple[int, int, int], ...] = tuple(
    (i, card.base, card.upgraded) for i, card in enumerate(POWER_CARDS))


def power_card_values(player: PlayerState, available_only: bool = True) -> list[tuple[int, int]]:
    """(card index, current value) of the player's Power cards (by default only those in hand)."""
    upgraded = player["upgraded"]
    if not available_only:
        return [(i, up if upgraded[i] else base) for i, base, up in _POWER_VALUES]
    played = player["played"]
    return [(i, up if upgraded[i] else base) for i, base, up in _POWER_VALUES if not played[i]]


def shops_left(player: PlayerState) -> int:
    return SHOPS_PER_PLAYER - len(player["shops"])


def check_areas() -> None:
    """Guard against a data file that renames an Area the rules refer to by id."""
    needed = {"tea", "fishing", "silk", "copper", "church", "customs", "port", "chinatown", "bank", "lab"}
    if set(AREA_IDS) != needed:
        raise ValueError(f"data/duel/areas.toml must define exactly the areas {sorted(needed)}")


check_areas()
