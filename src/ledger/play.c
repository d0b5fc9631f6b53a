#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/log.h"
#include "core/msg.h"
#include "core/tval.h"
#include "core/xmalloc.h"
#include "ledger/play.h"

void
play_state_hash(const struct game_rules *r, const void *st, char out[HASH_HEX])
{
	/* Kept from one hash to the next: growing a buffer of a whole state
	 * anew for every step cost more than hashing it, and the state's bytes
	 * mostly begin as the last step's did. */
	static _Thread_local struct sha256_resume h = SHA256_RESUME_INIT;

	r->serialize(st, sha256_resume_buf(&h));
	sha256_resume_hex(&h, out);
}

/*
 * The state hashes this process computed, each with the exact bytes of the
 * state it hashed: a memo of play_state_hash, so that play_load need not
 * hash a snapshot again that this process wrote or read (issue 16: a game
 * is loaded for every mail, and hashing its state cost 5% of an ingest).
 * It is no belief about the ledger: the snapshot is still read from the
 * ledger and its hash still checked against the step's; only the hash of
 * bytes already hashed is not computed again. A state is compared byte for
 * byte (padding too), and the same bytes serialise, so hash, alike: a
 * savepoint undone, another process's write or a snapshot of another build
 * cannot make it answer wrong, they give other bytes, or the same bytes
 * with the same hash (tests/test_replay.c tries). The game and step pick
 * the slot and are checked as well.
 *
 * One slot per game (by its id), the newest state hashed; a state that
 * would take the memo past KNOWN_BYTES is not kept (its next load hashes
 * it, as before). 300 games of the bench would hold 2.2 MB: the limit is
 * what an ingest of 1,000 mails fills, so a larger batch peaks no higher.
 */
struct known {
	const struct game_rules *rules;
	int64_t game, seq;
	size_t n, cap;
	unsigned char *st;
	char hash[HASH_HEX];
};

#define KNOWN_SLOTS 1024
#define KNOWN_BYTES (1u << 20)

static _Thread_local struct known *known;
static _Thread_local size_t known_bytes;

static struct known *
known_slot(int64_t game)
{
	return &known[(uint64_t)game % KNOWN_SLOTS];
}

/* Remembers that st (the state of game at seq) hashes to hash. */
static void
known_note(const struct game_rules *r, int64_t game, int64_t seq, const void *st,
    const char hash[HASH_HEX])
{
	struct known *k;

	if (known == NULL)
		known = xcalloc(KNOWN_SLOTS, sizeof *known);
	k = known_slot(game);
	/* Whatever the slot held is forgotten first: never a stale pair. */
	k->rules = NULL;
	if (r->state_size > k->cap) {
		if (known_bytes - k->cap + r->state_size > KNOWN_BYTES)
			return;
		known_bytes += r->state_size - k->cap;
		free(k->st);
		k->st = xmalloc(r->state_size);
		k->cap = r->state_size;
	}
	memcpy(k->st, st, r->state_size);
	memcpy(k->hash, hash, HASH_HEX);
	k->n = r->state_size;
	k->game = game;
	k->seq = seq;
	k->rules = r;
}

/* 1 with the hash of st in out when this process hashed these very bytes
 * as the state of game at seq, 0 when it must be hashed. */
static int
known_hash(const struct game_rules *r, int64_t game, int64_t seq, const void *st,
    char out[HASH_HEX])
{
	const struct known *k;

	if (known == NULL)
		return 0;
	k = known_slot(game);
	if (k->rules != r || k->game != game || k->seq != seq || k->n != r->state_size ||
	    memcmp(k->st, st, k->n) != 0)
		return 0;
	memcpy(out, k->hash, HASH_HEX);
	return 1;
}

void
play_options_text(const struct optset *o, char *out, size_t n)
{
	struct buf b = BUF_INIT;

	for (int i = 0; i < o->n; i++)
		buf_printf(&b, "%s=%s\n", o->name[i], o->value[i]);
	snprintf(out, n, "%s", b.p != NULL ? b.p : "");
	buf_free(&b);
}

