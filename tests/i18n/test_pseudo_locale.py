"""The pseudo-locale `xx` wraps every catalogue message in ⟦…⟧. A player and a server set to it, taken
through the wrapped surfaces (`/help`, `/games`, the settings replies, a lobby with its buttons, a service
refusal, the start post and a private panel), see no sentence outside ⟦…⟧: every text those surfaces send
passed through the catalogue. What is not wrapped is what is not language: names, numbers, mentions,
commands in backticks, game titles, emoji."""

from __future__ import annotations

import re

from bot.discord_app.client import YokohamaBot
from tests.harness.discord_fake import FakeDiscord, Sent

WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")  # an innermost wrapped message (messages nest: a phrase inside a sentence)
#: Left outside the catalogue on purpose: mentions, `code`, a game's title (`**Counting**`), a player's name.
NOT_LANGUAGE = re.compile(r"<[@#!&]*\d+>|`[^`]*`|\*\*[^*]*\*\*|#\d+")
#: Two lower-case words in a row outside ⟦…⟧: a sentence that did not pass through the catalogue.
SENTENCE = re.compile(r"\b[a-z]{2,}\s+[a-z]{2,}\b")


def unwrapped(text: str) -> list[str]:
    """The sentence fragments of `text` that no catalogue message produced."""
    rest = text
    while WRAPPED.search(rest):
        rest = WRAPPED.sub(" ", rest)
    return SENTENCE.findall(NOT_LANGUAGE.sub(" ", rest))


def check(sent: Sent) -> list[str]:
    found = unwrapped(sent.text)
    for button in sent.buttons():
        label = button.get("label") or ""
        if label and unwrapped(label):
            found.append(label)
    return found


def test_the_checker_finds_a_sentence_left_outside_the_catalogue() -> None:
    assert unwrapped("⟦**Counting** table #3 for 2 players⟧") == []
    assert unwrapped("⟦Seated ({n})⟧: **alice**, <@123>") == []
    assert unwrapped("⟦Your turn⟧ — waiting on the others") == ["waiting on", "the others"]
    assert unwrapped("⟦Nobody here ⟦in this server⟧ yet⟧") == []
    assert unwrapped("⟦Nobody here ⟦in this server⟧ yet⟧ but not this one") == ["but not", "this one"]


async def _pseudo(fake: FakeDiscord, *users: object) -> None:
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    await bot.records.set_setting(fake.guild.id, "language", "xx")
    for user in users:
        await bot.records.set_language(user.id, "xx")  # type: ignore[attr-defined]


async def test_the_wrapped_surfaces_pass_through_the_catalogue(fake: FakeDiscord) -> None:
    admin, alice, bob = fake.user("admin", admin=True), fake.user("alice"), fake.user("bob")
    await _pseudo(fake, admin, alice, bob)
    seen: list[Sent] = []
    seen += await fake.command("help", user=alice)
    seen += await fake.command("games", user=alice)
    seen += await fake.command("settings show", user=admin)
    seen += await fake.command("settings reminders", user=admin, options={"hours": 0.5})
    seen += await fake.command("settings away", user=admin, options={"days": 3})
    seen += await fake.command("settings me", user=alice, options={"notify": "dm"})
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"})
    seen.append(lobby)
    seen += await fake.click(user=bob, message=lobby, label="⟦Join⟧")
    seen += await fake.click(user=bob, message=lobby, label="⟦Join⟧")  # a refusal from the service
    seen += await fake.click(user=alice, message=lobby, label="⟦Start⟧")
    seen += await fake.command("games", user=alice)
    started = [s for s in seen if any(b.get("label") == "⟦Open my panel⟧" for b in s.buttons())]
    assert started, [s.text for s in seen]
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("active",))
    first = {alice.id: alice, bob.id: bob}[(await bot.service.status(game.id)).waiting_on[0]]
    panel = await fake.click(user=first, message=started[-1], label="⟦Open my panel⟧")
    seen += panel
    # A decision on the panel: the panel's next state and the turn post (story, whose turn, its buttons).
    [choice] = [c for c in panel[-1].custom_ids() if c.startswith("yk:do:")][:1]
    played = await fake.click(choice, user=first, message=panel[-1])
    seen += played
    assert any(s.kind == "channel_message" and "⟦Your turn: " in s.text for s in played), [s.text for s in played]
    texts = [s for s in seen if s.text or s.buttons()]
    assert len(texts) >= 12
    assert {t: found for t, found in ((s.text[:80], check(s)) for s in texts) if found} == {}
    assert all("⟦" in s.text for s in texts if s.text)


async def test_the_other_wrapped_commands_pass_through_the_catalogue(fake: FakeDiscord) -> None:
    """The daily challenge's help, the standings, profile and history (empty and with a game), time away,
    resigning without confirming, a game's status, the settings of a server and of a player, and a
    tournament's sign-up post, its Join and the list of tournaments."""
    admin, alice, bob = fake.user("admin", admin=True), fake.user("alice"), fake.user("bob")
    await _pseudo(fake, admin, alice, bob)
    seen: list[Sent] = []
    seen += await fake.command("daily help", user=alice)
    seen += await fake.command("daily stats", user=alice)
    seen += await fake.command("standings", user=alice, options={"game": "duel"})
    seen += await fake.command("history", user=alice)
    seen += await fake.command("away start", user=alice, options={"days": 2})
    seen += await fake.command("away end", user=alice)
    seen += await fake.command("away end", user=alice)
    seen += await fake.command("settings seasons", user=admin, options={"length": "month"})
    seen += await fake.command("settings threads", user=admin, options={"on": False})
    seen += await fake.command("settings botgames", user=admin, options={"limit": 2})
    seen += await fake.command("settings me", user=bob, options={"notify": "none"})
    [lobby] = await fake.command("table new", user=alice, options={"game": "counting"})
    await fake.click(user=bob, message=lobby, label="⟦Join⟧")
    await fake.click(user=alice, message=lobby, label="⟦Start⟧")
    bot: YokohamaBot = fake.bot  # type: ignore[assignment]
    [game] = await bot.storage.list_games(statuses=("active",))
    seen += await fake.command("table status", user=alice, options={"game": game.id})
    seen += await fake.command("table resign", user=alice, options={"game": game.id, "confirm": "no"})
    seen += await fake.command("table resign", user=alice, options={"game": game.id, "confirm": "yes"})
    seen += await fake.command("table panel", user=bob, options={"game": 999})  # no such game: a refusal
    [signup] = await fake.command("tournament new", user=admin, options={"game": "duel", "format": "swiss"})
    seen.append(signup)
    seen += await fake.click(user=alice, message=signup, label="⟦Join⟧")
    seen += await fake.command("tournament list", user=alice)
    texts = [s for s in seen if s.text]
    assert len(texts) >= 15
    assert {s.text[:80]: found for s in texts if (found := check(s))} == {}
