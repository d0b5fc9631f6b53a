-- 014: events' CHECK on kind as a chain of ORs, and game names found in any
-- case through an index.
-- A CHECK written as kind IN (...list...) makes SQLite fill a temporary
-- index with the list on every insert (OpenEphemeral and one IdxInsert per
-- value in the statement's program): a sixth of the CPU of a Targui step
-- through the ledger. The same test as ORs compares in place. A CHECK cannot
-- be changed in place, so the table is built anew under its old name, with
-- its triggers; no table refers to events, and DROP TABLE fires no trigger
-- (events_no_delete stays quiet). The rows keep their order and rowids.
CREATE TABLE events_new (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seq         INTEGER NOT NULL,
	kind        TEXT NOT NULL CHECK (kind = 'setup' OR kind = 'order' OR kind = 'bot'
	                OR kind = 'default' OR kind = 'admin'),
	seat_idx    INTEGER,
	payload     TEXT NOT NULL,                 -- canonical order text; replay parses it again
	narrative   TEXT NOT NULL,                 -- "<visibility hex>\t<line>" per line
	state_hash  TEXT NOT NULL,                 -- sha256 of the engine's serialised state after
	prev_hash   TEXT NOT NULL,
	hash        TEXT NOT NULL,
	at          TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);
INSERT INTO events_new SELECT game_id, seq, kind, seat_idx, payload, narrative, state_hash,
    prev_hash, hash, at FROM events ORDER BY game_id, seq;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER schedule_dirty_event AFTER INSERT ON events BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
-- Players write a game's name in any case (GAME Targi-3); the UNIQUE index
-- on name is case-sensitive, so finding it read every game.
CREATE INDEX games_name_nocase ON games(name COLLATE NOCASE);
