"""Tournaments through the real cogs and the fake Discord (every payload checked against Discord's schema):
a Swiss Duel of 7 players over 3 rounds played to the end, a Yokohama group round, a same-dice Roll & Write
round; refusals are private; the scheduler runs with the sweep."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.discord_app import community
from bot.discord_app.client import YokohamaBot
from bot.service.tournaments import TournamentService
from engine.core import get_game
from tests.bot.discord_app.test_table_flow import pinged
from tests.harness.discord_fake import FakeDiscord, FakeUser, Sent
from tests.harness.discord_schema import validate_command_definitions


def _bot(fake: FakeDiscord) -> YokohamaBot:
    return fake.bot  # type: ignore[return-value]


def _cog(fake: FakeDiscord) -> Any:
    """The Tournaments cog (loaded as an extension: its own copy of the module, so no isinstance here)."""
    cog = fake.bot.get_cog("Tournaments")
    assert cog is not None
    return cog


def _cog_module(fake: FakeDiscord) -> Any:
    import sys

    return sys.modules[type(_cog(fake)).__module__]


def _service(fake: FakeDiscord) -> TournamentService:
    service: TournamentService = _cog(fake).service
    return service


async def _tick(fake: FakeDiscord) -> list[Sent]:
    """One scheduler pass, as the sweep runs it; what it posted."""
    before = len(fake.sent)
    await _cog(fake).tick()
    await community.settle()  # the posts it owes go out in the background
    return fake.sent[before:]


def _channel_posts(fake: FakeDiscord) -> list[Sent]:
    return [s for s in fake.sent if s.kind == "channel_message" and s.channel_id == fake.channel.id]


async def _open(fake: FakeDiscord, organiser: FakeUser, players: list[FakeUser], **options: Any) -> tuple[int, Sent]:
    [post] = await fake.command("tournament new", user=organiser, options=options)
    assert not post.ephemeral and [b["label"] for b in post.buttons()] == ["Join", "Leave"]
    for player in players:
        [update, *_] = await fake.click(user=player, message=post, label="Join")
        assert player.mention in (update.content or "")
    [t] = await _service(fake).of_server(fake.guild.id)
    return t.id, post


async def _play_out(fake: FakeDiscord, game_id: int) -> None:
    """Play a table to its end with each seat's automatic action, through the table service."""
    service = _bot(fake).service
    while True:
        game, engine, state = await service.load(game_id)
        if game.status != "active" or state is None:
            return
        seat = engine.to_act(state)[0]
        await service.play.act(game_id, game.user_of(seat) or 0, engine.auto_action(state, seat))


async def test_the_tournament_command_is_valid_for_discord(fake: FakeDiscord, discord_schema: object) -> None:
    commands = {c["name"]: c for c in validate_command_definitions(fake.bot.tree)}
    subcommands = {o["name"] for o in commands["tournament"]["options"]}
    assert {"new", "start", "leave", "standings", "organisers", "cancel", "list"} <= subcommands
    assert _cog(fake).tick in _bot(fake).periodic  # the scheduler runs with every sweep


