/* libFuzzer target: the lines of an order mail through mailcmd_of and the
 * press readers (press_starts, press_ends, press_header, press_text), as
 * process.c walks them, in a game of three seats (north, south, east).
 *
 * The first byte is the game: bit 0 set turns press off, bit 1 allows
 * anonymous press, bits 2-3 the sender (3 reads as 0), bits 4-6 the seats a
 * bot plays. The rest is the mail's body.
 *
 * Aborts when a refusal says nothing, a command comes back out of range, a
 * press goes to its sender, to a bot or (but ALL) to nobody, or when the relayed text
 * still holds the sender's token (with or without its dashes), a quoted
 * line or a TOKEN line. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "campaign/campaign.h"
#include "lang/catalog.h"
#include "core/diag.h"
#include "ledger/ledger.h"
#include "referee/mailcmd.h"
#include "mail/orderblock.h"
#include "referee/press.h"
#include "ledger/token.h"
#include "core/xmalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct game_row g;

static void
game(unsigned flags, struct campaign *c, int *from)
{
	static const char *const names[3] = { "north", "south", "east" };

	memset(&g, 0, sizeof g);
	snprintf(g.name, sizeof g.name, "bq-1");
	snprintf(g.rules, sizeof g.rules, "buqruru");
	g.nseats = 3;
	for (int i = 0; i < 3; i++) {
		g.seats[i].idx = i;
		snprintf(g.seats[i].name, sizeof g.seats[i].name, "%s", names[i]);
		snprintf(g.seats[i].address, sizeof g.seats[i].address, "%s@example.org",
		    names[i]);
		snprintf(g.seats[i].kind, sizeof g.seats[i].kind, "%s",
		    flags & (0x10u << i) ? "bot" : "human");
	}
	campaign_defaults(c);
	c->press = !(flags & 1);
	c->press_anonymous = (flags & 2) != 0;
	*from = (flags >> 2 & 3) % 3;
}

/* A token as token_new makes them ("xxxx-xxxx-xxxx-xxxx"): only such a
 * token has passed token_check before process.c reads press. */
static int
real_token(const char *t)
{
	static const char alpha[] = "23456789abcdefghijkmnpqrstuvwxyz";

	if (t == NULL || strlen(t) != TOKEN_LEN - 1)
		return 0;
	for (int i = 0; i < TOKEN_LEN - 1; i++)
		if (i % 5 == 4 ? t[i] != '-' : strchr(alpha, t[i]) == NULL)
			return 0;
	return 1;
}

static const char *
find_nocase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);

	for (; *hay != '\0'; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return hay;
	return NULL;
}

static void
check_text(const struct press *pr, const char *token)
{
	char bare[TOKEN_LEN];
	size_t k = 0;
	const char *line;

	if (pr->text == NULL || pr->text[0] == '\0')
		abort();
	if (token != NULL) {
		for (const char *t = token; *t != '\0'; t++)
			if (*t != '-')
				bare[k++] = *t;
		bare[k] = '\0';
		if (find_nocase(pr->text, token) != NULL || find_nocase(pr->text, bare) != NULL)
			abort();
	}
	for (line = pr->text; line != NULL; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		const char *s = line + strspn(line, " \t");

		if (*s == '>')
			abort();
		if (strncasecmp(s, "TOKEN", 5) == 0 && (s[5] == '\0' || s[5] == '\n' ||
		    s[5] == ' ' || s[5] == '\t' || s[5] == ',' ||
		    (s[5] == ':' && strchr(" \t,\n", s[6]) != NULL)))
			abort();
	}
}

static void
check_header(const struct press *pr, int from)
{
	uint32_t humans = 0;

	for (int i = 0; i < g.nseats; i++)
		if (i != from && strcmp(g.seats[i].kind, "bot") != 0)
			humans |= VIS_SEAT(i);
	/* ALL may reach no seat: the observers get it too. */
	if ((pr->to & ~humans) != 0 || (pr->all ? pr->to != humans : pr->to == 0))
		abort();
}

/* press_line of process.c: the header line, the text up to ENDPRESS, the
 * next PRESS TO or the end; *i moves past it. */
static void
press_at(const char *body, const struct orderblock *ob, size_t *i, int from,
    const struct campaign *c)
{
	const struct oline *ln = &ob->lines[*i];
	size_t end = *i + 1;
	struct press pr;
	struct diag d;
	int last;

	while (end < ob->nlines && !press_ends(ob->lines[end].text) &&
	    !press_starts(ob->lines[end].text))
		end++;
	last = end < ob->nlines ? ob->lines[end].lineno - 1 : ob->lines[ob->nlines - 1].lineno;
	*i = end < ob->nlines && press_ends(ob->lines[end].text) ? end : end - 1;
	diag_clear(&d);
	if (press_header(ln->text, &g, from, c, &pr, &d) < 0) {
		if (d.msg[0] == '\0')
			abort();
		press_free(&pr);
		return;
	}
	check_header(&pr, from);
	if (press_text(&pr, body, ln->lineno + 1, last, ob->token, &d) < 0) {
		if (d.msg[0] == '\0' || pr.text != NULL)
			abort();
	} else {
		check_text(&pr, real_token(ob->token) ? ob->token : NULL);
	}
	press_free(&pr);
}

/* mailcmd.h's promise about count, command by command: a word with no
 * argument is the whole line. */
static int
command_read_right(const char *line, enum mailcmd cmd, int count)
{
	int nlang = 0;

	while (catalog_languages[nlang] != NULL)
		nlang++;
	switch (cmd) {
	case MAILCMD_HISTORY:
		return count >= 0 && count <= 100000;
	case MAILCMD_NOTIFY:
		return count >= 0 && count <= 2;
	case MAILCMD_LANGUAGE:
		return count >= 0 && count < nlang;
	case MAILCMD_JSON:
	case MAILCMD_PICTURES:
		return count == 0 || count == 1;
	case MAILCMD_TIMEZONE:
		/* the zone is the line's own word, checked when it is set */
		return count == 0;
	default:
		return count == 0 && strcasecmp(mailcmd_name(cmd), line) == 0;
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct orderblock ob;
	struct campaign c;
	struct diag d;
	char *body;
	int from;

	if (size == 0)
		return 0;
	game(data[0], &c, &from);
	body = xmalloc(size);
	memcpy(body, data + 1, size - 1);
	body[size - 1] = '\0';
	diag_clear(&d);
	if (orderblock_parse(body, &ob, &d) == 0) {
		for (size_t i = 0; i < ob.nlines; i++) {
			const char *t = ob.lines[i].text;
			enum mailcmd cmd = MAILCMD_NONE;
			int count = -1, isc;

			diag_clear(&d);
			isc = mailcmd_of(t, &cmd, &count, &d);
			if (isc < 0 ? d.msg[0] == '\0' : isc > 1 ||
			    (isc == 0) != (cmd == MAILCMD_NONE) ||
			    (isc > 0 && !command_read_right(t, cmd, count)))
				abort();
			if (isc != 0)
				continue;
			if (press_starts(t))
				press_at(body, &ob, &i, from, &c);
		}
	}
	orderblock_free(&ob);
	free(body);
	return 0;
}
