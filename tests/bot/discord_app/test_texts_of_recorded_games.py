"""No raw token anywhere a person reads. Every headline, story, label, prompt and game-list
entry of the recorded games (tests/fixtures/<game>/*.json), filled with names the way the bot fills
them, holds no `{` or `}`."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord_app.names import by_name, fill, plain, summary_line
from bot.discord_app.panels.text import story_text
from bot.service.outcomes import Clause
from engine.core import IllegalAction, get_game
from tests.engine.recorded import read_record, record_paths

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin"]
#: Every how many states the labels of all legal options are rendered too (a Yokohama placement has hundreds).
OPTIONS_EVERY = 7


def _clean(text: str, where: str) -> None:
    assert "{" not in text and "}" not in text, f"{where}: {text!r}"


@pytest.mark.parametrize("path", record_paths(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_text_of_a_recorded_game_reads_without_tokens(path: Path) -> None:
    record = read_record(path)
    game = get_game(record["game"])
    names = NAMES[:record["players"]]
    state = game.new(record["players"], record["seed"], record["options"])
    clauses: list[Clause] = []
    replayed = 0
    for step, (seat, action) in enumerate(record["actions"]):
        headline = game.headline(state)
        _clean(fill(headline, by_name(names)), "headline")
        _clean(summary_line(headline, "active", plain(names)), "/games and autocomplete")
        for pending in game.to_act(state):
            _clean(fill(game.pending_label(state, pending), plain(names)), "panel heading")
            if step % OPTIONS_EVERY == 0:
                for option in game.legal(state, pending):
                    _clean(fill(game.describe(state, option), plain(names)), "option label")
        try:
            after = game.apply(state, seat, action)
        except IllegalAction:
            break  # a record the engine moved on from is the replay test's business; what replayed counts
        replayed += 1
        _clean(fill(game.public_label(state, action), plain(names)), "public label")
        _clean(fill(game.describe(state, action), plain(names)), "label")
        _clean(fill(game.detail(state, action), plain(names)), "menu detail")
        story = game.narrate(state, seat, action, after)
        clauses.append(Clause(step, seat, None, "player", story, False))
        _clean(story_text(clauses[-1:], names), "story")
        state = after
    _clean(story_text(clauses, names), "whole story")
    headline = game.headline(state)
    _clean(fill(headline, by_name(names)), "final headline")
    _clean(summary_line(headline, "finished", plain(names)), "final list entry")
    assert replayed > 0
