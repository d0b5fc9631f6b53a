-- 001: the ledger's schema at the first release (azalai 0.1). It is what the
-- 24 migrations written before it left, made in one step: the same tables,
-- columns (in the same order), indexes and triggers, with the CHECKs written
-- as they should have been from the start. Later changes are numbered
-- migrations from 002 on; a ledger of before 0.1 at schema version 24 is
-- brought here by sql/from-024.sql (src/ledger/ledger.c says when).
--
-- Every CHECK that lists values is a chain of ORs, never x IN (...): SQLite
-- tests an IN list by filling a temporary index with it on every insert and
-- update of the row, a sixth of the CPU of a step through the ledger; the
-- ORs compare in place and mean the same (true, false or NULL alike).
-- Nothing here calls a function of azalai's own: the sqlite3 shell can read
-- and make a ledger.

CREATE TABLE games (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,          -- "buqruru-1", what players write after GAME
	rules       TEXT NOT NULL,                 -- engine name
	options     TEXT NOT NULL,                 -- resolved options, "name=value" per line
	seed        INTEGER NOT NULL,              -- all chance of the game; never shown while it runs
	status      TEXT NOT NULL DEFAULT 'active'
	            CHECK (status = 'active' OR status = 'over' OR status = 'ended'),
	result      TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL,
	-- The game master's file read at setup (the Targi deck), kept whole so
	-- that replay never depends on anything outside the ledger.
	setup_file  TEXT NOT NULL DEFAULT '',
	setup_file_name TEXT NOT NULL DEFAULT '',
	-- Paused when paused_at is not ''; paused_until is when it resumes by itself.
	paused_at   TEXT NOT NULL DEFAULT '',
	paused_until TEXT NOT NULL DEFAULT '',
	paused_reason TEXT NOT NULL DEFAULT '',
	end_reason  TEXT NOT NULL DEFAULT '',      -- why a game master ended it (status 'ended')
	-- seed_commit: SHA-256 of "azalai-seed-v1 GAME SEED SALT" (audit.h), in
	-- each welcome mail; the salt stays secret with the seed until the end.
	-- '' for games started before the commitment existed.
	seed_salt   TEXT NOT NULL DEFAULT '',
	seed_commit TEXT NOT NULL DEFAULT ''
);
-- Players write a game's name in any case (GAME Targi-3).
CREATE INDEX games_name_nocase ON games(name COLLATE NOCASE);
-- A pause that ends by itself, found without reading every game.
CREATE INDEX games_pause_ends ON games(paused_until) WHERE paused_at != '';

CREATE TABLE seats (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	idx         INTEGER NOT NULL,
	name        TEXT NOT NULL,
	address     TEXT NOT NULL,
	kind        TEXT NOT NULL DEFAULT 'human' CHECK (kind = 'human' OR kind = 'bot'),
	token_salt  TEXT NOT NULL,
	token_hash  TEXT NOT NULL,                 -- sha256(salt || token), hex
	reported_seq INTEGER NOT NULL DEFAULT -1,  -- newest event this seat has had a report of
	bounces     INTEGER NOT NULL DEFAULT 0 CHECK (bounces >= 0),	-- mail that came back
	last_bounce TEXT NOT NULL DEFAULT '',
	missed      INTEGER NOT NULL DEFAULT 0 CHECK (missed >= 0),	-- deadlines, in a row
	-- 1: in civil disorder, a bot plays the seat until a person takes over.
	disorder    INTEGER NOT NULL DEFAULT 0 CHECK (disorder = 0 OR disorder = 1),
	-- Vacation: no deadline of this seat passes in [away_from, away_to);
	-- away_used: seconds of vacation taken before the current one.
	away_from   TEXT NOT NULL DEFAULT '',
	away_to     TEXT NOT NULL DEFAULT '',
	away_used   INTEGER NOT NULL DEFAULT 0 CHECK (away_used >= 0),
	-- How the seat is told (notify.h); '' takes the campaign's setting.
	notify      TEXT NOT NULL DEFAULT ''
	            CHECK (notify = '' OR notify = 'every' OR notify = 'due' OR notify = 'digest'),
	language    TEXT NOT NULL DEFAULT '',      -- '' takes the configuration's
	json        INTEGER NOT NULL DEFAULT 0 CHECK (json = 0 OR json = 1),	-- view.json wanted
	PRIMARY KEY (game_id, idx),
	UNIQUE (game_id, name)
);

