/* Counts: every number a message shows beside a noun goes through the
 * catalogs' plural forms, and each language picks the right one.
 *
 * Two checks over every catalog, so a new message is covered without a
 * test naming it: a message with a count followed by a word that is not a
 * small function word (a noun: "%d cards", "%d water", "%d %s" with a term)
 * must be a plural entry (msgid_plural); and every plural entry, rendered
 * through msg.c at 0, 1, 2 and 5 in each language, reads as the form the
 * language's rule chooses (en, de, es: n != 1; fr: n > 1), and its English
 * singular and plural differ. A third check reads the templates: a value
 * set beside one of the plural nouns the catalogs know ("{{missed}}
 * deadlines") is a count the catalogs never see, so a template says it
 * through a plural message instead. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ctype.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/buf.h"
#include "core/msg.h"
#include "lang/catalog.h"
#include "lang/mo.h"
#include "testutil.h"

static const char *const domains[] = { "common", "targi", "targui", "buqruru" };
static const char *const langs[] = { "de", "es", "fr" };

/* Words that may follow a number without being what it counts: verbs,
 * prepositions, conjunctions, and nouns a number names rather than counts
 * ("tribe card %d", "Round %d begins"). */
static const char *const not_counted[] = {
	"is", "are", "was", "of", "from", "on", "in", "at", "by", "for", "to",
	"or", "and", "now", "instead", "already", "without", "together", "you",
	"gives", "begins", "goes", "does", "asks", "has", "holds", "needs", "lets",
	"gets", "ends", "converts", "turns", "lost", "unused", "empty", "display",
	"Targi", "with", "than", "before", "after", "still", "left", "more", "less",
	"were",
	/* Mass nouns: no plural in English (the translations' forms are
	 * checked against the plurals the catalogs know, below). */
	"water", "gold", "silver",
	NULL,
};

/* Messages whose count is never 1 (nor 0 in French) by the rules: the
 * callers say another sentence for 1, or the number is a bound above 1.
 * Each names where that is so. */
static const char *const never_one[] = {
	/* summary.c says "buy 1 camel at %s" when 1 */
	"buy 1 to %d camels at %s",
	/* sow.c says "sows the only counter" when 1 */
	"%s sows the %d counters of hole %c %s; the last falls in %c, which now holds %d.",
	"%s sows the %d counters of hole %c %s (the only way allowed); the last falls in %c, which now holds %d.",
	/* a hand over 10 goods */
	"You hold %d goods: put back %d (%s).",
	"holding %d goods: putting back %d.",
	"You hold %d goods and must put back exactly %d of them (dates, salt or pepper).",
	/* the constants BQ_MAX_GROUP, BQ_MAX_SIZES, BQ_QUIET (buqruru.h) */
	"\"%.60s\": a group cannot hold more than the %d counters of the game; try \"%s\"",
	"\"%.60s\": give at most %d group sizes, one per lap; the last one holds for the laps after it",
	"give at most %d group sizes",
	"%d sowings in a row have captured nothing",
	/* sow.c says "you lift only 1 counter" when 1 */
	"\"%s\": you lift only %d counters from hole %c, so a group holds at most %d; try \"%s %d\"",
	/* round.c: ngone >= 2 */
	"%s erased %d holes at once and owes %s one donkey.",
	/* rollback.c says "undid step %lld" and "has 1 step" when 1 */
	"The game master undid %d steps, %lld to %lld.",
	"The game master undid %d steps, %lld to %lld: %s",
	"game %s has %d steps that can be undone, not %d",
	/* the constants TU_QUEUE, ORDERBLOCK_MAX_ORDERS */
	"You have %d orders queued already; send %s to start again.",
	"a mail may carry at most %d order lines; send the rest in another mail",
	/* sizes above a limit of many bytes */
	"the line is %zu bytes long; a line may have at most %d",
	"your mail is too large: %llu bytes, where the referee reads at most %llu; send your orders as plain text",
	/* state checks of a broken ledger: a negative count, and two counts
	 * of which either may be the one too many */
	"%s holds %d %s.",
	"%s has %d Targi and %d markers out, more than allowed.",
	/* seats are 2 or more */
	"option tribes: name one tribe for each of the %d seats.",
	/* a card's, place's or dune's number, not a count */
	" %d %s %dVP",
	"%2d %s",
	"%d %s, %d VP, cost %s",
	"%d %s",
	"Sand dune %d turns up: %s.",
	/* an order word ("one CONFIRM per mail"), not a noun */
	"one %s per mail: send the next one in another mail",
	/* a date, not a count: "Thu 03 Dec 2026 07:00 UTC", "Tue 01 Dec ..." */
	"%s %02d %s %d %02d:%02d %s",
	"%s 01 %s %d %02d:%02d %s",
	NULL,
};

