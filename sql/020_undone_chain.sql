-- 020: what a rollback undid is said by its step in the chain, not by
-- tables beside it. A rollback step (kind 'admin') now names the steps it
-- undid in its payload, "undo FIRST to LAST", under the step's hash; one of
-- before 020 has an empty payload, and its narrative, also under the hash,
-- names the first step it undid, the last being the step before it.
-- undone stays, as an index of what the chain says: the readers that list
-- steps (reports, history, deadlines met) find a step undone or not with
-- one look-up, where the chain would have them read and parse every
-- rollback step of the game. azalai verify holds it to the chain, row by
-- row; the state a game is played from follows the chain alone.
-- rollbacks said nothing the chain does not (its range, its reason in the
-- narrative, its time in the step's at) and goes; an undone row names the
-- rollback step that undid it (the first, when a later rollback undid it
-- again), which for a row of before 020 is the step after its rollback's
-- last_seq. A row whose rollback row is gone keeps -1, which no rollback
-- step has: verify names it rather than the migration dropping it.
CREATE TABLE undone_new (
	game_id      INTEGER NOT NULL REFERENCES games(id),
	seq          INTEGER NOT NULL,
	rollback_seq INTEGER NOT NULL,             -- the step of the rollback that undid it
	PRIMARY KEY (game_id, seq)
);
INSERT INTO undone_new (game_id, seq, rollback_seq)
	SELECT u.game_id, u.seq, COALESCE(r.last_seq + 1, -1)
	FROM undone u LEFT JOIN rollbacks r ON r.id = u.rollback;
-- undone refers to rollbacks: it goes first. Its trigger goes with it.
DROP TABLE undone;
DROP TABLE rollbacks;
ALTER TABLE undone_new RENAME TO undone;
CREATE TRIGGER schedule_dirty_undone AFTER INSERT ON undone BEGIN
	INSERT INTO schedule_dirty (game_id) VALUES (new.game_id) ON CONFLICT DO NOTHING;
END;
-- The rollback steps of a game, found without reading its other steps:
-- replay reads them before the first step.
CREATE INDEX events_admin ON events(game_id, seq) WHERE kind = 'admin';
