"""Probe: forged custom ids, with another server's numbers, from a direct message, or of absurd length.

Guarantees:
- every custom-id field is bounded (game numbers and snowflakes: at most 20 digits and within the
  database's integers; pages and option numbers within their range) and parsed in one place; anything
  else gets the bot's own short refusal, never "Something went wrong" and never silence;
- a log page button reaches a game only in the clicker's scope: another server's table is "no such
  game", and a direct-message click on a table's log is refused (a DM has no server);
- a leaderboard page button takes the server from the click, never from the button: a button carrying
  another server's id shows the clicker's own server's board, and a DM click on a server board is refused.
"""

from __future__ import annotations

import pytest

from bot.discord_app.client import OUT_OF_DATE
from bot.discord_app.errors import UNEXPECTED
from bot.storage import Rating
from tests.attack.conftest import Scene, public, refused_privately, texts

HUGE = "9" * 25  # beyond any snowflake (an OverflowError in the SQLite driver if unchecked)
TWENTY = "1" * 20  # 20 digits, but above the database's integers


async def _finished_table(scene: Scene) -> int:
    [lobby] = await scene.fake.command("table new", user=scene.alice, options={"game": "counting"})
    await scene.fake.click(user=scene.bob, message=lobby, label="Join")
    await scene.fake.click(user=scene.alice, message=lobby, label="Start")
    [game] = await scene.bot.storage.list_games(statuses=("active",))
    service = scene.bot.service
    while (await service.game(game.id)).status == "active":
        waiting = (await service.status(game.id)).waiting_on[0]
        await service.play.act(game.id, waiting, {"pick": 2})
    return game.id


async def test_a_forged_log_button_reads_no_other_servers_game(scene: Scene) -> None:
    """Regression: a forged log button read another server's table logs, from a DM too."""
    game_id = await _finished_table(scene)
    sent = await scene.click_forged(f"yk:log:{game_id}:0", scene.mallory)
    assert refused_privately(sent, f"There is no game #{game_id}."), texts(sent)
    for clicker in (scene.mallory, scene.alice):  # even its own player: a direct message has no server
        sent = await scene.click_forged(f"yk:log:{game_id}:0", clicker, channel=scene.dm(clicker))
        assert refused_privately(sent, f"There is no game #{game_id}."), texts(sent)
    home = await scene.click_forged(f"yk:log:{game_id}:0", scene.bob, channel=scene.fake.channel)
    assert "game log" in texts(home)  # at home, its player reads it


async def test_a_forged_full_board_button_shows_no_other_servers_game(scene: Scene) -> None:
    """The "Full board" button resolves its game through the same scoped lookup: another
    server's table is "no such game", never its pictures."""
    game_id = await _finished_table(scene)
    sent = await scene.click_forged(f"yk:board:{game_id}", scene.mallory)
    assert refused_privately(sent, f"There is no game #{game_id}."), texts(sent)


@pytest.mark.parametrize("custom_id", [
    f"yk:log:{HUGE}:0", f"yk:log:1:{HUGE}", f"yk:log:{TWENTY}:0", "yk:log:1:-3",
    f"yk:st:counting:{HUGE}:0", f"yk:st:counting:0:{HUGE}", "yk:st:NOTAGAME:0:0",
    f"yk:hist:{HUGE}:-:0", f"yk:hist:1:-:{HUGE}", f"yk:hist:{TWENTY}:-:0",
    f"yk:do:{HUGE}:0:0", f"yk:do:1:{HUGE}:0", f"yk:do:1:0:{HUGE}", f"yk:do:{TWENTY}:0:0", "yk:do:1:0:0:NOTHEX",
    f"yk:sel:1:0:{HUGE}", f"yk:ms:{HUGE}:0", f"yk:pg:1:0:{HUGE}", f"yk:rf:{HUGE}", f"yk:pic:{TWENTY}",
    f"yk:undo:{HUGE}", f"yk:open:{HUGE}", f"yk:lobby:{HUGE}:join", "yk:lobby:1:explode", "yk:rf:",
    f"yk:board:{HUGE}", f"yk:board:{TWENTY}",
])
async def test_every_custom_id_field_is_bounded(scene: Scene, custom_id: str) -> None:
    """Regression: page and log patterns took numbers of any length ("Something went wrong")."""
    sent = await scene.click_forged(custom_id, scene.mallory)
    said = texts(sent)
    assert UNEXPECTED not in said and OUT_OF_DATE not in said, said
    assert any(s.ephemeral for s in sent) and not public(sent), said
    assert "nothing was done" in said or "There is no game" in said or "no game called" in said, said


async def test_a_leaderboard_button_never_takes_the_server_from_the_button(scene: Scene) -> None:
    """Regression: `BoardPageButton` took the server from the button and showed another server's board."""
    home = scene.fake.guild.id
    ratings = [Rating("counting", home, 10_000 + n, 30.0, 5.0, 1500 - n, 6, 3) for n in range(30)]
    await scene.bot.storage.replace_ratings(ratings, [])
    forged = f"yk:st:counting:{home}:1"  # the home server's id, clicked in Mallory's server
    sent = await scene.click_forged(forged, scene.mallory)
    said = texts(sent)
    assert "<@10000" not in said and "Nobody has a rated" in said, said
    sent = await scene.click_forged(forged, scene.mallory, channel=scene.dm(scene.mallory))
    assert refused_privately(sent, "only in that server"), texts(sent)
    at_home = await scene.click_forged(forged, scene.alice, channel=scene.fake.channel)
    assert "<@100" in texts(at_home)  # at home the same button pages the home board
