#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/msg.h"
#include "core/xmalloc.h"

/* Deeper nesting than this is a bug in an engine, not a sentence. */
#define MSG_DEPTH 8
#define MSG_ARGS 24

static const struct msg_catalog *cat;
static unsigned long missing;
static char missing_last[160];

/* One conversion of a format: what lies between '%' and its letter. */
struct conv {
	const char *start, *end;   /* the whole spec, '%' to the letter */
	int pos;                   /* n of "%n$", or 0 */
	int star_w, star_p;        /* '*' width / precision */
	char len[3];               /* length modifier */
	char flags[32];            /* flags, width and precision, without n$ */
	char c;                    /* the letter; '%' for "%%" */
};

/* A width or precision; a format may come from a damaged ledger or a
 * translator's slip, and "%999999999s" must not ask for a gigabyte. */
#define MSG_WIDTH 255

static int
digits(const char **q, char *flags, size_t *fl)
{
	long v = 0;

	while (**q >= '0' && **q <= '9') {
		v = v * 10 + (**q - '0');
		if (v > MSG_WIDTH || *fl + 2 >= 32)
			return 0;
		flags[(*fl)++] = *(*q)++;
	}
	return 1;
}

/* Reads the conversion at p (just after '%'); 0 on a bad one. */
static int
conv_read(const char *p, struct conv *cv)
{
	const char *q = p;
	size_t fl = 0;

	memset(cv, 0, sizeof *cv);
	cv->start = p - 1;
	if (*q == '%') {
		cv->c = '%';
		cv->end = q + 1;
		return 1;
	}
	if (*q >= '1' && *q <= '9') {
		const char *r = q;
		int n = 0;

		/* No message has that many arguments; past it, digits are a width. */
		while (*r >= '0' && *r <= '9' && n <= MSG_ARGS)
			n = n * 10 + (*r++ - '0');
		if (*r == '$' && n <= MSG_ARGS) {
			cv->pos = n;
			q = r + 1;
		}
	}
	while ((*q == '-' || *q == '+' || *q == ' ' || *q == '#' || *q == '0' || *q == '\'') &&
	    fl < 10)
		cv->flags[fl++] = *q++;
	if (*q == '*') {
		cv->star_w = 1;
		cv->flags[fl++] = *q++;
	}
	if (!digits(&q, cv->flags, &fl))
		return 0;
	if (*q == '.') {
		cv->flags[fl++] = *q++;
		if (*q == '*') {
			cv->star_p = 1;
			cv->flags[fl++] = *q++;
		}
		if (!digits(&q, cv->flags, &fl))
			return 0;
	}
	for (size_t i = 0; i < 2 && (*q == 'h' || *q == 'l' || *q == 'z' || *q == 'j' ||
	    *q == 't' || *q == 'L'); i++)
		cv->len[i] = *q++;
	switch (*q) {
	case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': case 'c': case 's':
	case 'e': case 'E': case 'f': case 'g': case 'G': case 'a': case 'A':
		break;
	default:
		return 0;
	}
	cv->c = *q;
	cv->end = q + 1;
	return 1;
}

/* Appends one field: its length, ':', its bytes, newlines and tabs made
 * spaces so a narrative line stays one line. One strcspn tells both the
 * length and whether any is there (seldom): it reads many bytes at a time. */
