"""A community's first week through the real cogs and the fake Discord: 8 people on two servers, a Swiss Duel
tournament with a leaver and a bye, a Yokohama groups tournament, a same-dice Roll & Write round, two people
away, DMs closed for one person and failing (a dropped connection) for another, and a season's end.

It ends with every tournament game finished by the rules, no post owed left unsent, no click answered with an
error, nobody pinged against their choice; it prints how many channel posts and DMs the week produced (the
figures `docs/community.md` quotes)."""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

import discord
import pytest

from bot.discord_app import community, outbox
from tests.bot.discord_app.test_table_flow import pinged
from tests.bot.discord_app.test_tournaments import _bot
from tests.bot.discord_app.test_tournaments import _cog as _tournaments
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent

DAY = 86400.0


async def _sweep(fake: FakeDiscord) -> None:
    """One sweep as the bot runs it (reminders, deadlines, the periodic jobs), its background sends done."""
    await _bot(fake).sweep_once()
    await community.settle()


async def _resign(fake: FakeDiscord, user: FakeUser, game_id: int, **where: Any) -> list[Sent]:
    sent = await fake.command("table resign", user=user, options={"game": game_id, "confirm": "yes"}, **where)
    assert not any("no game" in (s.content or "") for s in sent)
    await community.settle()
    return sent


async def _play_out(fake: FakeDiscord, game_id: int) -> None:
    service = _bot(fake).service
    while True:
        game, engine, state = await service.load(game_id)
        if game.status != "active" or state is None:
            return
        seat = engine.to_act(state)[0]
        await service.play.act(game_id, game.user_of(seat) or 0, engine.auto_action(state, seat))