int
play_options_parse(const char *text, struct optset *o)
{
	const char *p = text;

	o->n = 0;
	o->file = NULL;
	o->file_name[0] = '\0';
	while (*p != '\0' && o->n < OPT_MAX) {
		const char *nl = strchr(p, '\n'), *eq = strchr(p, '=');
		size_t len = nl != NULL ? (size_t)(nl - p) : strlen(p);

		if (eq == NULL || eq > p + len)
			return -1;
		snprintf(o->name[o->n], sizeof o->name[0], "%.*s", (int)(eq - p), p);
		snprintf(o->value[o->n], sizeof o->value[0], "%.*s",
		    (int)(len - (size_t)(eq - p) - 1), eq + 1);
		o->n++;
		p += len + (nl != NULL);
	}
	return 0;
}

/* Narrative lines as stored in events.narrative, in b. */
static const char *
play_narrative_text(const struct evsink *ev, struct buf *b)
{
	buf_reset(b);
	buf_adds(b, "");
	for (size_t i = 0; ev != NULL && i < ev->n; i++) {
		/* "%08x\t%s\n", without printf's cost at every step. */
		buf_add_hex8(b, ev->v[i].vis);
		buf_addc(b, '\t');
		buf_adds(b, ev->v[i].enc);
		buf_addc(b, '\n');
	}
	return b->p;
}

static int
setup_state(const struct game_rules *r, const struct game_row *g, const char *file,
    void *st, struct evsink *ev, struct diag *d)
{
	char names[MAX_SEATS][SEAT_NAME];
	struct optset o;

	if (play_options_parse(g->options, &o) < 0)
		return diag_set(d, 0, "game %s: stored options are unreadable", g->name);
	o.file = file;
	snprintf(o.file_name, sizeof o.file_name, "%s", g->setup_file_name);
	for (int i = 0; i < g->nseats; i++)
		snprintf(names[i], SEAT_NAME, "%s", g->seats[i].name);
	memset(st, 0, r->state_size);
	return r->setup(st, g->nseats, (const char (*)[SEAT_NAME])names, &o, g->seed, ev, d);
}

static int
append(struct ledger *l, struct play *p, const char *kind, int seat, const char *payload,
    const struct evsink *ev, const char *now, struct diag *d)
{
	/* Kept from step to step, as the lines' sink is: a buffer grown anew
	 * for every step's narrative cost more than writing it. */
	static _Thread_local struct buf narrative;
	struct event_row e;
	int rc;

	memset(&e, 0, sizeof e);
	/* Not snprintf: it cost more than the rest of filling the row. */
	str_copy(e.kind, sizeof e.kind, kind);
	e.seat = seat;
	e.payload = (char *)payload;
	e.narrative = (char *)play_narrative_text(ev, &narrative);
	play_state_hash(p->rules, p->st, e.state_hash);
	str_copy(e.at, sizeof e.at, now);
	rc = ledger_event_append(l, p->g.id, &e, d);
	if (rc < 0)
		return -1;
	p->seq = e.seq;
	memcpy(p->state_hash, e.state_hash, HASH_HEX);
	known_note(p->rules, p->g.id, p->seq, p->st, p->state_hash);
	return ledger_snapshot_put(l, p->g.id, p->seq, p->st, p->rules->state_size, d);
}

int
play_create(struct ledger *l, struct game_row *g, const struct optset *o, const char *now,
    struct play *p, struct diag *d)
{
	struct evsink ev;
	int rc;

	memset(p, 0, sizeof *p);
	if ((p->rules = game_find(g->rules)) == NULL)
		return diag_set(d, 0, "there is no game called \"%s\"", g->rules);
	play_options_text(o, g->options, sizeof g->options);
	snprintf(g->setup_file_name, sizeof g->setup_file_name, "%s",
	    o->file != NULL ? o->file_name : "");
	snprintf(g->created_at, sizeof g->created_at, "%s", now);
	p->st = xcalloc(1, p->rules->state_size);
	evsink_init(&ev);
	rc = setup_state(p->rules, g, o->file, p->st, &ev, d);
	if (rc == 0)
		rc = ledger_game_insert(l, g, o->file, d);
	if (rc == 0) {
		p->g = *g;
		rc = append(l, p, "setup", -1, "", &ev, now, d);
	}
	evsink_free(&ev);
	if (rc < 0) {
		free(p->st);
		p->st = NULL;
	}
	return rc;
}

