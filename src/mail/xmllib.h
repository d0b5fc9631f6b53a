/* xmllib: libxml2, opened by the first HTML mail or board picture.
 *
 * Linked, libxml2 (with ICU and the C++ runtime it brings) cost every run
 * of azalai some 4 million instructions of relocation before main, a
 * quarter of an idle "azalai run" (issue 16, P2). Include this after the
 * libxml2 headers: the calls below then go through the pointers
 * xmllib_load fills, and the code reads as before. */
#ifndef AZ_XMLLIB_H
#define AZ_XMLLIB_H

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/diag.h"

#define XMLLIB_FUNCS(F) \
	F(htmlReadMemory) \
	F(xmlCtxtGetLastError) \
	F(xmlCtxtReadMemory) \
	F(xmlFreeDoc) \
	F(xmlFreeParserCtxt) \
	F(xmlNewParserCtxt)

#define XMLLIB_MEMBER(name) __typeof__(name) *name;
struct xmllib {
	XMLLIB_FUNCS(XMLLIB_MEMBER)
};
#undef XMLLIB_MEMBER

extern struct xmllib xmllib_fns;

/* Opens libxml2 once; -1 and a diag when it cannot be. */
int xmllib_load(struct diag *);

#ifndef XMLLIB_NO_REDIRECT
#define htmlReadMemory (xmllib_fns.htmlReadMemory)
#define xmlCtxtGetLastError (xmllib_fns.xmlCtxtGetLastError)
#define xmlCtxtReadMemory (xmllib_fns.xmlCtxtReadMemory)
#define xmlFreeDoc (xmllib_fns.xmlFreeDoc)
#define xmlFreeParserCtxt (xmllib_fns.xmlFreeParserCtxt)
#define xmlNewParserCtxt (xmllib_fns.xmlNewParserCtxt)
#endif

#endif
