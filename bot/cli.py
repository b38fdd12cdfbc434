"""The `yokohama-bot` command: run the Discord bot, play in a terminal, or check, copy, back up and restore the
database."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

import i18n
from bot.settings import Settings, SettingsError
from bot.storage import Repository, SQLiteStorage, StorageError, storage_for


def _parse_option(text: str) -> tuple[str, Any]:
    key, sep, raw = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"options look like key=value, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip(), value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="yokohama-bot", description=__doc__)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the Discord bot (the default); needs DISCORD_TOKEN")
    play = sub.add_parser("play", help="hot-seat play in this terminal, without Discord")
    play.add_argument("game", nargs="?", help="yokohama, duel or rollwrite")
    play.add_argument("--players", type=int, default=2)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--option", type=_parse_option, action="append", default=[],
                      help="a game option as key=value (repeatable), e.g. --option side=\"B\"")
    play.add_argument("--resume", type=int, default=None, help="continue game ID")
    play.add_argument("--db", type=Path, default=None, help="database file (default: DATABASE_PATH)")
    play.add_argument("--language", default=None,
                      help="ja, de, fr or en (default: the terminal's locale, LANGUAGE / LC_ALL / LANG)")
    play.add_argument("--pictures", type=Path, default=None, help="folder for pictures (default: PICTURES_DIR)")
    check = sub.add_parser("check-db", help="replay every stored game from its seed and log; report mismatches")
    check.add_argument("--db", default=None,
                       help="database: a SQLite file, sqlite:PATH or postgresql://… (default: DATABASE_URL/PATH)")
    rebuild = sub.add_parser("rebuild-ratings",
                             help="recompute every rating from the stored results, in the order games finished")
    rebuild.add_argument("--db", default=None,
                         help="database: a SQLite file, sqlite:PATH or postgresql://… (default: DATABASE_URL/PATH)")
    copy = sub.add_parser("copy-db", help="copy every game, log, setting and result into an empty database")
    copy.add_argument("--from", dest="source", required=True, help="sqlite:PATH, a file, or postgresql://…")
    copy.add_argument("--to", dest="target", required=True, help="postgresql://… or sqlite:PATH (must be empty)")
    backup = sub.add_parser("backup", help="a consistent, verified copy of the live SQLite database (PostgreSQL: "
                                           "pg_dump, see docs/operations.md)")
    backup.add_argument("--to", dest="target", type=Path, required=True, help="the backup file to write")
    backup.add_argument("--db", default=None, help="the SQLite database (default: DATABASE_PATH)")
    backup.add_argument("--force", action="store_true", help="replace the backup file if it exists")
    restore = sub.add_parser("restore", help="put a verified backup in the SQLite database's place (bot stopped)")
    restore.add_argument("--from", dest="source", type=Path, required=True, help="the backup file")
    restore.add_argument("--db", default=None, help="the SQLite database to replace (default: DATABASE_PATH)")
    restore.add_argument("--force", action="store_true",
                         help="replace an existing database (it is kept beside as NAME.before-restore-TIME)")
    return parser


def _storage(where: str | Path | None, settings: Settings) -> Repository:
    """The storage named on the command line (a file, sqlite:PATH or a URL), else the settings' own."""
    if where is None:
        return storage_for(settings.database_url, settings.database_path)
    text = str(where)
    if "://" in text or text.startswith("sqlite:"):
        return storage_for(text, settings.database_path)
    return storage_for(None, Path(text))


async def _open(where: str | Path | None, settings: Settings) -> Repository:
    storage = _storage(where, settings)
    await storage.open()
    return storage


