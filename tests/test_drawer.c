/* The drawing process (src/render/drawer.c) against workers that misbehave:
 * the honest one is azalai-draw (found through AZALAI_LIBEXECDIR, which the
 * harness points at the build tree), the hostile ones this binary with the
 * arguments below. A worker that is missing, dies, hangs, answers garbage
 * or half a frame costs one picture and a log line, never the referee or
 * the mail; the honest one draws the bytes src/draw draws here; a worker
 * holds no descriptor of the referee's and none of its secrets in the
 * environment. */
#include <dirent.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "draw/raster.h"
#include "render/board.h"
#include "render/drawer.h"
#include "core/log.h"
#include "mail/outbox.h"
#include "testutil.h"
#include "core/xmalloc.h"

#define SVG "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='100'>" \
	"<rect x='10' y='10' width='80' height='60' fill='#c84'/>" \
	"<circle cx='150' cy='50' r='30' fill='#48c'/>" \
	"<text x='20' y='95' font-size='12'>Buqruru</text></svg>"

static const char *self;

/* ---- the hostile workers -------------------------------------------------- */

/* A request read whole, as the honest worker reads it; 0 at EOF. */
static int
request(void)
{
	uint32_t req[4];
	char c;

	if (read(0, req, sizeof req) != (ssize_t)sizeof req)
		return 0;
	for (uint32_t i = 0; i < req[0]; i++)
		if (read(0, &c, 1) != 1)
			return 0;
	return 1;
}

static void
answer(uint32_t kind, uint32_t len, const void *p, size_t n)
{
	uint32_t ans[2] = { kind, len };

	if (send(0, ans, sizeof ans, MSG_NOSIGNAL) < 0 || send(0, p, n, MSG_NOSIGNAL) < 0)
		_exit(1);
}

static int
hostile(const char *how)
{
	static const char png[] = "\x89PNG\r\n\x1a\n0123456789";
	char text[DIAG_MSG];
	size_t n = 0;
	DIR *dir;
	struct dirent *e;

	while (request()) {
		if (strcmp(how, "--die") == 0)
			raise(SIGKILL);
		else if (strcmp(how, "--garbage") == 0)
			answer(0x3c68746d, 0x6c3e, "<html>", 6);
		else if (strcmp(how, "--not-png") == 0)
			answer(DRAWPROTO_PNG, 16, "GIF89a..........", 16);
		else if (strcmp(how, "--truncated") == 0) {
			answer(DRAWPROTO_PNG, 1000, png, sizeof png - 1);
			return 0;
		} else if (strcmp(how, "--hang") == 0)
			pause();
		else if (strcmp(how, "--rude") == 0)
			answer(DRAWPROTO_ERR, 9, "bad\033[2J\n!", 9);
		else if (strcmp(how, "--inventory") == 0) {
			/* What the worker was given: its descriptors, and whether
			 * a secret of the referee's environment came along. */
			n = (size_t)snprintf(text, sizeof text, "fds:");
			if ((dir = opendir("/proc/self/fd")) == NULL)
				return 1;
			while ((e = readdir(dir)) != NULL && n < sizeof text - 16)
				if (e->d_name[0] != '.' && atoi(e->d_name) != dirfd(dir))
					n += (size_t)snprintf(text + n, sizeof text - n, " %s",
					    e->d_name);
			closedir(dir);
			n += (size_t)snprintf(text + n, sizeof text - n, " secret:%s",
			    getenv("AZ_TEST_SECRET") != NULL ? "yes" : "no");
			answer(DRAWPROTO_ERR, (uint32_t)n, text, n);
		}
	}
	return 0;
}

/* ---- the tests ------------------------------------------------------------- */

static int
draw(const char *svg, struct buf *png, struct diag *d)
{
	buf_free(png);
	diag_clear(d);
	return drawer_png(svg, strlen(svg), 200, 256, png, d);
}

static void
expect_fail(const char *svg, const char *why)
{
	struct buf png = BUF_INIT;
	struct diag d;

	assert_int_equal(draw(svg, &png, &d), -1);
	if (strstr(d.msg, why) == NULL)
		fail_msg("wanted \"%s\" in \"%s\"", why, d.msg);
	assert_int_equal(png.len, 0);
	buf_free(&png);
}

