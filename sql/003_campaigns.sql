-- 003: slow campaigns (deadlines, people, pauses, observers, rollback) and a
-- game master's file a game reads at setup (the Targi deck).

-- The file is kept whole so that replay never depends on anything outside the ledger.
ALTER TABLE games ADD COLUMN setup_file TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN setup_file_name TEXT NOT NULL DEFAULT '';
-- Paused when paused_at is not ''; paused_until is when it resumes by itself.
ALTER TABLE games ADD COLUMN paused_at TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN paused_until TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN paused_reason TEXT NOT NULL DEFAULT '';
-- Why a game master ended (abandoned) a game: status 'ended'.
ALTER TABLE games ADD COLUMN end_reason TEXT NOT NULL DEFAULT '';

-- Deadlines missed in a row; disorder: a bot plays the seat until a person takes over.
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN disorder INTEGER NOT NULL DEFAULT 0;
-- Vacation: no deadline of this seat passes in [away_from, away_to).
ALTER TABLE seats ADD COLUMN away_from TEXT NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN away_to TEXT NOT NULL DEFAULT '';

-- A campaign's settings (deadline rules, press, disorder...), "key" = "value";
-- what is not here takes the built-in default.
CREATE TABLE settings (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	key         TEXT NOT NULL,
	value       TEXT NOT NULL,
	PRIMARY KEY (game_id, key)
);

-- One row per decision a seat is waited for: opened at step seq.
CREATE TABLE deadlines (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	seq         INTEGER NOT NULL,              -- the step after which the seat was waited for
	kind        TEXT NOT NULL,                 -- the engine's decision kind
	due_at      TEXT NOT NULL,                 -- ISO 8601 UTC
	reminded_at TEXT NOT NULL DEFAULT '',
	late_noted_at TEXT NOT NULL DEFAULT '',
	status      TEXT NOT NULL DEFAULT 'open'
	            CHECK (status IN ('open', 'met', 'passed', 'cancelled')),
	PRIMARY KEY (game_id, seat_idx, seq)
);
CREATE INDEX deadlines_open ON deadlines(status, due_at);

-- Observers: the all-public report after each step.
CREATE TABLE watchers (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	address     TEXT NOT NULL,
	added_at    TEXT NOT NULL,
	reported_seq INTEGER NOT NULL DEFAULT -1,
	PRIMARY KEY (game_id, address)
);

-- Rollbacks undo steps without deleting them: the events stay, marked here,
-- and replay passes over them.
CREATE TABLE rollbacks (
	id          INTEGER PRIMARY KEY,
	game_id     INTEGER NOT NULL REFERENCES games(id),
	first_seq   INTEGER NOT NULL,              -- the steps first_seq..last_seq are undone
	last_seq    INTEGER NOT NULL,
	reason      TEXT NOT NULL DEFAULT '',
	at          TEXT NOT NULL
);
CREATE TABLE undone (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seq         INTEGER NOT NULL,
	rollback    INTEGER NOT NULL REFERENCES rollbacks(id),
	PRIMARY KEY (game_id, seq)
);
