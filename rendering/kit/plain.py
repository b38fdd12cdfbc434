"""Plain text for pictures: Discord's markup taken out of a text before it is drawn.

A turn's story is written for a Discord message (`**bob** sends Power 1 to Tea`), and a display name may
hold asterisks or underscores of its own; a picture is not a message, so what Discord would show as
formatting must not be drawn as characters. `plain` keeps the words and drops the markup: bold, italic,
underline, strike-through, spoiler and code markers, headings, block quotes and subtext, masked links,
custom emoji, mentions (which only the message can resolve) and timestamps; an escaped character
(`\\*`) is kept as itself.
"""

from __future__ import annotations

import datetime as dt
import functools
import re

_ESCAPE = re.compile(r"\\([\\*_~|`>#\-\[\]()<:])")
_CUSTOM_EMOJI = re.compile(r"<a?:(\w{1,32}):\d{5,25}> ?")
_MENTION = re.compile(r"<(@[!&]?|#)(\d{5,25})>")
_SLASH_COMMAND = re.compile(r"</([\w\- ]{1,100}):\d{5,25}>")
_TIMESTAMP = re.compile(r"<t:(-?\d{1,13})(?::([tTdDfFR]))?>")
_LINK = re.compile(r"\[([^\]\n]+)\]\(<?(https?://[^)\s>]+)>?\)")
_ANGLE_URL = re.compile(r"<(https?://[^>\s]+)>")
_LINE_START = re.compile(r"^(?:#{1,3} |-# |>>> |> )", re.MULTILINE)
_PAIRS = (
    re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.DOTALL),
    re.compile(r"__(?=\S)(.+?)(?<=\S)__", re.DOTALL),
    re.compile(r"~~(?=\S)(.+?)(?<=\S)~~", re.DOTALL),
    re.compile(r"\|\|(.+?)\|\|", re.DOTALL),
    re.compile(r"```(?:[\w+-]*\n)?(.*?)```", re.DOTALL),
    re.compile(r"``(.+?)``"),
    re.compile(r"`([^`]+)`"),
    re.compile(r"\*(?=[^\s*])(.+?)(?<=[^\s*])\*"),
    re.compile(r"(?<![\w\\])_(?=[^\s_])(.+?)(?<=[^\s_])_(?!\w)"),
)
#: Where escaped characters wait while the markup around them is removed (private-use code points).
_HOLD = 0xF0000
_WHO = {"@": "@someone", "@!": "@someone", "@&": "@role", "#": "#channel"}


def _timestamp(match: re.Match[str]) -> str:
    try:
        moment = dt.datetime.fromtimestamp(int(match.group(1)), dt.UTC)
    except (OverflowError, OSError, ValueError):
        return ""
    return moment.strftime("%Y-%m-%d %H:%M UTC")


@functools.lru_cache(maxsize=8192)
def plain(text: str) -> str:
    """`text` as Discord would show it, without its markup (see the module's docstring)."""
    if not any(c in text for c in "*_~|`<>#[\\-"):
        return text  # most labels: nothing to take out
    text = _ESCAPE.sub(lambda m: chr(_HOLD + ord(m.group(1))), text)
    text = _CUSTOM_EMOJI.sub("", text)
    text = _MENTION.sub(lambda m: _WHO[m.group(1)], text)
    text = _SLASH_COMMAND.sub(r"/\1", text)
    text = _TIMESTAMP.sub(_timestamp, text)
    text = _LINK.sub(r"\1", text)
    text = _ANGLE_URL.sub(r"\1", text)
    text = _LINE_START.sub("", text)
    for _ in range(4):  # nested markup (***bold italic***, **__both__**) comes off a layer a pass
        before = text
        for pair in _PAIRS:
            text = pair.sub(r"\1", text)
        if text == before:
            break
    return "".join(chr(ord(c) - _HOLD) if _HOLD <= ord(c) < _HOLD + 128 else c for c in text)
