"""What the panels and posts say: names and mentions, the story of a turn, the final standings, a table's
players and options (functions of rows and names; nothing here sends or edits a message).
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Collection
from typing import Any

import discord
from babel.numbers import format_decimal

from bot.discord_app.names import bot_name, by_name, fill, who
from bot.service.outcomes import Clause
from bot.service.records import GameRow, is_bot_user
from engine.core import get_game, seat_token
from i18n import N_, SHIPPED, SOURCE, _, current_locale, labelled, list_joiner, ngettext, pgettext, story_joiner

NO_MENTIONS_BUT_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)


def mention(user_id: int) -> str:
    """A person's mention; a bot seat's name in bold instead (a bot is never pinged)."""
    return f"**{bot_name(user_id)}**" if is_bot_user(user_id) else f"<@{user_id}>"


def average(value: float) -> str:
    """An average with one decimal as the reader's language writes it (`60.5`, `60,5`)."""
    locale = current_locale.get()
    if locale == SOURCE or locale not in SHIPPED:
        return f"{value:.1f}"
    return format_decimal(value, "0.0", locale=locale)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_words(text: str, limit: int) -> str:
    """`text` cut to `limit` characters between words ("1 money / 1 faith / …", never "1 fai…")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 2]
    for separator in (" / ", "; ", ", ", " "):  # between the parts of a list first, else between words
        if separator in cut:
            cut = cut.rsplit(separator, 1)[0]
            break
    return cut.rstrip(" /,;:·-") + " …"


#: The base game's title, marked for the catalogue here (the engines' titles are read through it where shown,
#: `_(engine.title)`; the Duel and Roll & Write mark theirs in their own modules).
GAME_TITLES = (N_("Yokohama"),)

#: Why a person's seat was played by someone else: said once per sentence (a bot seat needs no note,
#: its name says who played; a formality is left out of the story altogether).
_ORIGIN_NOTES = {"auto": N_("played by the bot"), "timeout": N_("deadline passed: played by the bot")}


def story_text(clauses: list[Clause], names: list[str], bots: Collection[int] = ()) -> str:
    """The turn in one paragraph, in order, naming people (never pinging them); also read by screen readers.

    Consecutive decisions of one seat form one sentence that names the seat once ("**Alice** places 1
    assistant in Port B; moves the President to Port B"). A clause that names its seat itself (the
    engine's narration) is kept as it is; a bare label gets the person's name in front; a clause the
    engine left empty (a formality) is left out. A person's seat played by the bot says so once, at the
    end of its sentence; a bot seat (`bots`) is named, never annotated.
    """
    name_of = by_name(names)
    sentences: list[str] = []
    group: list[Clause] = []
    stop = pgettext("end of a sentence", ".")  # "。" in Japanese

    def close() -> None:
        if not group:
            return
        seat = group[0].seat
        token = seat_token(seat)
        texts: list[str] = []
        for clause in group:
            text = clause.worded()
            lead = next((lead for lead in _SEAT_LEADS if text.startswith(token + lead)), None)
            if texts and lead is not None:
                text = text[len(token) + len(lead):].lstrip(": ")  # the seat is named once per sentence
            texts.append(fill(text, name_of))
        # The events of a clause, split where the reader's language joins them (and at "; ", how a clause told
        # before the joiner was translated joins them), to be joined again in the reader's way.
        between = story_joiner()
        parts = [part.strip() for text in texts for part in _events(text, between) if part.strip()]
        # A part the next ones say more fully is left out ("sends a Foreign Agent; sends a Foreign Agent to …").
        parts = [p for i, p in enumerate(parts) if not any(q.startswith(p + " ") for q in parts[i + 1:])]
        # "sells 1 Raw Silk for ¥2 (twice)", not twice in a row
        parts = _chosen_once(_counted(parts, name_of(seat) + " "))
        # A new round is the game's news, not this seat's doing: it opens a sentence of its own ("Round 4
        # begins; **Yokohama AI** starts; sends …"), so it is never told as part of another seat's turn.
        # TRANSLATORS: how the story's "Round N begins" opens (a new round opens a sentence of its own): the same
        # words as the translation of "Round {round} begins; {seat} starts" up to the number.
        round_opens = pgettext("how a story's new round opens", "Round {n}").split("{n}")[0]
        cuts = [i for i, p in enumerate(parts) if i and p.startswith(round_opens)]
        chunks = [parts[a:b] for a, b in zip([0, *cuts], [*cuts, len(parts)], strict=True)]
        body = between.join(chunks[0])
        # TRANSLATORS: a turn's story: the person's name before what they did, when the engine's words do not
        # name them.
        sentence = body if token in group[0].worded() else pgettext("story", "{name}: {events}").format(
            name=name_of(seat), events=body)
        notes = [] if seat in bots else sorted({_(_ORIGIN_NOTES[c.origin]) for c in group
                                                if c.origin in _ORIGIN_NOTES})
        if notes:
            # TRANSLATORS: a note after a sentence of a turn's story ("(played by the bot)").
            sentence = pgettext("story", "{sentence} ({notes})").format(
                sentence=sentence.rstrip("." + stop), notes=list_joiner().join(notes))
        sentences.append(sentence)
        sentences.extend(between.join(chunk) for chunk in chunks[1:])
        group.clear()

    for clause in clauses:
        if not clause.worded().strip():
            continue
        if group and clause.seat != group[0].seat:
            close()
        group.append(clause)
    close()
    # TRANSLATORS: two sentences of a turn's story one after the other (Japanese: no space after 。).
    pair = pgettext("story", "{sentence} {next}")
    told = ""
    for sentence in (s if s.endswith((".", "!", "?", "。", "！", "？")) else s + stop for s in sentences):
        told = pair.format(sentence=told, next=sentence) if told else sentence
    return told


#: How an engine's clause may follow the seat's token ("{seat:0} sends …", "{seat:0}: …", "{seat:0}は…"): a
#: sentence names the seat once, so a later clause of the same seat is told without it.
_SEAT_LEADS = (" ", ": ", "：", "は", "が")


def _events(text: str, between: str) -> list[str]:
    """`text` split into its events where `between` (the reader's story joiner) or "; " joins them."""
    seps = sorted({between, "; "}, key=len, reverse=True)
    return re.split("|".join(re.escape(sep) for sep in seps), text)


#: People whose open private panel is updated in place with what is being posted (a bot's turn played right
#: after their click): the post names them without a ping (`only` leaves them out).
quiet_users: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar("quiet_users", default=frozenset())


def _chosen_once(parts: list[str]) -> list[str]:
    """A run of labels told as chosen says so once ("wählt: A; B", not "wählt: A; wählt: B"): in a language that
    tells a chosen label as such (`told_by`, Yokohama's `told`), the label follows a verb of choosing."""
    lead = pgettext("story", "chooses: {label}").split("{label}")[0]
    if not lead.strip():
        return parts
    # The first part names the seat before the lead ("**Alice** wählt: …").
    chosen = [p.startswith(lead) or (i == 0 and lead in p) for i, p in enumerate(parts)]
    return [p[len(lead):] if i and p.startswith(lead) and chosen[i - 1] else p for i, p in enumerate(parts)]


def _counted(parts: list[str], lead: str = "") -> list[str]:
    """Runs of the same part told once, with how often: ["buys 1 Tea for ¥1"] * 2 -> ["buys 1 Tea for ¥1 (twice)"]
    (`lead`, the seat's name opening the first part, does not make it differ)."""
    out: list[str] = []
    runs: list[int] = []
    for part in parts:
        if out and out[-1].removeprefix(lead) == part.removeprefix(lead):
            runs[-1] += 1
        else:
            out.append(part)
            runs.append(1)
    return [p if n == 1 else f"{p} ({_repeats(n)})" for p, n in zip(out, runs, strict=True)]


def _repeats(n: int) -> str:
    """"twice", "3 times"."""
    return _("twice") if n == 2 else ngettext("{n} time", "{n} times", n).format(n=n)


def only(users: list[int]) -> discord.AllowedMentions:
    """Ping exactly these users (a mention of anyone else in the text renders without a notification), less
    anyone whose open panel already shows it (`quiet_users`)."""
    quiet = quiet_users.get()
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(u) for u in users if u not in quiet])


