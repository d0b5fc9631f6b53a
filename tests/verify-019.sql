-- A ledger as azalai of schema 19 (before migration 020) left it, for
-- tests/verify.sh: buqruru-1, seat a a bot, seat b played by mail, then
--   azalai rollback buqruru-1 1 first back   (undid step 6; step 7)
--   azalai rollback buqruru-1 3              (undid 4 to 8; step 9)
-- Its rollback steps have the empty payload of before 020; their ranges
-- were kept in the tables rollbacks and undone. Mails, pictures and the
-- raw messages were deleted to keep it small; the rest is its .dump.
PRAGMA user_version = 19;
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE games (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,          -- "buqruru-1", what players write after GAME
	rules       TEXT NOT NULL,                 -- engine name
	options     TEXT NOT NULL,                 -- resolved options, "name=value" per line
	seed        INTEGER NOT NULL,              -- all chance of the game; never shown while it runs
	status      TEXT NOT NULL DEFAULT 'active'
	            CHECK (status = 'active' OR status = 'over' OR status = 'ended'),
	result      TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL
, setup_file TEXT NOT NULL DEFAULT '', setup_file_name TEXT NOT NULL DEFAULT '', paused_at TEXT NOT NULL DEFAULT '', paused_until TEXT NOT NULL DEFAULT '', paused_reason TEXT NOT NULL DEFAULT '', end_reason TEXT NOT NULL DEFAULT '', seed_salt TEXT NOT NULL DEFAULT '', seed_commit TEXT NOT NULL DEFAULT '');
INSERT INTO games VALUES(1,'buqruru-1','buqruru',replace('hole_choice=sealed\nfirst_direction=ccw\ndirection=opposite\ngroups=any\nchain=after-last\nowner_capture=on\nfirst=\nopening=one-by-one\nsowing_hole=per-round\n','\n',char(10)),1772692350936219451,'active','','2026-12-02T00:44:37Z','','','','','','','3d746ac6be1e35abbd8b1ec434340662','2f262e1e0d8a584b6eb496b0445970e8e4d7521c9183a4b963fd96f462afcf75');
CREATE TABLE seats (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	idx         INTEGER NOT NULL,
	name        TEXT NOT NULL,
	address     TEXT NOT NULL,
	kind        TEXT NOT NULL DEFAULT 'human' CHECK (kind = 'human' OR kind = 'bot'),
	token_salt  TEXT NOT NULL,
	token_hash  TEXT NOT NULL,                 -- sha256(salt || token), hex
	reported_seq INTEGER NOT NULL DEFAULT -1, bounces INTEGER NOT NULL DEFAULT 0, last_bounce TEXT NOT NULL DEFAULT '', missed INTEGER NOT NULL DEFAULT 0, disorder INTEGER NOT NULL DEFAULT 0, away_from TEXT NOT NULL DEFAULT '', away_to TEXT NOT NULL DEFAULT '', away_used INTEGER NOT NULL DEFAULT 0, notify TEXT NOT NULL DEFAULT ''
	CHECK (notify = '' OR notify = 'every' OR notify = 'due' OR notify = 'digest'), language TEXT NOT NULL DEFAULT '', json INTEGER NOT NULL DEFAULT 0 CHECK (json = 0 OR json = 1),  -- newest event this seat has had a report of
	PRIMARY KEY (game_id, idx),
	UNIQUE (game_id, name)
);
INSERT INTO seats VALUES(1,0,'a','bot','bot','324b9d01b18d3382','7000ae8031f6b5b5395f2bbdd38e70f9ddcca68645ecc2039cce8e13cba5f0f3',-1,0,'',0,0,'','',0,'','',0);
INSERT INTO seats VALUES(1,1,'b','b@x','human','1e9580d65bdae4bd','f9c40a3425a153f787f4403f8fc274ad1e706e96e4e17ac918f94288b3d9150c',9,0,'',0,0,'','',0,'','',0);
CREATE TABLE messages (
	id          INTEGER PRIMARY KEY,
	source      TEXT NOT NULL,                 -- "maildir", "mbox", "stdin", "file", ...
	source_ref  TEXT NOT NULL DEFAULT '',      -- where in the source: file name, offset, UID
	message_id  TEXT,                          -- Message-ID without <>, NULL when absent
	content_hash TEXT NOT NULL,                -- sha256 of raw, hex
	raw         BLOB NOT NULL,
	received_at TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'new'
	            CHECK (status = 'new' OR status = 'done' OR status = 'rejected' OR status = 'ignored'),
	reason      TEXT NOT NULL DEFAULT '',
	from_addr   TEXT NOT NULL DEFAULT '',
	game_id     INTEGER REFERENCES games(id),
	seat_idx    INTEGER
, attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT NOT NULL DEFAULT '', aside TEXT NOT NULL DEFAULT ''
	CHECK (aside = '' OR aside = 'held' OR aside = 'dropped'), aside_at TEXT NOT NULL DEFAULT '', mail_date TEXT NOT NULL DEFAULT '');
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
CREATE TABLE snapshots (
	game_id     INTEGER PRIMARY KEY REFERENCES games(id),
	seq         INTEGER NOT NULL,
	state       BLOB NOT NULL
);
INSERT INTO snapshots VALUES(1,9,X'6100000000000000000000000000000000000000000000000000000000000000620000000000000000000000000000000000000000000000000000000000000000000000000000000100000001000000ffffffff00000000000000000100000000000000000000000000000000000000dc4675366c27daa6b63ecb21c76be6105531130d470d4297cfc3b41a87a0a0e90700000006000000000000000700000007000000070000000700000007000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000020000000400000002000000010000000100000000000000ffffffff01000000ffffffff0100000000000000020000000400000000000000');
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
	            CHECK (status = 'queued' OR status = 'sending' OR status = 'sent' OR status = 'failed'),
	attempts    INTEGER NOT NULL DEFAULT 0,
	last_error  TEXT NOT NULL DEFAULT '',
	next_try_at TEXT NOT NULL DEFAULT '',
	created_at  TEXT NOT NULL,
	sent_at     TEXT NOT NULL DEFAULT ''
