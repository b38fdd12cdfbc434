"""Pictures are drawn in a worker process (drawing holds the GIL); what cannot go there is drawn in a thread.
A replay (seconds of work) has a drawing process of its own, so turn pictures are never queued behind it."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from rendering import pool
from rendering.duel import render_board
from rendering.replay import replay_gif


async def test_a_picture_is_drawn_in_another_process_and_comes_back_the_same() -> None:
    from engine.duel.game import GAME

    view = GAME.view(GAME.new(2, 3), None)
    assert await pool.draw(os.getpid) != os.getpid()
    assert await pool.draw(render_board, view, ["Akiko", "Bo"]) == render_board(view, ["Akiko", "Bo"])


async def test_what_cannot_be_sent_to_a_worker_is_drawn_in_a_thread() -> None:
    here = os.getpid()
    assert await pool.draw(lambda: os.getpid()) == here


async def test_no_drawing_processes_draws_in_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DRAWING_PROCESSES", "0")
    assert pool.processes() == 0
    assert await pool.draw(os.getpid) == os.getpid()


@pool.long_running
def replay_stand_in(started: str, release: str) -> str:
    """A replay that runs until the test releases it (or gives up after a while, so a failing test ends)."""
    Path(started).touch()
    deadline = time.monotonic() + 30
    while not Path(release).exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return "replay"


def test_a_replay_is_a_long_job_and_pictures_are_turn_pictures() -> None:
    assert pool.lane_of(replay_gif) == pool.LONG
    assert pool.lane_of(render_board) == pool.TURN


async def test_a_turn_picture_asked_for_during_a_replay_is_not_queued_behind_it(tmp_path: Path) -> None:
    started, release = tmp_path / "started", tmp_path / "release"
    replay = asyncio.ensure_future(pool.draw(replay_stand_in, str(started), str(release)))
    try:
        while not started.exists():  # the replay is being drawn now
            await asyncio.sleep(0.01)
        drawer = await pool.draw(os.getpid)  # a turn picture, asked for meanwhile
        assert drawer != os.getpid()  # drawn in a drawing process, not a thread of the bot
        assert not replay.done()  # back while the replay still runs: not behind it in one queue
    finally:
        release.touch()
    assert await replay == "replay"


def locale_here() -> str:
    """The language a drawing is made in (run in the drawing process)."""
    from i18n import current_locale

    return current_locale.get()


async def test_a_picture_is_drawn_in_the_language_of_whoever_asked_for_it() -> None:
    from i18n import using

    for locale in ("ja", "de", "fr", "en"):
        with using(locale):
            assert await pool.draw(locale_here) == locale  # a context variable alone stays in the bot's process
