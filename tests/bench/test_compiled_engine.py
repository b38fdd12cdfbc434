"""The compiled copy of the engine (bench/compiled_engine.py) is trusted only through its same-play check,
so the check itself must see a difference in play, and the copy must never land in the project tree
(the tests, the bot and CI run the plain Python)."""

from __future__ import annotations

import pytest

from bench.compiled_engine import HERE, MODULES, build, play_digest


def test_every_module_named_for_compiling_is_in_the_tree() -> None:
    assert all((HERE / module).is_file() for module in MODULES)


def test_the_compiled_copy_is_refused_inside_the_project_tree() -> None:
    with pytest.raises(SystemExit, match="outside the project tree"):
        build(HERE / "build-inside")
    assert not (HERE / "build-inside").exists()


def test_the_same_play_check_sees_a_different_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same tree, same digest; one greedy choice changed (the last option instead of the best), another."""
    first, again = play_digest(1, 2), play_digest(1, 2)
    assert first["digest"] == again["digest"]

    from engine.yokohama import GAME

    monkeypatch.setattr(GAME, "auto_action", lambda state, seat: GAME.legal(state, seat)[-1])
    assert play_digest(1, 2)["digest"] != first["digest"]

