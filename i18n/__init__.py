"""The message catalogue: every sentence a person reads, in the reader's language, through gettext.

One gettext domain (`yokohama`), compiled catalogues under `i18n/locales/<lang>/LC_MESSAGES/` (Babel writes
them; `scripts/i18n` extracts, updates and compiles). English is the source language: a message without a
translation reads in English.

Whose language a sentence is in is a context variable (`current_locale`), set once where a request begins
(an interaction: the player's own choice or the interaction's locale; a public post: the server's
language), so code deep in the service can call `_()` without a locale passed down to it. `using(locale)`
sets it for a block.

- `_(message)` translates now, in the current locale.
- `ngettext(singular, plural, n)`: the plural form the language's rule picks (Japanese has one form, French
  treats 0 and 1 alike, German two). Write the count as `{n}` and `.format(n=n)` the result.
- `pgettext(context, message)`: a message whose English text is ambiguous (a command's name, a button).
- `N_(message)`: marks a message for extraction without translating it (a module constant translated where it
  is shown).

This package imports neither the bot nor a renderer: the service, the Discord layer and the renderers all
stand on it.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
from collections.abc import Iterator
from pathlib import Path

from babel.support import NullTranslations, Translations

DOMAIN = "yokohama"
LOCALE_DIR = Path(__file__).resolve().parent / "locales"
#: The source language.
SOURCE = "en"
#: The languages a server or a player may choose; every message has a translation in each (a test checks).
SHIPPED: tuple[str, ...] = ("en", "ja", "de", "fr")
#: A test-only locale that wraps every message in ⟦…⟧: whatever reaches a person unwrapped did not pass
#: through the catalogue.
PSEUDO = "xx"
#: The name of each shipped language in itself (what `/settings language:` offers).
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "de": "Deutsch", "fr": "Français"}

current_locale: contextvars.ContextVar[str] = contextvars.ContextVar("current_locale", default=SOURCE)


class PseudoTranslations(NullTranslations):
    """Every message wrapped in ⟦…⟧ (placeholders left as they are), English plural rule."""

    def gettext(self, message: str) -> str:
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟦{message}⟧"

    def npgettext(self, context: str, singular: str, plural: str, num: int) -> str:
        return f"⟦{singular if num == 1 else plural}⟧"


@functools.cache
def translations(locale: str) -> gettext.NullTranslations:
    """The compiled catalogue of `locale` (loaded once per process); the source language reads as written."""
    if locale == PSEUDO:
        return PseudoTranslations()
    if locale == SOURCE or locale not in SHIPPED:
        return NullTranslations()
    return Translations.load(str(LOCALE_DIR), [locale], DOMAIN)


def resolve(code: str | None) -> str:
    """Our locale for a Discord locale code (`ja`, `de`, `fr`, `en-US`, `pt-BR`, …) or a stored choice;
    English for anything we do not ship."""
    if not code:
        return SOURCE
    base = str(code).strip().replace("_", "-").split("-")[0].lower()
    if base in SHIPPED or base == PSEUDO:
        return base
    return SOURCE


def _catalogue() -> gettext.NullTranslations:
    return translations(current_locale.get())


def _(message: str) -> str:
    """`message` in the current locale ("" stays "": gettext would answer it with the catalogue's header)."""
    return _catalogue().gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message the current language's plural rule picks for `n`."""
    return _catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message`, told apart from the same English text elsewhere by `context`, in the current locale."""
    return _catalogue().pgettext(context, message)


class _Current:
    """A translator that reads in whatever the current locale is when asked (the engine's words go through
    it: `bot` installs it as the engine's translator, so `using(locale)` governs them too)."""

    def gettext(self, message: str, /) -> str:
        return _catalogue().gettext(message) if message else message

    def ngettext(self, msgid1: str, msgid2: str, n: int, /) -> str:
        return _catalogue().ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str, /) -> str:
        return _catalogue().pgettext(context, message)


#: The current locale's catalogue, whichever it is at the moment of each call.
CURRENT = _Current()


def N_(message: str) -> str:
    """Mark `message` for the catalogue; it is translated where it is shown (`_(constant)`)."""
    return message


def gettext_in(locale: str, message: str) -> str:
    """`message` in `locale`, whatever the current locale."""
    return translations(resolve(locale)).gettext(message)


def pgettext_in(locale: str, context: str, message: str) -> str:
    """`pgettext` in `locale`, whatever the current locale."""
    return translations(resolve(locale)).pgettext(context, message)


@contextlib.contextmanager
def using(locale: str | None) -> Iterator[str]:
    """Read every message of the block in `locale` (resolved; English when unknown or None)."""
    chosen = resolve(locale)
    token = current_locale.set(chosen)
    try:
        yield chosen
    finally:
        current_locale.reset(token)


def story_joiner() -> str:
    """What stands between the events of one turn's story ("; " in English; French " ; ", Japanese 。). The
    engine's own (`engine.core.wording`) is the same message, for the engine, which does not import `i18n`."""
    # TRANSLATORS: between two events of one turn's story ("sends Power 4 to Tea; gains 4 Tea"). French puts a
    # space before ";"; Japanese may end each event as a sentence (。).
    return pgettext("between the events of a story", "; ")


def list_joiner() -> str:
    """What stands between the items of a list whose items hold commas themselves ("; " in English)."""
    # TRANSLATORS: between the items of a list whose items may hold commas ("gains ¥2; draws 1 order").
    return _("; ")


def labelled(label: str, value: str) -> str:
    """"label: value" as the reader's language writes it (French "label : value", Japanese "label：value")."""
    # TRANSLATORS: a label and what follows it ("#3: 5 pts + …", "Alice: sends Power 4 …"). French puts a space
    # before ":"; Japanese may use "：".
    return pgettext("a label and its value", "{label}: {value}").format(label=label, value=value)


__all__ = [
    "CURRENT", "DOMAIN", "LANGUAGE_NAMES", "LOCALE_DIR", "N_", "PSEUDO", "SHIPPED", "SOURCE", "_", "current_locale",
    "gettext_in", "labelled", "list_joiner", "ngettext", "pgettext", "pgettext_in", "resolve", "story_joiner",
    "translations", "using",
]
