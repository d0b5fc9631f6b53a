/* libFuzzer target: lines "key=value" (split at the first '=') through
 * campaign_apply, one campaign for all of them, as `azalai set` and a
 * campaign file's settings: would. Aborts when a refusal says nothing, when
 * an accepted value leaves a setting out of its range, and when what
 * campaign_describe shows does not read back to the same settings. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "campaign/campaign.h"
#include "core/diag.h"
#include "core/xmalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define YEAR (366L * 86400)

static void
ranges(const struct campaign *c)
{
	if (memchr(c->timezone, '\0', sizeof c->timezone) == NULL ||
	    memchr(c->gm, '\0', sizeof c->gm) == NULL)
		abort();
	if (c->deadline <= 0 || c->deadline > YEAR || c->remind < 0 || c->remind > YEAR)
		abort();
	if (c->nkinds < 0 || c->nkinds > CAMPAIGN_KINDS)
		abort();
	for (int i = 0; i < c->nkinds; i++) {
		if (c->kind[i][0] == '\0' || c->kind_secs[i] <= 0 || c->kind_secs[i] > YEAR)
			abort();
		for (int j = 0; j < i; j++)
			if (strcmp(c->kind[i], c->kind[j]) == 0)
				abort();
	}
	if (c->snap < -1 || c->snap >= 24 * 60 || c->weekdays <= 0 || c->weekdays > 0x7f)
		abort();
	if (c->disorder_after < 0 || c->disorder_after > 100 || c->vacation_days < 0 ||
	    c->vacation_days > 366 || c->pause_days < 0 || c->pause_days > 366)
		abort();
	if ((c->late_note | c->press | c->press_anonymous | c->press_copy_gm) & ~1)
		abort();
	if (c->gm[0] != '\0' && strchr(c->gm, '@') == NULL)
		abort();
}

/* Every "key: value" line of the description, applied to the defaults,
 * gives c again. A kind's name may hold ": " (its duration never does), the
 * game master's address too (a key never does). */
static void
reads_back(const struct campaign *c)
{
	struct campaign back;
	struct buf b = BUF_INIT;
	struct diag d;
	char *line, *next, *sep;

	campaign_describe(c, &b);
	campaign_defaults(&back);
	for (line = b.p; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		sep = strstr(line, ": ");
		if (strncmp(line, "deadline.", 9) == 0)
			for (char *s = sep; s != NULL; s = strstr(s + 1, ": "))
				sep = s;
		if (sep == NULL)
			abort();
		*sep = '\0';
		if (strcmp(line, "gm") == 0 && strcmp(sep + 2, "none") == 0)
			continue;       /* shown for "no game master" */
		diag_clear(&d);
		if (campaign_apply(&back, line, sep + 2, &d) < 0)
			abort();
	}
	buf_free(&b);
	if (back.deadline != c->deadline ||
	    strcmp(back.timezone, c->timezone) != 0 || back.nkinds != c->nkinds ||
	    back.snap != c->snap || back.weekdays != c->weekdays ||
	    back.remind != c->remind || back.late_note != c->late_note ||
	    back.disorder_after != c->disorder_after ||
	    back.vacation_days != c->vacation_days || back.pause_days != c->pause_days ||
	    back.press != c->press || back.press_anonymous != c->press_anonymous ||
	    back.press_copy_gm != c->press_copy_gm || strcmp(back.gm, c->gm) != 0)
		abort();
	for (int i = 0; i < c->nkinds; i++)
		if (campaign_deadline_for(&back, c->kind[i]) != c->kind_secs[i])
			abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct campaign c;
	char *text = xmalloc(size + 1), *line, *next;

	memcpy(text, data, size);
	text[size] = '\0';
	campaign_defaults(&c);
	for (line = text; line != NULL; line = next) {
		struct campaign before;
		struct diag d;
		char *eq;

		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if ((eq = strchr(line, '=')) == NULL)
			continue;
		*eq = '\0';
		memcpy(&before, &c, sizeof c);
		/* Each value alone too, as the deadline parser meets it. */
		if (campaign_parse_duration(eq + 1) < -1 ||
		    campaign_parse_duration(eq + 1) > YEAR)
			abort();
		diag_clear(&d);
		if (campaign_apply(&c, line, eq + 1, &d) < 0) {
			if (d.msg[0] == '\0' || memcmp(&before, &c, sizeof c) != 0)
				abort();
			continue;
		}
		ranges(&c);
	}
	reads_back(&c);
	free(text);
	return 0;
}