/* The worker's PNG is the one drawn here, byte for byte, and one worker
 * draws every picture of a run. */
static void
test_same_bytes(void **state)
{
	struct buf here = BUF_INIT, there = BUF_INIT;
	struct diag d;
	pid_t pid;

	(void)state;
	drawer_use(NULL, NULL, 0, 0);
	assert_int_equal(board_png_palette(SVG, strlen(SVG), 200, 256, &here, &d), 0);
	for (int i = 0; i < 3; i++) {
		if (draw(SVG, &there, &d) < 0)
			fail_msg("drawer_png: %s", d.msg);
		if (i == 0)
			pid = drawer_pid();
		assert_int_equal(drawer_pid(), pid);
		assert_int_equal(there.len, here.len);
		assert_memory_equal(there.p, here.p, here.len);
	}
	/* A picture the worker cannot draw is the worker's diag, and the
	 * worker stays. */
	expect_fail("<svg xmlns='http://www.w3.org/2000/svg'/>", "neither a size nor a viewBox");
	assert_int_equal(drawer_pid(), pid);
	drawer_stop();
	assert_int_equal(drawer_pid(), -1);
	buf_free(&here);
	buf_free(&there);
}

/* Killed between two pictures, the worker is started again, once. */
static void
test_killed_between(void **state)
{
	struct buf png = BUF_INIT;
	struct diag d;
	siginfo_t si;
	pid_t pid;

	(void)state;
	drawer_use(NULL, NULL, 0, 0);
	for (int round = 0; round < 2; round++) {
		if (draw(SVG, &png, &d) < 0)
			fail_msg("round %d: %s", round, d.msg);
		pid = drawer_pid();
		assert_true(pid > 0);
		assert_int_equal(kill(pid, SIGKILL), 0);
		/* Dead before the next picture looks (not reaped: that is its job). */
		assert_int_equal(waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT), 0);
	}
	expect_fail(SVG, "failed twice in this run");
	assert_int_equal(drawer_pid(), -1);
	buf_free(&png);
}

/* Dying on a picture costs that picture; the next has a new worker; a
 * second death ends pictures for the run. */
static void
test_dies_drawing(void **state)
{
	(void)state;
	drawer_use(self, "--die", 0, 0);
	expect_fail(SVG, "the drawing process was killed by signal 9");
	assert_int_equal(drawer_pid(), -1);
	expect_fail(SVG, "was killed by signal 9");
	expect_fail(SVG, "failed twice in this run");
}

static void
test_garbage(void **state)
{
	(void)state;
	drawer_use(self, "--garbage", 0, 0);
	expect_fail(SVG, "answered no picture (kind 1013478509, 27710 bytes) and was stopped");
	assert_int_equal(drawer_pid(), -1);
	drawer_use(self, "--not-png", 0, 0);
	expect_fail(SVG, "answered 16 bytes that are no PNG and was stopped");
	assert_int_equal(drawer_pid(), -1);
}

static void
test_truncated(void **state)
{
	(void)state;
	drawer_use(self, "--truncated", 0, 0);
	expect_fail(SVG, "the drawing process exited with status 0 in the middle of the "
	    "picture");
	assert_int_equal(drawer_pid(), -1);
}

/* An error sentence is one line of the log, whatever the worker sends. */
static void
test_rude_error(void **state)
{
	struct buf png = BUF_INIT;
	struct diag d;

	(void)state;
	drawer_use(self, "--rude", 0, 0);
	assert_int_equal(draw(SVG, &png, &d), -1);
	assert_string_equal(d.msg, "bad?[2J?!");
	assert_true(drawer_pid() > 0);
	drawer_stop();
}

/* A worker that never answers is stopped at the wall-clock limit. */
static void
test_hangs(void **state)
{
	(void)state;
	drawer_use(self, "--hang", 0, 1);
	expect_fail(SVG, "took more than 1 seconds before it answered and was stopped");
	assert_int_equal(drawer_pid(), -1);
}

/* A huge SVG is refused before a worker is started; one that costs more CPU
 * than a picture may have ends its worker (SIGXCPU), not the run. The
 * wall-clock limit is a day, out of the race: on a loaded machine one CPU
 * second may take longer than any short wall limit, and the test would
 * then fail on the machine's speed, not on the CPU limit. */