static int
is_never_one(const char *id)
{
	for (const char *const *s = never_one; *s != NULL; s++)
		if (strcmp(*s, id) == 0)
			return 1;
	return 0;
}

static int
counted_word(const char *w, size_t len)
{
	int caps = 1;

	for (size_t i = 0; i < len; i++)
		if (!isupper((unsigned char)w[i]))
			caps = 0;
	/* An abbreviation (VP, D, S, P) reads the same with any number. */
	if (caps)
		return 0;
	for (const char *const *s = not_counted; *s != NULL; s++)
		if (strlen(*s) == len && strncmp(*s, w, len) == 0)
			return 0;
	return 1;
}

/* Reads one printf conversion at p (just after '%'): its letter into *c,
 * whether it has a position, and returns what follows it. */
static const char *
conversion(const char *p, char *c)
{
	p += strspn(p, "0123456789$");
	p += strspn(p, "-+ #0");
	p += strspn(p, "0123456789*");
	if (*p == '.')
		p += 1 + strspn(p + 1, "0123456789*");
	p += strspn(p, "hlzjt");
	*c = *p;
	return *p != '\0' ? p + 1 : p;
}

/* The first count followed by a counted word in fmt, or NULL. A literal
 * "1 %s" or "one %s" counts too: the argument (a term such as "dates")
 * has one form, so the message cannot choose it ("paie 1 dattes"). */
static const char *
count_beside_noun(const char *fmt)
{
	for (const char *p = fmt; (p = strstr(p, " %s")) != NULL; p++) {
		if ((p - fmt >= 1 && p[-1] == '1' && (p - fmt == 1 ||
		    !isdigit((unsigned char)p[-2]))) ||
		    (p - fmt >= 3 && strncmp(p - 3, "one", 3) == 0 &&
		    (p - fmt == 3 || !isalpha((unsigned char)p[-4]))))
			return p;
	}
	for (const char *p = strchr(fmt, '%'); p != NULL; p = strchr(p, '%')) {
		const char *at = p;
		const char *w;
		char c;

		p = conversion(p + 1, &c);
		if (c != 'd' && c != 'u' && c != 'i')
			continue;
		if (*p != ' ')
			continue;
		w = p + strspn(p, " ");
		if (w[0] == '%' && w[1] == 's')
			return at;
		size_t len = strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
		if (len > 0 && counted_word(w, len))
			return at;
	}
	return NULL;
}

static int
word_byte(unsigned char c)
{
	return isalpha(c) || c >= 0x80 || c == '\'';
}

/* The word after a count conversion at p (just after the conversion), as
 * a new string, or NULL. */
static char *
word_after(const char *p)
{
	const char *w;
	size_t len;

	if (*p != ' ')
		return NULL;
	w = p + strspn(p, " ");
	for (len = 0; word_byte((unsigned char)w[len]); len++)
		;
	return len > 0 ? g_strndup(w, len) : NULL;
}

static int
has_word(const char *s, const char *w)
{
	size_t len = strlen(w);

	for (const char *q = s; (q = strstr(q, w)) != NULL; q++)
		if ((q == s || !word_byte((unsigned char)q[-1])) &&
		    !word_byte((unsigned char)q[len]))
			return 1;
	return 0;
}

/* Adds to set each word that follows a count in the plural form many and
 * that the singular form one lacks: "Karten" of "%d Karten" / "%d Karte". */
static void
learn(GHashTable *set, const char *many, const char *one)
{
	for (const char *p = strchr(many, '%'); p != NULL; p = strchr(p, '%')) {
		char c, *w;

		p = conversion(p + 1, &c);
		if (c != 'd' && c != 'u' && c != 'i')
			continue;
		if ((w = word_after(p)) == NULL)
			continue;
		if (!has_word(one, w))
			g_hash_table_add(set, w);
		else
			g_free(w);
	}
}

/* Whether the word after p is in set. */
static int
plural_after(const char *p, GHashTable *set)
{
	char *w = word_after(p);
	int hit = w != NULL && g_hash_table_contains(set, w);

	g_free(w);
	return hit;
}

/* A count in s followed by a word of set (a plural form some plural entry
 * uses), or NULL. */
static const char *
count_beside_plural(const char *s, GHashTable *set)
{
	for (const char *p = strchr(s, '%'); p != NULL; p = strchr(p, '%')) {
		const char *at = p;
		char c;

		p = conversion(p + 1, &c);
		if ((c == 'd' || c == 'u' || c == 'i') && plural_after(p, set))
			return at;
	}
	return NULL;
}

