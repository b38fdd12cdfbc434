"""Checks on every argument that crosses the service boundary.

Cogs, the terminal and tests pass ids, versions and indexes straight from a custom id, a
slash-command option or a keyboard. A wrong type or an out-of-range number must end in
the service's own refusal (a `BadRequest`), never in a `TypeError` from Python, an
`OverflowError` from the database driver, or a value stored that later breaks the game.
"""

from __future__ import annotations

import json
import math
from typing import Any

from bot.service.errors import BadRequest
from i18n import N_, _

#: The largest integer SQLite (and PostgreSQL's BIGINT) stores: ids, seeds and versions fit in it.
MAX_INT = 2**63 - 1
#: The names a refusal quotes for a bad argument (`what`), for the catalogue: each is translated where the
#: refusal is worded (a name not listed reads as the caller wrote it).
FIELDS = (N_("action"), N_("admin id"), N_("channel id"), N_("date"), N_("deadline in hours"), N_("game"),
          N_("game mode"), N_("number of bots"), N_("number of days"), N_("option number"), N_("options"),
          N_("organiser id"), N_("panel stamp"), N_("panel version"), N_("player id"), N_("player limit"),
          N_("rounds"), N_("seed"), N_("server id"), N_("sign-up hours"), N_("table rules"),
          N_("reminder time in hours"), N_("name"), N_("deadline"))


def _shown(value: Any) -> str:
    """A short, safe rendering of a bad value for the refusal message."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a hostile __repr__ must not turn a refusal into a crash
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def whole(value: Any, what: str, *, low: int = 0, high: int = MAX_INT) -> int:
    """`value` if it is an int (not a bool) within [low, high]; else a clear refusal."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadRequest(_("The {what} must be a whole number, not {value}.").format(what=_(what), value=_shown(value)))
    if not low <= value <= high:
        raise BadRequest(_("The {what} must be between {low} and {high}; {value} is not.").format(
            what=_(what), low=low, high=high, value=_shown(value)))
    return value


def optional_whole(value: Any, what: str, *, low: int = 0, high: int = MAX_INT) -> int | None:
    return None if value is None else whole(value, what, low=low, high=high)


def number(value: Any, what: str, *, low: float, high: float) -> float:
    """A finite int or float (not a bool) within [low, high], as a float."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise BadRequest(_("The {what} must be a number, not {value}.").format(what=_(what), value=_shown(value)))
    if isinstance(value, float) and not math.isfinite(value):
        raise BadRequest(_("The {what} must be a finite number, not {value}.").format(
            what=_(what), value=_shown(value)))
    if not low <= value <= high:
        raise BadRequest(_("The {what} must be between {low} and {high}; {value} is not.").format(
            what=_(what), low=f"{low:g}", high=f"{high:g}", value=_shown(value)))
    return float(value)


def text(value: Any, what: str, *, allowed: tuple[str, ...] | None = None, longest: int = 200) -> str:
    if not isinstance(value, str) or len(value) > longest:
        raise BadRequest(_("The {what} must be a short text, not {value}.").format(what=_(what), value=_shown(value)))
    if allowed is not None and value not in allowed:
        raise BadRequest(_("The {what} must be one of: {allowed}; not {value}.").format(
            what=_(what), allowed=", ".join(allowed), value=_shown(value)))
    return value


def json_object(value: Any, what: str) -> dict[str, Any]:
    """A dict with text keys whose values are plain JSON (what game options must be)."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise BadRequest(_("The {what} must map names to values, not {value}.").format(
            what=_(what), value=_shown(value)))
    plain_json(value, what)
    return value


def plain_json(value: Any, what: str, *, longest: int = 20_000) -> str:
    """The canonical JSON of `value` if it is plain, finite and of sensible size; else a refusal."""
    try:
        encoded = json.dumps(value, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise BadRequest(_("The {what} must hold plain values (text, numbers, lists), not {value}.").format(
            what=_(what), value=_shown(value))) from exc
    if len(encoded) > longest:
        raise BadRequest(_("The {what} is far too large to be a game's {what}.").format(what=_(what)))
    return encoded