int
play_replayer_init(struct replayer *rp, struct ledger *l, const struct game_row *g,
    void *st, struct diag *d)
{
	memset(rp, 0, sizeof *rp);
	rp->g = g;
	rp->st = st;
	if ((rp->r = game_find(g->rules)) == NULL)
		return diag_set(d, 0, "game %s uses rules \"%s\" this azalai does not know",
		    g->name, g->rules);
	if (g->setup_file_name[0] != '\0' &&
	    ledger_game_setup_file(l, g->id, &rp->file, d) < 0)
		return -1;
	return 0;
}

int
play_replayer_step(struct replayer *rp, const struct event_row *e, struct diag *d)
{
	char h[HASH_HEX];

	if (e->seq == 0) {
		if (setup_state(rp->r, rp->g, rp->file, rp->st, NULL, d) < 0)
			return -1;
	} else if (e->seat >= 0) {
		struct order o;
		char why[DIAG_MSG];

		memset(&o, 0, sizeof o);
		if (rp->r->parse(rp->st, e->seat, e->payload, &o, d) < 0 ||
		    rp->r->apply(rp->st, e->seat, &o, NULL, d) < 0) {
			/* The engine's reason, copied: diag_set writes where it reads. */
			snprintf(why, sizeof why, "%s", d->msg);
			return diag_set(d, 0, "game %s step %lld (\"%s\") does not replay: %s",
			    rp->g->name, (long long)e->seq, e->payload, why);
		}
	}
	play_state_hash(rp->r, rp->st, h);
	if (strcmp(h, e->state_hash) != 0)
		return diag_set(d, 0, "game %s step %lld: replay gives state %.12s, the "
		    "ledger says %.12s", rp->g->name, (long long)e->seq, h, e->state_hash);
	return 0;
}

void
play_replayer_free(struct replayer *rp)
{
	free(rp->file);
	rp->file = NULL;
}

struct replay_ctx {
	struct replayer rp;
	int (*fn)(void *, int64_t, const void *, const struct event_row *);
	void *arg;
	struct diag *d;
};

static int
replay_one(void *arg, const struct event_row *e)
{
	struct replay_ctx *c = arg;

	if (play_replayer_step(&c->rp, e, c->d) < 0)
		return -1;
	if (c->fn != NULL && c->fn(c->arg, e->seq, c->rp.st, e) != 0)
		return 1;
	return 0;
}

int
play_replay(struct ledger *l, const struct game_row *g, int64_t upto, void *st_out,
    int (*fn)(void *, int64_t, const void *, const struct event_row *), void *arg,
    struct diag *d)
{
	struct replay_ctx c = { .fn = fn, .arg = arg, .d = d };
	int rc;

	if (play_replayer_init(&c.rp, l, g, st_out, d) < 0) {
		play_replayer_free(&c.rp);
		return -1;
	}
	rc = ledger_events_each(l, g->id, 0, upto, replay_one, &c, d);
	play_replayer_free(&c.rp);
	return rc;
}

