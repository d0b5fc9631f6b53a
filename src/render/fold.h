#ifndef AZ_RENDER_FOLD_H
#define AZ_RENDER_FOLD_H

#include <stddef.h>

/* text folded at spaces into lines of at most width characters (UTF-8
 * counted as characters), each line after the first begun with indent.
 * A word longer than a line stands alone on its own. Never breaks before
 * a French high sign (; : ! ? ») or after «, whose space the French
 * catalogs keep. Returns an allocated string. */
char *fold_text(const char *text, size_t width, const char *indent);

#endif
