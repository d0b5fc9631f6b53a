-- 005: one bad mail never stops the referee. A run counts an attempt on a
-- message before it touches it (src/process.c says how); a message that runs
-- died or failed on limits.message_attempts times is set aside as held, for
-- the game master to release or drop ("azalai inbox").

-- Runs that started on the message; while it is still new, each one died or failed.
ALTER TABLE messages ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
-- Why the last failed attempt failed ("" when none did, or the run died silently).
ALTER TABLE messages ADD COLUMN last_error TEXT NOT NULL DEFAULT '';
-- '' while the message waits its turn; 'held' when runs keep failing on it;
-- 'dropped' when the game master gave it up (it stays in the ledger). A column
-- beside status, not new status values: status's CHECK cannot change without
-- rebuilding messages, which orders refers to.
ALTER TABLE messages ADD COLUMN aside TEXT NOT NULL DEFAULT ''
	CHECK (aside IN ('', 'held', 'dropped'));
ALTER TABLE messages ADD COLUMN aside_at TEXT NOT NULL DEFAULT '';
