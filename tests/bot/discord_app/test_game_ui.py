"""Each game's Discord description: one per game the engines offer, each with a renderer that has
exactly the typed interface (`rendering.contract.Renderer`), looked up by kind."""

from __future__ import annotations

import inspect

import pytest

import bot.discord_app.games  # noqa: F401 - registers every game's description, as the client does
from bot.discord_app.game_ui import GameUI, register, registered, ui_for
from engine.core import available_games
from rendering.contract import Renderer

PROTOCOL_METHODS = ("picture", "public_pictures", "lead_picture", "scoreboard")


def test_every_game_the_engines_offer_has_a_ui_description_with_a_renderer() -> None:
    kinds = [game.name for game in available_games()]
    assert kinds and set(kinds) <= set(registered())
    for kind in kinds:
        ui = ui_for(kind)
        assert ui.kind == kind and ui.renderer is not None, kind


@pytest.mark.parametrize("kind", sorted(registered()))
def test_each_renderer_has_the_typed_interface(kind: str) -> None:
    renderer = registered()[kind].renderer
    assert isinstance(renderer, Renderer)
    for method in PROTOCOL_METHODS:
        wanted = inspect.signature(getattr(Renderer, method))
        got = inspect.signature(getattr(type(renderer), method))
        assert got == wanted, f"{kind}: {method}{got} is not {method}{wanted}"


def test_a_kind_without_a_description_gets_the_generic_behaviour() -> None:
    ui = ui_for("no-such-game")
    assert ui == GameUI("no-such-game")
    assert ui.renderer is None and ui.panel_notes is None and not ui.between_pictures
    assert ui.announcer("table") is None


def test_the_games_differ_only_where_they_say_so() -> None:
    rollwrite, duel, yokohama = ui_for("rollwrite"), ui_for("duel"), ui_for("yokohama")
    # Roll & Write speaks once a round at a table, and posts a daily attempt's result line.
    assert set(rollwrite.announcers) == {"table", "daily"} and rollwrite.panel_notes is not None
    assert rollwrite.between_pictures == "Show my sheet"
    for board_game in (duel, yokohama):
        assert not board_game.announcers and board_game.panel_notes is None
        assert board_game.between_pictures == "Show my picture"


def test_a_kind_is_described_once() -> None:
    with pytest.raises(ValueError, match="already has a UI description"):
        register(GameUI("duel"))
    assert register(ui_for("duel")) is ui_for("duel")


def test_the_other_front_ends_draw_with_the_same_renderers() -> None:
    """The terminal and the replay name a game by its kind (`rendering.renderers`); the Discord layer holds the
    same renderer in the game's description."""
    from rendering.renderers import renderer_for

    for game in available_games():
        assert renderer_for(game.name) is ui_for(game.name).renderer is not None
    assert renderer_for("no-such-game") is None