@pytest.mark.slow
async def test_a_swiss_duel_of_seven_over_three_rounds_played_to_the_end(fake: FakeDiscord) -> None:
    organiser = fake.user("organiser", admin=True)
    players = [fake.user(f"p{i}") for i in range(7)]
    by_id = {p.id: p for p in players}
    # Only an organiser may open one; the refusal is private.
    [refused] = await fake.command("tournament new", user=players[0], options={"game": "duel", "format": "swiss"})
    assert refused.ephemeral and "Manage Server" in (refused.content or "")
    [refused] = await fake.command("tournament new", user=organiser, options={"game": "duel", "format": "groups"})
    assert refused.ephemeral and "Swiss or round robin" in (refused.content or "")
    tid, post = await _open(fake, organiser, players, game="duel", format="swiss", rounds=3, name="Winter Swiss",
                            signup_hours=0, deadline_hours=24)
    [again] = await fake.click(user=players[0], message=post, label="Join")
    assert again.ephemeral and "already signed up" in (again.content or "")
    [refused] = await fake.command("tournament start", user=players[0], options={"tournament": tid})
    assert refused.ephemeral and "Manage Server" in (refused.content or "")
    sent = await fake.command("tournament start", user=organiser, options={"tournament": tid})
    assert sent[-1].ephemeral is False or any(s.ephemeral and "has started" in (s.content or "") for s in sent)
    # The sign-up post lost its buttons; round 1 is posted with its bye in the tournament's thread (under the
    # sign-up post); three tables, each in a thread of its own; nothing new in the channel itself.
    assert fake.message(post)["components"] == []
    assert _channel_posts(fake) == []
    [home] = [t for t in fake.threads if any("round 1 of 3" in (s.content or "") and "bye" in (s.content or "")
                                             for s in fake.channel_messages(t))]
    assert len(fake.threads) == 4
    tables = {p.game_id: p for p in await _service(fake).store.pairings(tid, 1)}
    for thread in [t for t in fake.threads if t != home]:
        [start] = [s for s in fake.channel_messages(thread) if "has started" in (s.content or "")]
        [game_id] = [g for g in tables if f"#{g}** has started" in (start.content or "")]
        waiting = (await _bot(fake).service.status(game_id or 0)).waiting_on
        assert waiting and pinged(start) == set(waiting) <= set(tables[game_id].players)  # whoever acts first
    seen: set[frozenset[int]] = set()
    for round_number in (1, 2, 3):
        t = await _service(fake).tournament(tid)
        assert (t.status, t.round) == ("running", round_number)
        tables = [p for p in await _service(fake).store.pairings(tid, round_number) if not p.bye]
        assert len(tables) == 3
        for p in tables:
            assert frozenset(p.players) not in seen  # no rematch
            seen.add(frozenset(p.players))
        # Round 1: one table is played to its end move by move; the others end by resignations (a player of
        # round 3 leaves the tournament instead, forfeiting).
        for n, p in enumerate(tables):
            assert p.game_id is not None
            if round_number == 1 and n == 0:
                await _play_out(fake, p.game_id)
            elif round_number == 3 and n == 0:
                leaver = by_id[p.players[1]]
                [done, *_] = await fake.command("tournament leave", user=leaver,
                                            options={"tournament": tid, "confirm": "yes"})
                assert done.ephemeral and "forfeit" in (done.content or "")
            else:
                [done, *_] = await fake.command("table resign", user=by_id[max(p.players)],
                                                options={"game": p.game_id, "confirm": "yes"})
        posted = await _tick(fake)
        if round_number < 3:
            assert any(f"round {round_number + 1} of 3" in (s.content or "") for s in posted)
            assert sum(s.kind == "create_thread" for s in posted) == 3
    # The final post: the podium picture and the standings picture, pinging the podium only.
    [final] = _channel_posts(fake)  # the one post of the tournament in the channel, besides its sign-up
    assert "is over! Final podium" in (final.content or "")
    assert any("after round 2 of 3" in (s.content or "") for s in fake.channel_messages(home))
    [third] = [s for s in fake.channel_messages(home) if "round 3 of 3:" in (s.content or "")]
    assert "Results of round 2:" in (third.content or "") and " beat <@" in (third.content or "")
    assert pinged(third) == set()  # results and standings name everyone and ping nobody
    assert [f.filename for f in final.files] == [f"tournament-{tid}-podium.png", f"tournament-{tid}.png"]
    assert 1 <= len(pinged(final)) <= 3
    assert leaver.id not in pinged(final) and leaver.mention not in (final.content or "")  # left: not on it
    # Sent from the outbox with the item's nonce: sent again after a crash, Discord returns this post.
    assert final.payload.get("enforce_nonce") is True and str(final.payload["nonce"]).startswith("yk-outbox-")
    t, lines, _ = await _service(fake).standings(tid)
    assert t.status == "finished" and sum(line.points for line in lines) == 12  # 9 games + 3 byes
    assert next(line for line in lines if line.user_id == leaver.id).left
    # /tournament standings: private by default, the picture attached.
    [shown] = [s for s in await fake.command("tournament standings", user=players[3], options={"tournament": tid})
               if s.kind == "followup"]
    assert shown.ephemeral and shown.files and "Buchholz" in (shown.content or "")
    # Another server has no such tournament.
    other = fake.add_guild()
    lair = fake.add_text_channel("lair", guild=other)
    [refused] = await fake.command("tournament standings", user=players[3], guild=other, channel=lair,
                                   options={"tournament": tid})
    assert refused.ephemeral and f"no tournament #{tid}" in (refused.content or "")
    # Every game was rated.
    assert len([f for f in await _bot(fake).storage.finished_games() if f.rated]) == 9


