#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libimagequant.h>
#include <png.h>

#include "draw/pngpal.h"

/* The picture as it is read, a row at a time. */
struct px {
	const unsigned char *p;
	size_t stride;
	int xrgb;	/* cairo's RGB24 (native words, top byte unused), else RGBA bytes */
};

/* Row y's pixels as keys of the colour table (ARGB in one word), each to
 * be read as key | *or: cairo's words as they are, with the top byte they
 * leave unused set by *or; RGBA bytes converted into keys. */
static const uint32_t *
px_row(const struct px *s, int y, int w, uint32_t *keys, uint32_t *or)
{
	const unsigned char *row = s->p + (size_t)y * s->stride;

	if (s->xrgb) {
		*or = 0xff000000u;
		return (const uint32_t *)(const void *)row;
	}
	*or = 0;
	for (int x = 0; x < w; x++, row += 4)
		keys[x] = (uint32_t)row[3] << 24 | (uint32_t)row[0] << 16 |
		    (uint32_t)row[1] << 8 | row[2];
	return keys;
}

/* Rows from y on that are byte for byte row y: a board's margins and the
 * gaps between its cards are many such rows, each counted and indexed
 * once. */
static int
same_rows(const struct px *s, int y, int w, int h)
{
	const unsigned char *row = s->p + (size_t)y * s->stride;
	int n = 1;

	while (y + n < h && memcmp(row, row + (size_t)n * s->stride, (size_t)w * 4) == 0)
		n++;
	return n;
}

/* The end of the run of pixels equal to v[x]. Most of a board's pixels
 * are in runs of tens or hundreds: compared four at a time, a Targi
 * picture took 1.3M instructions fewer than one at a time. */
static int
run_end(const uint32_t *v, uint32_t or, int x, int w)
{
	uint32_t c = v[x] | or;
	uint64_t c2 = (uint64_t)c << 32 | c, or2 = (uint64_t)or << 32 | or;

	for (x++; x + 4 <= w; x += 4) {
		uint64_t a, b;

		memcpy(&a, v + x, sizeof a);
		memcpy(&b, v + x + 2, sizeof b);
		if ((a | or2) != c2 || (b | or2) != c2)
			break;
	}
	while (x < w && (v[x] | or) == c)
		x++;
	return x;
}

/* The picture's distinct colours, each with its pixels and then its
 * palette index. A board is flat colours and the edges between them: a
 * few thousand colours for most of a million pixels, each looked up here
 * once a run of equal pixels, and matched to the palette once. */
struct slot {
	uint32_t argb;
	uint32_t n;	/* pixels of this colour */
	int index;	/* its palette entry */
};

/* The table that finds a colour's slot: id is the slot's number plus one,
 * 0 when the cell is free. */
struct cell {
	uint32_t argb;
	uint32_t id;
};

struct colours {
	struct cell *t;
	uint32_t mask;	/* cells - 1, a power of two less one */
	struct slot *v;	/* the slots, as many as half the cells */
	uint32_t used;
};

static struct cell *
cell_of(const struct colours *c, uint32_t argb)
{
	uint32_t i = argb * 0x9e3779b1u;

	i = (i ^ i >> 15) & c->mask;

	while (c->t[i].id != 0 && c->t[i].argb != argb)
		i = (i + 1) & c->mask;
	return &c->t[i];
}

/* The number of argb's slot, taken if it is new; -1 when out of memory.
 * The table is kept at most half full, so a search ends soon. */
static int64_t
slot_add(struct colours *c, uint32_t argb)
{
	struct cell *e;

	if (c->used + 1 > (c->mask + 1) / 2) {
		struct colours g = { NULL, c->mask * 2 + 1, NULL, c->used };
		struct slot *v;

		if ((g.t = calloc((size_t)g.mask + 1, sizeof g.t[0])) == NULL)
			return -1;
		if ((v = realloc(c->v, ((size_t)g.mask + 1) / 2 * sizeof v[0])) == NULL) {
			free(g.t);
			return -1;
		}
		c->v = v;
		/* In the old table's order, as the colours were always met:
		 * the same picture, the same table, the same palette. */
		for (uint32_t i = 0; i <= c->mask; i++)
			if (c->t[i].id != 0)
				*cell_of(&g, c->t[i].argb) = c->t[i];
		free(c->t);
		c->t = g.t;
		c->mask = g.mask;
	}
	e = cell_of(c, argb);
	if (e->id == 0) {
		e->argb = argb;
		e->id = ++c->used;
		c->v[e->id - 1].argb = argb;
		c->v[e->id - 1].n = 0;
	}
	return e->id - 1;
}

/* What the picture is, read once: each run of equal pixels, as where it
 * ends and its colour's slot, a row's last ending at the width; and for
 * each of those rows, how many rows it stands for (itself and those byte
 * for byte like it below). The PNG is written from these, not from the
 * pixels again. */
