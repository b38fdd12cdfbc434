"""Every option label of the recorded games (`tests/fixtures/<game>/`) keeps within the contract's limits in
every shipped language (a button or menu label 80 characters, a menu description 100), and a label that
had to be cut (German and French run longer than English) is said in full by its description."""

from __future__ import annotations

import json
from typing import Any

import pytest

import i18n
from engine.core import get_game
from engine.core.steps import DETAIL_LIMIT, LABEL_LIMIT
from tests.engine.recorded import record_paths

#: Every how many positions of a recorded game the labels are read (all of them would take minutes).
EVERY = 3


def _labels(kind: str) -> dict[str, list[tuple[str, str]]]:
    """(label, detail) of every legal option at every EVERY-th position of the recorded games of `kind`,
    by language."""
    game = get_game(kind)
    found: dict[str, list[tuple[str, str]]] = {language: [] for language in i18n.SHIPPED}
    for path in record_paths():
        record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        if record["game"] != kind:
            continue
        state = game.new(record["players"], record["seed"], record["options"])
        for i, (seat, action) in enumerate(record["actions"]):
            if i % EVERY == 0:
                for owner in game.to_act(state):
                    for option in game.legal(state, owner):
                        for language in i18n.SHIPPED:
                            with i18n.using(language):
                                found[language].append((game.describe(state, option), game.detail(state, option)))
            state = game.apply(state, seat, action)
    return found


@pytest.mark.parametrize("kind", ["rollwrite", "duel", "yokohama"])
def test_the_labels_of_the_recorded_games_fit_in_every_language(kind: str) -> None:
    labels = _labels(kind)
    assert all(len(found) == len(labels["en"]) > 100 for found in labels.values())
    too_long = {language: [(label, detail) for label, detail in found
                           if len(label) > LABEL_LIMIT or len(detail) > DETAIL_LIMIT]
                for language, found in labels.items()}
    assert too_long == {language: [] for language in labels}
    cut_unsaid = {language: sorted({label for label, detail in found
                                    if label.endswith("…") and (not detail or detail.endswith("…"))})
                  for language, found in labels.items()}
    assert cut_unsaid == {language: [] for language in labels}
    # the labels do read in each language (not English everywhere)
    assert all(found != labels["en"] for language, found in labels.items() if language != "en")
