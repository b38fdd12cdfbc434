"""The PostgreSQL schema and its migrations, numbered like the SQLite ones (`schema.py`).

Each entry moves the schema up one version; the version lives in `schema_version`. The same
tables and rules as SQLite: an append-only action log (a trigger), one daily attempt per person
and date, unique seat numbers. Texts of JSON stay TEXT, so both backends store byte-identical
states and a copy between them is exact.
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
        id            BIGSERIAL PRIMARY KEY,
        kind          TEXT    NOT NULL,
        mode          TEXT    NOT NULL DEFAULT 'table' CHECK (mode IN ('table', 'solo', 'daily')),
        guild_id      BIGINT,
        channel_id    BIGINT,
        creator_id    BIGINT  NOT NULL,
        seed          BIGINT  NOT NULL,
        options       TEXT    NOT NULL DEFAULT '{}',
        table_rules   TEXT    NOT NULL DEFAULT '{}',
        status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        state         TEXT,
        version       INTEGER NOT NULL DEFAULT 0,
        result        TEXT,
        daily_date    TEXT,
        created_at    DOUBLE PRECISION NOT NULL,
        updated_at    DOUBLE PRECISION NOT NULL,
        waiting_since DOUBLE PRECISION,
        reminded_at   DOUBLE PRECISION
    );
    CREATE INDEX games_by_status ON games (status, kind);
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE UNIQUE INDEX one_daily_attempt ON games (daily_date, creator_id) WHERE mode = 'daily';
    CREATE TABLE seats (
        game_id   BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id   BIGINT  NOT NULL,
        seat      INTEGER,
        joined_at DOUBLE PRECISION NOT NULL,
        resigned  BOOLEAN NOT NULL DEFAULT FALSE,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE UNIQUE INDEX seats_by_number ON seats (game_id, seat) WHERE seat IS NOT NULL;
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    BIGINT,
        origin     TEXT    NOT NULL DEFAULT 'player',
        action     TEXT    NOT NULL,
        created_at DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE FUNCTION actions_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the action log is append-only'; END $$;
    CREATE TRIGGER actions_are_append_only_update BEFORE UPDATE ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_are_append_only();
    CREATE TABLE guild_settings (
        guild_id BIGINT NOT NULL,
        key      TEXT   NOT NULL,
        value    TEXT   NOT NULL,
        PRIMARY KEY (guild_id, key)
    );
    """,
    # 2: the origins of log entries, as SQLite's migration 2 (formalities played for a seat, undo entries).
    """
    ALTER TABLE actions ADD CONSTRAINT actions_origin
        CHECK (origin IN ('player', 'auto', 'timeout', 'formality', 'undo'));
    """,
    # 3: standings. The result of every finished game (one row per game, one per player), numbered in
    #    the order recorded, and the ratings derived from them (`rebuild-ratings` recomputes those).
    #    A rating's scope is a server id, or 0 for everyone.
    """
    CREATE TABLE finished_games (
        game_id     BIGINT  PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL UNIQUE,
        kind        TEXT    NOT NULL,
        mode        TEXT    NOT NULL,
        guild_id    BIGINT,
        finished_at DOUBLE PRECISION NOT NULL,
        rated       INTEGER NOT NULL,
        why_unrated TEXT
    );
    CREATE TABLE finished_seats (
        game_id   BIGINT  NOT NULL REFERENCES finished_games (game_id) ON DELETE CASCADE,
        user_id   BIGINT  NOT NULL,
        seat      INTEGER NOT NULL,
        place     INTEGER NOT NULL,
        score     INTEGER NOT NULL,
        forfeited INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX finished_seats_by_user ON finished_seats (user_id, game_id);
    CREATE TABLE ratings (
        kind    TEXT    NOT NULL,
        scope   BIGINT  NOT NULL,
        user_id BIGINT  NOT NULL,
        mu      DOUBLE PRECISION NOT NULL,
        sigma   DOUBLE PRECISION NOT NULL,
        display INTEGER NOT NULL,
        games   INTEGER NOT NULL,
        wins    INTEGER NOT NULL,
        PRIMARY KEY (kind, scope, user_id)
    );
    CREATE INDEX ratings_board ON ratings (kind, scope, display, games);
    CREATE TABLE rating_history (
        game_id BIGINT  NOT NULL,
        scope   BIGINT  NOT NULL,
        user_id BIGINT  NOT NULL,
        kind    TEXT    NOT NULL,
        mu      DOUBLE PRECISION NOT NULL,
        sigma   DOUBLE PRECISION NOT NULL,
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
