"""No Discord markup is drawn on a picture: every picture of the recorded games, drawn with Markdown in the
players' names and in the turn stories, draws only plain words (the kit records every string it draws)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import get_game
from rendering.charts import Series, Step, line_chart, podium
from rendering.kit import recording_drawn_text
from rendering.kit.plain import plain
from rendering.renderers import renderer_for
from rendering.tournament import Row, standings_picture
from tests.engine.recorded import FIXTURES, read_record

NAMES = ["**bob**", "__ann__", "*Zoë*", "~~al~~ ||x||", "`code`"]
STORY_TEMPLATE = ("{name} sends Power 1 to **Tea Garden** and pays ¥2 <:coin:123456789012>; <@123456789012> "
                  "__gains__ *2 points* ~~or not~~ ||secretly|| with `Order 12`.\n> a quote\n# a heading")
#: What Discord would have formatted: paired markers, mentions, custom emoji, line-start markup.
MARKUP = re.compile(r"\*\*|__|~~|\|\||`|<@|<:|<#|<t:|^#+ |^> |\*[^\s*][^*]*\*")
RECORDS = {"duel": "greedy-0.json", "yokohama": "greedy-2p-0.json", "rollwrite": "chinatown-2p-0.json"}


def positions(kind: str) -> list[dict[str, Any]]:
    """States of one recorded game: its start, a few points on the way and its end."""
    record = read_record(FIXTURES / kind / RECORDS[kind])
    game = get_game(kind)
    state = game.new(record["players"], record["seed"], record["options"])
    actions = record["actions"]
    marks = {len(actions) // 3, 2 * len(actions) // 3}
    out = [state]
    for step, (seat, action) in enumerate(actions):
        state = game.apply(state, int(seat), action)
        if step in marks:
            out.append(state)
    return out + [state]


def assert_plain(drawn: list[str]) -> None:
    assert drawn, "nothing was recorded"
    marked = [text for text in drawn if MARKUP.search(text)]
    assert not marked, marked


def test_plain_takes_the_markup_off_and_keeps_the_words() -> None:
    assert plain("**bob** sends Power 1 to **Tea Garden**") == "bob sends Power 1 to Tea Garden"
    assert plain("***x*** __**u**__ ~~s~~ ||h|| `c`") == "x u s h c"
    assert plain("<@123456789012> took <:coin:123456789012> 5") == "@someone took 5"
    assert plain(r"\*Star\* snake_case_name 2 * 3") == "*Star* snake_case_name 2 * 3"
    assert plain("# Title\n> quote\n-# small") == "Title\nquote\nsmall"
    assert plain("[rules](https://example.org)") == "rules"


@pytest.mark.parametrize("kind", list(RECORDS))
def test_every_picture_of_a_recorded_game_draws_plain_text(kind: str) -> None:
    game = get_game(kind)
    renderer = renderer_for(kind)
    assert renderer is not None
    states = positions(kind)
    players = len(game.view(states[0], None).get("seats", [])) or 2
    names = (NAMES * players)[:players]
    with recording_drawn_text() as drawn:
        for state in states:
            public = game.view(state, None)
            renderer.public_pictures(public, names=names)()
            renderer.lead_picture(public, names=names, story=STORY_TEMPLATE.format(name=names[0]))()
            for seat in range(players):
                renderer.picture(game.view(state, seat), names=names, name=names[seat])()
        renderer.scoreboard(game.view(states[-1], None), names=names)()
    assert_plain(drawn)
    assert any("bob" in text for text in drawn)


def test_charts_and_standings_draw_plain_text() -> None:
    with recording_drawn_text() as drawn:
        line_chart("**bob** — rating", [Series("__duel__", [1000.0, 1010.0, 990.0])], x_label="games",
                   y_label="rating")
        podium("**Daily** race", [Step(1, "*Zoë*", "71 pts"), Step(2, "**bob**", "60 pts")])
        standings_picture("**Cup**", "`Swiss`", ["Pts", "Buch.", "VP", "W-L"],
                          [Row(1, "**bob**", "3", "7.5", "140", "3-0"), Row(2, "__ann__", "1", "2", "90", "1-2")])
    assert_plain(drawn)


@pytest.mark.parametrize("kind", list(RECORDS))
def test_the_alt_text_says_the_game_whose_turn_the_scores_and_the_last_turn(kind: str) -> None:
    game = get_game(kind)
    renderer = renderer_for(kind)
    assert renderer is not None
    state = positions(kind)[1]
    players = len(game.view(state, None).get("seats", [])) or 2
    names = (NAMES * players)[:players]
    text = renderer.description(game.view(state, None), names=names, story=STORY_TEMPLATE.format(name=names[0]))
    assert text.startswith(game.title + ":") and "Scores: bob" in text and "Last turn: bob sends Power 1" in text
    assert not MARKUP.search(text) and len(text) <= 1024
    long = renderer.description(game.view(state, None), names=names, story="word " * 600)
    assert 1000 <= len(long) <= 1024 and long.endswith("...")
