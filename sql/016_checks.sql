-- 016: the CHECKs that still list their values with IN are written as chains
-- of ORs, like events.kind in 014 and for the same reason: SQLite tests
-- x IN (...list...) by filling a temporary index with the list on every
-- insert and update of the row (OpenEphemeral and one IdxInsert per value):
-- 0.23M of the 4.1M instructions an ingested mail cost (callgrind, 300 mails
-- of contrib/bench's mix). x IN (a, b) and x = a OR x = b are the same
-- test: the same column on the left with its affinity and its collation
-- (BINARY), constants on the right; true, false or NULL alike.
--
-- 014 rebuilt events, which no table refers to. games, seats, messages,
-- orders, outbox, deadlines and held_mails are referred to by foreign keys:
-- dropping one with foreign_keys on fails or cascades, and foreign_keys
-- cannot be turned off inside the transaction a migration runs in. The
-- runner could turn them off around this one migration, but a rebuild would
-- still copy every row of seven tables, messages with each raw mail among
-- them, all in one transaction, for a change to no stored byte. A CHECK is
-- no part of what is stored, so the tables' CREATE text is edited in place
-- instead, the way SQLite's ALTER TABLE documentation gives for changes that
-- leave the on-disk format as it is ("Making Other Kinds Of Table Schema
-- Changes"): writable_schema on, the text replaced, the schema version
-- bumped, writable_schema off, in the migration's transaction. No row,
-- rowid, index or trigger is touched; test_ledger runs integrity_check
-- after it. The ledger does not set SQLITE_DBCONFIG_DEFENSIVE, which would
-- forbid the edit (the migration would then fail and change nothing).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema SET sql = replace(sql,
    'status IN (''active'', ''over'', ''ended'')',
    'status = ''active'' OR status = ''over'' OR status = ''ended''')
    WHERE type = 'table' AND name = 'games';
UPDATE sqlite_schema SET sql = replace(replace(replace(sql,
    'kind IN (''human'', ''bot'')',
    'kind = ''human'' OR kind = ''bot'''),
    'notify IN ('''', ''every'', ''due'', ''digest'')',
    'notify = '''' OR notify = ''every'' OR notify = ''due'' OR notify = ''digest'''),
    'json IN (0, 1)',
    'json = 0 OR json = 1')
    WHERE type = 'table' AND name = 'seats';
UPDATE sqlite_schema SET sql = replace(replace(sql,
    'status IN (''new'', ''done'', ''rejected'', ''ignored'')',
    'status = ''new'' OR status = ''done'' OR status = ''rejected'' OR status = ''ignored'''),
    'aside IN ('''', ''held'', ''dropped'')',
    'aside = '''' OR aside = ''held'' OR aside = ''dropped''')
    WHERE type = 'table' AND name = 'messages';
UPDATE sqlite_schema SET sql = replace(sql,
    'status IN (''accepted'', ''rejected'', ''skipped'')',
    'status = ''accepted'' OR status = ''rejected'' OR status = ''skipped''')
    WHERE type = 'table' AND name = 'orders';
UPDATE sqlite_schema SET sql = replace(sql,
    'status IN (''queued'', ''sending'', ''sent'', ''failed'')',
    'status = ''queued'' OR status = ''sending'' OR status = ''sent'' OR status = ''failed''')
    WHERE type = 'table' AND name = 'outbox';
UPDATE sqlite_schema SET sql = replace(sql,
    'status IN (''open'', ''met'', ''passed'', ''cancelled'')',
    'status = ''open'' OR status = ''met'' OR status = ''passed'' OR status = ''cancelled''')
    WHERE type = 'table' AND name = 'deadlines';
UPDATE sqlite_schema SET sql = replace(sql,
    'status IN (''held'', ''confirmed'')',
    'status = ''held'' OR status = ''confirmed''')
    WHERE type = 'table' AND name = 'held_mails';
-- RESET turns writable_schema off and makes this connection read the
-- schema anew, so the checks below and everything after see the new text.
PRAGMA writable_schema = RESET;
-- A text that was not found is left as it was, silently: the migration
-- fails instead, and its transaction is rolled back.
CREATE TEMP TABLE schema_016 (
	kept INTEGER CONSTRAINT "016: a CHECK still lists its values with IN"
	    CHECK (kept = 0)
);
INSERT INTO schema_016 SELECT count(*) FROM sqlite_schema WHERE type = 'table'
    AND name IN ('games', 'seats', 'messages', 'orders', 'outbox', 'deadlines', 'held_mails')
    AND instr(sql, ' IN (') > 0;
DROP TABLE schema_016;
-- PRAGMA schema_version takes a number, not an expression; a table made and
-- dropped in main bumps it all the same (each CREATE and DROP does), which
-- tells every other connection to read the schema anew before its next
-- statement.
CREATE TABLE schema_016_bump (x);
DROP TABLE schema_016_bump;