CREATE TABLE messages (
	id          INTEGER PRIMARY KEY,
	source      TEXT NOT NULL,                 -- "maildir", "mbox", "stdin", "file", ...
	source_ref  TEXT NOT NULL DEFAULT '',      -- where in the source: file name, offset, UID
	message_id  TEXT,                          -- Message-ID without <>, NULL when absent
	content_hash TEXT NOT NULL,                -- sha256 of the whole mail, hex
	raw         BLOB NOT NULL,
	received_at TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'new'
	            CHECK (status = 'new' OR status = 'done' OR status = 'rejected' OR status = 'ignored'),
	reason      TEXT NOT NULL DEFAULT '',
	from_addr   TEXT NOT NULL DEFAULT '',
	game_id     INTEGER REFERENCES games(id),
	seat_idx    INTEGER,
	-- Runs that started on the message (process.c); while it is still new,
	-- each one died or failed. A message runs keep failing on is set aside
	-- as held, or dropped by the game master ("azalai inbox").
	attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
	last_error  TEXT NOT NULL DEFAULT '',
	aside       TEXT NOT NULL DEFAULT ''
	            CHECK (aside = '' OR aside = 'held' OR aside = 'dropped'),
	aside_at    TEXT NOT NULL DEFAULT '',
	-- The Date header in UTC, to the second, "" when none (maildate.c): with
	-- the Message-ID, the key a mail is known again by.
	mail_date   TEXT NOT NULL DEFAULT '',
	-- NULL when raw is the whole mail; else the size of the whole mail, over
	-- limits.message_bytes, of which raw keeps the header block alone.
	whole_bytes INTEGER CHECK (whole_bytes IS NULL OR whole_bytes > length(raw))
);
CREATE INDEX messages_status ON messages(status);
-- A mail stored once is known again by its Date and Message-ID, or, without
-- a Message-ID, by its bytes. The Date first: mail comes in the order of its
-- Dates, so a new entry goes near the end of the index, not to a random
-- page of it (a ledger of 49,000 mails wrote 2.2 pages per mail with the
-- Message-ID alone).
CREATE UNIQUE INDEX messages_mid ON messages(mail_date, message_id)
    WHERE message_id IS NOT NULL;
CREATE UNIQUE INDEX messages_hash ON messages(content_hash) WHERE message_id IS NULL;

CREATE TABLE orders (
	id          INTEGER PRIMARY KEY,
	message     INTEGER NOT NULL REFERENCES messages(id),
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	lineno      INTEGER NOT NULL,
	text        TEXT NOT NULL,
	status      TEXT NOT NULL CHECK (status = 'accepted' OR status = 'rejected' OR status = 'skipped'),
	reason      TEXT NOT NULL DEFAULT '',
	event_seq   INTEGER
);
CREATE INDEX orders_message ON orders(message);

-- The newest state of each game, so a run need not replay; replay checks it.
CREATE TABLE snapshots (
	game_id     INTEGER PRIMARY KEY REFERENCES games(id),
	seq         INTEGER NOT NULL,
	state       BLOB NOT NULL
);

