-- A finished game's turning points (issue 33): each human seat may get one
-- mail naming the three decisions where its expected result dropped most.
-- turning: 1 the seat wants that mail, 0 not, -1 the campaign's setting
-- (turning_points: auto gives it when a bot played in the game).
ALTER TABLE seats ADD COLUMN turning INTEGER NOT NULL DEFAULT -1
    CHECK (turning = -1 OR turning = 0 OR turning = 1);
-- 1 once a finished game's turning points were sent (or were not to be):
-- a run analyses each game once. Games that ended before this version
-- are not analysed after the upgrade.
ALTER TABLE games ADD COLUMN turning_done INTEGER NOT NULL DEFAULT 0
    CHECK (turning_done = 0 OR turning_done = 1);
UPDATE games SET turning_done = 1 WHERE status <> 'active';
-- What a run looks for: finished games not analysed yet, found without
-- reading the others.
CREATE INDEX games_turning ON games(id) WHERE status = 'over' AND turning_done = 0;
