#include <gettext-po.h>
#include <stdio.h>

#include "core/log.h"
#include "lang/poread.h"

/* libgettextpo's default handlers exit on a syntax error; a referee must
 * rather refuse the language and go on. */
static int po_errors;

static void
po_xerror(int severity, po_message_t m, const char *file, size_t line, size_t col,
    int multiline, const char *text)
{
	(void)m; (void)col; (void)multiline;
	if (severity != PO_SEVERITY_WARNING)
		po_errors++;
	log_warn("%s:%zu: %s", file != NULL ? file : "po", line, text);
}

static void
po_xerror2(int severity, po_message_t m1, const char *f1, size_t l1, size_t c1, int ml1,
    const char *t1, po_message_t m2, const char *f2, size_t l2, size_t c2, int ml2,
    const char *t2)
{
	(void)m2; (void)f2; (void)l2; (void)c2; (void)ml2; (void)t2;
	po_xerror(severity, m1, f1, l1, c1, ml1, t1);
}

int
po_read(const char *path, po_entry_fn *fn, void *arg, struct diag *d)
{
	struct po_xerror_handler h = { po_xerror, po_xerror2 };
	po_message_iterator_t it;
	po_message_t m;
	po_file_t f;

	po_errors = 0;
	if ((f = po_file_read(path, &h)) == NULL || po_errors > 0) {
		if (f != NULL)
			po_file_free(f);
		return diag_set(d, 0, "catalog %s is unreadable", path);
	}
	it = po_message_iterator(f, NULL);
	while ((m = po_next_message(it)) != NULL) {
		const char *id = po_message_msgid(m), *form, *plural = NULL;

		if (id[0] == '\0' || po_message_is_obsolete(m) || po_message_is_fuzzy(m))
			continue;
		if (po_message_msgid_plural(m) != NULL) {
			form = po_message_msgstr_plural(m, 0);
			if ((plural = po_message_msgstr_plural(m, 1)) == NULL)
				plural = form;
		} else {
			form = po_message_msgstr(m);
		}
		if (form == NULL || form[0] == '\0')
			continue;
		fn(po_message_msgctxt(m), id, form, plural, arg);
	}
	po_message_iterator_free(it);
	po_file_free(f);
	return 0;
}