static void
field_str(struct buf *b, const char *s)
{
	size_t plain = strcspn(s, "\n\t"), len = plain;
	char t[DEC_LEN], *d;
	size_t at, dl;

	if (s[plain] != '\0')
		len += strlen(s + plain);
	/* Most fields are shorter than 100 bytes: their length without a
	 * division loop. */
	if (len < 10) {
		t[0] = (char)('0' + len);
		d = t;
		dl = 1;
	} else if (len < 100) {
		t[0] = (char)('0' + len / 10);
		t[1] = (char)('0' + len % 10);
		d = t;
		dl = 2;
	} else {
		d = dec_ull(t, len);
		dl = (size_t)(t + DEC_LEN - 1 - d);
	}
	/* One reserve for the three parts: a message is many short fields. */
	buf_grow(b, dl + 1 + len);
	memcpy(b->p + b->len, d, dl);
	b->p[b->len + dl] = ':';
	at = b->len + dl + 1;
	memcpy(b->p + at, s, len);
	b->len = at + len;
	b->p[b->len] = '\0';
	if (plain == len)
		return;
	for (size_t i = at + plain; i < b->len; i++)
		if (b->p[i] == '\n' || b->p[i] == '\t')
			b->p[i] = ' ';
}

/* A number's field: its digits hold no newline or tab to look for. */
static void
field_ll(struct buf *b, long long v)
{
	char t[DEC_LEN];
	const char *d = dec_ll(t, v);
	size_t len = (size_t)(t + DEC_LEN - 1 - d);

	/* At most 20 digits: the length is one or two. */
	buf_grow(b, len + 3);
	if (len >= 10)
		b->p[b->len++] = (char)('0' + len / 10);
	b->p[b->len++] = (char)('0' + len % 10);
	b->p[b->len++] = ':';
	memcpy(b->p + b->len, d, len);
	b->len += len;
	b->p[b->len] = '\0';
}

static void
field_ull(struct buf *b, unsigned long long v)
{
	char t[DEC_LEN];

	field_str(b, dec_ull(t, v));
}

/* The arguments of fmt, taken from ap in order, one field each. */
#define LEN_IS(a, b) (cv.len[0] == (a) && cv.len[1] == (b))
static void
encode_args(struct buf *b, const char *fmt, va_list ap)
{
	for (const char *p = strchr(fmt, '%'); p != NULL; p = strchr(p, '%')) {
		struct conv cv;

		/* The plain "%s", "%d" and "%c" of most messages, without
		 * reading a whole conversion: what conv_read makes of them. */
		if (p[1] == 's') {
			const char *s = va_arg(ap, const char *);

			field_str(b, s != NULL ? s : "(null)");
			p += 2;
			continue;
		}
		if (p[1] == 'd' || p[1] == 'c') {
			field_ll(b, va_arg(ap, int));
			p += 2;
			continue;
		}
		if (!conv_read(p + 1, &cv))
			break;
		p = cv.end;
		if (cv.c == '%')
			continue;
		if (cv.star_w)
			field_ll(b, va_arg(ap, int));
		if (cv.star_p)
			field_ll(b, va_arg(ap, int));
		switch (cv.c) {
		case 'd': case 'i':
			if (LEN_IS('l', 'l'))
				field_ll(b, va_arg(ap, long long));
			else if (LEN_IS('l', '\0'))
				field_ll(b, va_arg(ap, long));
			else if (LEN_IS('z', '\0') || LEN_IS('t', '\0'))
				field_ll(b, va_arg(ap, ptrdiff_t));
			else if (LEN_IS('j', '\0'))
				field_ll(b, va_arg(ap, intmax_t));
			else
				field_ll(b, va_arg(ap, int));
			break;
		case 'o': case 'u': case 'x': case 'X':
			if (LEN_IS('l', 'l'))
				field_ull(b, va_arg(ap, unsigned long long));
			else if (LEN_IS('l', '\0'))
				field_ull(b, va_arg(ap, unsigned long));
			else if (LEN_IS('z', '\0') || LEN_IS('t', '\0'))
				field_ull(b, va_arg(ap, size_t));
			else if (LEN_IS('j', '\0'))
				field_ull(b, va_arg(ap, uintmax_t));
			else
				field_ull(b, va_arg(ap, unsigned int));
			break;
		case 'c':
			field_ll(b, va_arg(ap, int));
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);

			field_str(b, s != NULL ? s : "(null)");
			break;
		}
		default: {
			char t[64];
			double v = LEN_IS('L', '\0') ?
			    (double)va_arg(ap, long double) : va_arg(ap, double);

			snprintf(t, sizeof t, "%.17g", v);
			field_str(b, t);
			break;
		}
		}
	}
}
#undef LEN_IS

