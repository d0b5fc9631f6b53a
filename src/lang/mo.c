#include <glib.h>
#include <stdlib.h>
#include <string.h>

#include "lang/mo.h"

#define HEADER 28u

/* A part of the file no string may lie in: the header and the tables. */
struct span {
	uint64_t from, to;
	const char *what;
};

static uint32_t
u32(const struct mo *m, uint64_t off)
{
	uint32_t v;

	memcpy(&v, m->p + off, sizeof v);
	return m->swap ? GUINT32_SWAP_LE_BE(v) : v;
}

static int
overlaps(const struct span *a, uint64_t from, uint64_t to)
{
	return a->from < a->to && from < a->to && a->from < to;
}

/* The string of table entry i (at off, the table's start): inside the file,
 * ending in NUL, and in no span. Its length in *len, its offset in *at. */
static int
check_string(const struct mo *m, const char *name, const char *table, uint32_t i,
    uint32_t off, const struct span *sp, int nsp, uint32_t *len, uint32_t *at,
    struct diag *d)
{
	uint64_t e = (uint64_t)off + (uint64_t)i * 8;

	*len = u32(m, e);
	*at = u32(m, e + 4);
	if ((uint64_t)*at + *len + 1 > m->size)
		return diag_set(d, 0, "catalog %s: %s string %u (offset %u, length %u) runs "
		    "past the end (%zu bytes)", name, table, i, *at, *len, m->size);
	if (m->p[*at + *len] != '\0')
		return diag_set(d, 0, "catalog %s: %s string %u (offset %u) does not end in "
		    "NUL", name, table, i, *at);
	for (int k = 0; k < nsp; k++)
		if (overlaps(&sp[k], *at, (uint64_t)*at + *len + 1))
			return diag_set(d, 0, "catalog %s: %s string %u (offset %u) overlaps "
			    "the %s", name, table, i, *at, sp[k].what);
	return 0;
}

/* The header's Plural-Forms line, if any: nplurals must be a number. */
static int
read_header(struct mo *m, const char *h, const char *name, struct diag *d)
{
	const char *line, *v, *np;
	char *end;

	for (line = h; line != NULL; line = (line = strchr(line, '\n')) ? line + 1 : NULL) {
		if (strncmp(line, "Plural-Forms:", 13) != 0)
			continue;
		v = line + 13;
		v += strspn(v, " \t");
		g_free(m->plural_forms);
		m->plural_forms = g_strndup(v, strcspn(v, "\n"));
		g_strchomp(m->plural_forms);
		if ((np = strstr(m->plural_forms, "nplurals=")) == NULL)
			return diag_set(d, 0, "catalog %s: the header's Plural-Forms names no "
			    "nplurals", name);
		m->nplurals = strtoul(np + 9, &end, 10);
		if (end == np + 9 || m->nplurals == 0 || m->nplurals > 255)
			return diag_set(d, 0, "catalog %s: the header's nplurals is not a number "
			    "from 1 to 255", name);
	}
	return 0;
}

