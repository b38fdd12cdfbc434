"""Pictures are drawn in a worker process (drawing holds the GIL); what cannot go there is drawn in a thread."""

from __future__ import annotations

import os

import pytest

from rendering import pool
from rendering.duel import render_board


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
