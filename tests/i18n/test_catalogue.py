"""The message catalogue is complete and consistent: every message the code and the command tree use is in
the template, every shipped language translates every message with the same placeholders, the compiled
catalogues are those of the `.po` files, and plural forms follow each language's rule."""

from __future__ import annotations

import asyncio
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

import i18n
from bot.discord_app.command_catalogue import collect

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = i18n.LOCALE_DIR / f"{i18n.DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
LANGUAGES = [code for code in i18n.SHIPPED if code != i18n.SOURCE]

Key = tuple[str | None, str]


def _po(language: str) -> Catalog:
    with (i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po").open("rb") as handle:
        return read_po(handle)


def _template() -> Catalog:
    with TEMPLATE.open("rb") as handle:
        return read_po(handle)


def _key(message_id: str | tuple[str, ...] | list[str], context: str | None) -> Key:
    return context, message_id if isinstance(message_id, str) else message_id[0]


def _strings(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (text,) if isinstance(text, str) else tuple(text)


def _source_messages() -> set[Key]:
    """Every message the Python source marks, read as `scripts/i18n extract` reads it (babel.cfg)."""
    method_map = [("bot/**.py", "python"), ("rendering/**.py", "python"), ("i18n/**.py", "python")]
    found = extract_from_dir(str(ROOT), method_map, keywords=KEYWORDS)
    return {_key(message, context) for _file, _line, message, _comments, context in found}


def _fields(text: str) -> set[str]:
    """The `{name}` placeholders of a message (format specs and conversions included)."""
    return {f"{name}!{conversion}:{spec}" for _lit, name, spec, conversion in string.Formatter().parse(text)
            if name is not None}


def test_every_message_of_the_code_and_the_commands_is_in_the_template() -> None:
    """A new `_()` or a new command not yet extracted fails here: run `scripts/i18n all`."""
    template = {_key(m.id, m.context) for m in _template() if m.id}
    commands = {(context, text) for context, text, _where in asyncio.run(collect())}
    assert _source_messages() - template == set()
    assert commands - template == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_in_every_shipped_language(language: str) -> None:
    catalogue = _po(language)
    missing = []
    for message in _template():
        if not message.id:
            continue
        translated = catalogue.get(message.id, message.context)
        strings = () if translated is None else (
            translated.string if isinstance(translated.string, tuple) else (translated.string,))
        if translated is None or translated.fuzzy or not all(strings) or len(strings) != (
                catalogue.num_plurals if message.pluralizable else 1):
            missing.append(_key(message.id, message.context))
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders_of_its_message(language: str) -> None:
    wrong = []
    for message in _po(language):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        expected = set().union(*(_fields(i) for i in ids))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            # A plural form may leave out the count where the language says "one" in words; no other field.
            got = _fields(text)
            if got != expected and not (message.pluralizable and got == expected - {"n!:"}):
                wrong.append((message.id, text))
    assert wrong == []


def test_a_translation_with_a_different_placeholder_is_found() -> None:
    """The checker itself: a renamed field is a different placeholder."""
    assert _fields("Game #{game} is full ({n} players).") != _fields("Partie #{partie} ist voll ({n} Spieler).")
    assert _fields("{seconds} s") == _fields("{seconds} 秒")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_is_that_of_the_po_file(language: str) -> None:
    """The `.mo` files are committed: one older than its `.po` fails here (`scripts/i18n compile`)."""
    with (i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo").open("rb") as handle:
        compiled = read_mo(handle)
    wanted = {_key(m.id, m.context): _strings(m.string) for m in _po(language) if m.id and m.string and not m.fuzzy}
    have = {_key(m.id, m.context): _strings(m.string) for m in compiled if m.id}
    assert have == wanted


def test_plural_forms_follow_each_language() -> None:
    """Japanese has one form; German one for 1 and another for the rest; French treats 0 and 1 alike."""
    counted = ("{n} player", "{n} players")
    with i18n.using("ja"):
        assert {i18n.ngettext(*counted, n).format(n=n) for n in (0, 1, 2)} == {"0人", "1人", "2人"}
    with i18n.using("de"):
        assert [i18n.ngettext("{n} point", "{n} points", n).format(n=n) for n in (0, 1, 2)] == [
            "0 Punkte", "1 Punkt", "2 Punkte"]
    with i18n.using("fr"):
        assert [i18n.ngettext(*counted, n).format(n=n) for n in (0, 1, 2)] == ["0 joueur", "1 joueur", "2 joueurs"]
    with i18n.using("en"):
        assert [i18n.ngettext(*counted, n).format(n=n) for n in (0, 1, 2)] == ["0 players", "1 player", "2 players"]
    assert _po("ja").num_plurals == 1 and _po("de").num_plurals == 2


def test_a_locale_we_do_not_ship_reads_in_english() -> None:
    assert [i18n.resolve(code) for code in ("ja", "de", "fr", "en-US", "en-GB", "pt-BR", "zh-CN", None, "")] == [
        "ja", "de", "fr", "en", "en", "en", "en", "en", "en"]
    with i18n.using("es-ES"):
        assert i18n._("Refresh") == "Refresh"


def test_the_current_locale_is_the_blocks_and_comes_back_after_it() -> None:
    with i18n.using("de"):
        assert i18n._("Refresh") == "Aktualisieren"
        with i18n.using("ja"):
            assert i18n._("Refresh") == "更新"
        assert i18n._("Refresh") == "Aktualisieren"
    assert i18n._("Refresh") == "Refresh"