/* Every language's plural nouns, as its catalogs' plural entries write
 * them: the words of a plural form its singular form lacks ("Karten",
 * "pièces", "camels"). Index 0 is English (the ids). */
static GHashTable *plurals[4];

/* Calls fn with every entry of every domain's de, es and fr catalog, the
 * domain and the language's index in langs. */
static void
each_entry(void (*fn)(const struct mo_msg *, size_t d, size_t l, void *), void *arg)
{
	char path[256];

	for (size_t d = 0; d < G_N_ELEMENTS(domains); d++) {
		for (size_t l = 0; l < G_N_ELEMENTS(langs); l++) {
			struct mo m;
			struct diag dg;

			snprintf(path, sizeof path, "po/%s/%s.mo", domains[d], langs[l]);
			if (mo_open(&m, path, &dg) < 0)
				fail_msg("%s", dg.msg);
			for (uint32_t i = 0; i < m.n; i++) {
				struct mo_msg e;

				mo_get(&m, i, &e);
				fn(&e, d, l, arg);
			}
			mo_close(&m);
		}
	}
}

static void
learn_entry(const struct mo_msg *e, size_t d, size_t l, void *arg)
{
	(void)d;
	(void)arg;
	if (!e->plural || e->forms != 2)
		return;
	learn(plurals[l + 1], mo_form(e, 1), mo_form(e, 0));
	learn(plurals[0], e->id + strlen(e->id) + 1, e->id);
}

static void
learn_plurals(void)
{
	for (size_t l = 0; l < 4; l++)
		plurals[l] = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	each_entry(learn_entry, NULL);
}

static void
check_entry(const struct mo_msg *e, size_t d, size_t l, void *arg)
{
	int *bad = arg;

	if (e->plural || e->id[0] == '\0' || strchr(e->id, '\004') != NULL ||
	    is_never_one(e->id))
		return;
	if (l == 0 && (count_beside_noun(e->id) != NULL ||
	    count_beside_plural(e->id, plurals[0]) != NULL)) {
		fprintf(stderr, "%s: a count beside a noun without msgid_plural: \"%s\"\n",
		    domains[d], e->id);
		(*bad)++;
	}
	if (count_beside_plural(e->str, plurals[l + 1]) != NULL) {
		fprintf(stderr, "%s/%s: a count beside a plural noun in one form: \"%s\"\n",
		    domains[d], langs[l], e->str);
		(*bad)++;
	}
}

static void
test_a_count_beside_a_noun_is_plural(void **state)
{
	int bad = 0;

	(void)state;
	learn_plurals();
	each_entry(check_entry, &bad);
	for (size_t l = 0; l < 4; l++)
		g_hash_table_destroy(plurals[l]);
	assert_int_equal(bad, 0);
}

/* The first "{{name}} word" of text where word is in set, or NULL: a
 * number shown raw beside a plural noun. */
static const char *
value_beside_plural(const char *text, GHashTable *set)
{
	for (const char *p = strstr(text, "{{"); p != NULL; p = strstr(p + 2, "{{")) {
		const char *q = p + 2, *e;

		if (*q == '{')
			q++;
		/* Sections, partials, comments; and kw.*, the order words
		 * ("{{kw.REFILL}} casillas" is a keyword, not a count). */
		if (strchr("#^/>!&=", *q) != NULL || strncmp(q, "kw.", 3) == 0)
			continue;
		if ((e = strstr(q, "}}")) == NULL)
			break;
		e += 2;
		if (*e == '}')
			e++;
		if (plural_after(e, set))
			return p;
	}
	return NULL;
}

static void
test_a_template_says_no_raw_count_beside_a_noun(void **state)
{
	/* plurals[0] is English's, then langs'. */
	static const char *const all[] = { "en", "de", "es", "fr" };
	const char *src = getenv("srcdir");
	int bad = 0, read = 0;

	(void)state;
	learn_plurals();
	for (size_t d = 0; d < G_N_ELEMENTS(domains); d++)
		for (size_t l = 0; l < G_N_ELEMENTS(all); l++) {
			char *dir = g_strdup_printf("%s/templates/%s/%s", src != NULL ? src : ".",
			    domains[d], all[l]);
			GDir *gd = g_dir_open(dir, 0, NULL);
			const char *name;

			while (gd != NULL && (name = g_dir_read_name(gd)) != NULL) {
				char *path = g_build_filename(dir, name, NULL), *text = NULL;
				const char *at;

				if (g_str_has_suffix(name, ".mustache") &&
				    g_file_get_contents(path, &text, NULL, NULL)) {
					read++;
					if ((at = value_beside_plural(text, plurals[l])) != NULL) {
						fprintf(stderr, "%s: a value beside a plural noun: "
						    "\"%.40s\"\n", path, at);
						bad++;
					}
				}
				g_free(text);
				g_free(path);
			}
			if (gd != NULL)
				g_dir_close(gd);
			g_free(dir);
		}
	for (size_t l = 0; l < 4; l++)
		g_hash_table_destroy(plurals[l]);
	assert_true(read > 0);
	assert_int_equal(bad, 0);
}

