"""Game setup: the area layout, the technologies, and every roll and card draw of all 12 rounds.

All randomness is drawn here, at `new()`, from independent streams of the seed, so two
players on one seed meet the same dice and cards whatever they choose and however many
players sit at the table — the daily challenge depends on it. The dice and card streams do
not depend on the options either, so only the layout changes with the expansions.
"""

from __future__ import annotations

from engine.core import Rng, mix_seed
from engine.rollwrite.components import LEVELS, ROUNDS, areas, employment_cards, rules_data, sheet, technologies
from engine.rollwrite.sheet import bonus_tasks, new_sheet
from engine.rollwrite.state_types import Options, State

GOODS_AREAS: tuple[str, ...] = ("fishing", "tea", "silk", "copper")


def layout(seed: int, chinatown: bool, chamber: bool) -> tuple[list[str], str | None]:
    """Area ids on rows 0-7, and the set-aside area (Chamber of Commerce only)."""
    rng = Rng(mix_seed(seed, "areas"))
    cards = [a for a, card in areas().items() if card["basic"]]
    if chinatown:
        cards.remove(rng.choice(GOODS_AREAS))
        cards.append("chinatown")
    aside = None
    if chamber:
        aside = rng.choice(cards)
        cards.remove(aside)
        cards.append("chamber")
    rng.shuffle(cards)
    return cards, aside


def laboratories(seed: int) -> dict[str, dict[str, list[str]]]:
    """2 LOW + 2 MID + 2 HIGH technologies for each laboratory, all 12 different."""
    rng = Rng(mix_seed(seed, "technologies"))
    labs: dict[str, dict[str, list[str]]] = {"lab_a": {}, "lab_b": {}}
    for level in LEVELS:
        pile = rng.shuffled(sorted(t for t, card in technologies().items() if card["level"] == level))
        labs["lab_a"][level] = pile[0:2]
        labs["lab_b"][level] = pile[2:4]
    return labs


def rolls(seed: int) -> list[list[int]]:
    """The white, gray and black dice of every round."""
    rng = Rng(mix_seed(seed, "dice"))
    return [[rng.randint(1, 6) for _ in range(3)] for _ in range(ROUNDS)]


def draws(seed: int) -> list[list[int]]:
    """The employment cards beside the white, gray and black die of every round (36 = 12 x 3)."""
    rng = Rng(mix_seed(seed, "employment"))
    deck = rng.shuffled(sorted(employment_cards()))
    return [deck[3 * r : 3 * r + 3] for r in range(ROUNDS)]


def start_player(players: int, round_no: int, priority: bool) -> int | None:
    """Who holds the start player tile with priority this round (None: everybody chooses at once).

    The tile passes left each round from round 2; with 5 players it stays put in rounds 1-3
    and priority is not used in rounds 1-2.
    """
    rule = rules_data()["start_player_priority"]
    if not priority or players < rule["min_players"]:
        return None
    if players == 5:
        if round_no < rule["five_players_first_priority_round"]:
            return None
        # the tile first passes in round 4, so seat 0 keeps it in round 3
        first_pass: int = rule["five_players_first_pass_round"]
        return (round_no - first_pass + 1) % 5
    return (round_no - 1) % players


def new_state(players: int, seed: int, options: Options) -> State:
    area_rows, aside = layout(seed, options["chinatown"], options["chamber_of_commerce"])
    data = sheet(options["side"])
    state: State = {
        "players": players,
        "seed": seed,
        "options": options,
        "round": 0,
        "over": False,
        "areas": area_rows,
        "aside": aside,
        "labs": laboratories(seed),
        "dice": rolls(seed),
        "cards": draws(seed),
        "start_player": None,
        "priority_set": None,
        "sheets": [new_sheet(data) for _ in range(players)],
        "rng": Rng(mix_seed(seed, "spare")).state,
    }
    return state


def begin_round(state: State) -> None:
    """1) Round update and 2) Preparation (the dice and cards were drawn at setup)."""
    state["round"] += 1
    round_no = state["round"]
    state["start_player"] = start_player(
        state["players"], round_no, state["options"]["start_player_priority"]
    )
    state["priority_set"] = None
    data = sheet(state["options"]["side"])
    for ps in state["sheets"]:
        ps["rounds_marked"] = round_no
        ps.update(
            {"step": "set", "set": None, "record": None, "main_area": None, "again": False, "extra": None}
        )
        ps["queue"] = bonus_tasks(data["round_bonus"][round_no], f"round {round_no}")
        ps["previous_events"] = ps.get("events", [])
        ps["events"] = []
