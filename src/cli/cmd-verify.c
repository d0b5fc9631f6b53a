/* verify: checks a game, or the whole ledger, the way a player would: the
 * hash chain link by link, a replay of every step from the seed against each
 * step's state hash, the seed against the commitment the welcome mails
 * carried, the undone table against the chain's rollback steps, and
 * (--head) that a chain head a player kept is in the history, or which
 * rollback undid its step. */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sysexits.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/xmalloc.h"
#include "ledger/audit.h"
#include "ledger/play.h"

static const char verify_usage[] =
    "usage: azalai verify [GAME [--head HASH]]\n\n"
    "Checks GAME, or every game in the ledger: each link of its event chain, a\n"
    "replay of every step from its seed against the state hash of each step,\n"
    "the seed against the commitment its welcome mails carried, and the steps\n"
    "the ledger lists as undone against the rollback steps of the chain. Names\n"
    "the first step that does not match. --head HASH (16 to 64 hex digits, as\n"
    "a report printed it) says at which step of GAME's history that chain head\n"
    "is, which rollback undid that step, or that it is not there. Exits 0 when\n"
    "everything verifies, 65 when something does not (or there is no such\n"
    "game). See doc/verify.md.\n";

struct chain_walk {
	char prev[HASH_HEX];
	int64_t next;               /* the step expected next */
	int64_t bad;                /* the first step that fails, -1 none */
	char why[160];
	const char *head;           /* --head, lowercase; NULL none */
	int64_t head_at;            /* the step whose hash it begins, -1 none */
	char last[HASH_HEX];
};

static int
chain_step(void *arg, const struct event_row *e)
{
	struct chain_walk *w = arg;
	char h[HASH_HEX];

	if (w->head != NULL && w->head_at < 0 &&
	    strncmp(e->hash, w->head, strlen(w->head)) == 0)
		w->head_at = e->seq;
	if (w->bad >= 0)
		return 0;
	ledger_event_hash(e, h);
	if (e->seq != w->next) {
		w->bad = w->next;
		snprintf(w->why, sizeof w->why, "step %lld is missing from the chain",
		    (long long)w->next);
	} else if (strcmp(w->prev, e->prev_hash) != 0) {
		w->bad = e->seq;
		snprintf(w->why, sizeof w->why, "step %lld does not link to the step "
		    "before it", (long long)e->seq);
	} else if (strcmp(h, e->hash) != 0) {
		w->bad = e->seq;
		snprintf(w->why, sizeof w->why, "step %lld was changed: its contents "
		    "hash to %.16s, the chain says %.16s", (long long)e->seq, h, e->hash);
	}
	memcpy(w->prev, e->hash, HASH_HEX);
	memcpy(w->last, e->hash, HASH_HEX);
	w->next = e->seq + 1;
	return 0;
}

/* One walk of the events for the chain and the replay: a second read of
 * them cost 7% of verify. The replay sees the live steps only, as
 * play_replay does, and stops at its first failure; the chain goes on. */
struct verify_walk {
	struct chain_walk chain;
	const struct undo_set *undone;
	struct replayer *rp;        /* NULL when the replay cannot run */
	int replay_failed;
	struct diag rd;
};

static int
verify_step(void *arg, const struct event_row *e)
{
	struct verify_walk *w = arg;

	chain_step(&w->chain, e);
	if (w->rp != NULL && !w->replay_failed &&
	    ledger_undone_by(w->undone, e->seq) < 0 &&
	    play_replayer_step(w->rp, e, &w->rd) < 0)
		w->replay_failed = 1;
	return 0;
}

/* Each welcome mail the ledger queued must carry the commitment. */
static int
welcomes_missing(struct ledger *l, int64_t game, const char *commit)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT COUNT(*) FROM outbox WHERE game_id = ? AND "
	    "kind = 'welcome' AND instr(body, ?) = 0");
	int n = 0;

	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_text(st, 2, commit, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		n = sqlite3_column_int(st, 0);
	ledger_release(l, st);
	return n;
}

/* 1 when a line of body is a commitment as the welcome template prints it:
 * indented, 64 lowercase hex digits and nothing else. */
static int
has_commitment_line(const char *body)
{
	const char *p = body;
	size_t n;

	while (*p != '\0') {
		p += strspn(p, " \t");
		n = strspn(p, "0123456789abcdef");
		if (n == HASH_HEX - 1 && (p[n] == '\n' || p[n] == '\r' || p[n] == '\0'))
			return 1;
		p += strcspn(p, "\n");
		if (*p == '\n')
			p++;
	}
	return 0;
}

