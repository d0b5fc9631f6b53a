#ifndef AZ_RENDER_FOLD_H
#define AZ_RENDER_FOLD_H

#include <stddef.h>

/* text folded at spaces into lines of at most width characters (UTF-8
 * counted as characters), each line after the first begun with indent.
 * A word longer than a line stands alone on its own. Never breaks before
 * a French high sign (; : ! ? ») or after «, whose space the French
 * catalogs keep. Returns an allocated string. */
char *fold_text(const char *text, size_t width, const char *indent);

/* A mail's text part with each prose line wider than width folded by
 * fold_text: a paragraph's continuations at column 0, an indented item's
 * two columns under its text. Prose has, after its indent (a quarter of
 * the width at most), no tab, no run of two spaces (columns, aligned
 * values) and no word a break would part from its label (a hash, an
 * address: longer than 40 characters); every other line is left as the
 * template laid it out. Returns an allocated string. */
char *fold_prose(const char *text, size_t width);

#endif
