#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "draw/layer.h"

/* Bases kept: one for each language a delivery run draws a kind of game
 * in, near enough. A Targi base at a mail's 640 pixels is 3.3 MB; one of
 * more than KEPT_BYTES is drawn each time, so that the drawing program
 * stays small whatever it is asked to draw. */
#define KEPT 4
#define KEPT_BYTES (8u << 20)

struct kept {
	char *key;
	size_t len;
	cairo_surface_t *s;
	unsigned long used;
};

static struct kept kept[KEPT];
static unsigned long uses;

static const char *
find(const char *s, size_t len, const char *what)
{
	size_t n = strlen(what);

	for (size_t i = 0; i + n <= len; i++)
		if (s[i] == what[0] && memcmp(s + i, what, n) == 0)
			return s + i;
	return NULL;
}

size_t
layer_split(const char *svg, size_t len)
{
	const char *base = find(svg, len, "<g id=\"board-base\">"), *marks;

	if (base == NULL)
		return 0;
	marks = find(base, len - (size_t)(base - svg), "<g id=\"board-marks\">");
	return marks != NULL ? (size_t)(marks - svg) : 0;
}

cairo_surface_t *
layer_find(const char *key, size_t len, int w, int h)
{
	for (int i = 0; i < KEPT; i++) {
		struct kept *k = &kept[i];

		if (k->s != NULL && k->len == len && cairo_image_surface_get_width(k->s) == w &&
		    cairo_image_surface_get_height(k->s) == h && memcmp(k->key, key, len) == 0) {
			k->used = ++uses;
			return k->s;
		}
	}
	return NULL;
}

int
layer_keep(const char *key, size_t len, cairo_surface_t *s)
{
	struct kept *k = &kept[0];

	if ((size_t)cairo_image_surface_get_stride(s) *
	    (size_t)cairo_image_surface_get_height(s) > KEPT_BYTES)
		return -1;

	for (int i = 1; i < KEPT && k->s != NULL; i++)
		if (kept[i].s == NULL || kept[i].used < k->used)
			k = &kept[i];
	if (k->s != NULL)
		cairo_surface_destroy(k->s);
	free(k->key);
	k->key = xmalloc(len);
	memcpy(k->key, key, len);
	k->len = len;
	k->s = s;
	k->used = ++uses;
	return 0;
}

void
layer_forget(void)
{
	for (int i = 0; i < KEPT; i++) {
		if (kept[i].s != NULL)
			cairo_surface_destroy(kept[i].s);
		free(kept[i].key);
		kept[i] = (struct kept){ NULL, 0, NULL, 0 };
	}
}
