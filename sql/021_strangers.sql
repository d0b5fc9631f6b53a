-- 021: answers to strangers have a budget (issue 35).
-- Answers to mail no token proved (help, problem and receipt mails, which go
-- to no seat) are counted over a day across every address, once for each
-- such answer (process.c): this index holds those rows alone, so a count
-- reads as many entries as there were answers in the day, however many
-- mails the outbox holds. Its condition is written as the count's query
-- writes it, which is what lets SQLite use a partial index.
CREATE INDEX outbox_strangers ON outbox(created_at)
    WHERE seat_idx IS NULL AND (kind = 'help' OR kind = 'problem' OR kind = 'receipt');
