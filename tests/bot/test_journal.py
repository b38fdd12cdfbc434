"""The turn journal as stored beside a game: each stored text parsed once per process and shared."""

from __future__ import annotations

import dataclasses
import json

import pytest

import i18n
from bot.service import journal
from bot.service.outcomes import Clause


def _clauses() -> list[Clause]:
    return [Clause(3, 0, 11, "player", "{seat:0} takes the die", False, texts={"de": "{seat:0} nimmt den Würfel"}),
            Clause(4, 1, None, "formality", "{seat:1} passes", True, told=True)]


def test_a_journal_read_back_is_the_one_parsed_afresh_in_every_language() -> None:
    """The text a move wrote, read back by the next click: the same clauses as a fresh parse, each reader's
    list its own, the clauses shared (frozen), every language's wording kept."""
    kept = _clauses()
    raw = journal.dumps(kept)
    fresh = [Clause.from_json(item) for item in json.loads(raw)]
    first, second = journal.parse(raw), journal.parse(raw)
    assert first == second == fresh == kept and first is not second
    first.append(kept[0])
    assert journal.parse(raw) == fresh
    with pytest.raises(dataclasses.FrozenInstanceError):
        first[0].told = True  # type: ignore[misc]
    with i18n.using("de"):
        assert journal.parse(raw)[0].worded() == "{seat:0} nimmt den Würfel"
    with i18n.using("fr"):
        assert journal.parse(raw)[0].worded() == "{seat:0} takes the die"


def test_a_journal_text_never_seen_is_parsed_and_a_damaged_one_is_empty() -> None:
    other = json.dumps([dict(_clauses()[0].as_json(), seq=9)])
    assert [c.seq for c in journal.parse(other)] == [9]
    assert journal.parse("[{") == [] and journal.parse(None) == [] and journal.parse("") == []


def test_the_journals_kept_are_bounded() -> None:
    for n in range(journal.KNOWN_JOURNALS + 10):
        journal.dumps([dataclasses.replace(_clauses()[0], seq=n)])
    assert len(journal._known) == journal.KNOWN_JOURNALS


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_a_journal_is_stored_as_the_json_module_writes_it(count: int) -> None:
    """Each clause's JSON is written once and the journal put together from them: the very text
    `json.dumps` writes of the whole list (non-ASCII escaped, the same separators), before and after a clause
    was written once already."""
    clauses = [*_clauses(), Clause(5, 0, -1, "auto", "{seat:0} 取る “quoted” \\\\ ✓", True,
                                   texts={"ja": "{seat:0}が取る", "fr": "{seat:0} prend l’œuf"})] * 2
    journal_now = clauses[:count]
    for _round in range(2):
        assert journal.dumps(journal_now) == json.dumps([c.as_json() for c in journal_now])
    assert journal.parse(journal.dumps(journal_now)) == journal_now
