-- What each reader chooses to get (issue 31): a seat may go without the
-- board picture (a report of a few KB instead of tens) and read every time
-- in its own zone; an observer chooses every, due or digest as seats do.
-- pictures: 1 the HTML part carries the board picture (when the
-- configuration's report.pictures allows it), 0 none.
ALTER TABLE seats ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1
    CHECK (pictures = 0 OR pictures = 1);
-- An IANA zone (Europe/Berlin); '' takes the campaign's.
ALTER TABLE seats ADD COLUMN timezone TEXT NOT NULL DEFAULT '';
-- How the observer is told; 'every' was the only way before.
ALTER TABLE watchers ADD COLUMN notify TEXT NOT NULL DEFAULT 'every'
    CHECK (notify = 'every' OR notify = 'due' OR notify = 'digest');
