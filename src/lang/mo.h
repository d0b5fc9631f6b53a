/* mo: a catalog compiled by msgfmt (GNU .mo, revision 0), read untrusted.
 *
 * The file is mapped, and checked whole before anything is returned: a
 * known magic (either byte order), revision 0, the tables of originals and
 * translations (and msgfmt's hash table, which is not used) inside the file
 * and apart from each other, and every string they name inside the file,
 * ending in NUL and apart from the tables. A file that fails is refused with
 * a diag naming what and where; one that passes is read with no further
 * bounds to check.
 *
 * An original is "msgctxt\004msgid" for a message with a context, and
 * "msgid\0msgid_plural" for a plural one; a plural translation is its forms,
 * each ending in NUL. The entry whose original is "" is the header. */
#ifndef AZ_MO_H
#define AZ_MO_H

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

#include "core/diag.h"

#define MO_MAGIC 0x950412deu

struct mo {
	GBytes *bytes;
	const char *p;
	size_t size;
	uint32_t n, orig, trans;
	int swap;
	/* The header's Plural-Forms (after "Plural-Forms:", trimmed), or NULL,
	 * and its nplurals (2 when the header says none, as gettext takes it). */
	char *plural_forms;
	unsigned long nplurals;
};

/* One entry: id is the original up to its first NUL (the context and msgid,
 * what a lookup names it by), str the translation's first form; forms counts
 * the forms of str (1 unless a plural), len is str's length, all forms. */
struct mo_msg {
	const char *id, *str;
	size_t len;
	unsigned forms;
	int plural;
};

/* Maps path and checks it: 0, or -1 with a diag. */
int mo_open(struct mo *, const char *path, struct diag *);
/* The same from bytes in memory (a reference is kept); name is what a diag
 * calls them. */
int mo_read(struct mo *, GBytes *, const char *name, struct diag *);
void mo_close(struct mo *);
/* Entry i (below mo->n), in the file's order. */
void mo_get(const struct mo *, uint32_t i, struct mo_msg *);
/* The k-th form of m's translation, or NULL when it has fewer. */
const char *mo_form(const struct mo_msg *, unsigned k);

#endif