async def test_a_yokohama_group_round(fake: FakeDiscord) -> None:
    organiser = fake.user("organiser", admin=True)
    players = [fake.user(f"y{i}") for i in range(7)]
    by_id = {p.id: p for p in players}
    tid, _ = await _open(fake, organiser, players, game="yokohama", format="groups", rounds=1, signup_hours=1)
    assert await _tick(fake) == []  # the sign-up window is still open
    await _service(fake).tick(_bot(fake).service.now() + 2 * 3600)  # the window closed: the sweep starts it
    posted = await _tick(fake)
    assert sum(s.kind == "create_thread" for s in posted) == 3  # the tournament's thread and two tables
    tables = await _service(fake).store.pairings(tid, 1)
    assert sorted(len(p.players) for p in tables) == [3, 4]
    for p in tables:  # everyone but the first seat resigns: the bot plays them out, the first seat wins
        for user in p.players[1:]:
            await fake.command("table resign", user=by_id[user], options={"game": p.game_id, "confirm": "yes"})
    await _tick(fake)
    t, lines, _ = await _service(fake).standings(tid)
    assert t.status == "finished"
    headers, rows = _cog_module(fake).standings_rows(t, lines, [str(x.user_id) for x in lines])
    assert "W-L" not in headers and all(row.record == "" for row in rows)  # places, not wins and losses
    winners = {p.players[0] for p in tables}
    assert {line.user_id for line in lines if line.rank == 1} == winners


async def test_a_same_dice_roll_and_write_round(fake: FakeDiscord) -> None:
    organiser = fake.user("organiser", admin=True)
    players = [fake.user(f"r{i}") for i in range(3)]
    tid, _ = await _open(fake, organiser, players, game="rollwrite", format="samedice", rounds=1, signup_hours=0)
    await fake.command("tournament start", user=organiser, options={"tournament": tid})
    sheets = await _service(fake).store.pairings(tid, 1)
    assert len(sheets) == 3 and len({p.seed for p in sheets}) == 1 and len(fake.threads) == 4
    games = [await _bot(fake).storage.get_game(p.game_id or 0) for p in sheets]
    assert len({g.seed for g in games if g is not None}) == 1  # the same dice for everyone
    engine = get_game("rollwrite")
    assert engine.view(engine.load(games[0].state), None)["sets"] == \
        engine.view(engine.load(games[1].state), None)["sets"]  # type: ignore[union-attr, arg-type]
    await _play_out(fake, sheets[0].game_id or 0)
    await _play_out(fake, sheets[1].game_id or 0)
    await fake.command("table resign", user=players[[p.id for p in players].index(sheets[2].players[0])],
                       options={"game": sheets[2].game_id, "confirm": "yes"})
    await _tick(fake)
    t, lines, results = await _service(fake).standings(tid)
    assert t.status == "finished"
    assert lines[-1].user_id == sheets[2].players[0] and lines[-1].points == 0
    assert lines[0].points >= lines[1].points > 0


async def test_an_organiser_cancels_a_running_tournament_and_its_tables_play_on(fake: FakeDiscord) -> None:
    admin = fake.user("admin", admin=True)
    referee = fake.user("referee", permissions=discord.Permissions(add_reactions=True))
    players = [fake.user(f"c{i}") for i in range(4)]
    by_id = {p.id: p for p in players}
    tid, post = await _open(fake, admin, players, game="duel", format="swiss", rounds=2, name="Spring Swiss",
                            signup_hours=0)
    await fake.command("tournament start", user=admin, options={"tournament": tid})
    first, second = [p for p in await _service(fake).store.pairings(tid, 1) if not p.bye]
    assert first.game_id is not None and second.game_id is not None
    await fake.command("table resign", user=by_id[first.players[0]], options={"game": first.game_id, "confirm": "yes"})
    # Refusals are private: a player, a member of a role that does not organise, another server's member.
    [refused] = await fake.command("tournament cancel", user=players[0], options={"tournament": tid})
    assert refused.ephemeral and "Manage Server" in (refused.content or "")
    [refused] = await fake.command("tournament cancel", user=referee, options={"tournament": tid})
    assert refused.ephemeral and "Manage Server" in (refused.content or "")
    other = fake.add_guild()
    lair = fake.add_text_channel("lair", guild=other)
    [refused] = await fake.command("tournament cancel", user=fake.user("stranger", admin=True), guild=other,
                                   channel=lair, options={"tournament": tid})
    assert refused.ephemeral and f"no tournament #{tid}" in (refused.content or "")
    assert (await _service(fake).tournament(tid)).status == "running"
    # The organiser role may cancel it: privately told, and a post in the tournament's channel says so.
    assert referee.permissions is not None
    role = fake.guild.get_role(fake._perm_roles[(fake.guild.id, referee.permissions.value)])  # the referee's role
    await fake.command("tournament organisers", user=admin, options={"role": role})
    sent = await fake.command("tournament cancel", user=referee, options={"tournament": tid})
    [answer] = [s for s in sent if s.ephemeral]
    assert "You cancelled **Spring Swiss**" in (answer.content or "")
    [notice] = [s for s in sent if s.kind == "channel_message" and "is cancelled" in (s.content or "")]
    assert notice.channel_id in fake.threads and not notice.ephemeral and pinged(notice) == set()
    assert _channel_posts(fake) == []  # told in the tournament's thread
    assert "no further rounds" in notice.content and f"#{second.game_id}" in notice.content
    assert "ordinary rated games" in notice.content and f"#{first.game_id}" not in notice.content
    [again] = await fake.command("tournament cancel", user=admin, options={"tournament": tid})
    assert again.ephemeral and "already cancelled" in (again.content or "")
    # The running table plays on to its end and is rated; no further round is paired, no table opened.
    await _play_out(fake, second.game_id)
    posted = await _tick(fake)
    assert not any("round 2" in (s.content or "") or s.kind == "create_thread" for s in posted)
    assert await _service(fake).store.pairings(tid, 2) == []
    t = await _service(fake).tournament(tid)
    assert (t.status, t.round) == ("cancelled", 1)
    assert len([f for f in await _bot(fake).storage.finished_games() if f.rated]) == 2
    # Its standings stay readable.
    [shown] = [s for s in await fake.command("tournament standings", user=players[1], options={"tournament": tid})
               if s.kind == "followup"]
    assert shown.ephemeral and "cancelled" in (shown.content or "")