static void
test_huge(void **state)
{
	struct buf svg = BUF_INIT, png = BUF_INIT;
	struct diag d;

	(void)state;
	/* Ignored here, as a cron wrapper may leave it: not in the worker. */
	signal(SIGXCPU, SIG_IGN);
	drawer_use(NULL, NULL, 1, 86400);
	buf_adds(&svg, "<svg xmlns='http://www.w3.org/2000/svg' width='200' height='100'>");
	while (svg.len <= DRAWPROTO_SVG_MAX)
		buf_adds(&svg, "<rect x='1' y='1' width='1' height='1'/>\n");
	buf_adds(&svg, "</svg>");
	assert_int_equal(drawer_png(svg.p, svg.len, 200, 256, &png, &d), -1);
	assert_non_null(strstr(d.msg, "more than the 4194304 the drawing process takes"));
	assert_int_equal(drawer_pid(), -1);
	/* Blurs over the widest picture: seconds of CPU each. */
	buf_reset(&svg);
	buf_adds(&svg, "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='50'>"
	    "<filter id='f'><feGaussianBlur stdDeviation='40'/></filter>");
	for (int i = 0; i < 400; i++)
		buf_adds(&svg, "<rect width='100' height='100' fill='red' filter='url(#f)'/>");
	buf_adds(&svg, "</svg>");
	assert_int_equal(drawer_png(svg.p, svg.len, BOARD_PNG_MAX, 256, &png, &d), -1);
	if (strstr(d.msg, "was killed by signal 24") == NULL)
		fail_msg("not the CPU limit: %s", d.msg);
	/* The next picture has a new worker. */
	if (draw(SVG, &png, &d) < 0)
		fail_msg("after the CPU limit: %s", d.msg);
	drawer_stop();
	signal(SIGXCPU, SIG_DFL);
	buf_free(&svg);
	buf_free(&png);
}

/* The worker has the socket, /dev/null and stderr, nothing else of the
 * referee's: not the ledger open here, not its environment's secrets. */
static void
test_inventory(void **state)
{
	struct buf png = BUF_INIT;
	struct diag d;
	int ledger = open(self, O_RDONLY);	/* no O_CLOEXEC: it would leak */

	(void)state;
	assert_true(ledger > 2);
	setenv("AZ_TEST_SECRET", "hunter2", 1);
	drawer_use(self, "--inventory", 0, 0);
	assert_int_equal(draw(SVG, &png, &d), -1);
	assert_string_equal(d.msg, "fds: 0 1 2 secret:no");
	drawer_stop();
	unsetenv("AZ_TEST_SECRET");
	close(ledger);
}

/* A child forked from the referee (a sheltered message) draws with a
 * worker of its own, and leaves the referee's to the referee. */
static void
test_forked(void **state)
{
	struct buf want = BUF_INIT, png = BUF_INIT;
	struct diag d;
	pid_t worker, child;
	int status;

	(void)state;
	drawer_use(NULL, NULL, 0, 0);
	assert_int_equal(draw(SVG, &want, &d), 0);
	worker = drawer_pid();
	fflush(NULL);
	if ((child = fork()) == 0)
		_exit(draw(SVG, &png, &d) == 0 && drawer_pid() > 0 && drawer_pid() != worker &&
		    png.len == want.len ? 0 : 1);
	assert_true(child > 0);
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(draw(SVG, &png, &d), 0);
	assert_int_equal(drawer_pid(), worker);
	assert_int_equal(png.len, want.len);
	assert_memory_equal(png.p, want.p, want.len);
	drawer_stop();
	buf_free(&want);
	buf_free(&png);
}

/* The mails outbox_deliver wrote into f's outdir: how many carry a PNG,
 * and how many point at a picture (cid:board) they do not carry. */