@pytest.mark.slow
async def test_a_community_week_on_two_servers(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = _bot(fake)
    organiser = fake.user("organiser", admin=True)
    people = [fake.user(name, dms_open=name != "fay") for name in
              ("ann", "ben", "cat", "dan", "eve", "fay", "gus", "hal")]
    ann, ben, cat, dan, eve, fay, gus, hal = people
    by_id = {p.id: p for p in people}
    # Gus's DMs fail on a dropped connection (not an HTTP error); Fay's are closed (50007).
    original = discord.abc.Messageable.send

    async def send(self: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(self, discord.User) and self.id == gus.id:
            raise ConnectionResetError("Connection reset by peer")
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(discord.abc.Messageable, "send", send)
    choices = {ann.id: "dm", ben.id: "both", cat.id: "none", fay.id: "dm", gus.id: "dm"}
    for user_id, mode in choices.items():
        await fake.command("settings me", user=by_id[user_id], options={"notify": mode})
    second = fake.add_guild("Second Server")
    dice_room = fake.add_text_channel("dice", guild=second)
    await fake.command("settings seasons", user=organiser, options={"length": "month"})
    # Two people away in the first server.
    for user, days in ((dan, 2), (eve, 3)):
        [answer] = await fake.command("away start", user=user, options={"days": days})
        assert answer.ephemeral and "away until" in (answer.content or "")

    # A Swiss Duel of five (a bye each round), three rounds; Ben leaves in round 2.
    [swiss] = await fake.command("tournament new", user=organiser, options={
        "game": "duel", "format": "swiss", "rounds": 3, "signup_hours": 0, "name": "Week Swiss"})
    for player in (ann, ben, cat, dan, eve):
        await fake.click(user=player, message=swiss, label="Join")
    [yoko] = await fake.command("tournament new", user=organiser, options={
        "game": "yokohama", "format": "groups", "rounds": 1, "signup_hours": 0, "name": "Week Groups"})
    for player in (ann, cat, dan, eve, fay, gus, hal):
        await fake.click(user=player, message=yoko, label="Join")
    [dice] = await fake.command("tournament new", user=organiser, guild=second, channel=dice_room, options={
        "game": "rollwrite", "format": "samedice", "rounds": 1, "signup_hours": 0, "name": "Dice Week"})
    for player in (fay, gus, hal):
        await fake.click(user=player, message=dice, label="Join")
    service = _tournaments(fake).service
    ids = {t.name: t.id for t in await service.of_server(fake.guild.id) + await service.of_server(second.id)}
    for name, guild, channel in (("Week Swiss", None, None), ("Week Groups", None, None),
                                 ("Dice Week", second, dice_room)):
        await fake.command("tournament start", user=organiser, guild=guild, channel=channel,
                           options={"tournament": ids[name]})
    await community.settle()

    # The Swiss: three rounds; one table a round is played to its end, the others end by resignation; Ben
    # leaves in round 2.
    for round_number in (1, 2, 3):
        await _play_swiss_round(fake, bot, service, ids["Week Swiss"], round_number, ben, by_id)
        await _sweep(fake)
    # The groups: everyone but each table's first seat resigns. The dice: one sheet played out, two resigned.
    for p in await service.store.pairings(ids["Week Groups"], 1):
        for user in p.players[1:]:
            await _resign(fake, by_id[user], p.game_id or 0)
    sheets = await service.store.pairings(ids["Dice Week"], 1)
    await _play_out(fake, sheets[0].game_id or 0)
    for p in sheets[1:]:
        await _resign(fake, by_id[p.players[0]], p.game_id or 0, guild=second, channel=dice_room)
    await _sweep(fake)
    await _sweep(fake)

    # The month ends: its podium goes where the server's tables are played (no channel was set).
    today = dt.datetime.fromtimestamp(bot.service.now(), dt.UTC)
    next_month = dt.datetime(today.year + today.month // 12, today.month % 12 + 1, 1, 1, tzinfo=dt.UTC).timestamp()
    monkeypatch.setattr(community, "time", type("T", (), {"time": staticmethod(lambda: next_month)}))
    monkeypatch.setattr(bot.service, "now", lambda: next_month)
    await _sweep(fake)
    await outbox.deliver_now(bot)

    # Every tournament finished; every one of its games ended by the rules.
    for name, tid in ids.items():
        await _assert_finished(bot, service, name, tid)
    assert await bot.storage.outbox_items(unsent_only=True) == []  # no post lost
    # No click or command was answered with an error.
    assert not [s for s in fake.sent if "went wrong" in (s.content or "")]
    # Nobody pinged against their choice: Ann (DMs) and Cat (nothing) never; Gus (DMs failing) and Fay (DMs
    # closed) only where their DM could not go.
    channel_posts = [s for s in fake.sent if s.kind == "channel_message" and s.status == 200]
    _assert_pinged_as_chosen(channel_posts, never=(ann.id, cat.id), dm_failing=gus.id)
    # The figures of the week.
    where = Counter("channel" if s.channel_id in (fake.channel.id, dice_room.id) else "thread" for s in channel_posts)
    dms = [s for s in fake.sent if s.kind == "dm" and s.status == 200]
    tournament_posts = [s for s in channel_posts if s.channel_id in (fake.channel.id, dice_room.id)]
    season = [s for s in tournament_posts if "season is over" in (s.content or "")]
    podiums = [s for s in tournament_posts if "Final podium" in (s.content or "")]
    print(f"\ncommunity week: {len(channel_posts)} posts ({where['channel']} in the servers' channels, "
          f"{where['thread']} in threads), {len(podiums)} tournament podiums, {len(season)} season podium, "
          f"{len(dms)} DMs delivered, {len([s for s in fake.sent if s.kind == 'dm' and s.status != 200])} refused")
    # In the channels: the three final podiums and the season's podium, nothing else (sign-ups are answers).
    assert len(podiums) == 3 and len(season) == 1 and len(tournament_posts) == 4


async def _play_swiss_round(fake: FakeDiscord, bot: Any, service: Any, swiss: int, round_number: int, ben: Any,
                            by_id: dict[int, Any]) -> None:
    """One Swiss round: the first table played to its end, the others ended by resignation; Ben leaves in
    round 2 (and so forfeits his table)."""
    tables = [p for p in await service.store.pairings(swiss, round_number) if not p.bye]
    for n, p in enumerate(tables):
        assert p.game_id is not None
        game = await bot.storage.get_game(p.game_id)
        assert game is not None
        if game.status != "active":
            continue
        if round_number == 2 and ben.id in p.players:
            [left, *_] = await fake.command("tournament leave", user=ben,
                                            options={"tournament": swiss, "confirm": "yes"})
            assert left.ephemeral and "forfeit" in (left.content or "")
        elif n == 0:
            await _play_out(fake, p.game_id)
        else:
            await _resign(fake, by_id[max(p.players)], p.game_id)


async def _assert_finished(bot: Any, service: Any, name: str, tournament: int) -> None:
    """The tournament finished, and every one of its games ended by the rules."""
    t = await service.tournament(tournament)
    assert t.status == "finished", name
    for p in await service.store.pairings(tournament):
        if p.bye:
            continue
        game = await bot.storage.get_game(p.game_id or 0)
        assert game is not None and game.status in ("finished", "abandoned"), (name, p)


def _assert_pinged_as_chosen(posts: list[Any], *, never: tuple[int, ...], dm_failing: int) -> None:
    """Nobody in `never` is pinged; the person whose DMs fail is pinged only where a DM could not go."""
    for post in posts:
        assert not set(never) & set(pinged(post)), post
        if dm_failing in pinged(post):
            assert "could not be delivered" in (post.content or ""), post