async def test_cancelling_a_sign_up_and_the_list_of_tournaments(fake: FakeDiscord) -> None:
    admin = fake.user("admin", admin=True)
    players = [fake.user(f"l{i}") for i in range(3)]
    [empty] = await fake.command("tournament list", user=players[0])
    assert empty.ephemeral and "no tournaments yet" in (empty.content or "")
    tid, post = await _open(fake, admin, players[:2], game="rollwrite", format="samedice", rounds=1,
                            name="Dice Night")
    await fake.command("tournament new", user=admin, options={"game": "duel", "format": "swiss",
                                                                        "name": "Open Swiss", "signup_hours": 0})
    sent = await fake.command("tournament cancel", user=admin, options={"tournament": tid})
    assert any(s.ephemeral and "You cancelled **Dice Night**" in (s.content or "") for s in sent)
    assert not [s for s in sent if s.kind == "channel_message"]  # no post beside the sign-up's own
    # The sign-up post loses its buttons and says who called it off; the sweep never starts it.
    shown = fake.message_view(post)
    assert shown.buttons() == [] and "The organiser cancelled the tournament" in shown.content
    assert not any("has started" in (s.content or "") for s in await _tick(fake))
    [refused] = await fake.command("tournament leave", user=players[0],
                                   options={"tournament": tid, "confirm": "yes"})
    assert refused.ephemeral and "over" in (refused.content or "")
    # /tournament list: this server's tournaments (open ones first) with their state, privately.
    [listing] = await fake.command("tournament list", user=players[2])
    assert listing.ephemeral and pinged(listing) == set()
    lines = (listing.content or "").splitlines()
    [open_line] = [x for x in lines if "Open Swiss" in x]
    [dice_line] = [x for x in lines if "Dice Night" in x]
    assert lines.index(open_line) < lines.index(dice_line)
    assert "sign-up open (0 of 32 players)" in open_line and "Yokohama Duel, Swiss" in open_line
    assert f"#{tid} Dice Night" in dice_line and dice_line.endswith(": cancelled")
    # Another server's list does not show them.
    other = fake.add_guild()
    lair = fake.add_text_channel("lair", guild=other)
    [theirs] = await fake.command("tournament list", user=players[2], guild=other, channel=lair)
    assert theirs.ephemeral and "no tournaments yet" in (theirs.content or "")


