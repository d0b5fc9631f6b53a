-- 001: the ledger's first shape. Applied once, on open, when user_version < 1.

CREATE TABLE games (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,          -- "buqruru-1", what players write after GAME
	rules       TEXT NOT NULL,                 -- engine name
	options     TEXT NOT NULL,                 -- resolved options, "name=value" per line
	seed        INTEGER NOT NULL,              -- all chance of the game; never shown while it runs
	status      TEXT NOT NULL DEFAULT 'active'
	            CHECK (status IN ('active', 'over', 'ended')),
	result      TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL
);

CREATE TABLE seats (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	idx         INTEGER NOT NULL,
	name        TEXT NOT NULL,
	address     TEXT NOT NULL,
	kind        TEXT NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'bot')),
	token_salt  TEXT NOT NULL,
	token_hash  TEXT NOT NULL,                 -- sha256(salt || token), hex
	reported_seq INTEGER NOT NULL DEFAULT -1,  -- newest event this seat has had a report of
	PRIMARY KEY (game_id, idx),
	UNIQUE (game_id, name)
);

CREATE TABLE messages (
	id          INTEGER PRIMARY KEY,
	source      TEXT NOT NULL,                 -- "maildir", "mbox", "stdin", "file", ...
	source_ref  TEXT NOT NULL DEFAULT '',      -- where in the source: file name, offset, UID
	message_id  TEXT,                          -- Message-ID without <>, NULL when absent
	content_hash TEXT NOT NULL,                -- sha256 of raw, hex
	raw         BLOB NOT NULL,
	received_at TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'new'
	            CHECK (status IN ('new', 'done', 'rejected', 'ignored')),
	reason      TEXT NOT NULL DEFAULT '',
	from_addr   TEXT NOT NULL DEFAULT '',
	game_id     INTEGER REFERENCES games(id),
	seat_idx    INTEGER
);
CREATE UNIQUE INDEX messages_mid ON messages(message_id) WHERE message_id IS NOT NULL;
CREATE UNIQUE INDEX messages_hash ON messages(content_hash);
CREATE INDEX messages_status ON messages(status);

CREATE TABLE orders (
	id          INTEGER PRIMARY KEY,
	message     INTEGER NOT NULL REFERENCES messages(id),
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	lineno      INTEGER NOT NULL,
	text        TEXT NOT NULL,
	status      TEXT NOT NULL CHECK (status IN ('accepted', 'rejected', 'skipped')),
	reason      TEXT NOT NULL DEFAULT '',
	event_seq   INTEGER
);
CREATE INDEX orders_message ON orders(message);

-- The truth of every game: one row per step, never changed, each chained to the last.
CREATE TABLE events (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seq         INTEGER NOT NULL,
	kind        TEXT NOT NULL CHECK (kind IN ('setup', 'order', 'bot', 'default', 'admin')),
	seat_idx    INTEGER,
	payload     TEXT NOT NULL,                 -- canonical order text; replay parses it again
	narrative   TEXT NOT NULL,                 -- "<visibility hex>\t<line>" per line
	state_hash  TEXT NOT NULL,                 -- sha256 of the engine's serialised state after
	prev_hash   TEXT NOT NULL,
	hash        TEXT NOT NULL,
	at          TEXT NOT NULL,
	PRIMARY KEY (game_id, seq)
);
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

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
	kind        TEXT NOT NULL,                 -- welcome, report, ack, error, help, notice
	to_addr     TEXT NOT NULL,
	message_id  TEXT NOT NULL UNIQUE,          -- fixed when queued, so a resend is the same mail
	in_reply_to TEXT NOT NULL DEFAULT '',
	refs        TEXT NOT NULL DEFAULT '',
	subject     TEXT NOT NULL,
	body        TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'queued'
	            CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
	attempts    INTEGER NOT NULL DEFAULT 0,
	last_error  TEXT NOT NULL DEFAULT '',
	next_try_at TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL,
	sent_at     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX outbox_status ON outbox(status);

-- Where each mailbox was read up to (mbox offsets; IMAP UIDVALIDITY and UID later).
CREATE TABLE mailbox_state (
	mailbox     TEXT PRIMARY KEY,
	value       TEXT NOT NULL
);
