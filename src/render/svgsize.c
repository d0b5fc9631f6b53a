/* svgsize: the root <svg>'s size, read strictly (svgsize.h). Strict on
 * purpose: a wrong guess would put a wrong height in an HTML page whose
 * picture comes later, so whatever librsvg might read otherwise than
 * strtod does is refused. */
#include <stdlib.h>
#include <string.h>

#include "render/svgsize.h"

static const char *
skip_space(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return p;
}

/* Past the XML declaration, comments and white space before the root; NULL
 * on a DOCTYPE (its entities could change what an attribute says) or
 * anything else unexpected. */
static const char *
root_start(const char *p)
{
	if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	for (;;) {
		p = skip_space(p);
		if (strncmp(p, "<?", 2) == 0) {
			if ((p = strstr(p, "?>")) == NULL)
				return NULL;
			p += 2;
		} else if (strncmp(p, "<!--", 4) == 0) {
			if ((p = strstr(p + 4, "-->")) == NULL)
				return NULL;
			p += 3;
		} else if (strncmp(p, "<svg", 4) == 0 && strchr(" \t\r\n", p[4]) != NULL &&
		    p[4] != '\0') {
			return p + 4;
		} else {
			return NULL;
		}
	}
}

/* A plain decimal number: digits, at most one point, no sign, no
 * exponent (neg: a leading minus allowed). Its end in *end; -1 when none. */
static int
number(const char *p, int neg, double *v, const char **end)
{
	const char *s = p;
	int digits = 0, points = 0;

	if (neg && *p == '-')
		p++;
	for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
		if (*p == '.')
			points++;
		else
			digits++;
	}
	if (digits == 0 || points > 1 || p[-1] == '.')
		return -1;
	*v = strtod(s, NULL);
	*end = p;
	return 0;
}

/* A length of n bytes in px or without unit, more than 0. */
static int
length(const char *p, size_t n, double *v)
{
	const char *end;

	if (number(p, 0, v, &end) < 0)
		return -1;
	if ((size_t)(end - p) != n && !((size_t)(end - p) + 2 == n &&
	    strncmp(end, "px", 2) == 0))
		return -1;
	return *v > 0 ? 0 : -1;
}

/* viewBox="x y w h", numbers apart by white space or one comma. */
static int
view_box(const char *p, size_t n, double *w, double *h)
{
	char tmp[256];
	const char *q;
	double v[4];

	if (n >= sizeof tmp)
		return -1;
	memcpy(tmp, p, n);
	tmp[n] = '\0';
	q = skip_space(tmp);
	for (int i = 0; i < 4; i++) {
		const char *end;

		if (number(q, 1, &v[i], &end) < 0)
			return -1;
		q = skip_space(end);
		if (i < 3 && *q == ',')
			q = skip_space(q + 1);
		else if (i < 3 && q == end)
			return -1;
	}
	if (*q != '\0' || v[2] <= 0 || v[3] <= 0)
		return -1;
	*w = v[2];
	*h = v[3];
	return 0;
}

/* Whether a stylesheet of svg may set a size: a CSS width or height
 * property anywhere (stroke-width is not one). SVG 2 lets CSS size the root,
 * and whether librsvg does depends on its version: such a picture is
 * drawn to learn its size. */
static int
css_size(const char *svg)
{
	/* Found from each colon back, as a colon is much rarer in a picture
	 * than "width" (every rect has one): the word, then spaces, then the
	 * colon, is the same match read either way. */
	for (const char *c = strchr(svg, ':'); c != NULL; c = strchr(c + 1, ':')) {
		const char *e = c, *p;
		char b;
		size_t n;

		while (e > svg && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
		    e[-1] == '\r'))
			e--;
		if ((size_t)(e - svg) >= 5 && memcmp(e - 5, "width", 5) == 0)
			n = 5;
		else if ((size_t)(e - svg) >= 6 && memcmp(e - 6, "height", 6) == 0)
			n = 6;
		else
			continue;
		p = e - n;
		b = p > svg ? p[-1] : ' ';
		if (!((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') ||
		    (b >= '0' && b <= '9') || b == '-' || b == '_'))
			return 1;
	}
	return 0;
}

int
svg_png_height(const char *svg, int width, int max, long *height)
{
	const char *p = root_start(svg), *wv = NULL, *hv = NULL, *vb = NULL;
	size_t wn = 0, hn = 0, vbn = 0;
	double w, h, out;

	*height = 0;
	if (p == NULL || css_size(svg))
		return -1;
	for (;;) {
		const char *name, *val;
		size_t nn;
		char q;

		p = skip_space(p);
		if (*p == '>' || strncmp(p, "/>", 2) == 0)
			break;
		name = p;
		while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == ':' || *p == '.')
			p++;
		nn = (size_t)(p - name);
		if (nn == 0)
			return -1;
		p = skip_space(p);
		if (*p != '=')
			return -1;
		p = skip_space(p + 1);
		if (*p != '"' && *p != '\'')
			return -1;
		q = *p++;
		val = p;
		if ((p = strchr(p, q)) == NULL)
			return -1;
		/* An entity or a tag in a value could say anything. */
		if (memchr(val, '&', (size_t)(p - val)) != NULL ||
		    memchr(val, '<', (size_t)(p - val)) != NULL)
			return -1;
#define IS(s) (nn == strlen(s) && strncmp(name, s, nn) == 0)
		if (IS("width")) {
			if (wv != NULL)
				return -1;
			wv = val;
			wn = (size_t)(p - val);
		} else if (IS("height")) {
			if (hv != NULL)
				return -1;
			hv = val;
			hn = (size_t)(p - val);
		} else if (IS("style")) {
			return -1;
		} else if (IS("viewBox")) {
			if (vb != NULL)
				return -1;
			vb = val;
			vbn = (size_t)(p - val);
		}
#undef IS
		p++;
	}
	if (wv != NULL || hv != NULL) {
		/* Both, or librsvg takes the missing one as 100%. */
		if (wv == NULL || hv == NULL || length(wv, wn, &w) < 0 || length(hv, hn, &h) < 0)
			return -1;
	} else if (vb == NULL || view_box(vb, vbn, &w, &h) < 0) {
		return -1;
	}
	out = width * h / w + 0.5;
	if (out < 1 || out > max)
		return -1;
	*height = (long)(int)out;
	return 0;
}
