"""`/table new options:` — every game's rule variants, offered from the engine's own declarations.

A game declares its options as data (`Game.option_specs()`: name, allowed values, default, help,
labels); this module turns a typed line such as "side: B, chinatown: yes" into an options dict and
suggests completions, so a game with variants needs no command of its own.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.service import ServiceError
from engine.core import OptionSpec, get_game
from i18n import _


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


def _spec_named(specs: tuple[OptionSpec, ...], name: str) -> OptionSpec | None:
    wanted = _norm(name)
    for spec in specs:
        if wanted in (_norm(spec.name), _norm(spec.title or spec.name)):
            return spec
    return None


def _value(spec: OptionSpec, raw: str) -> Any:
    """The allowed value `raw` names (by its label or its value); ServiceError listing the choices if none."""
    wanted = _norm(raw)
    allowed = spec.allowed or ((True, False) if isinstance(spec.default, bool) else ())
    for value in allowed:
        if wanted in (_norm(spec.label_of(value)), _norm(str(value))):
            return value
        if isinstance(value, bool) and wanted in (("yes", "on", "true") if value else ("no", "off", "false")):
            return value
    if not allowed and isinstance(spec.default, int) and not isinstance(spec.default, bool) and raw.strip().isdigit():
        return int(raw)
    choices = ", ".join(spec.label_of(v) for v in allowed) or _("a value like {example}").format(
        example=repr(spec.default))
    raise ServiceError(_("Option '{option}' can be {choices}; not '{value}'.").format(
        option=spec.title or spec.name, choices=choices, value=raw.strip()))


def parse_options(kind: str, text: str) -> dict[str, Any]:
    """'side: B, chinatown: yes' -> {"side": "B", "chinatown": True}, refusing unknown names clearly."""
    specs = get_game(kind).option_specs()
    chosen: dict[str, Any] = {}
    for part in (p for p in text.replace(";", ",").split(",") if p.strip()):
        name, sep, raw = part.partition(":") if ":" in part else part.partition("=")
        spec = _spec_named(specs, name)
        if spec is None or not sep:
            known = ", ".join(s.title or s.name for s in specs) or _("none")
            raise ServiceError(_("{game} has no option '{option}'. Its options: {known}.").format(
                game=get_game(kind).title, option=part.strip(), known=known))
        chosen[spec.name] = _value(spec, raw)
    return chosen


async def option_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Suggest 'name: value' for the chosen game's next option, keeping what is typed so far."""
    kind = getattr(interaction.namespace, "game", None)
    try:
        specs = get_game(kind).option_specs() if kind else ()
    except KeyError:
        specs = ()
    done, _, last = current.rpartition(",")
    prefix = (done + ", ") if done else ""
    suggestions = []
    for spec in specs:
        allowed = spec.allowed or ((True, False) if isinstance(spec.default, bool) else ())
        for value in allowed:
            entry = f"{spec.title or spec.name}: {spec.label_of(value)}"
            if _norm(last) in _norm(entry):
                suggestions.append((prefix + entry)[:100])
    return [app_commands.Choice(name=s, value=s) for s in suggestions[:25]]
