/* catbin: a compiled translation catalog, one language's po/<domain>/<lang>.po
 * serialized as a GVariant, so that a run maps a file instead of parsing
 * every catalog with libgettextpo (issue 16).
 *
 * The file is a GVariant of type CATBIN_TYPE in little-endian order: a magic
 * string, a format version, the language, a checksum of the strings and
 * entries, the domains it was compiled from,
 * every string of the catalog one after the other, each ending in NUL, and
 * every entry in the order the .po files gave them, as offsets into those
 * strings: its key ("ctx\004id" or "id", the key src/lang/catalog.c looks up),
 * its form and, for a plural, its second form (CATBIN_NONE otherwise). The
 * entries are a fixed-size array so a run reads them in place, with no
 * GVariant made for each. A file is read untrusted: anything that is not a
 * catalog of the version and language asked for, whose checksum matches and
 * whose offsets all name strings, is refused. */
#ifndef AZ_CATBIN_H
#define AZ_CATBIN_H

#include <glib.h>

#include "core/diag.h"

#define CATBIN_TYPE "(sustasaya(uuu))"
#define CATBIN_MAGIC "azalai-catalog"
#define CATBIN_VERSION 1u
#define CATBIN_NONE G_MAXUINT32

struct catbin_entry {
	guint32 key, form, plural;
};

struct catbin_writer;

struct catbin_writer *catbin_writer_new(const char *lang);
void catbin_writer_domain(struct catbin_writer *, const char *domain);
/* 0, or -1 with a diag when a string is not UTF-8 or the catalog outgrows
 * 32-bit offsets. */
int catbin_writer_entry(struct catbin_writer *, const char *key, const char *form,
    const char *plural, struct diag *);
/* Writes the catalog to path (atomically) and frees the writer: 0 or -1. */
int catbin_writer_save(struct catbin_writer *, const char *path, struct diag *);
void catbin_writer_free(struct catbin_writer *);

/* A compiled catalog read back: what points into it lives as long as v. */
struct catbin {
	GVariant *v;
	const char **domains;   /* NULL-terminated */
	const char *strings;
	const struct catbin_entry *entries;
	gsize n;
};

/* The compiled catalog of lang in path, mapped and checked: 0, or -1 with a
 * diag (missing, truncated, corrupt, another version or language). Every
 * offset of a catalog it returns is a NUL-terminated string. */
int catbin_open(struct catbin *, const char *path, const char *lang, struct diag *);
/* The same from bytes in memory (path names them in a diag). */
int catbin_read(struct catbin *, GBytes *, const char *path, const char *lang,
    struct diag *);
void catbin_close(struct catbin *);

#endif
