"""Discord's own localisation of the slash commands: names, descriptions and choices in `ja`, `de`, `fr`.

discord.py hands every command, group, option and choice string (as an `app_commands.locale_str`; plain
strings are wrapped automatically) to the tree's translator while it builds the payload it syncs. The
translations come from the one message catalogue, each kind of string under its own message context, so the
word "new" as a command name and "new" in a sentence are translated apart:

    command name / command description / option name / option description / choice name

A string made with `locale_str(text, translate=False)` (a language's name in itself) stays as written.

`scripts/i18n extract` collects these strings from the command tree itself (`command_catalogue`), so a new
command is in the catalogue without anyone marking it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from i18n import SOURCE, pgettext_in

#: Discord's locales we ship, and which of our catalogues each reads.
DISCORD_LOCALES: dict[Locale, str] = {Locale.japanese: "ja", Locale.german: "de", Locale.french: "fr"}

NAME = "command name"
DESCRIPTION = "command description"
OPTION = "option name"
OPTION_DESCRIPTION = "option description"
CHOICE = "choice name"

CONTEXTS: dict[Where, str] = {
    Where.command_name: NAME,
    Where.group_name: NAME,
    Where.command_description: DESCRIPTION,
    Where.group_description: DESCRIPTION,
    Where.parameter_name: OPTION,
    Where.parameter_description: OPTION_DESCRIPTION,
    Where.choice_name: CHOICE,
}

#: Discord's rule for a command or option name (the `\p{sc=Deva}`/`\p{sc=Thai}` parts need no checking for
#: our languages: Python's `\w` covers the letters and digits of Japanese, German and French).
NAME_RULE = re.compile(r"^[-_\w]{1,32}$")


def name_is_valid(name: str) -> bool:
    """Whether Discord takes `name` as a command or option name: 1-32 letters, digits, `-` or `_`, and no
    upper-case letter (a letter with a lower-case form must be in it)."""
    return bool(NAME_RULE.match(name)) and name == name.lower()


def translate(message: str, locale: str, context: str) -> str | None:
    """`message` (of kind `context`) in our `locale`, or None where it reads as in English."""
    if locale == SOURCE:
        return None
    text = pgettext_in(locale, context, message)
    if text == message:
        return None
    if context in (NAME, OPTION) and not name_is_valid(text):
        return None  # never let a bad name stop the sync (the catalogue tests keep this from happening)
    if context not in (NAME, OPTION):
        text = text[:100]
    return text


class CatalogueTranslator(app_commands.Translator):
    """The tree's translator: Discord's locale -> our catalogue, by where the string stands."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        ours = DISCORD_LOCALES.get(locale)
        where = CONTEXTS.get(context.location)
        if ours is None or where is None or not string.extras.get("translate", True):
            return None
        return translate(string.message, ours, where)


def _translated(choice: app_commands.Choice[Any]) -> bool:
    """Whether a choice's name goes through the catalogue (a language's own name does not)."""
    return choice._locale_name is None or choice._locale_name.extras.get("translate", True)


def command_strings(tree: app_commands.CommandTree[Any]) -> Iterator[tuple[str, str, str]]:
    """(context, English text, where it stands) for every string of every command the tree syncs."""
    def walk(command: Any, path: str) -> Iterator[tuple[str, str, str]]:
        here = f"{path}/{command.name}"
        yield NAME, command.name, here
        if getattr(command, "description", None):
            yield DESCRIPTION, command.description, here
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                yield from walk(sub, here)
            return
        for parameter in getattr(command, "parameters", ()):
            where = f"{here}:{parameter.display_name}"
            yield OPTION, parameter.display_name, where  # the name Discord shows (`rename`d or not)
            if parameter.description and parameter.description != "…":
                yield OPTION_DESCRIPTION, parameter.description, where
            for choice in parameter.choices:
                if _translated(choice):
                    yield CHOICE, choice.name, where

    for command in tree.get_commands():
        yield from walk(command, "")