, html TEXT NOT NULL DEFAULT '', step INTEGER, json TEXT NOT NULL DEFAULT '');
CREATE TABLE mailbox_state (
	mailbox     TEXT PRIMARY KEY,
	value       TEXT NOT NULL
);
CREATE TABLE settings (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	key         TEXT NOT NULL,
	value       TEXT NOT NULL,
	PRIMARY KEY (game_id, key)
);
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
INSERT INTO deadlines VALUES(1,1,3,'sowing','2026-12-05T00:44:37Z','','','met');
INSERT INTO deadlines VALUES(1,1,6,'hole','2026-12-05T00:44:40Z','','','cancelled');
CREATE TABLE watchers (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	address     TEXT NOT NULL,
	added_at    TEXT NOT NULL,
	reported_seq INTEGER NOT NULL DEFAULT -1, language TEXT NOT NULL DEFAULT '',
	PRIMARY KEY (game_id, address)
);
CREATE TABLE rollbacks (
	id          INTEGER PRIMARY KEY,
	game_id     INTEGER NOT NULL REFERENCES games(id),
	first_seq   INTEGER NOT NULL,              -- the steps first_seq..last_seq are undone
	last_seq    INTEGER NOT NULL,
	reason      TEXT NOT NULL DEFAULT '',
	at          TEXT NOT NULL
);
INSERT INTO rollbacks VALUES(1,1,6,6,'first back','2026-12-02T00:44:44Z');
INSERT INTO rollbacks VALUES(2,1,4,8,'','2026-12-02T00:44:44Z');
CREATE TABLE undone (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seq         INTEGER NOT NULL,
	rollback    INTEGER NOT NULL REFERENCES rollbacks(id),
	PRIMARY KEY (game_id, seq)
);
INSERT INTO undone VALUES(1,6,1);
INSERT INTO undone VALUES(1,4,2);
INSERT INTO undone VALUES(1,5,2);
INSERT INTO undone VALUES(1,7,2);
INSERT INTO undone VALUES(1,8,2);
CREATE TABLE order_steps (
	message     INTEGER PRIMARY KEY REFERENCES messages(id),
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	step        INTEGER NOT NULL,
	orders_hash TEXT NOT NULL,                 -- sha256 of the order lines as read
	applied     INTEGER NOT NULL DEFAULT 0     -- 1 when one of them changed the game
);
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
CREATE TABLE game_counts (
	rules       TEXT PRIMARY KEY,
	n           INTEGER NOT NULL
);
INSERT INTO game_counts VALUES('buqruru',1);
CREATE TABLE schedule_dirty (
	game_id     INTEGER PRIMARY KEY REFERENCES games(id)
);
CREATE TABLE IF NOT EXISTS "events" (
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
INSERT INTO events VALUES(1,0,'setup',NULL,'',replace('ffffffff	s71:Buqruru: %s (bottom row, a to d) sows %s, %s (top row, e to h) sows %s.1:a22:s17:counter-clockwise1:b13:s9:clockwise\nffffffff	s102:Round %d begins; %s will move first. Each player chooses a sowing hole, sealed until both have chosen.1:11:a\n','\n',char(10)),'87fada5ac597a18904270a492fc30f68d6ccbe9fe34e1f999e7a0de847536f28','0000000000000000000000000000000000000000000000000000000000000000','023048503cab12ddb9ac366054ccb597c067916037a2f52e4a9a4d07f49332fd','2026-12-02T00:44:37Z');
INSERT INTO events VALUES(1,1,'bot',0,'HOLE c',replace('00000001	s82:You chose sealed hole %c as your sowing hole; it stays sealed until %s has chosen.2:991:b\nfffffffe	s37:%s has chosen a sowing hole (sealed).1:a\n','\n',char(10)),'dd06d67d6a41255bf3d3cf65b6268e7485aae65fa1ba2052908427ba871e60d8','023048503cab12ddb9ac366054ccb597c067916037a2f52e4a9a4d07f49332fd','bc3d51824ff08daf9ed12d935bd3144ff01eb0f50f8ba62809ce89c222b8bb1d','2026-12-02T00:44:37Z');
INSERT INTO events VALUES(1,2,'order',1,'HOLE e',replace('ffffffff	s54:Round %d: %s sows from %c, %s from %c; %s moves first.1:11:a2:991:b3:1011:a\n','\n',char(10)),'6db25fcc3020f21cf7a5e53d6cc0c215e475b56f0b8e403118eac4fab6dbc979','bc3d51824ff08daf9ed12d935bd3144ff01eb0f50f8ba62809ce89c222b8bb1d','1da0562524383eeec5f40037cb7fdabff828e0788cb04d60fd16dba7885de613','2026-12-02T00:44:37Z');
INSERT INTO events VALUES(1,3,'bot',0,'SOW 1',replace('ffffffff	s80:%s sows the %d counters of hole %c %s; the last falls in %c, which now holds %d.1:a1:62:9915:s10:one by one2:971:7\n','\n',char(10)),'74ed6c2f1fea2eabe8a757a3c3f6482e55326287a35d5a684c1b0c1bb21251c9','1da0562524383eeec5f40037cb7fdabff828e0788cb04d60fd16dba7885de613','4f89ffc72c6c011b3384b466acf31c9d23500be099ee169b82e67ebeaf8204cc','2026-12-02T00:44:37Z');
INSERT INTO events VALUES(1,4,'order',1,'SOW 1',replace('ffffffff	s80:%s sows the %d counters of hole %c %s; the last falls in %c, which now holds %d.1:b1:73:10115:s10:one by one3:1021:8\nffffffff	s56:%s takes the %d counters of %c, where the last one fell.1:b1:83:102\nffffffff	s45:Going back along the sowing %s also takes %s.1:b100:s6:%s, %s62:s6:%s, %s23:s10:%d from %c1:83:10323:s10:%d from %c1:83:10422:s10:%d from %c1:82:97\nffffffff	s78:%s sows the only counter of hole %c; the last falls in %c, which now holds %d.1:a2:993:1001:9\nffffffff	s18:Round %d ends: %s.1:132:s27:both sowing holes are empty\nffffffff	s76:The counters left on the board go to the owners of their rows: %s %d, %s %d.1:a2:161:b1:0\nffffffff	s21:Stores: %s %d, %s %d.1:a2:161:b2:32\nffffffff	s19:%s refills: %s; %s.1:b64:s9:six in %s48:s6:%s, %s32:s6:%s, %s16:s6:%s, %s1:e1:f1:g1:h47:p17:%d stays in store16:%d stay in store1:81:8\nffffffff	s2:%s179:p77:%s has %d counters: %d hole of six and a remainder; %s chooses where they go.78:%s has %d counters: %d holes of six and a remainder; %s chooses where they go.1:21:a2:161:21:a\n','\n',char(10)),'d1086a7fcc5a71d419e1199fccbc995aa8926cb967177dfe6f08ba145ba3386c','4f89ffc72c6c011b3384b466acf31c9d23500be099ee169b82e67ebeaf8204cc','8f6659c6457efee9f55a8101fa44f0d179963b1c35db63ac3ddbdf9573edef25','2026-12-02T00:44:40Z');
INSERT INTO events VALUES(1,5,'bot',0,'REFILL a c REMAINDER d',replace('ffffffff	s19:%s refills: %s; %s.1:a68:s6:%s, %s32:s9:six in %s16:s6:%s, %s1:a1:c20:s8:%d in %c1:43:10039:p12:%s is erased13:%s are erased1:11:b\nffffffff	s102:Round %d begins; %s will move first. Each player chooses a sowing hole, sealed until both have chosen.1:21:b\n','\n',char(10)),'7f17b0d054d2ef2281c16140c33be20c5f5ca08c29b89334344f177de6166605','8f6659c6457efee9f55a8101fa44f0d179963b1c35db63ac3ddbdf9573edef25','2a25de8e1f69088a395529a3475a6baf99b017e1c779c3008e2ebd9ba71efecb','2026-12-02T00:44:40Z');
INSERT INTO events VALUES(1,6,'bot',0,'HOLE d',replace('00000001	s82:You chose sealed hole %c as your sowing hole; it stays sealed until %s has chosen.3:1001:b\nfffffffe	s37:%s has chosen a sowing hole (sealed).1:a\n','\n',char(10)),'9e10e740ca6db605713e2890e294c70531533447a4104ab2a60a3d3d8745d3b5','2a25de8e1f69088a395529a3475a6baf99b017e1c779c3008e2ebd9ba71efecb','1e1c31d28bc02c96d7e6965b5edfa94c494f80f833165bb31a1486723ddb62f0','2026-12-02T00:44:40Z');
INSERT INTO events VALUES(1,7,'admin',NULL,'',replace('ffffffff	s35:The game master undid step %lld: %s1:610:first back\n','\n',char(10)),'7f17b0d054d2ef2281c16140c33be20c5f5ca08c29b89334344f177de6166605','1e1c31d28bc02c96d7e6965b5edfa94c494f80f833165bb31a1486723ddb62f0','644980610711d69d6a1d961d97423eb49878b56a7260c1f9fe830dcef84038e2','2026-12-02T00:44:44Z');
INSERT INTO events VALUES(1,8,'bot',0,'HOLE d',replace('00000001	s82:You chose sealed hole %c as your sowing hole; it stays sealed until %s has chosen.3:1001:b\nfffffffe	s37:%s has chosen a sowing hole (sealed).1:a\n','\n',char(10)),'9e10e740ca6db605713e2890e294c70531533447a4104ab2a60a3d3d8745d3b5','644980610711d69d6a1d961d97423eb49878b56a7260c1f9fe830dcef84038e2','a7e2266d4ea285e5cd17719b2fa38e601f3602815404a959a279dfda69bba1de','2026-12-02T00:44:44Z');
INSERT INTO events VALUES(1,9,'admin',NULL,'',replace('ffffffff	s45:The game master undid %d steps, %lld to %lld.1:31:41:8\n','\n',char(10)),'74ed6c2f1fea2eabe8a757a3c3f6482e55326287a35d5a684c1b0c1bb21251c9','a7e2266d4ea285e5cd17719b2fa38e601f3602815404a959a279dfda69bba1de','60cd58b8d4da4f7d2d685c8e070bb9b823258c481a1fea9be302fd1f56dfa2f8','2026-12-02T00:44:44Z');
CREATE TABLE IF NOT EXISTS "picture" (
	game_id INTEGER NOT NULL DEFAULT 0,
	cid TEXT NOT NULL,
	png BLOB,
	svg TEXT,
	step INTEGER,
	viewer INTEGER,
	open INTEGER,
	lang TEXT,
	PRIMARY KEY (game_id, cid),
	CHECK (png IS NOT NULL OR svg IS NOT NULL OR (step IS NOT NULL AND
	    viewer IS NOT NULL AND open IS NOT NULL AND lang IS NOT NULL))
);
CREATE INDEX messages_status ON messages(status);
CREATE INDEX orders_message ON orders(message);
CREATE INDEX outbox_status ON outbox(status);
CREATE INDEX order_steps_seat ON order_steps(game_id, seat_idx, step);
CREATE INDEX held_mails_code ON held_mails(game_id, seat_idx, code);
CREATE INDEX outbox_rate ON outbox(to_addr COLLATE NOCASE, kind, created_at);
CREATE INDEX outbox_game ON outbox(game_id, kind);
CREATE INDEX deadlines_open ON deadlines(status, due_at, game_id);
CREATE INDEX deadlines_game ON deadlines(game_id, status, due_at);
CREATE INDEX games_pause_ends ON games(paused_until) WHERE paused_at != '';
CREATE INDEX settings_key ON settings(key, value);
CREATE INDEX games_name_nocase ON games(name COLLATE NOCASE);
CREATE UNIQUE INDEX messages_mid ON messages(mail_date, message_id)
    WHERE message_id IS NOT NULL;
CREATE UNIQUE INDEX messages_hash ON messages(content_hash) WHERE message_id IS NULL;
CREATE INDEX picture_drawn ON picture(cid) WHERE png IS NOT NULL;
CREATE TRIGGER game_counts_delete AFTER DELETE ON games BEGIN
	UPDATE game_counts SET n = n - 1 WHERE rules = old.rules;
END;
CREATE TRIGGER game_counts_insert AFTER INSERT ON games BEGIN
	INSERT INTO game_counts (rules, n) VALUES (new.rules, 1)
	    ON CONFLICT (rules) DO UPDATE SET n = n + 1;
END;
CREATE TRIGGER schedule_dirty_game_new AFTER INSERT ON games BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_game AFTER UPDATE ON games BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.id) ON CONFLICT DO NOTHING;
END;
CREATE TRIGGER schedule_dirty_undone AFTER INSERT ON undone BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
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
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_no_delete BEFORE DELETE ON events
	BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER schedule_dirty_event AFTER INSERT ON events BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
COMMIT;
