"""Discord's own localisation of the slash commands: every command's payload, built with the translator as
`tree.sync()` builds it, is valid for Discord's API, carries names and descriptions in `ja`, `de` and `fr`,
and no two options or subcommands of one command share a name in any language."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from babel.messages.pofile import read_po
from discord import app_commands

from bot.discord_app.client import YokohamaBot
from bot.discord_app.translator import (
    CHOICE,
    DISCORD_LOCALES,
    OPTION,
    CatalogueTranslator,
    command_strings,
    name_is_valid,
    translate,
)
from bot.discord_app.translator import NAME as NAME_CONTEXT
from bot.settings import Settings
from bot.storage import SQLiteStorage
from i18n import DOMAIN, LANGUAGE_NAMES, LOCALE_DIR, pgettext_in
from tests.harness.discord_fake import FakeDiscord
from tests.harness.discord_schema import DiscordSchema


@pytest.fixture
async def fake(tmp_path: Path) -> AsyncIterator[FakeDiscord]:
    """The real bot with the real games only (the test-only games would add their choices to `/table new`)."""
    path = tmp_path / "bot.sqlite3"
    storage = SQLiteStorage(path)
    await storage.open()
    async with FakeDiscord(YokohamaBot(Settings(database_path=path), storage)) as fake:
        yield fake


LOCALES = [locale.value for locale in DISCORD_LOCALES]  # "ja", "de", "fr"
#: Discord's rule for names (`^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$`); for our scripts \w is the same set.
NAME = re.compile(r"^[-_\w]{1,32}$")


async def _payload(tree: app_commands.CommandTree[Any]) -> list[dict[str, Any]]:
    translator = tree.translator
    assert isinstance(translator, CatalogueTranslator)
    return [await command.get_translated_payload(tree, translator) for command in tree._get_all_commands()]


def _walk(item: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """(path, node) for a command and every option, subcommand and choice under it."""
    here = f"{path}/{item['name']}"
    found = [(here, item)]
    for option in item.get("options", []):
        found += _walk(option, here)
    for choice in item.get("choices", []) or []:
        found.append((f"{here}={choice['name']}", choice))
    return found


async def test_the_translated_commands_are_valid_for_discord(fake: FakeDiscord, discord_schema: DiscordSchema) -> None:
    payload = await _payload(fake.bot.tree)
    discord_schema.validate_request("PUT", "/applications/1/commands", payload)


async def test_every_command_option_and_choice_reads_in_each_shipped_language(fake: FakeDiscord) -> None:
    """Each name and description carries its translation; a name is left without one only where the language
    writes the same word (German `status`, French `table`: Discord then shows that word) or where it is a
    language's own name (`日本語`), which stays as written."""
    missing = []
    for command in await _payload(fake.bot.tree):
        for path, node in _walk(command):
            for locale in LOCALES:
                name = node["name"]
                if locale not in (node.get("name_localizations") or {}) and not (
                        name in LANGUAGE_NAMES.values() or _catalogue_keeps_the_name(name, locale)):
                    missing.append((path, locale, "name"))
                if "description" in node and node["description"] != "…" and locale not in (
                        node.get("description_localizations") or {}):
                    missing.append((path, locale, "description"))
    assert missing == []


def _catalogue_keeps_the_name(name: str, locale: str) -> bool:
    """Whether the language's catalogue translates `name` (as a name of some kind) by the same word."""
    with (LOCALE_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalogue = read_po(handle)
    return any((m := catalogue.get(name, context)) is not None and m.string == name
               for context in (NAME_CONTEXT, OPTION, CHOICE))


async def test_localised_names_follow_discords_rules_and_never_clash(fake: FakeDiscord) -> None:
    wrong = []
    for command in await _payload(fake.bot.tree):
        for path, node in _walk(command):
            if "=" in path:
                continue
            for locale, name in (node.get("name_localizations") or {}).items():
                if not (NAME.match(name) and name == name.lower()):
                    wrong.append((path, locale, name))
            for locale in LOCALES:
                siblings = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in node.get("options", [])]
                if len(siblings) != len(set(siblings)):
                    wrong.append((path, locale, sorted(siblings)))
        top = [(c.get("name_localizations") or {}) for c in await _payload(fake.bot.tree)]
        for locale in LOCALES:
            names = [loc.get(locale) for loc in top if loc.get(locale)]
            if len(names) != len(set(names)):
                wrong.append(("/", locale, sorted(names)))
    assert wrong == []


async def test_every_description_fits_discords_limit_in_every_language(fake: FakeDiscord) -> None:
    too_long = []
    for command in await _payload(fake.bot.tree):
        for path, node in _walk(command):
            for locale, text in (node.get("description_localizations") or {}).items():
                if not 1 <= len(text) <= 100:
                    too_long.append((path, locale, len(text)))
            for locale, text in (node.get("name_localizations") or {}).items():
                if "=" in path and not 1 <= len(text) <= 100:
                    too_long.append((path, locale, len(text)))
    assert too_long == []


@pytest.mark.parametrize("name", ["tisch", "卓", "délai_heures", "bei_fristende", "ボット対戦数"])
def test_names_discord_takes(name: str) -> None:
    assert name_is_valid(name)


@pytest.mark.parametrize("name", ["Tisch", "two words", "", "x" * 33, "⟦table⟧", "a/b"])
def test_names_discord_refuses(name: str) -> None:
    assert not name_is_valid(name)


def test_a_bad_name_in_the_catalogue_is_never_sent() -> None:
    """A translated name Discord would refuse (the whole sync would fail with it) is left out instead."""
    assert translate("table", "xx", "command name") is None  # ⟦table⟧: not a valid name
    assert translate("Open a table in this channel; others join with the button.", "xx", "command description") == (
        "⟦Open a table in this channel; others join with the button.⟧")


async def test_the_translator_answers_for_shipped_locales_only(fake: FakeDiscord) -> None:
    translator = fake.bot.tree.translator
    assert isinstance(translator, CatalogueTranslator)
    command = fake.bot.tree.get_command("table")
    assert command is not None
    context = app_commands.TranslationContext(location=app_commands.TranslationContextLocation.group_name,
                                              data=command)
    said = {locale.value: await translator.translate(app_commands.locale_str("table"), locale, context)
            for locale in (discord.Locale.japanese, discord.Locale.german, discord.Locale.french,
                           discord.Locale.spain_spanish, discord.Locale.american_english)}
    assert said == {"ja": "卓", "de": "tisch", "fr": None, "es-ES": None, "en-US": None}  # French "table" is "table"


async def test_every_string_of_the_command_tree_passes_through_the_catalogue(fake: FakeDiscord) -> None:
    """The pseudo-locale wraps every string the tree syncs: none is left out of the catalogue's reach."""
    strings = list(command_strings(fake.bot.tree))
    assert len(strings) > 150
    assert [s for context, s, _where in strings if pgettext_in("xx", context, s) != f"⟦{s}⟧"] == []