/* The buffer a message is encoded in: engines word several a step, and a
 * buffer grown anew for each cost more than the encoding. A message encoded
 * while one is (none is today) gets its own. */
static _Thread_local struct buf scratch;
static _Thread_local int scratch_busy;

static struct buf *
start(struct buf *own, char kind)
{
	struct buf *b = own;

	if (!scratch_busy) {
		scratch_busy = 1;
		b = &scratch;
		buf_reset(b);
	}
	buf_add(b, (const char[]){ MSG_MARK, kind }, 2);
	return b;
}

static int
finish(struct buf *b, char *out, size_t n)
{
	int rc = 0;

	if (b->len < n) {
		memcpy(out, b->p, b->len);
		out[b->len] = '\0';
	} else {
		/* Too long to keep as a message: keep what it says in English, cut. */
		buf_adds(b, "");
		msg_english(b->p, out, n);
		rc = -1;
	}
	if (b == &scratch)
		scratch_busy = 0;
	else
		buf_free(b);
	return rc;
}

int
msg_vfmt(char *out, size_t n, const char *fmt, va_list ap)
{
	struct buf own = BUF_INIT, *b = start(&own, 's');

	field_str(b, fmt);
	encode_args(b, fmt, ap);
	return finish(b, out, n);
}

int
msg_fmt(char *out, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = msg_vfmt(out, n, fmt, ap);
	va_end(ap);
	return r;
}

int
msg_nfmt(char *out, size_t n, unsigned long count, const char *singular,
    const char *plural, ...)
{
	struct buf own = BUF_INIT, *b = start(&own, 'p');
	va_list ap;

	field_str(b, singular);
	field_str(b, plural);
	field_ull(b, count);
	va_start(ap, plural);
	encode_args(b, plural, ap);
	va_end(ap);
	return finish(b, out, n);
}

void
msg_term(char *out, size_t n, const char *key)
{
	/* As snprintf's "%c%s" would, without it: a view names hundreds. */
	size_t l = strlen(key);

	if (n == 0)
		return;
	if (n == 1) {
		out[0] = '\0';
		return;
	}
	out[0] = TERM_MARK;
	if (l > n - 2)
		l = n - 2;
	memcpy(out + 1, key, l);
	out[l + 1] = '\0';
}

/* A decoded message: its formats and argument fields, pointing into s. */
struct decoded {
	char kind;
	const char *f[2];
	size_t flen[2];
	unsigned long count;
	int nargs;
	const char *a[MSG_ARGS];
	size_t alen[MSG_ARGS];
};

static const char *
read_field(const char *p, const char *end, const char **s, size_t *len)
{
	size_t l = 0;

	if (p >= end || *p < '0' || *p > '9')
		return NULL;
	while (p < end && *p >= '0' && *p <= '9')
		l = l * 10 + (size_t)(*p++ - '0');
	if (p >= end || *p != ':' || (size_t)(end - p - 1) < l)
		return NULL;
	*s = p + 1;
	*len = l;
	return p + 1 + l;
}

static int
decode(const char *s, size_t len, struct decoded *m)
{
	const char *p = s + 2, *end = s + len, *c;
	size_t clen;

	if (len < 2 || s[0] != MSG_MARK || (s[1] != 's' && s[1] != 'p'))
		return -1;
	m->kind = s[1];
	m->nargs = 0;
	if ((p = read_field(p, end, &m->f[0], &m->flen[0])) == NULL)
		return -1;
	if (m->kind == 'p') {
		if ((p = read_field(p, end, &m->f[1], &m->flen[1])) == NULL ||
		    (p = read_field(p, end, &c, &clen)) == NULL)
			return -1;
		char t[32];
		size_t tl = strnlen(c, clen < 31 ? clen : 31);

		/* As "%.*s" would, without printf. */
		memcpy(t, c, tl);
		t[tl] = '\0';
		m->count = strtoul(t, NULL, 10);
	}
	while (p < end && m->nargs < MSG_ARGS) {
		p = read_field(p, end, &m->a[m->nargs], &m->alen[m->nargs]);
		if (p == NULL)
			return -1;
		m->nargs++;
	}
	return 0;
}