CREATE TABLE outbox (
	id          INTEGER PRIMARY KEY,
	game_id     INTEGER REFERENCES games(id),
	seat_idx    INTEGER,
	kind        TEXT NOT NULL,                 -- welcome, report, ack, error, help, notice, ...
	to_addr     TEXT NOT NULL,
	message_id  TEXT NOT NULL UNIQUE,          -- fixed when queued, so a resend is the same mail
	in_reply_to TEXT NOT NULL DEFAULT '',
	refs        TEXT NOT NULL DEFAULT '',
	subject     TEXT NOT NULL,
	body        TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'queued'
	            CHECK (status = 'queued' OR status = 'sending' OR status = 'sent' OR status = 'failed'),
	attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
	last_error  TEXT NOT NULL DEFAULT '',
	next_try_at TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL,
	sent_at     TEXT NOT NULL DEFAULT '',
	-- The HTML alternative; a report's first line names its picture,
	-- "X-Azalai-Picture: CID" (mailout.c).
	html        TEXT NOT NULL DEFAULT '',
	-- The step a mail to a seat showed (its form's STEP): a reply naming it
	-- in In-Reply-To or References answers that step.
	step        INTEGER,
	json        TEXT NOT NULL DEFAULT ''       -- the view.json part of a report, '' none
);
CREATE INDEX outbox_status ON outbox(status);
-- The rate limit counts a sender's recent replies of a kind; verify reads a
-- game's welcome mails.
CREATE INDEX outbox_rate ON outbox(to_addr COLLATE NOCASE, kind, created_at);
CREATE INDEX outbox_game ON outbox(game_id, kind);
-- Answers to mail no token proved, counted over a day (process.c): the
-- condition is written as the count's query writes it, which is what lets
-- SQLite use a partial index.
CREATE INDEX outbox_strangers ON outbox(created_at)
    WHERE seat_idx IS NULL AND (kind = 'help' OR kind = 'problem' OR kind = 'receipt');

-- Where each mailbox was read up to (mbox offsets; IMAP UIDVALIDITY and UID).
CREATE TABLE mailbox_state (
	mailbox     TEXT PRIMARY KEY,
	value       TEXT NOT NULL
);

-- A campaign's settings, "key" = "value"; what is not here takes the default.
CREATE TABLE settings (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	key         TEXT NOT NULL,
	value       TEXT NOT NULL,
	PRIMARY KEY (game_id, key)
);
-- The reminder lengths in use, read in order without reading every setting.
CREATE INDEX settings_key ON settings(key, value);

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
	            CHECK (status = 'open' OR status = 'met' OR status = 'passed' OR status = 'cancelled'),
	PRIMARY KEY (game_id, seat_idx, seq)
);
-- A tick finds what is due among the open deadlines, each with its game; a
-- game's own open deadlines are found by game.
CREATE INDEX deadlines_open ON deadlines(status, due_at, game_id);
CREATE INDEX deadlines_game ON deadlines(game_id, status, due_at);

-- Observers: the all-public report after each step.
CREATE TABLE watchers (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	address     TEXT NOT NULL,
	added_at    TEXT NOT NULL,
	reported_seq INTEGER NOT NULL DEFAULT -1,
	language    TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, address)
);

-- Each authenticated order mail that said which step it answers: a second
-- mail with the same orders for the same step is a replay.
CREATE TABLE order_steps (
	message     INTEGER PRIMARY KEY REFERENCES messages(id),
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	step        INTEGER NOT NULL,
	orders_hash TEXT NOT NULL,                 -- sha256 of the order lines as read
	applied     INTEGER NOT NULL DEFAULT 0     -- 1 when one of them changed the game
	            CHECK (applied = 0 OR applied = 1)
);
CREATE INDEX order_steps_seat ON order_steps(game_id, seat_idx, step);

-- Mails signed with a seat's token from another address than the seat's,
-- held until the seat confirms them from its own (foreign_sender: hold).
CREATE TABLE held_mails (
	message     INTEGER PRIMARY KEY REFERENCES messages(id),
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	from_addr   TEXT NOT NULL,
	code        TEXT NOT NULL,                 -- what the seat sends back: CONFIRM code
	step        INTEGER NOT NULL,              -- the game's step when it came: what it answers
	held_at     TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'held' CHECK (status = 'held' OR status = 'confirmed'),
	confirmed_at TEXT NOT NULL DEFAULT ''
);
CREATE INDEX held_mails_code ON held_mails(game_id, seat_idx, code);

-- How many games each set of rules has: "<rules>-N" names are numbered
-- from it. Kept by the triggers, so it is the count of the games table.
CREATE TABLE game_counts (
	rules       TEXT PRIMARY KEY,
	n           INTEGER NOT NULL CHECK (n >= 0)
);