static int
check(struct mo *m, const char *name, struct diag *d)
{
	struct span sp[4];
	uint32_t magic, rev, hsize, hoff, olen, oat, tlen, tat;
	uint64_t tables;

	if (m->size < HEADER)
		return diag_set(d, 0, "catalog %s is truncated: %zu bytes, its header alone "
		    "is %u", name, m->size, HEADER);
	memcpy(&magic, m->p, sizeof magic);
	if (magic == MO_MAGIC)
		m->swap = 0;
	else if (GUINT32_SWAP_LE_BE(magic) == MO_MAGIC)
		m->swap = 1;
	else
		return diag_set(d, 0, "catalog %s is not a .mo file (magic 0x%08x)", name,
		    magic);
	if ((rev = u32(m, 4)) != 0)
		return diag_set(d, 0, "catalog %s has revision 0x%08x; azalai reads revision 0 "
		    "(msgfmt's own)", name, rev);
	m->n = u32(m, 8);
	m->orig = u32(m, 12);
	m->trans = u32(m, 16);
	hsize = u32(m, 20);
	hoff = u32(m, 24);
	/* 64 bits: n * 8 cannot wrap. */
	tables = (uint64_t)m->n * 8;
	sp[0] = (struct span){ 0, HEADER, "header" };
	sp[1] = (struct span){ m->orig, m->orig + tables, "table of originals" };
	sp[2] = (struct span){ m->trans, m->trans + tables, "table of translations" };
	sp[3] = (struct span){ hoff, hoff + (uint64_t)hsize * 4, "hash table" };
	for (int i = 1; i < 4; i++) {
		if (sp[i].to > m->size)
			return diag_set(d, 0, "catalog %s: its %s (offset %llu, %llu bytes) runs "
			    "past the end (%zu bytes)", name, sp[i].what,
			    (unsigned long long)sp[i].from,
			    (unsigned long long)(sp[i].to - sp[i].from), m->size);
		for (int k = 0; k < i; k++)
			if (overlaps(&sp[k], sp[i].from, sp[i].to))
				return diag_set(d, 0, "catalog %s: its %s overlaps its %s", name,
				    sp[i].what, sp[k].what);
	}
	m->nplurals = 2;
	for (uint32_t i = 0; i < m->n; i++) {
		if (check_string(m, name, "original", i, m->orig, sp, 4, &olen, &oat, d) < 0 ||
		    check_string(m, name, "translation", i, m->trans, sp, 4, &tlen, &tat, d) < 0)
			return -1;
		if (olen == 0 && read_header(m, m->p + tat, name, d) < 0)
			return -1;
	}
	return 0;
}

int
mo_read(struct mo *m, GBytes *b, const char *name, struct diag *d)
{
	gsize size;

	memset(m, 0, sizeof *m);
	m->bytes = g_bytes_ref(b);
	m->p = g_bytes_get_data(b, &size);
	m->size = size;
	if (check(m, name, d) < 0) {
		mo_close(m);
		return -1;
	}
	return 0;
}

int
mo_open(struct mo *m, const char *path, struct diag *d)
{
	GError *err = NULL;
	GMappedFile *f = g_mapped_file_new(path, FALSE, &err);
	GBytes *b;
	int r;

	if (f == NULL) {
		diag_set(d, 0, "catalog %s cannot be read: %s", path, err->message);
		g_error_free(err);
		return -1;
	}
	b = g_mapped_file_get_bytes(f);
	g_mapped_file_unref(f);
	r = mo_read(m, b, path, d);
	g_bytes_unref(b);
	return r;
}

void
mo_close(struct mo *m)
{
	if (m->bytes != NULL)
		g_bytes_unref(m->bytes);
	g_free(m->plural_forms);
	memset(m, 0, sizeof *m);
}

void
mo_get(const struct mo *m, uint32_t i, struct mo_msg *msg)
{
	uint32_t olen = u32(m, m->orig + (uint64_t)i * 8);
	uint32_t tat = u32(m, m->trans + (uint64_t)i * 8 + 4);

	const char *s, *end;

	msg->id = m->p + u32(m, m->orig + (uint64_t)i * 8 + 4);
	msg->plural = memchr(msg->id, '\0', olen) != NULL;
	msg->str = m->p + tat;
	msg->len = u32(m, m->trans + (uint64_t)i * 8);
	msg->forms = 1;
	end = msg->str + msg->len;
	for (s = msg->str; (s = memchr(s, '\0', (size_t)(end - s))) != NULL; s++)
		msg->forms++;
}

const char *
mo_form(const struct mo_msg *msg, unsigned k)
{
	const char *s = msg->str;

	if (k >= msg->forms)
		return NULL;
	while (k-- > 0)
		s += strlen(s) + 1;
	return s;
}
