"""The one schema of both backends and its migrations.

Each migration is written once, in SQL both databases understand, with a `$NAME` wherever the two
disagree on a type (an id, a big integer, a float, a boolean) or on how a rule is spelled (the trigger
that keeps the action log append-only). `migrations(dialect)` renders the DDL of one backend.
Migration 2 is the one step the two cannot share: SQLite cannot change a CHECK in place, so it
rebuilds the table where PostgreSQL adds the constraint.

The version is kept per backend (SQLite: `PRAGMA user_version`; PostgreSQL: the `schema_version`
table). A database newer than the last migration was written by a newer bot, and we refuse to touch
it rather than risk it.
"""

from __future__ import annotations

from string import Template

_APPEND_ONLY_SQLITE = """CREATE TRIGGER actions_are_append_only_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;"""

_APPEND_ONLY_POSTGRES = """CREATE FUNCTION actions_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the action log is append-only'; END $$;
    CREATE TRIGGER actions_are_append_only_update BEFORE UPDATE ON actions
        FOR EACH ROW EXECUTE FUNCTION actions_are_append_only();"""

#: What each `$NAME` of the migrations is in each backend. Texts of JSON stay TEXT in both, so both
#: store byte-identical states and a copy between them is exact.
DIALECT_WORDS: dict[str, dict[str, str]] = {
    "sqlite": {
        "ID": "INTEGER PRIMARY KEY AUTOINCREMENT",
        "BIGINT": "INTEGER",
        "FLOAT": "REAL",
        "BOOL": "INTEGER",
        "FALSE": "0",
        "APPEND_ONLY_ACTIONS": _APPEND_ONLY_SQLITE,
    },
    "postgres": {
        "ID": "BIGSERIAL PRIMARY KEY",
        "BIGINT": "BIGINT",
        "FLOAT": "DOUBLE PRECISION",
        "BOOL": "BOOLEAN",
        "FALSE": "FALSE",
        "APPEND_ONLY_ACTIONS": _APPEND_ONLY_POSTGRES,
    },
}

#: The action log as of migration 2 (SQLite's rebuild of it creates exactly this table).
_ACTIONS_V2 = """
        game_id    $BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    $BIGINT,
        origin     TEXT    NOT NULL DEFAULT 'player'
                   CHECK (origin IN ('player', 'auto', 'timeout', 'formality', 'undo')),
        action     TEXT    NOT NULL,
        created_at $FLOAT  NOT NULL,
        PRIMARY KEY (game_id, seq)"""

