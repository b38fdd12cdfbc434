"""Kept text (`engine.core.kept_text`): what a state keeps in words — Duel's and Yokohama's logs, a Roll & Write
sheet's decisions this round — reads as the English the engine wrote and, for another reader, wholly in that
reader's catalogue, and it is the same whoever was reading when the game was played."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core import get_game, random_playout, translate
from engine.core.kept_text import MARKERS, keeping, plain, worded
from engine.core.translate import _, ngettext, pgettext


class Wrapping:
    """Every message wrapped in ⟦…⟧ (placeholders kept), like the bot's pseudo-locale."""

    def gettext(self, message: str, /) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str, /) -> str:
        return f"⟦{message}⟧"


class Reordering:
    """A language that puts one message's values the other way round."""

    def gettext(self, message: str, /) -> str:
        return "{area}: {seat} baut" if message == "{seat} builds in {area}" else message

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str, /) -> str:
        return "Teeplantage" if message == "Tea Plantation" else message


@contextlib.contextmanager
def reading(words: Any) -> Iterator[None]:
    token = translate.translator.set(words)
    try:
        yield
    finally:
        translate.translator.reset(token)


WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
#: Two words in a row outside ⟦…⟧: text that did not pass through the catalogue.
SENTENCE = re.compile(r"\b[A-Za-z]{2,}\s+[a-z]{2,}\b")


def unwrapped(text: str) -> list[str]:
    rest = re.sub(r"\{seat:\d\}", " ", text)
    while WRAPPED.search(rest):
        rest = WRAPPED.sub(" ", rest)
    return SENTENCE.findall(rest)


def test_a_kept_message_reads_in_english_and_in_another_language_with_its_values_in_place() -> None:
    with keeping():
        built = _("{seat} builds in {area}").format(seat="{seat:0}", area=pgettext("area", "Tea Plantation") + " I")
        counted = ngettext("{n} order", "{n} orders", 3).format(n=3) + "; " + _("Pass")
        signed = _("{n:+d} VP and {}").format("¥2", n=4)
    assert not any(marker in plain(text) for text in (built, counted, signed) for marker in MARKERS)
    assert plain(built) == worded(built) == "{seat:0} builds in Tea Plantation I"
    assert plain(counted) == "3 orders; Pass"
    assert plain(signed) == worded(signed) == "+4 VP and ¥2"
    with reading(Reordering()):
        assert worded(built) == "Teeplantage I: {seat:0} baut"
    with reading(Wrapping()):
        assert worded(counted) == "⟦3 orders⟧; ⟦Pass⟧"
        assert worded(built) == "⟦{seat:0} builds in ⟦Tea Plantation⟧ I⟧"


def test_text_kept_before_it_was_marked_reads_as_it_was() -> None:
    with reading(Wrapping()):
        assert worded("Blue placed an assistant in Tea Plantation") == "Blue placed an assistant in Tea Plantation"


def _kept_lines(name: str, state: Any) -> list[str]:
    if name == "rollwrite":
        return [line for sheet in state["sheets"] for line in sheet["events"]]
    return list(state["log"])


def _english_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep text as it used to be kept: in English."""
    monkeypatch.setattr("engine.duel.flow.RECORDER", translate.ENGLISH)
    for module in ("engine.duel.game", "engine.yokohama.game", "engine.rollwrite.flow"):
        monkeypatch.setattr(f"{module}.keeping", translate.in_english)


CASES = [("duel", 2, 1, None), ("duel", 2, 2, None), ("yokohama", 2, 1, 500), ("yokohama", 3, 2, 500),
         ("yokohama", 4, 3, 500), ("rollwrite", 1, 1, None), ("rollwrite", 3, 2, None)]


@pytest.mark.parametrize(("name", "players", "seed", "cap"), CASES)
def test_every_kept_line_of_a_played_game_is_the_english_written_and_passes_through_the_catalogue(
        monkeypatch: pytest.MonkeyPatch, name: str, players: int, seed: int, cap: int | None) -> None:
    game = get_game(name)
    actions = random_playout(game, players, seed, max_actions=cap).log
    with monkeypatch.context() as patched:
        _english_reference(patched)
        english = game.new(players, seed)
    kept = game.new(players, seed)
    lines = 0
    for seat, action in [(e[0], e[1]) for e in actions]:
        with monkeypatch.context() as patched:
            _english_reference(patched)
            english = game.apply(english, seat, action)
        kept = game.apply(kept, seat, action)
        written, marked = _kept_lines(name, english), _kept_lines(name, kept)
        assert [plain(line) for line in marked] == written
        with reading(Wrapping()):
            assert [line for line in marked if unwrapped(worded(line))] == []
        lines += len(marked)
    assert lines > 100


def test_plain_remembered_is_plain_read_afresh_in_every_language() -> None:
    """`plain` keeps its answers (a story is worded in each shipped language from the same log lines): the kept
    answer is the one read afresh, and, English by definition, the same whoever reads along."""
    from engine.core import kept_text

    with keeping():
        lines = [_("{seat} builds in {area}").format(seat="{seat:0}", area=pgettext("area", "Tea Plantation")),
                 ngettext("{n} order", "{n} orders", 2).format(n=2)]
    afresh = [kept_text._read(line, translate.ENGLISH) for line in lines]
    kept_text._plain.cache_clear()
    for words in (None, Wrapping(), Reordering()):
        with reading(words):
            assert [plain(line) for line in lines] == afresh == ["{seat:0} builds in Tea Plantation", "2 orders"]
    assert kept_text._plain.cache_info().hits >= len(lines) * 2
    with reading(Wrapping()):  # `worded`, by contrast, answers in the reader's language
        assert worded(lines[0]) != plain(lines[0])


def test_a_kept_lines_parts_are_remembered_and_read_in_each_language() -> None:
    """The parse of a kept line is remembered (language-free); each reader still gets its own language."""
    from engine.core import kept_text

    with keeping():
        line = _("{seat} builds in {area}").format(seat="{seat:1}", area=pgettext("area", "Tea Plantation") + " II")
    kept_text._parts.cache_clear()
    kept_text._worded_in.cache_clear()
    assert kept_text._parts(line) is kept_text._parts(line)
    readings = {}
    for name, words in (("en", None), ("wrapped", Wrapping()), ("reordered", Reordering())):
        with reading(words):
            readings[name] = worded(line)
    assert readings == {"en": "{seat:1} builds in Tea Plantation II",
                        "wrapped": "⟦{seat:1} builds in ⟦Tea Plantation⟧ II⟧",
                        "reordered": "Teeplantage II: {seat:1} baut"}
    assert kept_text._parts.cache_info().misses == 1
