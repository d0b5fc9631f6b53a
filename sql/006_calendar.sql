-- Deadlines in the reader's calendar (issue 30): a mail to a seat carries
-- its open decisions as iCalendar events (render/calendar.c), one UID per
-- deadlines row. revision counts the row's changes (its time moved, it
-- closed, it opened again): the event's SEQUENCE, which a calendar needs
-- to take an update over what it holds. told is the revision the seat's
-- last calendar part carried, -1 none: a row told and changed since goes
-- out again, a closed one as cancelled.
ALTER TABLE deadlines ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE deadlines ADD COLUMN told INTEGER NOT NULL DEFAULT -1;
-- calendar: 1 a seat's mails carry that calendar part (when the campaign's
-- calendar setting allows it), 0 none.
ALTER TABLE seats ADD COLUMN calendar INTEGER NOT NULL DEFAULT 1
    CHECK (calendar = 0 OR calendar = 1);
-- The calendar part of an outgoing mail, '' none.
ALTER TABLE outbox ADD COLUMN ical TEXT NOT NULL DEFAULT '';