/* The welcome mails of the game that carry a commitment. A game from
 * before azalai kept one has none; without this, a ledger whose commitment
 * was blanked would pass for such a game, and its seed go unchecked.
 * Welcome mails are never pruned (outbox_prune), so their bodies are here. */
static int
welcomes_committed(struct ledger *l, int64_t game)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT body FROM outbox WHERE game_id = ? AND "
	    "kind = 'welcome'");
	int n = 0;

	sqlite3_bind_int64(st, 1, game);
	while (sqlite3_step(st) == SQLITE_ROW)
		n += has_commitment_line(col_text(st, 0));
	ledger_release(l, st);
	return n;
}

/* The undone table must list exactly the steps the chain's rollback steps
 * undid, each with the rollback that first did: readers that list steps
 * trust it (ledger.h), so a row made by hand would hide played steps from
 * the reports and the deadlines, and one taken out would show an undone
 * step as played. Adds a line naming the first step where they part (with
 * verbose, one when they agree); 0, or -1. */
static int
undone_check(struct ledger *l, const struct game_row *g, const struct undo_set *u,
    int64_t steps, int verbose, struct buf *out)
{
	sqlite3_stmt *st = ledger_stmt(l, "SELECT seq, rollback_seq FROM undone WHERE "
	    "game_id = ? ORDER BY seq");
	int64_t next = 0, listed = 0, by;
	char why[200] = "";
	int rc;

	sqlite3_bind_int64(st, 1, g->id);
	for (;;) {
		int row = (rc = sqlite3_step(st)) == SQLITE_ROW;
		int64_t seq = row ? sqlite3_column_int64(st, 0) : steps;

		/* The steps before this row are not listed. */
		for (; next < seq && next < steps && why[0] == '\0'; next++)
			if ((by = ledger_undone_by(u, next)) >= 0)
				snprintf(why, sizeof why, "the rollback at step %lld undid step "
				    "%lld, which is not listed as undone", (long long)by,
				    (long long)next);
		if (!row || why[0] != '\0')
			break;
		if ((by = ledger_undone_by(u, seq)) < 0)
			snprintf(why, sizeof why, "step %lld is listed as undone, but no "
			    "rollback step of the chain undid it", (long long)seq);
		else if (by != sqlite3_column_int64(st, 1))
			snprintf(why, sizeof why, "step %lld is listed as undone by step %lld, "
			    "but the rollback at step %lld undid it", (long long)seq,
			    (long long)sqlite3_column_int64(st, 1), (long long)by);
		if (why[0] != '\0')
			break;
		listed++;
		next = seq + 1;
	}
	ledger_release(l, st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		buf_printf(out, "%s: undone: cannot read the undone table: %s\n", g->name,
		    sqlite3_errmsg(l->db));
		return -1;
	}
	if (why[0] != '\0') {
		buf_printf(out, "%s: undone: %s\n", g->name, why);
		return -1;
	}
	if (verbose && u->n > 0)
		buf_printf(out, "%s: undone: the %lld step%s the %zu rollback%s of the "
		    "chain undid, and no others\n", g->name, (long long)listed,
		    listed == 1 ? "" : "s", u->n, u->n == 1 ? "" : "s");
	return 0;
}

struct verdict {
	int64_t steps;
	char head[HASH_HEX];
	int64_t head_at;
	int64_t head_undone_by;     /* the rollback that undid head_at's step, -1 none */
	int failed;
};

/* Adds to out a line for each check that fails (with verbose, for each one
 * that holds too); 0, or -1 when the game does not verify. */
static int
verify_game(struct ledger *l, const struct game_row *g, const char *head, int verbose,
    struct verdict *v, struct buf *out)
{
	const struct game_rules *r = game_find(g->rules);
	struct verify_walk vw;
	struct chain_walk *w = &vw.chain;
	struct replayer rp;
	char salt[AUDIT_SALT], commit[HASH_HEX], h[HASH_HEX];
	struct undo_set u;
	struct diag d, ud;
	void *st = NULL;
	int undo_ok;