static int
clamp(int v)
{
	return v > MSG_WIDTH ? MSG_WIDTH : v < -MSG_WIDTH ? -MSG_WIDTH : v;
}

/* Argument i as a string of its own (fields are not terminated). */
static const char *
arg(const struct decoded *m, int i, char *t, size_t n)
{
	/* As "%.*s" would: up to a NUL, cut to fit. */
	size_t l = strnlen(m->a[i], m->alen[i]);

	if (l > n - 1)
		l = n - 1;
	memcpy(t, m->a[i], l);
	t[l] = '\0';
	return t;
}

static void render_n(const char *lang, const char *s, size_t len, struct buf *out, int depth);

static void
note_missing(const char *what, size_t len)
{
	missing++;
	snprintf(missing_last, sizeof missing_last, "%.*s",
	    (int)(len < sizeof missing_last - 1 ? len : sizeof missing_last - 1), what);
}

static int
ascii(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* "%-12.12s" of a UTF-8 string: width and precision count characters, not
 * bytes, so a board's columns stay aligned in every language. */
static void
put_utf8(struct buf *out, const char *s, const char *flags)
{
	const char *f = flags, *end;
	int left = 0, width = 0, prec = -1, n = 0;

	for (; *f == '-' || *f == '+' || *f == ' ' || *f == '#' || *f == '0'; f++)
		left |= *f == '-';
	while (*f >= '0' && *f <= '9')
		width = width * 10 + (*f++ - '0');
	if (*f == '.') {
		prec = 0;
		for (f++; *f >= '0' && *f <= '9'; f++)
			prec = prec * 10 + (*f - '0');
	}
	/* Whole characters only, up to the precision. */
	for (end = s; *end != '\0'; ) {
		const char *next = end + 1;

		while ((*next & 0xc0) == 0x80)
			next++;
		if (prec >= 0 && n == prec)
			break;
		end = next;
		n++;
	}
	if (!left)
		for (int k = n; k < width; k++)
			buf_adds(out, " ");
	buf_add(out, s, (size_t)(end - s));
	if (left)
		for (int k = n; k < width; k++)
			buf_adds(out, " ");
}

/* Whether a string's flags are at most '-', a width and a precision. */
static int
plain_flags(const char *f)
{
	for (; *f != '\0' && *f != '.' && (*f < '1' || *f > '9'); f++)
		if (*f != '-')
			return 0;
	return 1;
}

/* Writes format f with the decoded arguments, as printf would. */
static void
apply(const char *lang, const char *f, const struct decoded *m, struct buf *out, int depth)
{
	int next = 0;

	while (*f != '\0') {
		const char *pct = strchr(f, '%');
		struct conv cv;
		char spec[40], t[512], a[64];
		int i, w = 0, pr = 0;

		if (pct == NULL) {
			buf_adds(out, f);
			return;
		}
		buf_add(out, f, (size_t)(pct - f));
		if (!conv_read(pct + 1, &cv)) {
			buf_adds(out, pct);
			return;
		}
		f = cv.end;
		if (cv.c == '%') {
			buf_adds(out, "%");
			continue;
		}
		i = cv.pos > 0 ? cv.pos - 1 : next;
		/* A '*' takes an argument of its own before the value. */
		if (cv.star_w && i < m->nargs)
			w = clamp(atoi(arg(m, i++, a, sizeof a)));
		if (cv.star_p && i < m->nargs)
			pr = clamp(atoi(arg(m, i++, a, sizeof a)));
		next = i + 1;
		if (i >= m->nargs)
			continue;
		/* The common plain "%s" and "%d" go without building a format. */
		if (cv.flags[0] == '\0' && cv.c == 's') {
			size_t at = out->len;
			const char *nul;

			/* Straight into out; as "%s" would, up to a NUL. */
			render_n(lang, m->a[i], m->alen[i], out, depth + 1);
			if (out->len > at && (nul = memchr(out->p + at, '\0', out->len - at)) != NULL) {
				out->len = (size_t)(nul - out->p);
				out->p[out->len] = '\0';
			}
			continue;
		}
		if (cv.flags[0] == '\0' && (cv.c == 'd' || cv.c == 'i')) {
			/* printf's "%lld" without printf: a board is hundreds. */
			buf_adds(out, dec_ll(t, strtoll(arg(m, i, a, sizeof a), NULL, 10)));
			continue;
		}
		/* A board's numbers ("%2d", "%-3d"): printf's digits, padded. */
		if ((cv.c == 'd' || cv.c == 'i') && !cv.star_w && !cv.star_p &&
		    plain_flags(cv.flags) && strchr(cv.flags, '.') == NULL) {
			const char *d = dec_ll(t, strtoll(arg(m, i, a, sizeof a), NULL, 10));
			int left = cv.flags[0] == '-', width = 0, n = (int)strlen(d);

			for (const char *q = cv.flags; *q != '\0'; q++)
				if (*q >= '0' && *q <= '9')
					width = width * 10 + (*q - '0');
			if (!left)
				for (int k = n; k < width; k++)
					buf_addc(out, ' ');
			buf_add(out, d, (size_t)n);
			if (left)
				for (int k = n; k < width; k++)
					buf_addc(out, ' ');
			continue;
		}
		snprintf(spec, sizeof spec, "%%%s%s%c", cv.flags,
		    strchr("diouxX", cv.c) != NULL ? "ll" : "", cv.c);
		switch (cv.c) {
		case 'd': case 'i':
			if (cv.star_w && cv.star_p)
				snprintf(t, sizeof t, spec, w, pr, strtoll(arg(m, i, a, sizeof a), NULL, 10));
			else if (cv.star_w || cv.star_p)
				snprintf(t, sizeof t, spec, cv.star_w ? w : pr, strtoll(arg(m, i, a, sizeof a), NULL, 10));
			else
				snprintf(t, sizeof t, spec, strtoll(arg(m, i, a, sizeof a), NULL, 10));
			buf_adds(out, t);
			break;
		case 'o': case 'u': case 'x': case 'X':
			snprintf(t, sizeof t, spec, strtoull(arg(m, i, a, sizeof a), NULL, 10));
			buf_adds(out, t);
			break;
		case 'c':
			if (cv.star_w)
				snprintf(t, sizeof t, spec, w, (int)strtol(arg(m, i, a, sizeof a), NULL, 10));
			else
				snprintf(t, sizeof t, spec, (int)strtol(arg(m, i, a, sizeof a), NULL, 10));
			buf_adds(out, t);
			break;
		case 's': {
			struct buf v = BUF_INIT;

			render_n(lang, m->a[i], m->alen[i], &v, depth + 1);
			buf_adds(&v, "");
			/* A board's columns ("%-10s"): for ASCII put_utf8 writes
			 * what printf would, where no flag but '-' is given
			 * ('0' and '\'' are printf's own for a string). */
			if (!cv.star_w && !cv.star_p && (!ascii(v.p) || plain_flags(cv.flags)))
				put_utf8(out, v.p, cv.flags);
			else if (cv.star_w && cv.star_p)
				buf_printf(out, spec, w, pr, v.p);
			else if (cv.star_w || cv.star_p)
				buf_printf(out, spec, cv.star_w ? w : pr, v.p);
			else
				buf_printf(out, spec, v.p);
			buf_free(&v);
			break;
		}
		default:
			snprintf(t, sizeof t, spec, strtod(arg(m, i, a, sizeof a), NULL));
			buf_adds(out, t);
			break;
		}
	}
}

static void
render_msg(const char *lang, const char *s, size_t len, struct buf *out, int depth)
{
	struct decoded m;
	char *id, *plural = NULL;
	const char *f;

	if (decode(s, len, &m) < 0) {
		buf_adds(out, "?");
		return;
	}
	id = xstrndup(m.f[0], m.flen[0]);
	if (m.kind == 'p') {
		plural = xstrndup(m.f[1], m.flen[1]);
		f = cat != NULL ? cat->nget(lang, id, plural, m.count) : NULL;
	} else {
		f = cat != NULL ? cat->get(lang, NULL, id) : NULL;
	}
	if (f == NULL) {
		if (cat != NULL && cat->wants(lang))
			note_missing(id, strlen(id));
		f = m.kind == 'p' && m.count != 1 ? plural : id;
	}
	apply(lang, f, &m, out, depth);
	free(id);
	free(plural);
}

static void
render_term(const char *lang, const char *s, size_t len, struct buf *out)
{
	char *key = xstrndup(s + 1, len - 1);
	const char *t = cat != NULL ? cat->get(lang, "term", key) : NULL;

	if (t == NULL && cat != NULL) {
		note_missing(key, strlen(key));
		t = cat->get("en", "term", key);
	}
	if (t == NULL)
		t = key;
	buf_adds(out, t);
	free(key);
}

/* The word lang shows for the order word (or phrase) w of game: the first
 * alternative of its msgstr, or NULL when the catalogs have none. */
static const char *
order_word(const char *lang, const char *game, const char *w, size_t *shown)
{
	char ctx[64];
	const char *t = NULL;

	if (cat == NULL)
		return NULL;
	if (game[0] != '\0') {
		snprintf(ctx, sizeof ctx, "order.%s", game);
		t = cat->get(lang, ctx, w);
	}
	if (t == NULL)
		t = cat->get(lang, "order.common", w);
	if (t == NULL || t[0] == '\0')
		return NULL;
	*shown = strcspn(t, "|");
	return t;
}

#define ORDER_PHRASE 3   /* the longest order word, in words ("FATA MORGANA") */

/* s: ORDER_MARK, the game, ':', the English order. Each word or phrase the
 * catalogs name, longest first, becomes the reader's word; the rest (numbers,
 * cards, "n") stays. English keeps the line as it is: its words are the
 * keywords. Words split at spaces and commas, as players' orders do
 * ("PLACE, PREFER or TAKE"). */
static void
render_order(const char *lang, const char *s, size_t len, struct buf *out)
{
	const char *colon = memchr(s, ':', len), *p, *end = s + len;
	char game[32];

	if (colon == NULL || (size_t)(colon - s - 1) >= sizeof game) {
		buf_add(out, s + 1, len - 1);
		return;
	}
	snprintf(game, sizeof game, "%.*s", (int)(colon - s - 1), s + 1);
	p = colon + 1;
	if (strcmp(lang, "en") == 0) {
		buf_add(out, p, (size_t)(end - p));
		return;
	}
	while (p < end) {
		const char *ws[ORDER_PHRASE + 1], *q = p, *t = NULL;
		size_t shown = 0;
		int nw = 0, k;

		while (q < end && (*q == ' ' || *q == ','))
			q++;
		buf_add(out, p, (size_t)(q - p));
		if (q == end)
			break;
		/* A count before a word ("1VP"): the word is the reader's. */
		for (p = q; p < end && *p >= '0' && *p <= '9'; p++)
			;
		if (p > q && p < end && ((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z'))) {
			buf_add(out, q, (size_t)(p - q));
			continue;
		}
		p = q;
		/* The ends of the next words, for phrases of 1 to ORDER_PHRASE. */
		for (const char *r = q; nw < ORDER_PHRASE && r < end; ) {
			while (r < end && *r != ' ' && *r != ',')
				r++;
			ws[nw++] = r;
			while (r < end && (*r == ' ' || *r == ','))
				r++;
		}
		for (k = nw; k > 0 && t == NULL; k--) {
			char *w = xstrndup(q, (size_t)(ws[k - 1] - q));

			t = order_word(lang, game, w, &shown);
			free(w);
			if (t != NULL)
				break;
		}
		if (t != NULL) {
			buf_add(out, t, shown);
			p = ws[k - 1];
		} else {
			buf_add(out, q, (size_t)(ws[0] - q));
			p = ws[0];
		}
	}
}

static void
render_n(const char *lang, const char *s, size_t len, struct buf *out, int depth)
{
	if (depth > MSG_DEPTH) {
		buf_adds(out, "?");
		return;
	}
	if (len > 0 && s[0] == MSG_MARK)
		render_msg(lang, s, len, out, depth);
	else if (len > 0 && s[0] == TERM_MARK)
		render_term(lang, s, len, out);
	else if (len > 0 && s[0] == ORDER_MARK)
		render_order(lang, s, len, out);
	else
		buf_add(out, s, len);
}

/* What messages rendered to, by language and message: a report says the
 * same sentences to every seat, in its text part and again in its HTML
 * part, and much of it again at the game's next step; rendering them anew
 * each time cost a fifth of a mail's ingest. A render that met a missing
 * translation is not kept, so each one is still counted. Bounded: when full
 * it starts over. */
#define CACHE_SLOTS 8192            /* a power of two */
#define CACHE_BYTES (2u << 20)

struct cached {
	uint64_t h;
	char *key;                  /* lang, NUL, the message */
	size_t keylen, textlen;     /* the text follows the key */
};

static _Thread_local struct {
	struct cached *v;
	size_t n, bytes;
} cache;

/* Counts the caches' lives (msg_said): a slot keeps what it was given until
 * its cache is cleared. One count for every thread's cache, so that a memo
 * is never taken for another life of a slot. */
static unsigned long cache_gen = 1;

static void
cache_clear(void)
{
	for (size_t i = 0; cache.v != NULL && i < CACHE_SLOTS; i++) {
		free(cache.v[i].key);
		cache.v[i].key = NULL;
	}
	cache.n = 0;
	cache.bytes = 0;
	cache_gen++;
}

/* Eight bytes at a time: messages are a few hundred bytes, and a byte at a
 * time cost more than the rest of a kept render. */
static uint64_t
mix(uint64_t h, const char *s, size_t len)
{
	uint64_t w;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdULL;
		h ^= h >> 29;
	}
	for (; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return h;
}

static uint64_t
cache_hash(const char *lang, size_t ll, const char *s, size_t len)
{
	return mix(mix(0xcbf29ce484222325ULL ^ len, lang, ll) ^ 0xff, s, len);
}

/* The slot of (lang, s): the one holding it, or the empty one it would go to. */
static struct cached *
cache_slot(uint64_t h, const char *lang, size_t ll, const char *s, size_t len)
{
	size_t i = (size_t)h & (CACHE_SLOTS - 1);

	if (cache.v == NULL)
		cache.v = xcalloc(CACHE_SLOTS, sizeof *cache.v);
	for (;; i = (i + 1) & (CACHE_SLOTS - 1)) {
		struct cached *c = &cache.v[i];

		if (c->key == NULL || (c->h == h && c->keylen == ll + 1 + len &&
		    memcmp(c->key, lang, ll + 1) == 0 && memcmp(c->key + ll + 1, s, len) == 0))
			return c;
	}
}

/* msg_render; the slot that keeps the text, or NULL when it is not kept. */
static struct cached *
render_kept(const char *lang, const char *s, struct buf *out)
{
	size_t len = strlen(s), ll, at = out->len;
	unsigned long before = missing;
	struct cached *c;
	uint64_t h;

	/* Plain text renders as itself, cheaper than looking it up. */
	if (len == 0 || (s[0] != MSG_MARK && s[0] != TERM_MARK && s[0] != ORDER_MARK)) {
		render_n(lang, s, len, out, 0);
		return NULL;
	}
	ll = strlen(lang);
	h = cache_hash(lang, ll, s, len);
	c = cache_slot(h, lang, ll, s, len);
	if (c->key != NULL) {
		buf_add(out, c->key + c->keylen, c->textlen);
		return c;
	}
	render_n(lang, s, len, out, 0);
	if (missing != before)
		return NULL;
	if (cache.n + 1 > CACHE_SLOTS / 2 || cache.bytes > CACHE_BYTES) {
		cache_clear();
		c = cache_slot(h, lang, ll, s, len);
	}
	c->h = h;
	c->keylen = ll + 1 + len;
	c->textlen = out->len - at;
	c->key = xmalloc(c->keylen + c->textlen);
	memcpy(c->key, lang, ll + 1);
	memcpy(c->key + ll + 1, s, len);
	/* A message may render to nothing, and out may hold nothing yet. */
	if (c->textlen > 0)
		memcpy(c->key + c->keylen, out->p + at, c->textlen);
	cache.n++;
	cache.bytes += c->keylen + c->textlen;
	return c;
}

void
msg_render(const char *lang, const char *s, struct buf *out)
{
	render_kept(lang != NULL ? lang : "en", s, out);
}

void
msg_render_said(const char *lang, const char *s, struct msg_said *m, struct buf *out)
{
	const struct cached *c = m->at;

	if (lang == NULL)
		lang = "en";
	/* The slot is this thread's, of this life of its cache, and kept
	 * s in lang: the key starts with the language. */
	if (m->gen == cache_gen && cache.v != NULL && (uintptr_t)c >= (uintptr_t)cache.v &&
	    (uintptr_t)c < (uintptr_t)(cache.v + CACHE_SLOTS) && c->key != NULL &&
	    strcmp(c->key, lang) == 0) {
		buf_add(out, c->key + c->keylen, c->textlen);
		return;
	}
	m->at = c = render_kept(lang, s, out);
	m->gen = c != NULL ? cache_gen : 0;
}

char *
msg_text(const char *lang, const char *s)
{
	struct buf b = BUF_INIT;

	msg_render(lang, s, &b);
	buf_adds(&b, "");
	return buf_steal(&b);
}

void
msg_english(const char *s, char *out, size_t n)
{
	struct buf b = BUF_INIT;

	msg_render("en", s, &b);
	buf_adds(&b, "");
	snprintf(out, n, "%s", b.p);
	buf_free(&b);
}

int
msg_is_encoded(const char *s)
{
	return strchr(s, MSG_MARK) != NULL || strchr(s, TERM_MARK) != NULL ||
	    strchr(s, ORDER_MARK) != NULL;
}

int
msg_arg(const char *s, const char *fmt, int i, char *out, size_t n)
{
	struct decoded m;
	size_t fl = strlen(fmt);

	if (n == 0 || decode(s, strlen(s), &m) < 0 || m.kind != 's' || m.flen[0] != fl ||
	    memcmp(m.f[0], fmt, fl) != 0 || i < 0 || i >= m.nargs)
		return -1;
	arg(&m, i, out, n);
	return 0;
}

void
msg_order(char *out, size_t n, const char *game, const char *line)
{
	snprintf(out, n, "%c%s:%s", ORDER_MARK, game, line);
}

void
msg_use_catalog(const struct msg_catalog *c)
{
	cat = c;
	/* What was rendered came from the catalogs before. */
	cache_clear();
}

unsigned long
msg_missing(void)
{
	return missing;
}

const char *
msg_missing_last(void)
{
	return missing_last;
}
