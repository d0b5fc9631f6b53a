-- 012: the triggers of 008 mark a game or count it with an upsert. Their
-- INSERT ... SELECT ... WHERE NOT EXISTS read the table it writes, so SQLite
-- gathered the row in a temporary table first, on every event, seat, setting
-- and deadline written: three times the cost of the insert that fired it
-- (a million event inserts: 1.68 s against 0.51 s). An upsert's DO NOTHING or
-- DO UPDATE belongs to its own constraint, so unlike a conflict clause
-- (INSERT OR IGNORE) the statement that fires the trigger does not override
-- it: an INSERT OR ROLLBACK, OR ABORT, OR FAIL, OR IGNORE or OR REPLACE into
-- events still leaves an already marked game as it is (checked on 3.40).
DROP TRIGGER game_counts_insert;
CREATE TRIGGER game_counts_insert AFTER INSERT ON games BEGIN
	INSERT INTO game_counts (rules, n) VALUES (new.rules, 1)
	    ON CONFLICT (rules) DO UPDATE SET n = n + 1;
END;
DROP TRIGGER schedule_dirty_game_new;
CREATE TRIGGER schedule_dirty_game_new AFTER INSERT ON games BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_game;
CREATE TRIGGER schedule_dirty_game AFTER UPDATE ON games BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_event;
CREATE TRIGGER schedule_dirty_event AFTER INSERT ON events BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_undone;
CREATE TRIGGER schedule_dirty_undone AFTER INSERT ON undone BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_seat;
CREATE TRIGGER schedule_dirty_seat AFTER UPDATE ON seats BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_seat_new;
CREATE TRIGGER schedule_dirty_seat_new AFTER INSERT ON seats BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_settings;
CREATE TRIGGER schedule_dirty_settings AFTER INSERT ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_settings_set;
CREATE TRIGGER schedule_dirty_settings_set AFTER UPDATE ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_settings_gone;
CREATE TRIGGER schedule_dirty_settings_gone AFTER DELETE ON settings BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (old.game_id) ON CONFLICT DO NOTHING;
END;
DROP TRIGGER schedule_dirty_deadline;
CREATE TRIGGER schedule_dirty_deadline AFTER INSERT ON deadlines BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
