-- The upgrade from schema version 24, second half (from-024-aside.sql says
-- the first): every row copied into the tables 001 made, whose columns are
-- those of version 24 in the same order, so a row is copied whole. A row
-- that breaks one of 001's CHECKs stops the upgrade, and the ledger stays
-- as it was. Each table is copied in the order of its key, which fills
-- its new B-tree from one end. The triggers of 001 fire on the copy: the
-- count and the tick's marks they make are replaced by the rows kept.
INSERT INTO games SELECT * FROM old_games ORDER BY id;
INSERT INTO seats SELECT * FROM old_seats ORDER BY game_id, idx;
INSERT INTO messages SELECT * FROM old_messages ORDER BY id;
INSERT INTO orders SELECT * FROM old_orders ORDER BY id;
INSERT INTO snapshots SELECT * FROM old_snapshots ORDER BY game_id;
INSERT INTO outbox SELECT * FROM old_outbox ORDER BY id;
INSERT INTO mailbox_state SELECT * FROM old_mailbox_state ORDER BY mailbox;
INSERT INTO settings SELECT * FROM old_settings ORDER BY game_id, key;
INSERT INTO deadlines SELECT * FROM old_deadlines ORDER BY game_id, seat_idx, seq;
INSERT INTO watchers SELECT * FROM old_watchers ORDER BY game_id, address;
INSERT INTO order_steps SELECT * FROM old_order_steps ORDER BY message;
INSERT INTO held_mails SELECT * FROM old_held_mails ORDER BY message;
INSERT INTO events SELECT * FROM old_events ORDER BY game_id, seq;
INSERT INTO picture SELECT * FROM old_picture ORDER BY game_id, cid;
INSERT INTO undone SELECT * FROM old_undone ORDER BY game_id, seq;
INSERT INTO token_failures SELECT * FROM old_token_failures ORDER BY game_id, seat_idx;
DELETE FROM game_counts;
INSERT INTO game_counts SELECT * FROM old_game_counts ORDER BY rules;
DELETE FROM schedule_dirty;
INSERT INTO schedule_dirty SELECT * FROM old_schedule_dirty ORDER BY game_id;
DROP TABLE old_games;
DROP TABLE old_seats;
DROP TABLE old_messages;
DROP TABLE old_orders;
DROP TABLE old_snapshots;
DROP TABLE old_outbox;
DROP TABLE old_mailbox_state;
DROP TABLE old_settings;
DROP TABLE old_deadlines;
DROP TABLE old_watchers;
DROP TABLE old_order_steps;
DROP TABLE old_held_mails;
DROP TABLE old_game_counts;
DROP TABLE old_schedule_dirty;
DROP TABLE old_events;
DROP TABLE old_picture;
DROP TABLE old_undone;
DROP TABLE old_token_failures;