/* The message fmt/plural at count n, every number n, every string "x",
 * every character 'A', as msg_nfmt encodes it (core/msg.h). */
static void
encode(struct buf *b, char kind, const char *fmt, const char *plural,
    unsigned long n)
{
	char num[32];

	buf_reset(b);
	buf_addc(b, MSG_MARK);
	buf_addc(b, kind);
	buf_printf(b, "%zu:%s", strlen(fmt), fmt);
	if (kind == 'p') {
		buf_printf(b, "%zu:%s", strlen(plural), plural);
		snprintf(num, sizeof num, "%lu", n);
		buf_printf(b, "%zu:%s", strlen(num), num);
	}
	for (const char *p = strchr(plural, '%'); p != NULL; p = strchr(p, '%')) {
		char c;

		p = conversion(p + 1, &c);
		if (c == '%')
			continue;
		if (c == 's')
			buf_printf(b, "1:x");
		else if (c == 'c')
			buf_printf(b, "2:65");
		else {
			snprintf(num, sizeof num, "%lu", n);
			buf_printf(b, "%zu:%s", strlen(num), num);
		}
	}
}

static int
rule(const char *lang, unsigned long n)
{
	return strcmp(lang, "fr") == 0 ? n > 1 : n != 1;
}

/* s rendered as the one form fmt (no catalog lookup: English renders its
 * format as it is). */
static char *
as_form(const char *fmt, const char *args_of, unsigned long n)
{
	struct buf b = BUF_INIT;
	char *t;

	/* A one-form message of format fmt with the arguments args_of takes. */
	encode(&b, 's', fmt, args_of, n);
	t = msg_text("en", b.p);
	buf_free(&b);
	return t;
}

static int
check_forms(const char *lang, const char *one, const char *many, const char *f0,
    const char *f1)
{
	static const unsigned long ns[] = { 0, 1, 2, 5 };
	struct buf b = BUF_INIT;
	int bad = 0;

	for (size_t k = 0; k < G_N_ELEMENTS(ns); k++) {
		const char *want = rule(lang, ns[k]) ? f1 : f0;
		char *got, *exp;

		encode(&b, 'p', one, many, ns[k]);
		got = msg_text(lang, b.p);
		exp = as_form(want, many, ns[k]);
		if (strcmp(got, exp) != 0) {
			fprintf(stderr, "%s at %lu: \"%s\" reads \"%s\", not \"%s\"\n",
			    lang, ns[k], one, got, exp);
			bad++;
		}
		free(got);
		free(exp);
	}
	buf_free(&b);
	return bad;
}

static void
test_each_language_picks_its_form(void **state)
{
	char path[256];
	int bad = 0, seen = 0;

	(void)state;
	for (size_t d = 0; d < G_N_ELEMENTS(domains); d++) {
		for (size_t l = 0; l < G_N_ELEMENTS(langs); l++) {
			struct mo m;
			struct diag dg;

			snprintf(path, sizeof path, "po/%s/%s.mo", domains[d], langs[l]);
			if (mo_open(&m, path, &dg) < 0)
				fail_msg("%s", dg.msg);
			for (uint32_t i = 0; i < m.n; i++) {
				struct mo_msg e;
				const char *many;

				mo_get(&m, i, &e);
				if (!e.plural)
					continue;
				many = e.id + strlen(e.id) + 1;
				seen++;
				if (e.forms != 2) {
					fprintf(stderr, "%s: \"%s\" has %u forms\n",
					    langs[l], e.id, e.forms);
					bad++;
					continue;
				}
				bad += check_forms(langs[l], e.id, many, mo_form(&e, 0),
				    mo_form(&e, 1));
				if (l == 0)
					bad += check_forms("en", e.id, many, e.id, many);
			}
			mo_close(&m);
		}
	}
	assert_true(seen > 0);
	assert_int_equal(bad, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_count_beside_a_noun_is_plural),
		cmocka_unit_test(test_each_language_picks_its_form),
		cmocka_unit_test(test_a_template_says_no_raw_count_beside_a_noun),
	};

	return cmocka_run_group_tests(tests, tr_load, NULL);
}
