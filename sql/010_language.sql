-- 010: the language each reader reads. '' takes the configuration's
-- "language" (the campaign default); a seat or an observer that chose keeps
-- its choice whatever the default becomes. Values are checked by the referee
-- against the languages it ships (src/catalog.c).
ALTER TABLE seats ADD COLUMN language TEXT NOT NULL DEFAULT '';
ALTER TABLE watchers ADD COLUMN language TEXT NOT NULL DEFAULT '';