-- The games whose state, seats, pause or campaign changed since a tick last
-- brought them up to date: a tick visits these and the ones with something
-- due, never the idle rest; it clears a game's row when done with it.
CREATE TABLE schedule_dirty (
	game_id     INTEGER PRIMARY KEY REFERENCES games(id)
);

-- The truth of every game: one row per step, never changed, each chained to
-- the last. A rollback is a step of kind 'admin' whose payload names the
-- steps it undid ("undo FIRST to LAST"; empty in one written before schema
-- version 20, whose narrative names FIRST).
CREATE TABLE events (
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
-- The rollback steps of a game, found without reading its other steps:
-- replay reads them before the first step.
CREATE INDEX events_admin ON events(game_id, seq) WHERE kind = 'admin';

-- Board pictures, kept once under their game and name (cid, which hashes
-- the SVG). A row is a drawn PNG, an SVG to draw, or the recipe a mail's
-- picture is made again from when it is sent: the step, the reader
-- (viewer: the seat, -1 for an observer), whether the game was over then
-- (open) and the language. Game 0: a picture of no known game, from before
-- schema version 19, which a mail of any game may show. Under (game_id,
-- cid) a new picture goes beside its game's others, not to a random page
-- of an index of every picture; a drawn one is found by its name alone.
-- It stays a rowid table: a row holds a PNG of tens of KB. No foreign key
-- to games: a recipe of a game gone is refused when drawn.
CREATE TABLE picture (
	game_id INTEGER NOT NULL DEFAULT 0,
	cid TEXT NOT NULL,
	png BLOB,
	svg TEXT,
	step INTEGER,
	viewer INTEGER,
	open INTEGER CHECK (open IS NULL OR open = 0 OR open = 1),
	lang TEXT,
	PRIMARY KEY (game_id, cid),
	CHECK (png IS NOT NULL OR svg IS NOT NULL OR (step IS NOT NULL AND
	    viewer IS NOT NULL AND open IS NOT NULL AND lang IS NOT NULL))
);
CREATE INDEX picture_drawn ON picture(cid) WHERE png IS NOT NULL;

-- What the rollback steps of the chain undid, as an index of what the chain
-- says: the readers that list steps find a step undone with one look-up.
-- azalai verify holds it to the chain; replay follows the chain alone.
CREATE TABLE undone (
	game_id      INTEGER NOT NULL REFERENCES games(id),
	seq          INTEGER NOT NULL,
	rollback_seq INTEGER NOT NULL,             -- the step of the rollback that undid it
	PRIMARY KEY (game_id, seq)
);

-- Mails that named a seat with a wrong token: how many since the first of
-- the current day, since; a day after it the count starts again (guessing.c).
CREATE TABLE token_failures (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	since       TEXT NOT NULL,
	count       INTEGER NOT NULL CHECK (count >= 0),
	PRIMARY KEY (game_id, seat_idx)
);

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

-- The count and the marks for the tick, kept by triggers so that every
-- writer, present or future, keeps them. An upsert, not INSERT ... WHERE
-- NOT EXISTS (which made SQLite gather the row in a temporary table first,
-- three times the cost of the insert that fired it), and not a conflict
-- clause, which the statement that fires the trigger would override.
CREATE TRIGGER game_counts_insert AFTER INSERT ON games BEGIN
	INSERT INTO game_counts (rules, n) VALUES (new.rules, 1)
	    ON CONFLICT (rules) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER game_counts_delete AFTER DELETE ON games BEGIN
	UPDATE game_counts SET n = n - 1 WHERE rules = old.rules;
END;
CREATE TRIGGER schedule_dirty_game_new AFTER INSERT ON games BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_game AFTER UPDATE ON games BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_seat AFTER UPDATE ON seats BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_seat_new AFTER INSERT ON seats BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_settings AFTER INSERT ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_settings_set AFTER UPDATE ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_settings_gone AFTER DELETE ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (old.game_id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_deadline AFTER INSERT ON deadlines BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_event AFTER INSERT ON events BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_undone AFTER INSERT ON undone BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