static void
delivered(const struct fixture *f, long long *with_png, long long *dangling)
{
	char path[600];
	struct dirent *e;
	DIR *dir;

	*with_png = *dangling = 0;
	snprintf(path, sizeof path, "%s/outbox", f->dir);
	assert_non_null(dir = opendir(path));
	while ((e = readdir(dir)) != NULL) {
		char *text = NULL;
		size_t n = 0;
		FILE *fp;
		int png;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/outbox/%s", f->dir, e->d_name);
		assert_non_null(fp = fopen(path, "r"));
		assert_true(getdelim(&text, &n, '\0', fp) > 0);
		fclose(fp);
		png = strstr(text, "Content-Type: image/png") != NULL;
		*with_png += png;
		*dangling += !png && strstr(text, "cid:board") != NULL;
		free(text);
	}
	closedir(dir);
}

/* One report of a game whose worker is exe with the argument arg (NULL,
 * NULL: azalai-draw), queued and then sent: the pictures the ledger kept drawn, the reports queued to show
 * one, the mails sent with one and those that point at one they lack, and
 * the log (free it). */
static char *
report_with(const char *exe, const char *arg, long long *pictures, long long *shown, long long *sent_png,
    long long *dangling)
{
	struct fixture f;
	struct play p;
	struct diag d;
	char log[300], *text = NULL;
	int sent = 0, failed = 0;
	size_t n = 0;
	FILE *fp;

	drawer_use(exe, arg, 0, 0);
	fx_open(&f);
	snprintf(log, sizeof log, "%s/azalai.log", f.dir);
	assert_int_equal(log_open(LOG_TO_FILE, log), 0);
	fx_game(&f, "buqruru", "buqruru-1", 2, 0, NULL, 0, &p);
	play_free(&p);
	fx_play_turn(&f, "buqruru-1");
	/* The reports were queued, with their HTML, picture or not; none
	 * was drawn yet: that is the sending's work. */
	assert_true(fx_count(&f, "SELECT COUNT(*) FROM outbox WHERE html <> ''") > 0);
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM picture WHERE png IS NOT NULL"), 0);
	*shown = fx_count(&f, "SELECT COUNT(*) FROM outbox WHERE html LIKE '%cid:board%'");
	/* Every mail goes, picture or not. */
	diag_clear(&d);
	assert_int_equal(fx_deliver(&f, &sent, &failed, &d), 0);
	assert_true(sent > 0);
	assert_int_equal(failed, 0);
	assert_int_equal(fx_count(&f, "SELECT COUNT(*) FROM outbox WHERE status <> 'sent'"), 0);
	*pictures = fx_count(&f, "SELECT COUNT(*) FROM picture WHERE png IS NOT NULL");
	delivered(&f, sent_png, dangling);
	log_close();
	assert_non_null(fp = fopen(log, "r"));
	if (getdelim(&text, &n, '\0', fp) < 0) {
		free(text);
		text = xstrdup("");
	}
	fclose(fp);
	fx_close(&f);
	drawer_use(NULL, NULL, 0, 0);
	return text;
}

/* Through the referee: a report whose worker dies when the mail is sent
 * goes without its picture, and without an <img> pointing at it; the log
 * says why. With an honest worker it has one. */
static void
test_report_without_picture(void **state)
{
	const char *want = "cannot be drawn; the mail goes without it: board picture: the "
	    "drawing process was killed by signal 9 (Killed) before it answered";
	long long pictures, shown, sent_png, dangling;
	char *log;

	(void)state;
	log = report_with(NULL, NULL, &pictures, &shown, &sent_png, &dangling);
	assert_true(pictures > 0);
	assert_true(shown > 0);
	assert_int_equal(sent_png, shown);
	assert_int_equal(dangling, 0);
	assert_null(strstr(log, "cannot be drawn"));
	free(log);
	log = report_with(self, "--die", &pictures, &shown, &sent_png, &dangling);
	assert_int_equal(pictures, 0);
	assert_true(shown > 0);
	assert_int_equal(sent_png, 0);
	assert_int_equal(dangling, 0);
	if (strstr(log, want) == NULL)
		fail_msg("the log: %s", log);
	free(log);
}

/* With no azalai-draw where AZALAI_LIBEXECDIR says, the reports go
 * without their pictures, and the log says which program is missing. */