	memset(v, 0, sizeof *v);
	v->head_at = v->head_undone_by = -1;
	memset(&vw, 0, sizeof vw);
	memset(w->prev, '0', HASH_HEX - 1);
	w->bad = w->head_at = -1;
	w->head = head;
	diag_clear(&d);
	diag_clear(&ud);
	diag_clear(&vw.rd);
	/* What is undone, from the rollback steps alone: replay reads the
	 * same, and --head and the undone table are held to it. */
	undo_ok = ledger_undone_load(l, g->id, &u, &ud) == 0;
	if (undo_ok && r != NULL) {
		st = xcalloc(1, r->state_size);
		vw.replay_failed = play_replayer_init(&rp, l, g, st, &vw.rd) < 0;
		vw.rp = &rp;
		vw.undone = &u;
	}
	if (ledger_events_each_all(l, g->id, 0, -1, verify_step, &vw, &d) < 0) {
		buf_printf(out, "%s: %s\n", g->name, d.msg);
		v->failed = 1;
		goto done;
	}
	v->steps = w->next;
	v->head_at = w->head_at;
	memcpy(v->head, w->last, HASH_HEX);
	if (w->next == 0) {
		buf_printf(out, "%s: the ledger holds no step of it\n", g->name);
		v->failed = 1;
	} else if (w->bad >= 0) {
		buf_printf(out, "%s: chain: %s\n", g->name, w->why);
		v->failed = 1;
	} else if (verbose) {
		buf_printf(out, "%s: chain: steps 0 to %lld, every link holds; head %s\n",
		    g->name, (long long)w->next - 1, w->last);
	}

	if (audit_seed_load(l, g->id, salt, commit, &d) < 0) {
		buf_printf(out, "%s: %s\n", g->name, d.msg);
		v->failed = 1;
		goto done;
	}
	if (commit[0] == '\0') {
		int carried = welcomes_committed(l, g->id);

		if (carried > 0) {
			buf_printf(out, "%s: seed: %d welcome mail%s in the outbox "
			    "carr%s a commitment the ledger no longer has\n", g->name,
			    carried, carried == 1 ? "" : "s", carried == 1 ? "ies" : "y");
			v->failed = 1;
		} else if (verbose) {
			buf_printf(out, "%s: seed: no commitment (the game began "
			    "before azalai kept one)\n", g->name);
		}
	} else {
		int missing;

		audit_commitment(g->name, g->seed, salt, h);
		if (strcmp(h, commit) != 0) {
			buf_printf(out, "%s: seed: the seed and salt give %s, not the "
			    "commitment %s the welcome mails carried\n", g->name, h, commit);
			v->failed = 1;
		} else if ((missing = welcomes_missing(l, g->id, commit)) > 0) {
			buf_printf(out, "%s: seed: %d welcome mail%s in the outbox "
			    "carr%s another commitment\n", g->name, missing,
			    missing == 1 ? "" : "s", missing == 1 ? "ies" : "y");
			v->failed = 1;
		} else if (verbose) {
			buf_printf(out, "%s: seed: matches its commitment %s\n", g->name,
			    commit);
		}
	}

	if (!undo_ok) {
		buf_printf(out, "%s: chain: %s\n", g->name, ud.msg);
		v->failed = 1;
	} else if (v->head_at >= 0) {
		v->head_undone_by = ledger_undone_by(&u, v->head_at);
	}
	if (r == NULL) {
		buf_printf(out, "%s: replay: this azalai does not know the rules "
		    "\"%s\"\n", g->name, g->rules);
		v->failed = 1;
	} else if (undo_ok) {
		/* (A rollback step that names nothing was named above.) */
		if (vw.replay_failed) {
			buf_printf(out, "%s: replay: %s\n", g->name, vw.rd.msg);
			v->failed = 1;
		} else if (verbose) {
			buf_printf(out, "%s: replay: every step from the seed gives the "
			    "state the ledger recorded\n", g->name);
		}
	}
	if (undo_ok && undone_check(l, g, &u, w->next, verbose, out) < 0)
		v->failed = 1;
done:
	if (vw.rp != NULL)
		play_replayer_free(&rp);
	free(st);
	if (undo_ok)
		ledger_undone_free(&u);
	return v->failed ? -1 : 0;
}

struct all_ctx {
	struct ledger *l;
	long total, done, failed;
	int progress;
};

static int
verify_each(void *arg, const struct game_row *g)
{
	struct all_ctx *a = arg;
	struct verdict v;
	struct buf out = BUF_INIT;

	if (a->progress)
		fprintf(stderr, "\rverifying %ld of %ld games", a->done + 1, a->total);
	if (verify_game(a->l, g, NULL, 0, &v, &out) < 0)
		a->failed++;
	if (out.len > 0) {
		/* A failure goes on its own line, not after the progress line. */
		if (a->progress)
			fputc('\n', stderr);
		fputs(out.p, stdout);
		fflush(stdout);
	}
	buf_free(&out);
	a->done++;
	return 0;
}

