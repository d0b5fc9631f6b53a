-- The upgrade of a ledger of before azalai 0.1 (schema version 24, the last
-- one before the schema began again at 001), first half: its tables are put
-- aside as old_*, without their indexes and triggers, whose names 001 takes
-- again. Then 001 makes the schema and from-024-copy.sql copies the rows
-- over, all in one transaction (src/ledger/ledger.c). Foreign keys are off
-- for it; the ledger checks them all before it commits.
DROP TRIGGER events_no_update;
DROP TRIGGER events_no_delete;
DROP TRIGGER game_counts_insert;
DROP TRIGGER game_counts_delete;
DROP TRIGGER schedule_dirty_game_new;
DROP TRIGGER schedule_dirty_game;
DROP TRIGGER schedule_dirty_seat;
DROP TRIGGER schedule_dirty_seat_new;
DROP TRIGGER schedule_dirty_settings;
DROP TRIGGER schedule_dirty_settings_set;
DROP TRIGGER schedule_dirty_settings_gone;
DROP TRIGGER schedule_dirty_deadline;
DROP TRIGGER schedule_dirty_event;
DROP TRIGGER schedule_dirty_undone;
DROP INDEX games_name_nocase;
DROP INDEX games_pause_ends;
DROP INDEX messages_status;
DROP INDEX messages_mid;
DROP INDEX messages_hash;
DROP INDEX orders_message;
DROP INDEX outbox_status;
DROP INDEX outbox_rate;
DROP INDEX outbox_game;
DROP INDEX outbox_strangers;
DROP INDEX settings_key;
DROP INDEX deadlines_open;
DROP INDEX deadlines_game;
DROP INDEX order_steps_seat;
DROP INDEX held_mails_code;
DROP INDEX events_admin;
DROP INDEX picture_drawn;
ALTER TABLE games RENAME TO old_games;
ALTER TABLE seats RENAME TO old_seats;
ALTER TABLE messages RENAME TO old_messages;
ALTER TABLE orders RENAME TO old_orders;
ALTER TABLE snapshots RENAME TO old_snapshots;
ALTER TABLE outbox RENAME TO old_outbox;
ALTER TABLE mailbox_state RENAME TO old_mailbox_state;
ALTER TABLE settings RENAME TO old_settings;
ALTER TABLE deadlines RENAME TO old_deadlines;
ALTER TABLE watchers RENAME TO old_watchers;
ALTER TABLE order_steps RENAME TO old_order_steps;
ALTER TABLE held_mails RENAME TO old_held_mails;
ALTER TABLE game_counts RENAME TO old_game_counts;
ALTER TABLE schedule_dirty RENAME TO old_schedule_dirty;
ALTER TABLE events RENAME TO old_events;
ALTER TABLE picture RENAME TO old_picture;
ALTER TABLE undone RENAME TO old_undone;
ALTER TABLE token_failures RENAME TO old_token_failures;
