/* htmltext: an HTML-only mail's body -> the text a player saw, for the
 * order reader. libxml2's HTML parser reads the page (entities, unclosed
 * and misnested tags as a browser does); doc/mail-notes.md says how the
 * tree becomes lines. */
#ifndef AZ_HTMLTEXT_H
#define AZ_HTMLTEXT_H

#include <stddef.h>

/* html[0..len) is UTF-8. Returns the text, malloc'd: UTF-8, lines ending in
 * LF, no CR or other control character but LF (and tab inside <pre>). */
char *html_to_text(const char *html, size_t len);

#endif
