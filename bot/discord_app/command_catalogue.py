"""`python -m bot.discord_app.command_catalogue POT`: add every slash command's strings to the catalogue
template `POT` (written by `pybabel extract`), each under its message context (`translator`).

The strings are read from the command tree the bot syncs: the cogs are loaded into a bot over a throw-away
database, exactly as at start-up, and nothing connects to Discord.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from bot.discord_app.client import EXTENSIONS, YokohamaBot
from bot.discord_app.translator import command_strings
from bot.service.records import storage_for
from bot.settings import Settings


async def collect() -> list[tuple[str, str, str]]:
    """(context, text, where) of every command string, as the cogs define them."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "catalogue.sqlite3"
        storage = storage_for(None, path)
        await storage.open()
        bot = YokohamaBot(Settings(database_path=path), storage)
        try:
            for extension in EXTENSIONS:
                await bot.load_extension(extension)
            return list(command_strings(bot.tree))
        finally:
            await storage.close()


def add_to(pot: Path, strings: Iterator[tuple[str, str, str]] | list[tuple[str, str, str]]) -> int:
    """Add `strings` to the template at `pot`; the number of distinct messages added."""
    with pot.open("rb") as handle:
        catalogue = read_po(handle)
    before = len(catalogue)
    for context, text, where in strings:
        message = catalogue.get(text, context)
        if message is None:
            catalogue.add(text, context=context, locations=[(f"command:{where}", 0)])
        else:
            message.locations.append((f"command:{where}", 0))
    with pot.open("wb") as handle:
        write_po(handle, catalogue, width=120, sort_by_file=True, include_lineno=False)
    return len(catalogue) - before


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m bot.discord_app.command_catalogue POT", file=sys.stderr)
        return 2
    added = add_to(Path(args[0]), asyncio.run(collect()))
    print(f"{added} command strings added to {args[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
