"""Every option label of every recorded game (tests/fixtures/<game>/*.json) that names an order or a card
shows what it costs and what it gives, whole, within the contract's 80 characters (engine.core.contract:
"A short human label (<= 80 characters) for a button or menu entry")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache

import pytest

from engine.core import get_game
from engine.core.steps import LABEL_LIMIT
from engine.duel.cards import CHURCH, ORDERS, reward_text
from engine.duel.text import needs_text
from engine.rollwrite.components import employment_cards
from engine.rollwrite.labels import card_action_text
from engine.yokohama.components import GOOD_NAMES, parts
from engine.yokohama.components import reward_text as yokohama_reward_text
from tests.engine.recorded import read_record, record_paths


def labels_of(path_game: str) -> Iterator[str]:
    """Every label offered to any seat at every position of the recorded games of one engine."""
    for path in record_paths():
        record = read_record(path)
        if record["game"] != path_game:
            continue
        game = get_game(record["game"])
        state = game.new(record["players"], record["seed"], record["options"])
        for seat, action in record["actions"]:
            for mover in game.to_act(state):
                for option in game.legal(state, mover):
                    yield game.describe(state, option)
            state = game.apply(state, seat, action)


@cache
def labels(game: str) -> frozenset[str]:
    return frozenset(labels_of(game))


def duel_missing(label: str) -> list[str]:
    """What a Duel label naming an Order ("Order 7: …" or "#7: …") or a Church card leaves out."""
    missing = []
    for number in re.findall(r"(?:Order |#)(\d+): ", label):
        order = ORDERS[int(number) - 1]
        whole = f"{order.points} pts + {reward_text(order.reward)} for {needs_text(order.cost)}"
        missing += [whole] if whole not in label else []
    for number in re.findall(r"Church card (\d+):", label):
        church = CHURCH[int(number) - 1]
        whole = f"Faith {church.faith}, {church.points} pts + {reward_text(church.reward)}"
        missing += [whole] if whole not in label else []
    return missing


def yokohama_missing(label: str) -> list[str]:
    """What a Yokohama label naming an order card ("#12") leaves out: each good it costs and each thing it
    pays (the warehouse icon in either wording)."""
    missing = []
    for number in re.findall(r"#(\d+)\b", label):
        card = parts().orders[int(number)]
        goods = [f"{n} {GOOD_NAMES[g]}" for g, n in card["cost"].items() if n]
        missing += [good for good in goods if good not in label]
        short = yokohama_reward_text(card["reward"], short=True).split(" + ")
        full = yokohama_reward_text(card["reward"]).split(" + ")
        missing += [a for a, b in zip(short, full, strict=True) if a not in label and b not in label]
    return missing


@cache
def rollwrite_cards() -> dict[int, set[str]]:
    """Each Employment card number with what the cards of that number give."""
    out: dict[int, set[str]] = {}
    for card_id, card in employment_cards().items():
        out.setdefault(card["number"], set()).add(card_action_text(card_id))
    return out


def rollwrite_missing(label: str) -> list[str]:
    """What a Roll & Write label naming an Employment card ("card 3 (…)") leaves out: what the card gives."""
    match = re.search(r"\+ card (\d+) \((.*)\)$", label)
    if match and match.group(2) not in rollwrite_cards()[int(match.group(1))]:
        return [f"one of {sorted(rollwrite_cards()[int(match.group(1))])}"]
    return []


CHECKS: dict[str, tuple[str, Callable[[str], list[str]]]] = {
    "duel": (r"Order \d+|#\d+:|Church card \d+", duel_missing),
    "yokohama": (r"#\d+", yokohama_missing),
    "rollwrite": (r"\+ card \d+", rollwrite_missing),
}


@pytest.mark.parametrize("game", sorted(CHECKS))
def test_every_recorded_label_naming_a_card_shows_its_cost_and_gain_whole(game: str) -> None:
    """A label naming an order or a card shows what it costs and gives, whole, in at most 80 characters
    (Duel once offered "Keep 2nd for face-up Imported: Order 16: 6 pts + draw 1 Order" without "for 1 Tea
    1 Fish 1 Silk 1 Copper"; Yokohama "Complete order #9 English (pays 13 VP + 1 warehouse token)")."""
    names, missing_in = CHECKS[game]
    naming = [label for label in labels(game) if re.search(names, label)]
    assert naming, f"no {game} label names a card: the check reads nothing"
    too_long = [label for label in naming if len(label) > LABEL_LIMIT]
    assert not too_long, too_long[:5]
    short = {label: missing_in(label) for label in naming if missing_in(label)}
    assert not short, list(short.items())[:5]