int
play_load(struct ledger *l, const char *name, struct play *p, struct diag *d)
{
	int rc;
	int64_t snap_seq = -1;

	memset(p, 0, sizeof *p);
	if ((rc = ledger_game_by_name(l, name, &p->g, d)) <= 0)
		return rc;
	if ((p->rules = game_find(p->g.rules)) == NULL)
		return diag_set(d, 0, "game %s uses rules \"%s\" this azalai does not know",
		    p->g.name, p->g.rules);
	p->st = xcalloc(1, p->rules->state_size);
	p->seq = ledger_last_seq(l, p->g.id);
	rc = ledger_snapshot_get(l, p->g.id, &snap_seq, p->st, p->rules->state_size, d);
	if (rc < 0)
		goto fail;
	if (rc == 1 && snap_seq == p->seq) {
		sqlite3_stmt *st = ledger_stmt(l,
		    "SELECT state_hash FROM events WHERE game_id = ? AND seq = ?");

		if (!known_hash(p->rules, p->g.id, p->seq, p->st, p->state_hash)) {
			play_state_hash(p->rules, p->st, p->state_hash);
			known_note(p->rules, p->g.id, p->seq, p->st, p->state_hash);
		}
		sqlite3_bind_int64(st, 1, p->g.id);
		sqlite3_bind_int64(st, 2, p->seq);
		rc = sqlite3_step(st) == SQLITE_ROW &&
		    strcmp(col_text(st, 0), p->state_hash) == 0;
		ledger_release(l, st);
		if (rc)
			return 1;
	}
	/* No usable snapshot (or one from another build): the events decide. */
	if (play_replay(l, &p->g, -1, p->st, NULL, NULL, d) < 0)
		goto fail;
	play_state_hash(p->rules, p->st, p->state_hash);
	known_note(p->rules, p->g.id, p->seq, p->st, p->state_hash);
	return 1;
fail:
	free(p->st);
	p->st = NULL;
	return -1;
}

void
play_free(struct play *p)
{
	/* The view parts kept for this state (report.c) go with it. */
	tval_memo_forget();
	free(p->st);
	p->st = NULL;
}

int
play_step(struct ledger *l, struct play *p, const char *kind, int seat,
    const struct order *o, const char *now, struct evsink *ev, struct diag *d)
{
	return play_step_noted(l, p, kind, seat, o, NULL, now, ev, d);
}

int
play_step_noted(struct ledger *l, struct play *p, const char *kind, int seat,
    const struct order *o, const struct evsink *notes, const char *now,
    struct evsink *ev, struct diag *d)
{
	/* In a transaction the ledger still holds this state as the game's
	 * snapshot when the last step was this game's (bots, defaults): a step
	 * copies it only to put it back on an error, and puts the new snapshot
	 * last, when nothing can fail any more. */
	const void *held = ledger_snapshot_held(l, p->g.id, p->seq, p->rules->state_size);
	void *save = NULL;
	char hash[HASH_HEX];
	int64_t seq = p->seq;
	/* The step's lines, in a sink kept from step to step: one grown anew
	 * each step cost a large allocation (lines are 644 bytes) for every
	 * step of a bot game. */
	static _Thread_local struct evsink mine;
	int rc = 0;

	/* The engine leaves the state alone on a rules error; keeping a copy also
	 * covers a ledger error after a successful apply. */
	if (held == NULL) {
		save = xmalloc(p->rules->state_size);
		memcpy(save, p->st, p->rules->state_size);
		held = save;
	}
	memcpy(hash, p->state_hash, HASH_HEX);
	mine.n = 0;
	for (size_t i = 0; notes != NULL && i < notes->n; i++)
		ev_add(&mine, &notes->v[i]);
	if (p->rules->apply(p->st, seat, o, &mine, d) < 0)
		rc = PLAY_ERULES;
	else if (append(l, p, kind, seat, o->text, &mine, now, d) < 0)
		rc = PLAY_ELEDGER;
	if (rc < 0) {
		memcpy(p->st, held, p->rules->state_size);
		memcpy(p->state_hash, hash, HASH_HEX);
		p->seq = seq;
	} else {
		for (size_t i = 0; i < mine.n; i++)
			ev_add(ev, &mine.v[i]);
	}
	free(save);
	return rc;
}

int
play_update_status(struct ledger *l, struct play *p, struct diag *d)
{
	struct pending pd;

	memset(&pd, 0, sizeof pd);
	p->rules->waiting_for(p->st, &pd);
	if (pd.over && strcmp(p->g.status, "active") == 0) {
		snprintf(p->g.status, sizeof p->g.status, "over");
		snprintf(p->g.result, sizeof p->g.result, "%s", pd.result);
		{
			char said[DIAG_MSG];

			msg_english(pd.result, said, sizeof said);
			log_info("%s is over: %s", p->g.name, said);
		}
		return ledger_game_set_status(l, p->g.id, "over", pd.result, d);
	}
	return 0;
}