static int
verify_all(struct cli *c)
{
	struct all_ctx a = { &c->l, 0, 0, 0, isatty(STDERR_FILENO) };
	sqlite3_stmt *st = ledger_prep(&c->l, "SELECT COUNT(*) FROM games");

	if (sqlite3_step(st) == SQLITE_ROW)
		a.total = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	ledger_games_each(&c->l, verify_each, &a);
	if (a.progress && a.total > 0)
		fputc('\n', stderr);
	if (a.failed > 0) {
		printf("%ld of %ld games do not verify\n", a.failed, a.total);
		return EX_DATAERR;
	}
	printf("%ld game%s verified: every chain, every replay, every commitment\n",
	    a.total, a.total == 1 ? "" : "s");
	return EX_OK;
}

int
cmd_verify(struct cli *c, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "head", required_argument, NULL, 'H' },
		{ NULL, 0, NULL, 0 }
	};
	char head[HASH_HEX] = "";
	struct game_row *g;
	struct verdict v;
	struct diag d;
	int ch, rc;

	if (cli_wants_help(argc, argv, verify_usage))
		return EX_OK;
	optind = 0;
	while ((ch = getopt_long(argc, argv, "H:", opts, NULL)) != -1) {
		size_t n;

		switch (ch) {
		case 'H':
			n = strlen(optarg);
			if (n < AUDIT_SHORT || n > HASH_HEX - 1 ||
			    strspn(optarg, "0123456789abcdefABCDEF") != n)
				return cli_fail(EX_USAGE, "--head wants %d to %d hex digits, "
				    "not \"%s\"", AUDIT_SHORT, HASH_HEX - 1, optarg);
			for (size_t i = 0; i <= n; i++)
				head[i] = (char)tolower((unsigned char)optarg[i]);
			break;
		default:
			return cli_fail(EX_USAGE, "see \"azalai verify --help\"");
		}
	}
	if (optind < argc - 1)
		return cli_fail(EX_USAGE, "verify one game, or every game with no GAME");
	if (optind == argc && head[0] != '\0')
		return cli_fail(EX_USAGE, "--head belongs to one game: azalai verify GAME "
		    "--head HASH");
	if ((rc = cli_open(c, 0)) != 0)
		return rc;
	/* One read transaction: a run writing meanwhile cannot tear what is read. */
	if (ledger_read_begin(&c->l, NULL) < 0)
		return cli_fail(EX_TEMPFAIL, "cannot read the ledger: %s",
		    sqlite3_errmsg(c->l.db));
	if (optind == argc) {
		rc = verify_all(c);
		ledger_read_end(&c->l);
		return rc;
	}
	g = xmalloc(sizeof *g);
	diag_clear(&d);
	if ((rc = ledger_game_by_name(&c->l, argv[optind], g, &d)) <= 0) {
		rc = rc < 0 ? cli_fail(EX_SOFTWARE, "%s", d.msg)
		    : cli_fail(EX_DATAERR, "there is no game \"%s\"", argv[optind]);
		goto out;
	}
	{
		struct buf out = BUF_INIT;

		rc = verify_game(&c->l, g, head[0] != '\0' ? head : NULL, 1, &v, &out) < 0
		    ? EX_DATAERR : EX_OK;
		fputs(out.p != NULL ? out.p : "", stdout);
		buf_free(&out);
	}
	if (head[0] != '\0') {
		if (v.head_at >= 0 && v.head_undone_by >= 0) {
			printf("%s: head %s was step %lld of this game's history until the "
			    "rollback at step %lld undid it\n", g->name, head,
			    (long long)v.head_at, (long long)v.head_undone_by);
		} else if (v.head_at >= 0) {
			printf("%s: head %s is step %lld of this game's history\n", g->name,
			    head, (long long)v.head_at);
		} else {
			printf("%s: head %s is not in this game's history\n", g->name, head);
			rc = EX_DATAERR;
		}
	}
	if (rc == EX_OK)
		printf("%s verified\n", g->name);
	else
		cli_fail(rc, "game %s does not verify", g->name);
out:
	ledger_read_end(&c->l);
	free(g);
	return rc;
}
