"""One change is shown to readers of several languages at once: the clicker's panel in theirs, the turn post in
the server's. A view holds worded names (Roll & Write's areas and technologies), so the view a change hands out
is worded in the language of whoever asks for it, never in the language of whoever asked first."""

from __future__ import annotations

from typing import Any

from bot.service.outcomes import Outcome
from bot.service.records import GameRow
from engine.rollwrite import GAME
from i18n import using


def _words(view: Any) -> str:
    return repr(view)


def test_a_changes_public_view_is_worded_in_each_readers_language() -> None:
    state = GAME.new(2, 7, None)
    game = GameRow(id=1, kind="rollwrite", mode="table", guild_id=1, channel_id=1, creator_id=1, seed=7,
                   status="active", version=1, options={}, seats=[], state=None, table_rules={}, result=None,
                   daily_date=None, created_at=0.0, updated_at=0.0, waiting_since=None, reminded_at=None)
    outcome = Outcome(game=game, engine=GAME, state=state)
    with using("fr"):
        french = _words(outcome.view(None))  # the clicker's panel asked first
    with using("de"):
        german = _words(outcome.view(None))  # then the turn post, in the server's language
    with using("en"):
        english = _words(outcome.view(None))
    assert french != english and german != english and german != french
    with using("de"):
        assert _words(outcome.view(None)) == german  # computed once per language