def final_standings(game: GameRow, names: list[str] | None = None) -> str:
    result = game.result or {}
    if game.status == "abandoned":
        return _("The game was abandoned.")
    name_of = by_name(names or [])
    lines = [_("**Final standings** (by forfeit)") if result.get("reason") in ("forfeit", "deadline")
             else _("**Final standings**")]
    for place, seat in enumerate(result.get("ranking", []), start=1):
        user = game.user_of(seat)
        person = name_of(seat) if names else (who(game, user) if user else _("Player {n}").format(n=seat + 1))
        total = result["scores"][seat].get("total", 0)
        gone = (" " + _("(forfeited: missed the deadline)") if result.get("reason") == "deadline"
                else " " + _("(resigned)"))
        flag = gone if seat in result.get("forfeited", []) else ""
        points = (ngettext("{n} point", "{n} points", total) if isinstance(total, int)
                  else _("{n} points")).format(n=total)
        lines.append(f"{place}. {person} — {points}{flag}")
    return "\n".join(lines)


def players_text(engine: Any) -> str:
    """'2 players', '2 to 4 players', '1 player'."""
    low, high = engine.min_players, engine.max_players
    if low == high:
        return ngettext("{n} player", "{n} players", low).format(n=low)
    return _("{low} to {high} players").format(low=low, high=high)


def options_text(kind: str, options: dict[str, Any]) -> str:
    """The table's rule variants for people: each option's title and the chosen value's label."""
    engine = get_game(kind)
    specs = {spec.name: spec for spec in engine.option_specs()}
    parts = []
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            continue
        # The engine marks its options' titles and value labels for the catalogue (N_); read here.
        title = _(spec.title) if spec.title else key.replace("_", " ").capitalize()
        parts.append(labelled(title, _(spec.label_of(value))))
    return _(", ").join(parts)


#: Discord's longest attachment description (alt text).
ALT_TEXT_LIMIT = 1024


def alt_text(text: str) -> str:
    """`text` as an attachment's description: one line, at most `ALT_TEXT_LIMIT` characters."""
    text = " ".join(text.split())
    return text if len(text) <= ALT_TEXT_LIMIT else text[: ALT_TEXT_LIMIT - 3].rstrip() + "..."