async def test_a_leftover_leave_button_asks_first_and_the_table_is_told(fake: FakeDiscord) -> None:
    """The sign-up post kept its buttons (its edit at the start failed): Leave asks before it forfeits, and
    the table hears who left; the organiser's standings show who is away."""
    admin = fake.user("admin", admin=True)
    players = [fake.user(f"q{i}") for i in range(4)]
    by_id = {p.id: p for p in players}
    tid, post = await _open(fake, admin, players, game="duel", format="swiss", rounds=2, signup_hours=0)
    stale = fake.fake_message(fake.message_view(post).components)  # a copy of the post with Join / Leave
    await fake.command("tournament start", user=admin, options={"tournament": tid})
    [table, *_] = [p for p in await _service(fake).store.pairings(tid, 1) if not p.bye]
    leaver = by_id[table.players[0]]
    [ask] = await fake.click(user=leaver, message=stale, label="Leave")
    assert ask.ephemeral and "forfeits" in (ask.content or "") and [b["label"] for b in ask.buttons()] == [
        "Leave and forfeit"]
    me = (await _service(fake).tournament(tid)).player(leaver.id)
    assert me is not None and me.left_round is None  # nothing changed yet
    await fake.click(user=leaver, message=ask, label="Leave and forfeit")
    me = (await _service(fake).tournament(tid)).player(leaver.id)
    assert me is not None and me.left_round == 1
    thread = await _bot(fake).records.thread_of(table.game_id or 0)
    assert any("left the tournament" in (s.content or "") and leaver.name in (s.content or "")
               for s in fake.channel_messages(thread))
    # A player away: the standings say so (and until when).
    away = by_id[next(u for u in players if u.id != leaver.id).id]
    await fake.command("away start", user=away, options={"days": 2})
    [shown] = [s for s in await fake.command("tournament standings", user=admin, options={"tournament": tid})
               if s.kind == "followup"]
    [line] = [x for x in (shown.content or "").splitlines() if away.mention in x]
    assert "away until" in line


async def test_a_join_after_the_announced_close_is_refused_at_once(fake: FakeDiscord) -> None:
    admin, late = fake.user("admin", admin=True), fake.user("late")
    tid, post = await _open(fake, admin, [fake.user("a"), fake.user("b")], game="duel", format="swiss",
                            signup_hours=1)
    _service(fake).tables.now = lambda: 1e12  # type: ignore[method-assign]  # the window closed; no sweep yet
    [refused] = await fake.click(user=late, message=post, label="Join")
    assert refused.ephemeral and "Sign-up for" in (refused.content or "") and "has closed" in (refused.content or "")
    assert (await _service(fake).tournament(tid)).player(late.id) is None


async def test_a_forfeit_post_says_who_forfeited_and_thanks_only_the_other(fake: FakeDiscord) -> None:
    admin = fake.user("admin", admin=True)
    players = [fake.user("f0"), fake.user("f1")]
    by_id = {p.id: p for p in players}
    tid, _ = await _open(fake, admin, players, game="duel", format="swiss", rounds=1, signup_hours=0,
                         deadline_hours=2, timeout_rule="forfeit")
    await fake.command("tournament start", user=admin, options={"tournament": tid})
    await community.settle()
    [p] = await _service(fake).store.pairings(tid, 1)
    bot = _bot(fake)
    now = bot.service.now()
    for hours in (3, 6):  # the opening decision is the bot's; the first real turn's deadline forfeits
        for event in await bot.service.clock.sweep(now + hours * 3600):
            await bot.deliver(event)
    game = await bot.storage.get_game(p.game_id or 0)
    assert game is not None and game.status == "finished" and game.result is not None
    [late] = [by_id[game.user_of(s) or 0] for s in game.result["forfeited"]]
    [winner] = [u for u in players if u is not late]
    thread = await bot.records.thread_of(game.id)
    [end] = [s for s in fake.channel_messages(thread) if "Final standings" in (s.content or "")]
    assert f"**{late.name}** forfeits" in (end.content or "")
    [thanks] = [x for x in (end.content or "").splitlines() if x.startswith("Thanks for playing")]
    assert winner.mention in thanks and late.mention not in thanks


async def test_a_deleted_sign_up_post_still_gets_the_rounds_a_thread(fake: FakeDiscord) -> None:
    admin = fake.user("admin", admin=True)
    players = [fake.user(f"d{i}") for i in range(4)]
    tid, post = await _open(fake, admin, players, game="duel", format="swiss", rounds=1, signup_hours=0)
    where = await _bot(fake).records.signup_message(tid)
    assert where is not None
    del fake.messages[where[1]]  # someone deleted the sign-up post
    await fake.command("tournament start", user=admin, options={"tournament": tid})
    await community.settle()
    rounds = [s for t in fake.threads for s in fake.channel_messages(t) if "round 1 of 1" in (s.content or "")]
    assert len(rounds) == 1 and _channel_posts(fake) == []
    assert await _bot(fake).storage.outbox_items(unsent_only=True) == []
