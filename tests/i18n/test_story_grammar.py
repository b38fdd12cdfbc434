"""The engines' words read as sentences of the reader's language in a turn's story and its option labels.

Played from the recorded games (`tests/fixtures/<game>/`): every decision's clause worded in each language
(as the turn journal keeps it), told by `story_text` as a turn post tells it, and the option labels of
the positions on the way. German and French name an area after a preposition only with a word that
carries the article ("zum Ort Hafen A", "dans le lieu Port A"), whatever the area's gender; a label told in
a story follows a verb of choosing, not a bare "; " (a capitalised infinitive mid-sentence); Japanese joins
events with 。 and French puts a space before ":" and ";"; /profile reads without ASCII punctuation in
Japanese and with French spacing in French.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

import i18n
from bot.discord_app.panels.text import story_text
from bot.discord_app.standings_views import profile_text
from bot.service.outcomes import Applied, Clause
from bot.service.standings import GameRecord, Profile
from bot.storage.base import FinishedGame, FinishedSeat, Rating
from engine.core import get_game
from engine.yokohama.components import reward_text
from tests.engine.recorded import record_paths

#: How many decisions of each recorded game are told, and every how many positions the labels are read.
DECISIONS = 150
LABELS_EVERY = 7
#: Clauses per story (about a turn post's worth).
PER_POST = 6
NAMES = ["Alice", "Bob", "Chloé", "Dirk"]


def area_names(kind: str) -> list[str]:
    """Every area's name of `kind` in the current language, longest first."""
    if kind == "duel":
        from engine.duel.cards import AREA_IDS, AREAS
        names = [AREAS[a].name for a in AREA_IDS]
    elif kind == "yokohama":
        from engine.yokohama.components import area_name, parts
        from engine.yokohama.placement import short_area_name
        names = [area_name(a) for a in parts().areas] + [short_area_name(a) for a in parts().areas]
    else:
        from engine.rollwrite import components
        names = [components.area_name(a) for a in components.areas()]
    return sorted(set(names), key=len, reverse=True)


@cache
def played(kind: str) -> tuple[list[Clause], dict[str, list[str]], dict[str, list[str]]]:
    """The first recorded game of `kind`: its clauses (worded in every language), the labels of the played
    decisions and the labels offered on the way, by language."""
    game = get_game(kind)
    path = next(p for p in record_paths() if json.loads(p.read_text(encoding="utf-8"))["game"] == kind)
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    state = game.new(record["players"], record["seed"], record["options"])
    clauses: list[Clause] = []
    chosen: dict[str, list[str]] = {language: [] for language in i18n.SHIPPED}
    offered: dict[str, list[str]] = {language: [] for language in i18n.SHIPPED}
    for i, (seat, action) in enumerate(record["actions"][:DECISIONS]):
        for language in i18n.SHIPPED:
            with i18n.using(language):
                chosen[language].append(game.describe(state, action))
                if i % LABELS_EVERY == 0:
                    offered[language] += [game.describe(state, option)
                                          for owner in game.to_act(state) for option in game.legal(state, owner)]
        after = game.apply(state, seat, action)
        applied = Applied.of(game, state, seat, None, "player", action, after)
        clauses.append(Clause(i, seat, None, "player", applied.story, True, texts=applied.stories))
        state = after
    return clauses, chosen, offered


def stories(kind: str, language: str) -> list[str]:
    clauses = played(kind)[0]
    with i18n.using(language):
        return [story_text(clauses[k:k + PER_POST], NAMES) for k in range(0, len(clauses), PER_POST)]


def texts(kind: str, language: str) -> list[str]:
    _clauses, _chosen, offered = played(kind)
    return stories(kind, language) + offered[language]


#: A preposition that wants an article before an area's name; French "de" only before a vowel (elision).
BARE = {"de": r"\b(?:nach|in|aus|von|zu|an|bei)", "fr": r"(?:\bà|\ben|\bau|\bdu)"}


