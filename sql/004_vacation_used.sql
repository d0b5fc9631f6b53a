-- 004: vacation_max_days caps all of a seat's vacations in a game together;
-- away_from/away_to hold only the newest, so the time already taken is kept.

-- Seconds of vacation the seat took before its current one (away_from..away_to).
ALTER TABLE seats ADD COLUMN away_used INTEGER NOT NULL DEFAULT 0;