static void
test_program_missing(void **state)
{
	char empty[] = "/tmp/azalai-drawer-XXXXXX", want[300];
	const char *was = getenv("AZALAI_LIBEXECDIR");
	char *keep = was != NULL ? xstrdup(was) : NULL;
	long long pictures, shown, sent_png, dangling;
	char *log;

	(void)state;
	assert_non_null(mkdtemp(empty));
	setenv("AZALAI_LIBEXECDIR", empty, 1);
	snprintf(want, sizeof want, "cannot be drawn; the mail goes without it: board picture: "
	    "cannot run the drawing program %s/azalai-draw: No such file or directory", empty);
	log = report_with(NULL, NULL, &pictures, &shown, &sent_png, &dangling);
	assert_int_equal(pictures, 0);
	assert_true(shown > 0);
	assert_int_equal(sent_png, 0);
	assert_int_equal(dangling, 0);
	if (strstr(log, want) == NULL)
		fail_msg("the log: %s", log);
	free(log);
	if (keep != NULL)
		setenv("AZALAI_LIBEXECDIR", keep, 1);
	else
		unsetenv("AZALAI_LIBEXECDIR");
	free(keep);
	rmdir(empty);
}

struct seen {
	int n;
	int64_t game[16];
	char cid[16][32];
};

static void
record(void *arg, int64_t game, const char *cid)
{
	struct seen *s = arg;

	assert_true(s->n < 16);
	s->game[s->n] = game;
	snprintf(s->cid[s->n++], sizeof s->cid[0], "%s", cid);
}

/* The pictures of a round are drawn game by game, each game's in the
 * order its mails go, though the games' mails were queued in turn: the
 * drawing program keeps a few bases, and each Targui game has its own. */
static void
test_drawn_game_by_game(void **state)
{
	struct fixture f;
	struct play p1, p2;
	struct outbox_round r = { 0, 0, "" };
	struct seen s = { 0 };
	char sql[600];
	int pos[5] = { 0 };

	(void)state;
	fx_open(&f);
	fx_game(&f, "buqruru", "buqruru-1", 2, 0, NULL, 0, &p1);
	fx_game(&f, "buqruru", "buqruru-2", 2, 0, NULL, 0, &p2);
	for (int i = 1; i <= 4; i++) {
		snprintf(sql, sizeof sql, "INSERT INTO outbox (game_id, seat_idx, kind, to_addr, "
		    "message_id, subject, body, created_at, html) VALUES (%lld, 0, 'report', "
		    "'n@example.org', '<turn-%d@example.org>', 's', 'b', '2026-12-06T00:00:00Z', "
		    "'X-Azalai-Picture: turn-%d' || char(10) || '<p>board</p>')",
		    (long long)(i % 2 ? p2.g.id : p1.g.id), i, i);
		assert_int_equal(sqlite3_exec(f.l.db, sql, NULL, NULL, NULL), SQLITE_OK);
	}
	assert_int_equal(outbox_round_next(&f.l, &r), 1);
	outbox_each_undrawn(&f.l, &r, record, &s);
	for (int i = 0; i < s.n; i++) {
		int t;

		for (int j = 0; j + 1 < i; j++)
			if (s.game[j] == s.game[i] && s.game[j + 1] != s.game[i])
				fail_msg("game %lld's pictures drawn, then another's, then its "
				    "own again (%s)", (long long)s.game[i], s.cid[i]);
		if (sscanf(s.cid[i], "turn-%d", &t) == 1 && t >= 1 && t <= 4)
			pos[t] = i + 1;
	}
	for (int t = 1; t <= 4; t++)
		assert_true(pos[t] > 0);
	assert_true(pos[2] < pos[4] && pos[1] < pos[3]);
	play_free(&p1);
	play_free(&p2);
	fx_close(&f);
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_bytes),
		cmocka_unit_test(test_killed_between),
		cmocka_unit_test(test_dies_drawing),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_truncated),
		cmocka_unit_test(test_rude_error),
		cmocka_unit_test(test_hangs),
		cmocka_unit_test(test_huge),
		cmocka_unit_test(test_inventory),
		cmocka_unit_test(test_forked),
		cmocka_unit_test(test_report_without_picture),
		cmocka_unit_test(test_program_missing),
		cmocka_unit_test(test_drawn_game_by_game),
	};

	if (argc == 2)
		return hostile(argv[1]);
	self = "/proc/self/exe";
	return cmocka_run_group_tests(tests, NULL, NULL);
}
