-- 008: a busy host's costs stay flat. Indexes for what each mail and each
-- tick asks, a count kept instead of counted, and the games a tick must see.

-- The rate limit counts a sender's recent replies of a kind; verify reads a
-- game's welcome mails.
CREATE INDEX outbox_rate ON outbox(to_addr COLLATE NOCASE, kind, created_at);
CREATE INDEX outbox_game ON outbox(game_id, kind);

-- A tick finds what is due among the open deadlines, each with its game;
-- a game's own open deadlines are found by game, not among everyone's.
DROP INDEX deadlines_open;
CREATE INDEX deadlines_open ON deadlines(status, due_at, game_id);
CREATE INDEX deadlines_game ON deadlines(game_id, status, due_at);

-- A pause that ends by itself, found without reading every game.
CREATE INDEX games_pause_ends ON games(paused_until) WHERE paused_at != '';

-- How many games each set of rules has: "<rules>-N" names are numbered from
-- it. Kept by the triggers, so it is the count of the games table.
CREATE TABLE game_counts (
	rules       TEXT PRIMARY KEY,
	n           INTEGER NOT NULL
);
INSERT INTO game_counts (rules, n) SELECT rules, COUNT(*) FROM games GROUP BY rules;
CREATE TRIGGER game_counts_insert AFTER INSERT ON games BEGIN
	UPDATE game_counts SET n = n + 1 WHERE rules = new.rules;
	INSERT INTO game_counts (rules, n) SELECT new.rules, 1 WHERE NOT EXISTS
	    (SELECT 1 FROM game_counts WHERE rules = new.rules);
END;
CREATE TRIGGER game_counts_delete AFTER DELETE ON games BEGIN
	UPDATE game_counts SET n = n - 1 WHERE rules = old.rules;
END;

-- The games whose state, seats, pause or campaign changed since a tick last
-- brought them up to date: a tick visits these and the ones with something
-- due, never the idle rest. The triggers cover every writer, present or
-- future; a tick clears a game's row when it is done with the game. (No
-- conflict clause in a trigger: the statement that fires it would override it.)
CREATE TABLE schedule_dirty (
	game_id     INTEGER PRIMARY KEY REFERENCES games(id)
);
INSERT INTO schedule_dirty (game_id) SELECT id FROM games WHERE status = 'active';
CREATE TRIGGER schedule_dirty_game_new AFTER INSERT ON games BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.id);
END;
CREATE TRIGGER schedule_dirty_game AFTER UPDATE ON games BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.id);
END;
CREATE TRIGGER schedule_dirty_event AFTER INSERT ON events BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.game_id);
END;
CREATE TRIGGER schedule_dirty_undone AFTER INSERT ON undone BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.game_id);
END;
CREATE TRIGGER schedule_dirty_seat AFTER UPDATE ON seats BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.game_id);
END;
CREATE TRIGGER schedule_dirty_seat_new AFTER INSERT ON seats BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.game_id);
END;
CREATE TRIGGER schedule_dirty_settings AFTER INSERT ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.game_id);
END;
CREATE TRIGGER schedule_dirty_settings_set AFTER UPDATE ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.game_id);
END;
CREATE TRIGGER schedule_dirty_settings_gone AFTER DELETE ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT old.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = old.game_id);
END;
CREATE TRIGGER schedule_dirty_deadline AFTER INSERT ON deadlines BEGIN
	INSERT INTO schedule_dirty (game_id) SELECT new.game_id WHERE NOT EXISTS
	    (SELECT 1 FROM schedule_dirty WHERE game_id = new.game_id);
END;

-- The reminder lengths in use, read in order without reading every setting.
CREATE INDEX settings_key ON settings(key, value);
