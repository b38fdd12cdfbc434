"""`engine.core.translate`: the engine's words in the reader's language, and states that never depend on it."""

from __future__ import annotations

import re

import pytest

from engine.core import get_game, random_playout
from engine.core.translate import _, in_english, language, ngettext, translator
from engine.core.wording import told_by


class Shouting:
    """A stand-in catalogue: every message upper-cased (placeholders too), so a worded text shows it passed."""

    def gettext(self, message: str, /) -> str:
        return re.sub(r"[^{}]+(?=\{|$)|(?<=\})[^{}]+", lambda m: m.group(0).upper(), message)

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str, /) -> str:
        return self.gettext(message)


def test_english_as_written_without_a_translator() -> None:
    assert _("Take {good}") == "Take {good}"
    assert ngettext("{n} circle", "{n} circles", 2) == "{n} circles"
    assert language() == "en"


def test_a_translator_set_for_a_block_words_the_block_only() -> None:
    token = translator.set(Shouting())
    try:
        assert _("Take") == "TAKE"
        assert language() != "en"
        with in_english():
            assert _("Take") == "Take" and language() == "en"
        assert _("Take") == "TAKE"
    finally:
        translator.reset(token)
    assert _("Take") == "Take"


def test_a_story_clause_is_conjugated_in_english_only() -> None:
    assert told_by(0, "Take a Church card") == "{seat:0} takes a Church card"
    token = translator.set(Shouting())
    try:
        assert told_by(0, "Prendre une carte") == "{seat:0}: Prendre une carte"
        # a label not translated yet (its game does not mark its words) still reads as English does
        assert told_by(0, "Take a card") == "{seat:0} takes a card"
    finally:
        translator.reset(token)


@pytest.mark.parametrize("kind", ["rollwrite", "duel"])
def test_a_game_played_by_a_reader_of_another_language_reaches_the_same_states(kind: str) -> None:
    """The state keeps no word of the reader's language: the same game played under another translator
    (its labels and prompts worded on the way) ends in the same state, byte for byte."""
    game = get_game(kind)
    english = random_playout(game, 2, seed=17, chooser_seed=3)
    token = translator.set(Shouting())
    try:
        shouted = random_playout(game, 2, seed=17, chooser_seed=3)
        # the panel's words in that language, for every seat that owes a decision at the end
        for seat in game.to_act(shouted.state):
            assert game.pending_label(shouted.state, seat).isupper() or not game.pending_label(shouted.state, seat)
    finally:
        translator.reset(token)
    assert game.dump(shouted.state) == game.dump(english.state)


def test_worded_text_kept_for_reuse_is_kept_per_language() -> None:
    """A card's action and a sheet side's printed bonuses are worded once and reused: once per language,
    or the first reader's language would answer every reader after."""
    from engine.rollwrite import rules
    from engine.rollwrite.labels import card_action_text
    from engine.rollwrite.view import side_texts

    state = get_game("rollwrite").new(2, 4)
    data = rules.side_data(state)
    english = card_action_text(1), side_texts(data).rounds
    token = translator.set(Shouting())
    try:
        shouted = card_action_text(1), side_texts(data).rounds
    finally:
        translator.reset(token)
    assert shouted[0] == english[0].upper() != english[0]
    assert shouted[1] != english[1]
    assert (card_action_text(1), side_texts(data).rounds) == english


def test_the_blank_sheet_view_is_kept_per_language() -> None:
    """A sheet's view is filled into a blank kept as text, printed bonuses in words: one per language."""
    from engine.rollwrite.task_steps import TASK_STEPS
    from engine.rollwrite.view import filled_sheet_view

    state = get_game("rollwrite").new(1, 4)

    def printed_bonuses() -> list[str]:
        sheet = filled_sheet_view(state, state["sheets"][0], TASK_STEPS)
        assert sheet is not None
        return [entry["bonus_text"] for entry in sheet["round_track"]]

    english = printed_bonuses()
    token = translator.set(Shouting())
    try:
        shouted = printed_bonuses()
    finally:
        translator.reset(token)
    assert shouted == [text.upper() for text in english] != english
    assert printed_bonuses() == english


def test_every_name_and_text_of_the_roll_and_write_data_is_marked_for_the_catalogue() -> None:
    """The data files are read at run time, where the extractor cannot see them: their names and rule texts
    are listed, marked, in components.py, and a data file edited without that list fails here."""
    from engine.rollwrite.components import DATA_NAMES, DATA_TEXTS, areas, technologies

    names = {a["name"] for a in areas().values()} | {t["name"] for t in technologies().values()}
    assert names - set(DATA_NAMES) == set()
    assert {t["text"] for t in technologies().values()} - set(DATA_TEXTS) == set()


def test_every_name_and_text_of_the_duel_data_is_marked_for_the_catalogue() -> None:
    """The Duel's data files (Areas and their effects, Technologies, Foreign Agent requirements) are read at run
    time: their words are listed, marked, in cards.py, and a data file edited without that list fails here."""
    from engine.duel.cards import AREAS, DATA_NAMES, HIRES, TECHS

    effects = {a.effect for a in AREAS.values()} - {"draw {n} Order{s}", "{n} exchange{s}"}  # worded by ngettext
    words = {a.english for a in AREAS.values()} | effects | {t.english for t in TECHS.values()}
    words |= {t.english_text for t in TECHS.values()} | {h.label for h in HIRES.values()}
    assert words - set(DATA_NAMES) == set()
    token = translator.set(Shouting())
    try:
        assert AREAS["port"].name == "PORT" and AREAS["port"].effect_text(2) == "DRAW 2 ORDERS"
        assert TECHS["ball"].text == TECHS["ball"].english_text.upper()
    finally:
        translator.reset(token)


def test_the_duel_order_labels_are_kept_per_language() -> None:
    """Every Order's label is worded once and reused: once per language."""
    from engine.duel.text import order_label

    english = order_label(3)
    token = translator.set(Shouting())
    try:
        shouted = order_label(3)
    finally:
        translator.reset(token)
    assert shouted != english and shouted.startswith("ORDER 4: ")
    assert order_label(3) == english


def test_a_duel_story_is_told_in_the_readers_language_and_the_state_keeps_english() -> None:
    """The Duel keeps its log in the state, in English; the story of each decision is worded for its reader
    (the decision played again on a copy), and telling it changes nothing."""
    game = get_game("duel")
    played = random_playout(game, 2, seed=5, chooser_seed=9, max_actions=120)
    state = game.new(2, 5)
    told = 0
    for seat, action in played.log:
        after = game.apply(state, seat, action)
        kept = game.dump(after), game.dump(state)
        english = game.narrate(state, seat, action, after)
        token = translator.set(Shouting())
        try:
            shouted = game.narrate(state, seat, action, after)
            played_by_a_shouter = game.apply(state, seat, action)
        finally:
            translator.reset(token)
        assert (game.dump(after), game.dump(state)) == kept
        assert game.dump(played_by_a_shouter) == game.dump(after)  # the log it keeps is English
        assert shouted.count("; ") == english.count("; ")
        if after["log_count"] > state["log_count"]:  # told from the events the decision logged
            told += 1
            assert shouted != english
            assert re.sub(r"\{seat:\d\}", "", shouted) == re.sub(r"\{seat:\d\}", "", shouted).upper()
        state = after
    assert told > 20
