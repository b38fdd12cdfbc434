"""The sheet view's bonus words, worded once per sheet side (`view.side_texts`), are the words
`bonus_text` gives each printed bonus, and their cache stays bounded whatever side data it meets."""

from __future__ import annotations

import copy

from engine.rollwrite import view
from engine.rollwrite.components import sheet
from engine.rollwrite.labels import bonus_text


def test_side_texts_are_the_bonus_texts_of_each_side() -> None:
    for side in ("A", "B"):
        data = sheet(side)
        texts = view.side_texts(data)
        assert texts.tracks == {r: bonus_text(b) for r, b in data["track_bonus"].items()}
        assert texts.columns == {c: bonus_text(b) for c, b in data["column_bonus"].items()}
        assert texts.links == [bonus_text(link["bonus"]) for link in data["links"]]
        for res in ("money", "faith"):
            assert texts.stocks[res] == [bonus_text(b["bonus"]) for b in data["stock_bonuses"][res]]
        assert texts.rounds == {n: bonus_text(b) for n, b in data["round_bonus"].items()}
        assert view.side_texts(data) is texts  # worded once


def test_side_texts_cache_is_bounded_and_told_apart_by_identity() -> None:
    base = sheet("A")
    made_up = []
    for n in range(3 * view.SIDE_TEXTS_LIMIT):
        data = copy.deepcopy(base)
        data["track_bonus"][0] = {"money": n + 1}
        made_up.append(data)
        assert view.side_texts(data).tracks[0] == f"{n + 1} money"
        assert len(view._SIDE_TEXTS) <= view.SIDE_TEXTS_LIMIT
    assert view.side_texts(base).tracks[0] == bonus_text(base["track_bonus"][0])
