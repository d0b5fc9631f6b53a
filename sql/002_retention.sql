-- Retention (referee/retention.c): a delivered mail's bodies and its
-- picture are kept for the configured days, then dropped; the row stays
-- (the stale guard, bounces, rate limits and digests read it).
--
-- The delivered mails whose bodies are still kept, oldest first: what a
-- prune takes next, without reading the pruned rest. Welcome mails keep
-- their bodies for good: azalai verify holds each to the seed commitment.
CREATE INDEX outbox_kept ON outbox(sent_at)
    WHERE status = 'sent' AND body <> '' AND kind <> 'welcome';
-- The picture each mail with a kept page names on its first line
-- ("X-Azalai-Picture: CID", mailout.c): a picture is dropped only when no
-- such mail, of any game or state, still names it.
CREATE INDEX outbox_picture ON outbox(substr(html, 19, instr(html, char(10)) - 19))
    WHERE substr(html, 1, 18) = 'X-Azalai-Picture: ';
