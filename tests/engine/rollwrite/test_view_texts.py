"""The sheet view's bonus words, worded once per sheet side (`view.side_texts`), are the words
`bonus_text` gives each printed bonus, and their cache, keyed by values, stays bounded whatever side data it meets."""

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


def test_made_up_side_data_is_worded_from_its_own_bonuses_and_the_cache_stays_bounded() -> None:
    """The words are cached by the printed side's name and the language (values), never by which dict
    was handed in: a copy of side A with other bonuses reads its own bonuses, and the cache holds at
    most `SIDE_TEXTS_LIMIT` wordings however many side datas it meets."""
    base = sheet("A")
    for n in range(3 * view.SIDE_TEXTS_LIMIT):
        data = copy.deepcopy(base)
        data["track_bonus"][0] = {"money": n + 1}
        assert view.side_texts(data).tracks[0] == f"{n + 1} money"
        assert view._printed_side_texts.cache_info().currsize <= view.SIDE_TEXTS_LIMIT
    assert view.side_texts(base).tracks[0] == bonus_text(base["track_bonus"][0])
