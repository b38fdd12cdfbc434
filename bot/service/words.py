"""Words every front end shares: sentence case.

`sentence` starts a sentence with a capital letter whatever word it begins with. Counts ("1 round",
"3 rounds") are the catalogue's: `i18n.ngettext` picks the form the reader's language needs.
"""

from __future__ import annotations


def sentence(text: str) -> str:
    """`text` with its first letter upper-case (markdown and emoji before it left as they are)."""
    for i, ch in enumerate(text):
        if ch.isalpha():
            return text[:i] + ch.upper() + text[i + 1:]
        if ch.isdigit():
            return text
    return text