def terminal_locale() -> str | None:
    """The terminal's language, as gettext reads it: LANGUAGE, LC_ALL, LC_MESSAGES, then LANG."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "").split(":")[0].split(".")[0]
        if value and value not in ("C", "POSIX"):
            return value
    return None


async def _play(args: argparse.Namespace, settings: Settings) -> int:
    from bot.service import ServiceError, TableService
    from bot.terminal import TerminalClient

    storage = await _open(args.db, settings)
    try:
        with i18n.using(args.language or terminal_locale()):
            service = TableService(storage, ai_budget_s=settings.ai_budget_s)
            client = TerminalClient(service, pictures=args.pictures or settings.pictures_dir)
            try:
                if args.resume is not None:
                    game_id = args.resume
                elif args.game:
                    game_id = await client.new_game(args.game, args.players, seed=args.seed,
                                                    options=dict(args.option))
                else:
                    print(i18n._("Name a game (yokohama, duel, rollwrite) or --resume ID."), file=sys.stderr)
                    return 2
                await client.play(game_id)
            except ServiceError as exc:
                print(exc.message, file=sys.stderr)
                return 1
            except (EOFError, KeyboardInterrupt):
                print("\n" + i18n._("Saved."))
    finally:
        await storage.close()
    return 0


async def _check(args: argparse.Namespace, settings: Settings) -> int:
    from bot.service import check_all

    storage = await _open(args.db, settings)  # refuses a file cut short or padded (header vs size), untouched
    try:
        # The whole file first (SQLite backend): every page, index and constraint, not only what replays read.
        damage = await storage.integrity_problems() if isinstance(storage, SQLiteStorage) else []
        results = await check_all(storage)
    finally:
        await storage.close()
    for problem in damage:
        print(f"BAD database: {problem}")
    if damage:
        print("The database file failed SQLite's integrity check; restore it from a backup.")
    bad = [r for r in results if not r.ok and not r.rules_changed]
    older = [r for r in results if r.rules_changed]
    for r in results:
        print(f"{'ok ' if r.ok else 'OLD' if r.rules_changed else 'BAD'} #{r.game_id} {r.kind}: {r.detail}")
    print(f"{len(results)} games checked, {len(bad)} mismatches.")
    if older:
        print(f"{len(older)} games replay differently under today's rules (begun before a rule fix; they play on).")
    return 1 if bad or damage else 0


async def _rebuild(args: argparse.Namespace, settings: Settings) -> int:
    from bot.service.standings import Standings

    storage = await _open(args.db, settings)
    try:
        rated, ratings = await Standings(storage).rebuild()
    finally:
        await storage.close()
    print(f"Rebuilt {ratings} ratings from {rated} rated games.")
    return 0


async def _copy(args: argparse.Namespace, settings: Settings) -> int:
    from bot.storage.copy import copy_database

    source = await _open(args.source, settings)
    try:
        target = await _open(args.target, settings)
        try:
            counts = await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
    print("Copied " + ", ".join(f"{n} {what}" for what, n in counts.items()) + ".")
    print("Run `yokohama-bot check-db --db TARGET` to replay every copied game.")
    return 0


PG_BACKUP_HINT = ("The database is PostgreSQL: back it up with `pg_dump --format=custom --file=FILE URL` and restore "
                  "with `pg_restore --clean --if-exists --dbname=URL FILE` (docs/operations.md), then run "
                  "`yokohama-bot check-db --db URL`.")


async def _backup(args: argparse.Namespace, settings: Settings) -> int:
    from bot.backup import BackupError, backup_file, sqlite_file

    source = sqlite_file(settings, args.db)
    if source is None:
        print(PG_BACKUP_HINT, file=sys.stderr)
        return 2
    try:
        made = await asyncio.to_thread(backup_file, source, args.target, replace=args.force)
    except BackupError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"Backup written to {made} (SQLite's integrity check passed). Replaying every game in it:")
    return await _check(argparse.Namespace(db=str(made)), settings)


async def _restore(args: argparse.Namespace, settings: Settings) -> int:
    from bot.backup import BackupError, restore_file, sqlite_file

    target = sqlite_file(settings, args.db)
    if target is None:
        print(PG_BACKUP_HINT, file=sys.stderr)
        return 2
    try:
        kept = await asyncio.to_thread(restore_file, args.source, target, force=args.force)
    except BackupError as exc:
        print(f"Not restored: {exc}", file=sys.stderr)
        return 1
    print(f"Restored {args.source} to {target}." + (f" The replaced database is kept as {kept}." if kept else ""))
    return await _check(argparse.Namespace(db=str(target)), settings)


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    from bot.observability.logs import setup

    setup(settings.log_level, settings.log_format,
          secrets=(settings.discord_token, settings.daily_secret, settings.database_url))
    try:
        if args.command == "play":
            return asyncio.run(_play(args, settings))
        if args.command == "check-db":
            return asyncio.run(_check(args, settings))
        if args.command == "rebuild-ratings":
            return asyncio.run(_rebuild(args, settings))
        if args.command == "copy-db":
            return asyncio.run(_copy(args, settings))
        if args.command == "backup":
            return asyncio.run(_backup(args, settings))
        if args.command == "restore":
            return asyncio.run(_restore(args, settings))
        from bot.discord_app.runner import run_bot

        return run_bot(settings)
    except StorageError as exc:
        print(exc, file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
