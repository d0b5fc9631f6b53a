#include <string.h>

#include "lang/catbin.h"

struct catbin_writer {
	char *lang;
	GVariantBuilder domains;
	GByteArray *strings;
	GArray *entries;
	int overflow;
};

/* A checksum of the strings and the entries' offsets, so that a file altered
 * or cut short after it was written is refused, not read as other text.
 * FNV's step, on 64-bit words rather than bytes (a run checks 400 KB): each
 * step is a bijection of the sum, so one changed word always changes it. */
static guint64
step(guint64 h, guint64 w)
{
	return (h ^ w) * 0x100000001b3u;
}

static guint64
checksum(const char *strings, gsize len, const struct catbin_entry *e, gsize n)
{
	guint64 h = 0xcbf29ce484222325u, w;
	gsize i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, strings + i, 8);
		h = step(h, GUINT64_FROM_LE(w));
	}
	w = 0;
	if (i < len)
		memcpy(&w, strings + i, len - i);
	h = step(h, GUINT64_FROM_LE(w) ^ len);
	for (i = 0; i < n; i++) {
		h = step(h, e[i].key | (guint64)e[i].form << 32);
		h = step(h, e[i].plural);
	}
	return h;
}

struct catbin_writer *
catbin_writer_new(const char *lang)
{
	struct catbin_writer *w = g_new0(struct catbin_writer, 1);

	w->lang = g_strdup(lang);
	g_variant_builder_init(&w->domains, G_VARIANT_TYPE("as"));
	w->strings = g_byte_array_new();
	w->entries = g_array_new(FALSE, FALSE, sizeof(struct catbin_entry));
	return w;
}

void
catbin_writer_domain(struct catbin_writer *w, const char *domain)
{
	g_variant_builder_add(&w->domains, "s", domain);
}

static guint32
add_string(struct catbin_writer *w, const char *s)
{
	size_t n = strlen(s) + 1, at = w->strings->len;

	if (at + n >= CATBIN_NONE) {
		w->overflow = 1;
		return 0;
	}
	g_byte_array_append(w->strings, (const guint8 *)s, (guint)n);
	return (guint32)at;
}

int
catbin_writer_entry(struct catbin_writer *w, const char *key, const char *form,
    const char *plural, struct diag *d)
{
	struct catbin_entry e;

	if (!g_utf8_validate(key, -1, NULL) || !g_utf8_validate(form, -1, NULL) ||
	    (plural != NULL && !g_utf8_validate(plural, -1, NULL)))
		return diag_set(d, 0, "entry %s is not UTF-8", key);
	e.key = add_string(w, key);
	e.form = add_string(w, form);
	e.plural = plural != NULL ? add_string(w, plural) : CATBIN_NONE;
	if (w->overflow)
		return diag_set(d, 0, "the catalog is too large");
	g_array_append_val(w->entries, e);
	return 0;
}

void
catbin_writer_free(struct catbin_writer *w)
{
	if (w == NULL)
		return;
	g_variant_builder_clear(&w->domains);
	g_byte_array_unref(w->strings);
	g_array_unref(w->entries);
	g_free(w->lang);
	g_free(w);
}

int
catbin_writer_save(struct catbin_writer *w, const char *path, struct diag *d)
{
	GVariant *v, *le, *strings, *entries;
	GError *err = NULL;
	int r = 0;

	strings = g_variant_new_fixed_array(G_VARIANT_TYPE_BYTE, w->strings->data,
	    w->strings->len, 1);
	entries = g_variant_new_fixed_array(G_VARIANT_TYPE("(uuu)"), w->entries->data,
	    w->entries->len, sizeof(struct catbin_entry));
	v = g_variant_ref_sink(g_variant_new("(sust@as@ay@a(uuu))", CATBIN_MAGIC,
	    CATBIN_VERSION, w->lang, checksum((const char *)w->strings->data, w->strings->len,
	    (const struct catbin_entry *)(void *)w->entries->data, w->entries->len),
	    g_variant_builder_end(&w->domains), strings, entries));
	/* One byte order on disk, whatever machine built the package. */
	le = G_BYTE_ORDER == G_LITTLE_ENDIAN ? g_variant_ref(v) : g_variant_byteswap(v);
	if (!g_file_set_contents(path, g_variant_get_data(le), (gssize)g_variant_get_size(le),
	    &err)) {
		r = diag_set(d, 0, "%s: %s", path, err->message);
		g_error_free(err);
	}
	g_variant_unref(le);
	g_variant_unref(v);
	catbin_writer_free(w);
	return r;
}

