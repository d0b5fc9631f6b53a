-- 018: a mail stored once is known again by its Message-ID and its Date, or,
-- when it has no Message-ID, by its bytes; each new mail takes a place near
-- the end of one index, not a random place in two.
-- Until now two unique indexes kept a mail from being stored twice:
-- messages_mid by its Message-ID and messages_hash by the SHA-256 of its
-- bytes. Both keys are as good as random, so every mail put an entry at a
-- random place in each, and once an index had more leaves than a group of
-- mails (process.c) has mails, every mail dirtied a leaf of its own in each:
-- on a ledger of 49,000 mails the two wrote 2.2 pages to the WAL per mail
-- ingested, against one page per 35 mails on a new ledger, the larger part
-- of why a mail cost more the longer the ledger had run.
-- - The same bytes have the same Message-ID (ingest.c reads it from them
--   the same way each time), so for a mail that has one, the hash finds
--   nothing the Message-ID does not: messages_hash now holds only the mails
--   without one (and turn files, whose hash includes what makes them one).
-- - messages_mid takes the mail's Date first (mail_date: the Date header in
--   UTC, to the second, "" when it has none or it cannot be read;
--   maildate.c). Mail is written in the order of its Dates, give or take a
--   clock, so a new mail's entry goes among those of the last days. The
--   same mail come again, by another path or fetched twice, has the same
--   Date: it is still known. What changes is a second, different mail
--   under a Message-ID already taken: until now it was taken for the first
--   and dropped; with another Date it is now a mail of its own. A mail
--   program does not reuse a Message-ID; someone who copies one to have the
--   real mail dropped must now copy its Date to the second as well.
-- The mails stored before are keyed from their bytes here, once (the
-- function is azalai's own, ingest_sql; sqlite3 alone cannot run this
-- migration). That rewrites each row of messages once.
ALTER TABLE messages ADD COLUMN mail_date TEXT NOT NULL DEFAULT '';
UPDATE messages SET mail_date = azalai_mail_date(raw) WHERE message_id IS NOT NULL;
DROP INDEX messages_mid;
CREATE UNIQUE INDEX messages_mid ON messages(mail_date, message_id)
    WHERE message_id IS NOT NULL;
DROP INDEX messages_hash;
CREATE UNIQUE INDEX messages_hash ON messages(content_hash) WHERE message_id IS NULL;