@pytest.mark.parametrize("kind", ["duel", "yokohama", "rollwrite"])
@pytest.mark.parametrize("language", ["de", "fr"])
def test_an_area_is_never_named_bare_after_a_preposition(kind: str, language: str) -> None:
    with i18n.using(language):
        names = area_names(kind)
    pattern = re.compile(BARE[language] + r" (?:" + "|".join(map(re.escape, names)) + r")(?![\w'’-])")
    elided = re.compile(r"\b(?:de|que) (?:" + "|".join(re.escape(n) for n in names if n[0] in "AEIOUÉÈÊÂaeiouéh")
                        + r")\b") if language == "fr" else None
    found = sorted({m.group(0) for text in texts(kind, language) for m in pattern.finditer(text)}
                   | ({m.group(0) for text in texts(kind, language) for m in elided.finditer(text)}
                      if elided else set()))
    assert found == []


@pytest.mark.parametrize("kind", ["duel", "yokohama"])
@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_label_in_a_story_follows_a_verb_of_choosing(kind: str, language: str) -> None:
    """"…; 2 Gehilfen nehmen (kostenlos)" read as if the seat did something called that; "…; wählt: 2 Gehilfen
    nehmen" reads as what it is."""
    _clauses, chosen, _offered = played(kind)
    labels = set(chosen[language])
    with i18n.using(language):
        lead = i18n.pgettext("story", "chooses: {label}").split("{label}")[0]
        between = i18n.pgettext("between the events of a story", "; ")
    bare = []
    for story in stories(kind, language):
        parts = story.split(between)
        # a run of chosen labels says "wählt:" once ("wählt: A; B"); a label after anything else is bare
        chose = [lead in parts[0]]
        for part in parts[1:]:
            label = any(part.startswith(label) for label in labels)
            if label and not chose[-1] and part[:1].isupper():  # a capitalised infinitive mid-sentence
                bare.append(part)
            chose.append(lead in part or label and chose[-1])
    assert labels and bare == []


@pytest.mark.parametrize("kind", ["duel", "yokohama", "rollwrite"])
def test_japanese_stories_join_events_as_japanese_writes(kind: str) -> None:
    told = stories(kind, "ja")
    assert [s for s in told if "; " in s or ";" in s] == []
    assert [s for s in told if "。 " in s] == []  # no space between Japanese sentences
    assert any("。" in s for s in told)


@pytest.mark.parametrize("kind", ["duel", "yokohama", "rollwrite"])
def test_french_stories_space_before_colon_and_semicolon(kind: str) -> None:
    told = stories(kind, "fr")
    tight = sorted({m.group(0) for s in told for m in re.finditer(r"\S[:;](?=\s)", s)})
    assert tight == []
    assert any(" ; " in s for s in told)


def test_french_roll_and_write_stories_say_money_was_spent() -> None:
    told = " ".join(stories("rollwrite", "fr"))
    assert "payé" not in told and "dépensé" in told


def _profile() -> Profile:
    rating = Rating("duel", 5, 1, 25.0, 8.0, 1520, 10, 6)
    record = GameRecord("duel", rating, 2, 9, rating, 4, 10, 91, 72.5)
    game = FinishedGame(12, "duel", "table", 5, 1_764_500_000.0, True, None,
                        [FinishedSeat(1, 0, 1, 91, False), FinishedSeat(2, 1, 2, 80, False)])
    return Profile(1, 5, [record], [game])


def test_profile_reads_in_japanese_and_french_punctuation() -> None:
    with i18n.using("ja"):
        japanese = profile_text(_profile(), "Alice", None)
    with i18n.using("fr"):
        french = profile_text(_profile(), "Alice", None)
    assert re.findall(r", |\w: |\*\*: ", japanese) == [], japanese
    assert re.findall(r"\S[:;%]", re.sub(r"<[^>]*>", "", french)) == [], french


@pytest.mark.parametrize(("language", "one", "two"),
                         [("fr", "1 importé", "2 importés"), ("de", "1 Import", "2 Importe")])
def test_imported_goods_agree_with_their_number(language: str, one: str, two: str) -> None:
    """A reward of one Imported Good reads in the singular, two in the plural ("1 importés" was wrong)."""
    with i18n.using(language):
        assert reward_text({"imported": 1}) == one
        assert reward_text({"imported": 2}) == two
