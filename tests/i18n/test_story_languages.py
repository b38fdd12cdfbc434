"""A decision's clause is worded in every shipped language when it is played and kept so in the turn journal:
a turn post tells it in the server's language, whoever played it and in whatever language they play."""

from __future__ import annotations

import i18n
from bot.discord_app.panels.text import story_text
from bot.service.outcomes import Applied, Clause
from engine.core import get_game


def _first_decision() -> tuple[Applied, str]:
    game = get_game("rollwrite")
    state = game.new(2, 9)
    seat = game.to_act(state)[0]
    action = game.legal(state, seat)[0]
    with i18n.using("fr"):  # the player plays in French
        applied = Applied.of(game, state, seat, 111, "player", action, game.apply(state, seat, action))
    return applied, game.describe(state, action)


def test_a_clause_is_worded_in_every_language_and_kept_so_in_the_journal() -> None:
    applied, english_label = _first_decision()
    assert applied.story.startswith("{seat:") and english_label.split(" ")[0] in applied.story
    assert set(applied.stories) >= {"ja", "de", "fr"}
    assert len({applied.story, *applied.stories.values()}) == 4  # four languages, four wordings
    clause = Clause(1, applied.seat, applied.user_id, applied.origin, applied.story, applied.closes,
                    texts=applied.stories)
    assert Clause.from_json(clause.as_json()) == clause


def test_the_story_reads_in_the_readers_language() -> None:
    applied, _label = _first_decision()
    clause = Clause(1, applied.seat, applied.user_id, applied.origin, applied.story, applied.closes,
                    texts=applied.stories)
    names = ["Alice", "Bob"]
    told = {}
    for language in ("en", "ja", "de", "fr"):
        with i18n.using(language):
            told[language] = story_text([clause], names)
    assert names[applied.seat] in told["de"] and "Würfel" in told["de"]
    assert "サイコロ" in told["ja"] or "ダイス" in told["ja"]
    assert "Dé" in told["fr"]
    assert "die" in told["en"]
    # a clause stored before the journal kept other languages still reads (in English)
    old = Clause.from_json({k: v for k, v in clause.as_json().items() if k != "texts"})
    with i18n.using("de"):
        assert story_text([old], names) == told["en"]


def test_a_short_area_name_is_remembered_by_language() -> None:
    """Yokohama's short area names (a placement's label and story) are remembered by language: each reads as
    worded afresh in its language, and a German reader never gets the English one."""
    from engine.yokohama import placement
    from engine.yokohama.components import area_name, parts

    afresh: dict[str, dict[str, str]] = {}
    for language in i18n.SHIPPED:
        with i18n.using(language):
            afresh[language] = {}
            for area in parts().areas:
                name = area_name(area)
                for long, short in placement.SHORT_NAMES.items():
                    name = name.replace(i18n._(long), i18n._(short))
                afresh[language][area] = name
    placement._short_area_name.cache_clear()
    for _round in range(2):
        for language in i18n.SHIPPED:
            with i18n.using(language):
                assert {area: placement.short_area_name(area) for area in parts().areas} == afresh[language]
    assert afresh["de"]["tea1"] != afresh["en"]["tea1"] and afresh["en"]["tea1"].startswith("Tea")
    assert placement._short_area_name.cache_info().hits >= len(parts().areas) * len(i18n.SHIPPED)
