/* htmltext: libxml2 builds the tree; we walk it as a mail client lays it
 * out. Every character of the text nodes passes through put_char, so what
 * an entity or a stray byte decodes to (a CR from "&#13;", a C1 control
 * from "&#150;") is laid out the way a browser shows it, never copied. */
#include <glib.h>
#include <libxml/HTMLparser.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/buf.h"
#include "core/xmalloc.h"
#include "mail/htmltext.h"

#define MAX_DEPTH 256

struct walk {
	struct buf out;
	int pre;        /* inside <pre>: white space is kept */
	int pre_start;  /* at the start of a <pre>: a first LF is dropped */
	int bq;         /* <blockquote> depth */
	int bol;        /* at the beginning of an output line */
	int space;      /* white space seen and not yet written */
	int any;        /* something was written */
};

static int
name_in(const xmlChar *name, const char *const *list)
{
	for (; *list != NULL; list++)
		if (strcasecmp((const char *)name, *list) == 0)
			return 1;
	return 0;
}

static void
newline(struct walk *w)
{
	buf_addc(&w->out, '\n');
	w->bol = 1;
	w->space = 0;
}

/* A block starts or ends: the text goes on on a new line. */
static void
line_break(struct walk *w)
{
	if (!w->bol)
		newline(w);
	w->space = 0;
}

static void
emit(struct walk *w, gunichar c)
{
	char u[6];

	if (w->bol && w->bq > 0) {
		for (int i = 0; i < w->bq; i++)
			buf_addc(&w->out, '>');
		buf_addc(&w->out, ' ');
	} else if (w->space && !w->bol)
		buf_addc(&w->out, ' ');
	w->space = 0;
	w->bol = 0;
	w->any = 1;
	buf_add(&w->out, u, (size_t)g_unichar_to_utf8(c, u));
}

/* U+0080-U+009F from "&#150;" is what HTML5 reads as windows-1252; the
 * five bytes that charset leaves undefined stay controls (NUL then). */
static gunichar
c1_char(gunichar c)
{
	char byte = (char)c, *s;
	gunichar r = 0;

	s = g_convert(&byte, 1, "UTF-8", "WINDOWS-1252", NULL, NULL, NULL);
	if (s != NULL)
		r = g_utf8_get_char(s);
	g_free(s);
	return r;
}

static void
put_char(struct walk *w, gunichar c)
{
	int first = w->pre_start;

	w->pre_start = 0;
	if (c >= 0x80 && c < 0xa0)
		c = c1_char(c);
	if (c == 0xa0)          /* a no-break space is a space to a reader of orders */
		c = ' ';
	if (w->pre) {
		if (c == '\n' && first)
			return;
		if (c == '\n')
			newline(w);
		else if (c == '\r' || c == '\f')
			emit(w, ' ');   /* CSS: a CR is a space; so is a form feed here */
		else if (c == ' ' || c == '\t')
			emit(w, c);
		else if (c >= 0x20 && c != 0x7f && c != 0)
			emit(w, c);
		return;
	}
	if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')
		w->space = 1;
	else if (c >= 0x20 && c != 0x7f && c != 0)
		emit(w, c);
}

static void
put_text(struct walk *w, const xmlChar *s)
{
	const char *p = (const char *)s;

	if (p == NULL)
		return;
	/* libxml2 hands out UTF-8; a text it could not vouch for is skipped
	 * from the first bad byte rather than read wrong. */
	for (; *p != '\0'; p = g_utf8_next_char(p)) {
		gunichar c = g_utf8_get_char_validated(p, -1);

		if (c == (gunichar)-1 || c == (gunichar)-2)
			break;
		put_char(w, c);
	}
}

static void
walk(struct walk *w, xmlNode *n, int depth)
{
	static const char *const dropped[] = {
		"head", "title", "script", "style", "template", NULL
	};
	static const char *const block[] = {
		"address", "article", "aside", "center", "dd", "div", "dl", "dt",
		"figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
		"header", "hr", "li", "main", "nav", "ol", "p", "section", "table",
		"tr", "ul", NULL
	};

	if (depth > MAX_DEPTH)
		return;
	for (; n != NULL; n = n->next) {
		if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
			put_text(w, n->content);
			continue;
		}
		if (n->type != XML_ELEMENT_NODE || n->name == NULL ||
		    name_in(n->name, dropped))
			continue;
		w->pre_start = 0;
		if (strcasecmp((const char *)n->name, "br") == 0) {
			newline(w);
		} else if (strcasecmp((const char *)n->name, "pre") == 0) {
			line_break(w);
			w->pre++;
			w->pre_start = 1;
			walk(w, n->children, depth + 1);
			w->pre--;
			w->pre_start = 0;
			line_break(w);
		} else if (strcasecmp((const char *)n->name, "blockquote") == 0) {
			line_break(w);
			w->bq++;
			walk(w, n->children, depth + 1);
			line_break(w);
			w->bq--;
		} else if (name_in(n->name, block)) {
			line_break(w);
			walk(w, n->children, depth + 1);
			line_break(w);
		} else {
			/* Table cells stand apart on their row. */
			if (strcasecmp((const char *)n->name, "td") == 0 ||
			    strcasecmp((const char *)n->name, "th") == 0)
				w->space = 1;
			walk(w, n->children, depth + 1);
		}
	}
}

char *
html_to_text(const char *html, size_t len)
{
	struct walk w;
	htmlDocPtr doc = NULL;

	memset(&w, 0, sizeof w);
	w.bol = 1;
	/* The part's MIME charset has been applied: the text is UTF-8 now,
	 * whatever a <meta> inside it says. */
	if (len > 0 && len <= INT_MAX)
		doc = htmlReadMemory(html, (int)len, NULL, "UTF-8",
		    HTML_PARSE_RECOVER | HTML_PARSE_NONET | HTML_PARSE_NOERROR |
		    HTML_PARSE_NOWARNING);
	if (doc != NULL) {
		walk(&w, doc->children, 0);
		xmlFreeDoc(doc);
	}
	if (w.any)
		line_break(&w);
	if (w.out.p == NULL)
		return xstrdup("");
	return buf_steal(&w.out);
}
