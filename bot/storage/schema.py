"""The SQLite schema and its migrations, keyed on `PRAGMA user_version`.

Each entry of MIGRATIONS moves the schema up one version; a database newer than the last
entry was written by a newer bot, and we refuse to touch it rather than risk it.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games, seats, the action log, per-server settings, bot-wide metadata.
    """
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE games (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        kind         TEXT    NOT NULL,
        mode         TEXT    NOT NULL DEFAULT 'table' CHECK (mode IN ('table', 'solo', 'daily')),
        guild_id     INTEGER,
        channel_id   INTEGER,
        creator_id   INTEGER NOT NULL,
        seed         INTEGER NOT NULL,
        options      TEXT    NOT NULL DEFAULT '{}',
        table_rules  TEXT    NOT NULL DEFAULT '{}',
        status       TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        state        TEXT,
        version      INTEGER NOT NULL DEFAULT 0,
        result       TEXT,
        daily_date   TEXT,
        created_at   REAL    NOT NULL,
        updated_at   REAL    NOT NULL,
        waiting_since REAL,
        reminded_at  REAL
    );
    CREATE INDEX games_by_status ON games (status, kind);
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE UNIQUE INDEX one_daily_attempt ON games (daily_date, creator_id) WHERE mode = 'daily';
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id   INTEGER NOT NULL,
        seat      INTEGER,
        joined_at REAL    NOT NULL,
        resigned  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE UNIQUE INDEX seats_by_number ON seats (game_id, seat) WHERE seat IS NOT NULL;
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    INTEGER,
        origin     TEXT    NOT NULL DEFAULT 'player' CHECK (origin IN ('player', 'auto', 'timeout')),
        action     TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TRIGGER actions_are_append_only_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    CREATE TABLE guild_settings (
        guild_id INTEGER NOT NULL,
        key      TEXT    NOT NULL,
        value    TEXT    NOT NULL,
        PRIMARY KEY (guild_id, key)
    );
    """,
    # 2: two more origins in the action log: "formality" (a seat's only legal action, played for it by
    #    the bot) and "undo" (a player took back decisions; the entry names the sequence numbers it takes
    #    back). SQLite cannot change a CHECK in place, so the log table is rebuilt with its rows.
    """
    CREATE TABLE actions_v2 (
        game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    INTEGER,
        origin     TEXT    NOT NULL DEFAULT 'player'
                   CHECK (origin IN ('player', 'auto', 'timeout', 'formality', 'undo')),
        action     TEXT    NOT NULL,
        created_at REAL    NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    INSERT INTO actions_v2 (game_id, seq, seat, user_id, origin, action, created_at)
        SELECT game_id, seq, seat, user_id, origin, action, created_at FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_v2 RENAME TO actions;
    CREATE TRIGGER actions_are_append_only_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    """,
    # 3: standings. The result of every finished game (one row per game, one per player), numbered in
    #    the order recorded, and the ratings derived from them (`rebuild-ratings` recomputes those).
    #    A rating's scope is a server id, or 0 for everyone.
    """
    CREATE TABLE finished_games (
        game_id     INTEGER  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL UNIQUE,
        kind        TEXT    NOT NULL,
        mode        TEXT    NOT NULL,
        guild_id    INTEGER,
        finished_at REAL NOT NULL,
        rated       INTEGER NOT NULL,
        why_unrated TEXT
    );
    CREATE TABLE finished_seats (
        game_id   INTEGER  NOT NULL REFERENCES finished_games (game_id) ON DELETE CASCADE,
        user_id   INTEGER  NOT NULL,
        seat      INTEGER NOT NULL,
        place     INTEGER NOT NULL,
        score     INTEGER NOT NULL,
        forfeited INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX finished_seats_by_user ON finished_seats (user_id, game_id);
    CREATE TABLE ratings (
        kind    TEXT    NOT NULL,
        scope   INTEGER  NOT NULL,
        user_id INTEGER  NOT NULL,
        mu      REAL NOT NULL,
        sigma   REAL NOT NULL,
        display INTEGER NOT NULL,
        games   INTEGER NOT NULL,
        wins    INTEGER NOT NULL,
        PRIMARY KEY (kind, scope, user_id)
    );
    CREATE INDEX ratings_board ON ratings (kind, scope, display, games);
    CREATE TABLE rating_history (
        game_id INTEGER NOT NULL,
        scope   INTEGER  NOT NULL,
        user_id INTEGER  NOT NULL,
        kind    TEXT    NOT NULL,
        mu      REAL NOT NULL,
        sigma   REAL NOT NULL,
        display INTEGER NOT NULL,
        games   INTEGER NOT NULL,
        wins    INTEGER NOT NULL,
        PRIMARY KEY (game_id, scope, user_id)
    );
    CREATE INDEX rating_history_by_user ON rating_history (user_id, kind, scope);
    """,
    # 4: a mark on games that cannot be read or played (the sweep passes them by, check-db and admins
    #    see them), and the index the sweep walks: waiting games, the longest-waiting first.
    """
    ALTER TABLE games ADD COLUMN fault TEXT;
    CREATE INDEX games_waiting ON games (status, waiting_since, id);
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)

#: Written into the file header (`PRAGMA application_id`) so our database is recognised before anything
#: in it is changed: "YKB1".
APPLICATION_ID = 0x594B4231

#: Tables (and some of their columns) every version of our schema has. A file with a user_version but
#: without these is someone else's SQLite database, and is left untouched.
CORE_TABLES: dict[str, set[str]] = {
    "meta": {"key", "value"},
    "games": {"id", "kind", "mode", "status", "state", "version", "seed", "waiting_since"},
    "seats": {"game_id", "user_id", "seat", "resigned"},
    "actions": {"game_id", "seq", "seat", "action"},
    "guild_settings": {"guild_id", "key", "value"},
}