struct run {
	uint32_t end;
	uint32_t slot;
};

struct runs {
	struct run *v;
	size_t n;
	int *rep;	/* rows each row of runs stands for */
	int nrep;
};

/* Reads the picture into its colours c and its runs r. */
static int
read_picture(const struct px *src, int w, int h, uint32_t *keys, struct colours *c,
    struct runs *r)
{
	c->mask = 1023;
	c->used = 0;
	r->n = 0;
	r->nrep = 0;
	/* Room for a run a pixel, the most there can be, taken at once: the
	 * pages a picture's runs do not reach are never touched, and growing
	 * it as they came cost about 1M instructions a Targi picture. */
	if ((c->t = calloc((size_t)c->mask + 1, sizeof c->t[0])) == NULL ||
	    (c->v = malloc(((size_t)c->mask + 1) / 2 * sizeof c->v[0])) == NULL ||
	    (r->v = malloc((size_t)w * (size_t)h * sizeof r->v[0])) == NULL ||
	    (r->rep = malloc((size_t)h * sizeof r->rep[0])) == NULL)
		return -1;
	for (int y = 0, m; y < h; y += m) {
		uint32_t or;
		const uint32_t *v = px_row(src, y, w, keys, &or);

		m = same_rows(src, y, w, h);
		r->rep[r->nrep++] = m;
		for (int x = 0, e; x < w; x = e) {
			int64_t s;

			e = run_end(v, or, x, w);
			if ((s = slot_add(c, v[x] | or)) < 0)
				return -1;
			r->v[r->n].end = (uint32_t)e;
			r->v[r->n++].slot = (uint32_t)s;
			c->v[s].n += (uint32_t)(e - x) * (uint32_t)m;
		}
	}
	return 0;
}

/* What writing the PNG holds, in one place: libpng's errors longjmp back to
 * png_rows, and its caller frees what is left. */
struct job {
	jmp_buf jb;
	char msg[160];
	struct px src;
	int w, h;
	struct colours c;
	struct runs r;
	uint32_t *keys;		/* one row's */
	unsigned char *row;	/* one row's palette indices */
	int npal;
	png_color plte[256];
	png_byte trns[256];
	int ntrns;		/* entries of trns written: to the last not opaque */
	png_structp png;
	png_infop info;
};

static void
png_fail(png_structp png, png_const_charp msg)
{
	struct job *j = png_get_error_ptr(png);

	snprintf(j->msg, sizeof j->msg, "libpng: %s", msg);
	longjmp(j->jb, 1);
}

