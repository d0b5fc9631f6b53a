/* The report mail with its board picture, for contrib/bench/report-mail:
 * for one game of the ledger (made by azalai-populate), the first seat's
 * report is rendered REPS times, as the referee queues it (view, text, HTML,
 * picture), and built as sent. Prints "GAME BYTES PNG MS_MEDIAN
 * MS_TEXT_MEDIAN": the whole mail's bytes, the picture's bytes, and the
 * median CPU milliseconds (the machine may be shared: wall time would measure
 * the others too) to render the report with and without HTML and picture.
 * usage: azalai-reportmail LEDGER DATADIR GAME REPS */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ledger/ledger.h"
#include "core/log.h"
#include "mail/mailout.h"
#include "ledger/play.h"
#include "render/render.h"
#include "render/report.h"
#include "lang/catalog.h"
#include "core/msg.h"

static double
ms_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void
die(const char *what, const struct diag *d)
{
	fprintf(stderr, "azalai-reportmail: %s: %s\n", what, d->msg);
	exit(70);
}

int
main(int argc, char **argv)
{
	struct ledger l;
	struct play p;
	struct render r;
	struct diag d;
	double *with, *without;
	size_t bytes = 0, png = 0;
	int reps;

	if (argc != 5 || (reps = atoi(argv[4])) <= 0) {
		fprintf(stderr, "usage: azalai-reportmail LEDGER DATADIR GAME REPS\n");
		return 64;
	}
	log_open(LOG_TO_NONE, NULL);
	diag_clear(&d);
	catalog_init(argv[2]);
	msg_use_catalog(&catalog_msg);
	if (games_load(argv[2], &d) < 0)
		die(argv[2], &d);
	if (ledger_open(&l, argv[1], &d) < 0)
		die(argv[1], &d);
	if (play_load(&l, argv[3], &p, &d) != 1)
		die(argv[3], &d);
	render_init(&r, argv[2], p.rules->name, "en");
	with = calloc((size_t)reps, sizeof *with);
	without = calloc((size_t)reps, sizeof *without);
	if (with == NULL || without == NULL)
		return 71;
	for (int i = 0; i < reps; i++) {
		for (int pic = 0; pic < 2; pic++) {
			double t0 = ms_now();
			struct tval *root = report_tree(&l, &p, 0, p.seq - 1, "en");
			char *subject = NULL, *body = NULL, *html = NULL, *rel = NULL;
			char cid[REPORT_CID_MAX];
			struct buf pic_png = BUF_INIT;

			tval_set_str(root, "referee", "referee@bench.example");
			if (render_mail(&r, "report", root, &subject, &body, &d) < 0 ||
			    (pic && report_html(&r, NULL, root, "report", 1, &html, &pic_png, cid,
			    NULL, &d) < 0))
				die("render", &d);
			/* No ledger: every rep draws, which is what is measured. */
			if (pic && pic_png.len > 0)
				rel = mailout_related(html, pic_png.p, pic_png.len, cid);
			if (pic) {
				struct outmail o = { 1, "report", "referee", "referee@bench.example",
				    "p0@bench.example", subject, body, rel != NULL ? rel : html,
				    "azalai.20261121120000.0123456789abcdef@bench.example", "", "",
				    "2026-11-21T12:00:00Z", NULL, NULL, NULL, NULL, NULL };
				size_t len;
				char *raw = mailout_build(&o, &len);
				const char *b64 = strstr(raw, "Content-Type: image/png");

				with[i] = ms_now() - t0;
				bytes = len;
				/* The picture's bytes: its base64 lines, three bytes per four. */
				png = 0;
				if (b64 != NULL && (b64 = strstr(b64, "\n\n")) != NULL)
					for (b64 += 2; *b64 != '\0' && *b64 != '-'; b64++)
						png += *b64 != '\n';
				png = png / 4 * 3;
				g_free(raw);
			} else {
				without[i] = ms_now() - t0;
			}
			free(subject);
			free(body);
			free(html);
			g_free(rel);
			buf_free(&pic_png);
			tval_free(root);
		}
	}
	qsort(with, (size_t)reps, sizeof *with, cmp);
	qsort(without, (size_t)reps, sizeof *without, cmp);
	printf("%s %zu %zu %.2f %.2f\n", argv[3], bytes, png, with[reps / 2],
	    without[reps / 2]);
	free(with);
	free(without);
	render_free(&r);
	play_free(&p);
	ledger_close(&l);
	return 0;
}