/* Whether every offset of c names a string: they all end in the NUL that
 * ends the strings, so a lookup never reads past them. */
static int
offsets_valid(const struct catbin *c, gsize len)
{
	if (len == 0 || c->strings[len - 1] != '\0')
		return c->n == 0;
	for (gsize i = 0; i < c->n; i++) {
		const struct catbin_entry *e = &c->entries[i];

		if (e->key >= len || e->form >= len ||
		    (e->plural != CATBIN_NONE && e->plural >= len))
			return 0;
	}
	return 1;
}

int
catbin_open(struct catbin *c, const char *path, const char *lang, struct diag *d)
{
	GMappedFile *map;
	GError *err = NULL;
	GBytes *bytes;
	int r;

	memset(c, 0, sizeof *c);
	if ((map = g_mapped_file_new(path, FALSE, &err)) == NULL) {
		diag_set(d, 0, "%s: %s", path, err->message);
		g_error_free(err);
		return -1;
	}
	bytes = g_mapped_file_get_bytes(map);
	g_mapped_file_unref(map);
	r = catbin_read(c, bytes, path, lang, d);
	g_bytes_unref(bytes);
	return r;
}

int
catbin_read(struct catbin *c, GBytes *bytes, const char *path, const char *lang,
    struct diag *d)
{
	GVariant *v, *swapped, *doms, *strings, *entries;
	const char *magic, *got;
	guint32 version;
	guint64 sum;
	gsize len;
	int ok;

	memset(c, 0, sizeof *c);
	v = g_variant_ref_sink(g_variant_new_from_bytes(G_VARIANT_TYPE(CATBIN_TYPE), bytes,
	    FALSE));
	if (G_BYTE_ORDER != G_LITTLE_ENDIAN) {
		swapped = g_variant_byteswap(v);
		g_variant_unref(v);
		v = swapped;
	}
	/* GVariant reads untrusted data safely (what is malformed reads as
	 * empty), but checking it is in normal form costs more than parsing
	 * the .po files; the checksum and the checks below are enough for what
	 * is used. */
	g_variant_get(v, "(&su&st@as@ay@a(uuu))", &magic, &version, &got, &sum, &doms,
	    &strings, &entries);
	/* The children share v's data: what points into them lives as long
	 * as v. */
	c->v = v;
	c->domains = g_variant_get_strv(doms, NULL);
	c->strings = g_variant_get_fixed_array(strings, &len, 1);
	c->entries = g_variant_get_fixed_array(entries, &c->n, sizeof *c->entries);
	ok = strcmp(magic, CATBIN_MAGIC) == 0 && version == CATBIN_VERSION &&
	    strcmp(got, lang) == 0 && (c->entries != NULL || c->n == 0);
	g_variant_unref(doms);
	g_variant_unref(strings);
	g_variant_unref(entries);
	if (!ok) {
		catbin_close(c);
		return diag_set(d, 0, "%s is not a compiled catalog of version %u for %s", path,
		    CATBIN_VERSION, lang);
	}
	if (checksum(c->strings, len, c->entries, c->n) != sum) {
		catbin_close(c);
		return diag_set(d, 0, "%s is corrupt or truncated (its checksum differs)", path);
	}
	if (!offsets_valid(c, len)) {
		catbin_close(c);
		return diag_set(d, 0, "%s is corrupt (an offset out of its strings)", path);
	}
	return 0;
}

void
catbin_close(struct catbin *c)
{
	g_free(c->domains);
	if (c->v != NULL)
		g_variant_unref(c->v);
	memset(c, 0, sizeof *c);
}