static void
png_warn(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

static void
png_data(png_structp png, png_bytep p, size_t n)
{
	buf_add(png_get_io_ptr(png), p, n);
}

static void
png_flush(png_structp png)
{
	(void)png;
}

static void
pal_set(struct job *j, int i, uint32_t argb)
{
	j->plte[i].red = (png_byte)(argb >> 16);
	j->plte[i].green = (png_byte)(argb >> 8);
	j->plte[i].blue = (png_byte)argb;
	j->trns[i] = (png_byte)(argb >> 24);
	if (j->trns[i] != 255 && i + 1 > j->ntrns)
		j->ntrns = i + 1;
}

/* The order of an exact palette: what is not opaque first, so tRNS is
 * short, then the commonest colours; ties by colour, so the same picture
 * is the same PNG. */
static int
by_use(const void *a, const void *b)
{
	const struct slot *x = *(const struct slot *const *)a, *y = *(const struct slot *const *)b;
	int xo = x->argb >> 24 == 255, yo = y->argb >> 24 == 255;

	if (xo != yo)
		return xo - yo;
	if (x->n != y->n)
		return x->n > y->n ? -1 : 1;
	return x->argb < y->argb ? -1 : x->argb > y->argb;
}

/* A picture of at most colors colours keeps each of them exactly. */
static int
exact_palette(struct job *j, struct slot **all, uint32_t n)
{
	qsort(all, n, sizeof all[0], by_use);
	for (uint32_t i = 0; i < n; i++) {
		all[i]->index = (int)i;
		pal_set(j, (int)i, all[i]->argb);
	}
	j->npal = (int)n;
	return 0;
}

/* More colours than that: libimagequant makes the palette from their
 * histogram and matches each colour to it once, not each pixel. */
static int
quantised_palette(struct job *j, struct slot **all, uint32_t n, int colors)
{
	liq_attr *attr = liq_attr_create();
	liq_histogram *hist = NULL;
	liq_histogram_entry *e = calloc(n, sizeof *e);
	liq_color *px = calloc(n, sizeof *px);
	unsigned char *idx = malloc(n);
	liq_result *res = NULL;
	liq_image *img = NULL;
	const liq_palette *pal;
	liq_error err = LIQ_OUT_OF_MEMORY;

	if (attr == NULL || e == NULL || px == NULL || idx == NULL ||
	    (hist = liq_histogram_create(attr)) == NULL)
		goto out;
	for (uint32_t i = 0; i < n; i++) {
		px[i].a = (unsigned char)(all[i]->argb >> 24);
		px[i].r = (unsigned char)(all[i]->argb >> 16);
		px[i].g = (unsigned char)(all[i]->argb >> 8);
		px[i].b = (unsigned char)all[i]->argb;
		e[i].color = px[i];
		e[i].count = all[i]->n;
	}
	/* Speed 10, libimagequant's fastest: a board is mostly flat colours,
	 * and its slower speeds cost several times the time for no difference
	 * a reader sees. No dithering: it would speckle the flat colours and
	 * cost bytes. */
	if ((err = liq_set_max_colors(attr, colors)) != LIQ_OK ||
	    (err = liq_set_speed(attr, 10)) != LIQ_OK ||
	    (err = liq_histogram_add_colors(hist, attr, e, (int)n, 0)) != LIQ_OK ||
	    (err = liq_histogram_quantize(hist, attr, &res)) != LIQ_OK ||
	    (err = liq_set_dithering_level(res, 0)) != LIQ_OK)
		goto out;
	err = LIQ_OUT_OF_MEMORY;
	if ((img = liq_image_create_rgba(attr, px, (int)n, 1, 0)) == NULL)
		goto out;
	if ((err = liq_write_remapped_image(res, img, idx, n)) != LIQ_OK)
		goto out;
	/* Taken after the mapping, which may refine it. */
	pal = liq_get_palette(res);
	for (unsigned i = 0; i < pal->count; i++)
		pal_set(j, (int)i, (uint32_t)pal->entries[i].a << 24 |
		    (uint32_t)pal->entries[i].r << 16 | (uint32_t)pal->entries[i].g << 8 |
		    pal->entries[i].b);
	j->npal = (int)pal->count;
	for (uint32_t i = 0; i < n; i++)
		all[i]->index = idx[i];
out:
	if (err != LIQ_OK)
		snprintf(j->msg, sizeof j->msg, "libimagequant cannot make a palette "
		    "(error %d)", (int)err);
	if (img != NULL)
		liq_image_destroy(img);
	if (res != NULL)
		liq_result_destroy(res);
	if (hist != NULL)
		liq_histogram_destroy(hist);
	if (attr != NULL)
		liq_attr_destroy(attr);
	free(idx);
	free(px);
	free(e);
	return err == LIQ_OK ? 0 : -1;
}

static int
palette_of(struct job *j, int colors)
{
	struct slot **all;
	uint32_t n = 0;
	int rc;

	if (read_picture(&j->src, j->w, j->h, j->keys, &j->c, &j->r) < 0 ||
	    (all = malloc(j->c.used * sizeof *all)) == NULL) {
		snprintf(j->msg, sizeof j->msg, "out of memory");
		return -1;
	}
	/* In the table's order, which libimagequant's palette depends on. */
	for (uint32_t i = 0; i <= j->c.mask; i++)
		if (j->c.t[i].id != 0)
			all[n++] = &j->c.v[j->c.t[i].id - 1];
	rc = n <= (uint32_t)colors ? exact_palette(j, all, n) :
	    quantised_palette(j, all, n, colors);
	free(all);
	return rc;
}

/* The PNG: its header, then each row as palette indices. -1 with j->msg. */
static int
png_rows(struct job *j, struct buf *out)
{
	if (setjmp(j->jb))
		return -1;
	j->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, j, png_fail, png_warn);
	if (j->png == NULL || (j->info = png_create_info_struct(j->png)) == NULL) {
		snprintf(j->msg, sizeof j->msg, "libpng: out of memory");
		return -1;
	}
	png_set_write_fn(j->png, out, png_data, png_flush);
	/* The fewest bits a pixel the palette needs, as libgd wrote it. */
	png_set_IHDR(j->png, j->info, (png_uint_32)j->w, (png_uint_32)j->h,
	    j->npal <= 2 ? 1 : j->npal <= 4 ? 2 : j->npal <= 16 ? 4 : 8,
	    PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(j->png, j->info, j->plte, j->npal);
	/* The board's rounded corners and margins are transparent: keep them so. */
	if (j->ntrns > 0)
		png_set_tRNS(j->png, j->info, j->trns, j->ntrns, NULL);
	/* zlib's levels 1 to 3 (its fast matcher) deflate a board in under
	 * half the instructions of level 6, for about a seventh more bytes;
	 * level 3 is the smallest of those three at the same cost (callgrind,
	 * 640 pixels wide: Targi 58M instructions and 43 KB at 6, 24M and
	 * 50 KB at 3). The mail stays well under 100 KB. A palette's indices
	 * gain nothing from PNG's filters. */
	png_set_compression_level(j->png, 3);
	png_set_filter(j->png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_write_info(j->png, j->info);
	png_set_packing(j->png);
	/* Each row from its runs; most of a board's runs are a pixel or two
	 * of an edge, not worth a call to memset. */
	for (int g = 0, k = 0; g < j->r.nrep; g++) {
		for (uint32_t x = 0; x < (uint32_t)j->w; k++) {
			const struct run *r = &j->r.v[k];
			unsigned char *p = j->row + x;
			int i = j->c.v[r->slot].index;

			if (r->end - x <= 4)
				for (; x < r->end; x++)
					*p++ = (unsigned char)i;
			else
				memset(p, i, r->end - x);
			x = r->end;
		}
		for (int i = 0; i < j->r.rep[g]; i++)
			png_write_row(j->png, j->row);
	}
	png_write_end(j->png, j->info);
	return 0;
}

/* s's picture, w x h, made a palette of at most colors colours and written
 * as PNG to out. */
static int
png_palette_out(const struct px *s, int w, int h, int colors, struct buf *out,
    struct diag *d)
{
	struct job *j;
	size_t before = out->len;
	int rc = 0;

	/* The jmp_buf and the palette are most of a page: not on the stack. */
	if ((j = calloc(1, sizeof *j)) == NULL ||
	    (j->keys = malloc((size_t)w * sizeof j->keys[0])) == NULL ||
	    (j->row = malloc((size_t)w)) == NULL) {
		if (j != NULL)
			free(j->keys);
		free(j);
		return diag_set(d, 0, "picture: out of memory");
	}
	j->src = *s;
	j->w = w;
	j->h = h;
	if (palette_of(j, colors) < 0 || png_rows(j, out) < 0)
		rc = diag_set(d, 0, "picture: %s", j->msg);
	if (j->png != NULL)
		png_destroy_write_struct(&j->png, j->info != NULL ? &j->info : NULL);
	free(j->c.t);
	free(j->c.v);
	free(j->r.v);
	free(j->r.rep);
	free(j->keys);
	free(j->row);
	free(j);
	if (rc < 0) {
		out->len = before;
		if (out->p != NULL)
			out->p[before] = '\0';
	}
	return rc;
}
int
png_palette(const void *in, size_t len, int colors, struct buf *out, struct diag *d)
{
	png_image pi;
	struct px s;
	unsigned char *px;
	int rc;

	if (colors < 2 || colors > 256)
		return diag_set(d, 0, "picture: %d colours is out of range", colors);
	memset(&pi, 0, sizeof pi);
	pi.version = PNG_IMAGE_VERSION;
	if (!png_image_begin_read_from_memory(&pi, in, len))
		return diag_set(d, 0, "picture: libpng cannot read the PNG (%zu bytes): %s",
		    len, pi.message);
	if (pi.width < 1 || pi.width > PNGPAL_MAX || pi.height < 1 || pi.height > PNGPAL_MAX) {
		png_image_free(&pi);
		return diag_set(d, 0, "picture: %ux%u pixels is out of range", pi.width,
		    pi.height);
	}
	/* Straight RGBA, as libimagequant takes it. */
	pi.format = PNG_FORMAT_RGBA;
	if ((px = malloc(PNG_IMAGE_SIZE(pi))) == NULL) {
		png_image_free(&pi);
		return diag_set(d, 0, "picture: out of memory");
	}
	if (!png_image_finish_read(&pi, NULL, px, 0, NULL)) {
		rc = diag_set(d, 0, "picture: libpng cannot read the PNG (%zu bytes): %s", len,
		    pi.message);
		png_image_free(&pi);
		free(px);
		return rc;
	}
	s.p = px;
	s.stride = PNG_IMAGE_ROW_STRIDE(pi);
	s.xrgb = 0;
	rc = png_palette_out(&s, (int)pi.width, (int)pi.height, colors, out, d);
	free(px);
	return rc;
}

int
png_palette_rgb24(const unsigned char *px, int w, int h, int stride, int colors,
    struct buf *out, struct diag *d)
{
	struct px s;

	if (w < 1 || w > PNGPAL_MAX || h < 1 || h > PNGPAL_MAX || stride < 4 * w ||
	    colors < 2 || colors > 256)
		return diag_set(d, 0, "picture: %dx%d pixels or %d colours is out of range",
		    w, h, colors);
	s.p = px;
	s.stride = (size_t)stride;
	s.xrgb = 1;
	return png_palette_out(&s, w, h, colors, out, d);
}
