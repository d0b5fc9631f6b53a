-- 011: the view as JSON beside a seat's reports. seats.json: the seat asked
-- for it (JSON ON by mail, azalai seat GAME SEAT json on); outbox.json: the
-- view.json part of a queued report, '' when none.
ALTER TABLE seats ADD COLUMN json INTEGER NOT NULL DEFAULT 0 CHECK (json IN (0, 1));
ALTER TABLE outbox ADD COLUMN json TEXT NOT NULL DEFAULT '';