#: A migration is one text for both backends, or (where they cannot share one) a text per backend.
_MIGRATIONS: list[str | dict[str, str]] = [
    # 1: games, seats, the action log, per-server settings, bot-wide metadata. (The first SQLite files
    #    also had a CHECK on the log's origins; migration 2 replaces it there, so it is not repeated here.)
    """
    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    CREATE TABLE games (
        id            $ID,
        kind          TEXT    NOT NULL,
        mode          TEXT    NOT NULL DEFAULT 'table' CHECK (mode IN ('table', 'solo', 'daily')),
        guild_id      $BIGINT,
        channel_id    $BIGINT,
        creator_id    $BIGINT NOT NULL,
        seed          $BIGINT NOT NULL,
        options       TEXT    NOT NULL DEFAULT '{}',
        table_rules   TEXT    NOT NULL DEFAULT '{}',
        status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        state         TEXT,
        version       INTEGER NOT NULL DEFAULT 0,
        result        TEXT,
        daily_date    TEXT,
        created_at    $FLOAT  NOT NULL,
        updated_at    $FLOAT  NOT NULL,
        waiting_since $FLOAT,
        reminded_at   $FLOAT
    );
    CREATE INDEX games_by_status ON games (status, kind);
    CREATE INDEX games_by_channel ON games (channel_id, status);
    CREATE UNIQUE INDEX one_daily_attempt ON games (daily_date, creator_id) WHERE mode = 'daily';
    CREATE TABLE seats (
        game_id   $BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id   $BIGINT NOT NULL,
        seat      INTEGER,
        joined_at $FLOAT  NOT NULL,
        resigned  $BOOL   NOT NULL DEFAULT $FALSE,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE UNIQUE INDEX seats_by_number ON seats (game_id, seat) WHERE seat IS NOT NULL;
    CREATE INDEX seats_by_user ON seats (user_id);
    CREATE TABLE actions (
        game_id    $BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,
        seat       INTEGER NOT NULL,
        user_id    $BIGINT,
        origin     TEXT    NOT NULL DEFAULT 'player',
        action     TEXT    NOT NULL,
        created_at $FLOAT  NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    $APPEND_ONLY_ACTIONS
    CREATE TABLE guild_settings (
        guild_id $BIGINT NOT NULL,
        key      TEXT    NOT NULL,
        value    TEXT    NOT NULL,
        PRIMARY KEY (guild_id, key)
    );
    """,
    # 2: two more origins in the action log: "formality" (a seat's only legal action, played for it by
    #    the bot) and "undo" (a player took back decisions; the entry names the sequence numbers it takes
    #    back). SQLite cannot change a CHECK in place, so there the log table is rebuilt with its rows.
    {
        "sqlite": f"""
    CREATE TABLE actions_v2 ({_ACTIONS_V2}
    );
    INSERT INTO actions_v2 (game_id, seq, seat, user_id, origin, action, created_at)
        SELECT game_id, seq, seat, user_id, origin, action, created_at FROM actions;
    DROP TABLE actions;
    ALTER TABLE actions_v2 RENAME TO actions;
    $APPEND_ONLY_ACTIONS
    """,
        "postgres": """
    ALTER TABLE actions ADD CONSTRAINT actions_origin
        CHECK (origin IN ('player', 'auto', 'timeout', 'formality', 'undo'));
    """,
    },
    # 3: standings. The result of every finished game (one row per game, one per player), numbered in
    #    the order recorded, and the ratings derived from them (`rebuild-ratings` recomputes those).
    #    A rating's scope is a server id, or 0 for everyone.
    """
    CREATE TABLE finished_games (
        game_id     $BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        seq         INTEGER NOT NULL UNIQUE,
        kind        TEXT    NOT NULL,
        mode        TEXT    NOT NULL,
        guild_id    $BIGINT,
        finished_at $FLOAT  NOT NULL,
        rated       INTEGER NOT NULL,
        why_unrated TEXT
    );
    CREATE TABLE finished_seats (
        game_id   $BIGINT NOT NULL REFERENCES finished_games (game_id) ON DELETE CASCADE,
        user_id   $BIGINT NOT NULL,
        seat      INTEGER NOT NULL,
        place     INTEGER NOT NULL,
        score     INTEGER NOT NULL,
        forfeited INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX finished_seats_by_user ON finished_seats (user_id, game_id);
    CREATE TABLE ratings (
        kind    TEXT    NOT NULL,
        scope   $BIGINT NOT NULL,
        user_id $BIGINT NOT NULL,
        mu      $FLOAT  NOT NULL,
        sigma   $FLOAT  NOT NULL,
        display INTEGER NOT NULL,
        games   INTEGER NOT NULL,
        wins    INTEGER NOT NULL,
        PRIMARY KEY (kind, scope, user_id)
    );
    CREATE INDEX ratings_board ON ratings (kind, scope, display, games);
    CREATE TABLE rating_history (
        game_id $BIGINT NOT NULL,
        scope   $BIGINT NOT NULL,
        user_id $BIGINT NOT NULL,
        kind    TEXT    NOT NULL,
        mu      $FLOAT  NOT NULL,
        sigma   $FLOAT  NOT NULL,
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
    # 5: community play. Season ratings (derived from the results like `ratings`: a server's rated games
    #    of one season, rated from fresh; `rebuild-ratings` recomputes them); a player's notification
    #    choice, whether their DMs were found closed (and whether they have been told), the day of their
    #    last digest (a compare-and-set claim, so several processes send one); time away per server
    #    (every period kept: a deadline is stretched by the time away within the wait).
    """
    CREATE TABLE season_ratings (
        kind     TEXT    NOT NULL,
        guild_id $BIGINT NOT NULL,
        season   TEXT    NOT NULL,
        user_id  $BIGINT NOT NULL,
        mu       $FLOAT  NOT NULL,
        sigma    $FLOAT  NOT NULL,
        display  INTEGER NOT NULL,
        games    INTEGER NOT NULL,
        wins     INTEGER NOT NULL,
        PRIMARY KEY (kind, guild_id, season, user_id)
    );
    CREATE INDEX season_board ON season_ratings (kind, guild_id, season, display, games);
    CREATE TABLE player_prefs (
        user_id      $BIGINT PRIMARY KEY,
        notify       TEXT    NOT NULL DEFAULT 'mention' CHECK (notify IN ('mention', 'dm', 'both', 'none')),
        dms_closed   $FLOAT,
        closed_told  $BOOL   NOT NULL DEFAULT $FALSE,
        digest_day   TEXT
    );
    CREATE TABLE away (
        id         $ID,
        guild_id   $BIGINT NOT NULL,
        user_id    $BIGINT NOT NULL,
        started_at $FLOAT  NOT NULL,
        until      $FLOAT  NOT NULL
    );
    CREATE INDEX away_by_user ON away (guild_id, user_id, until);
    """,
    # 6: tournaments. A tournament of a server (sign-up, running, finished, cancelled; `round` and `version`
    #    are compare-and-set, so a start or a round's close happens once across processes), its players
    #    (`left_round`: the round from which a player who left forfeits), and its pairings: one row per
    #    table of a round, written with the round's advance, before any table exists; `game_id` is set in
    #    the transaction that creates the table (only while NULL: a table is created once per pairing),
    #    `announced` claimed by the one process that posts it. Standings are derived from the games' results.
    """
    CREATE TABLE tournaments (
        id           $ID,
        guild_id     $BIGINT NOT NULL,
        channel_id   $BIGINT NOT NULL,
        organiser_id $BIGINT NOT NULL,
        kind         TEXT    NOT NULL,
        format       TEXT    NOT NULL CHECK (format IN ('swiss', 'roundrobin', 'groups', 'samedice')),
        name         TEXT    NOT NULL,
        rounds       INTEGER NOT NULL,
        max_players  INTEGER NOT NULL,
        rules        TEXT    NOT NULL DEFAULT '{}',
        seed         $BIGINT NOT NULL,
        status       TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
        round        INTEGER NOT NULL DEFAULT 0,
        version      INTEGER NOT NULL DEFAULT 0,
        signup_until $FLOAT,
        created_at   $FLOAT  NOT NULL
    );
    CREATE INDEX tournaments_by_status ON tournaments (status, guild_id);
    CREATE TABLE tournament_players (
        tournament_id $BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        user_id       $BIGINT NOT NULL,
        joined_at     $FLOAT  NOT NULL,
        left_round    INTEGER,
        PRIMARY KEY (tournament_id, user_id)
    );
    CREATE TABLE tournament_pairings (
        tournament_id $BIGINT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
        round         INTEGER NOT NULL,
        board         INTEGER NOT NULL,
        players       TEXT    NOT NULL,
        bye           $BOOL   NOT NULL DEFAULT $FALSE,
        seed          $BIGINT NOT NULL,
        game_id       $BIGINT REFERENCES games (id),
        announced     $BOOL   NOT NULL DEFAULT $FALSE,
        PRIMARY KEY (tournament_id, round, board)
    );
    CREATE UNIQUE INDEX pairing_of_game ON tournament_pairings (game_id) WHERE game_id IS NOT NULL;
    """,
    # 7: each player's own language (`/settings me language:`; NULL: the language of their Discord client).
    """
    ALTER TABLE player_prefs ADD COLUMN language TEXT;
    """,
    # 8: the outbox. A post the bot owes besides a click's own answer (a tournament table's start, a round's
    #    pairings, a final podium, a season podium), written in the transaction of the change that causes it
    #    under a `key` naming it once (a second write of the same key is a no-op), then claimed one item at a
    #    time (`claimed_until`: a lease a crash lets run out) and marked `sent_at` once Discord took it.
    #    Tournament tables created but not yet posted become items.
    """
    CREATE TABLE outbox (
        id            $ID,
        key           TEXT    NOT NULL UNIQUE,
        kind          TEXT    NOT NULL,
        guild_id      $BIGINT,
        payload       TEXT    NOT NULL DEFAULT '{}',
        created_at    $FLOAT  NOT NULL,
        due_at        $FLOAT  NOT NULL,
        claimed_until $FLOAT,
        attempts      INTEGER NOT NULL DEFAULT 0,
        sent_at       $FLOAT,
        last_error    TEXT
    );
    CREATE INDEX outbox_unsent ON outbox (sent_at, due_at);
    INSERT INTO outbox (key, kind, guild_id, payload, created_at, due_at)
        SELECT 'table:' || CAST(p.game_id AS TEXT), 'table', t.guild_id,
               '{"tournament": ' || CAST(p.tournament_id AS TEXT) || ', "round": ' || CAST(p.round AS TEXT)
               || ', "board": ' || CAST(p.board AS TEXT) || ', "game": ' || CAST(p.game_id AS TEXT) || '}',
               t.created_at, t.created_at
        FROM tournament_pairings p JOIN tournaments t ON t.id = p.tournament_id
        WHERE p.game_id IS NOT NULL AND p.announced = $FALSE;
    """,
]

SCHEMA_VERSION = len(_MIGRATIONS)


def migrations(dialect: str) -> list[str]:
    """The DDL of every migration, in order, for one backend ("sqlite" or "postgres")."""
    words = DIALECT_WORDS[dialect]
    return [Template(m if isinstance(m, str) else m[dialect]).substitute(words) for m in _MIGRATIONS]


#: The SQLite DDL (tests build files of older versions from it).
MIGRATIONS = migrations("sqlite")

#: Written into the SQLite file header (`PRAGMA application_id`) so our database is recognised before
#: anything in it is changed: "YKB1".
APPLICATION_ID = 0x594B4231

#: Tables (and some of their columns) every version of our schema has. A SQLite file with a user_version
#: but without these is someone else's database, and is left untouched.
CORE_TABLES: dict[str, set[str]] = {
    "meta": {"key", "value"},
    "games": {"id", "kind", "mode", "status", "state", "version", "seed", "waiting_since"},
    "seats": {"game_id", "user_id", "seat", "resigned"},
    "actions": {"game_id", "seq", "seat", "action"},
    "guild_settings": {"guild_id", "key", "value"},
}
