/* board: a view through the game's board.svg template (the PNG is
 * azalai-draw's, src/draw/raster.c).
 * A game master edits the template, so its output is parsed before anyone
 * gets it: a picture that is not XML would break every HTML mail and web
 * page it goes into, and librsvg would refuse it only later, per mail. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "core/msg.h"
#include "core/tval.h"
#include "render/board.h"
#include "render/mustache.h"

/* The root element's name, kept by the first start tag the parser meets. */
static void
root_name(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
    int nns, const xmlChar **ns, int nattr, int ndefaulted, const xmlChar **attrs)
{
	char *root = ((xmlParserCtxtPtr)ctx)->_private;

	(void)prefix; (void)uri; (void)nns; (void)ns; (void)nattr; (void)ndefaulted;
	(void)attrs;
	if (root[0] == '\0')
		snprintf(root, 64, "%s", (const char *)localname);
}

/* Whether svg is well-formed XML whose root is <svg>; diag otherwise. Every
 * report's picture passes here, so the parser checks without building the
 * tree nobody reads (building it was most of the check's cost): the
 * parser's own callbacks for elements, text and comments are switched off,
 * and the first element's name is kept. */
static int
svg_check(const char *game, const char *svg, struct diag *d)
{
	xmlParserCtxtPtr ctx;
	xmlDocPtr doc;
	char root[64] = "";
	int rc = 0;

	if ((ctx = xmlNewParserCtxt()) == NULL)
		return diag_set(d, 0, "board picture of %s: out of memory", game);
	ctx->_private = root;
	ctx->sax->startElementNs = root_name;
	ctx->sax->endElementNs = NULL;
	ctx->sax->characters = NULL;
	ctx->sax->ignorableWhitespace = NULL;
	ctx->sax->cdataBlock = NULL;
	ctx->sax->comment = NULL;
	ctx->sax->processingInstruction = NULL;
	/* No network, no entities from outside, no chatter on stderr. */
	doc = xmlCtxtReadMemory(ctx, svg, (int)strlen(svg), "board.svg", "UTF-8",
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (doc == NULL) {
		xmlErrorPtr e = xmlCtxtGetLastError(ctx);
		char msg[200] = "not XML";

		if (e != NULL && e->message != NULL) {
			size_t n;

			snprintf(msg, sizeof msg, "%s", e->message);
			n = strlen(msg);
			while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
				msg[--n] = '\0';
		}
		rc = diag_set(d, e != NULL ? e->line : 0, "template board.svg of %s "
		    "makes malformed XML at line %d of its output: %s", game,
		    e != NULL ? e->line : 0, msg);
	} else if (strcmp(root, "svg") != 0) {
		rc = diag_set(d, 0, "template board.svg of %s makes <%s>, not <svg>",
		    game, root[0] != '\0' ? root : "nothing");
	}
	xmlFreeDoc(doc);
	xmlFreeParserCtxt(ctx);
	return rc;
}

/* The words a picture writes, as terms: the renderer says them in the
 * reader's language, like every other word of the view. game NULL: every
 * game's. */
static const struct {
	const char *game, *key, *term;
} words[] = {
	{ NULL, "you", TERM("common.picture.you") },
	{ "targi", "dates", TERM("targi.good.dates") },
	{ "targi", "salt", TERM("targi.good.salt") },
	{ "targi", "pepper", TERM("targi.good.pepper") },
	{ "targi", "gold", TERM("targi.good.gold") },
	{ "targi", "water", TERM("targi.good.water") },
	{ "targi", "vp", TERM("targi.good.vp") },
	{ "targi", "targia", TERM("targi.symbol.targia") },
	{ "targi", "robber", TERM("targi.picture.robber") },
	{ "targi", "targi", TERM("targi.picture.targi") },
	{ "targi", "marker", TERM("targi.picture.marker") },
	{ "targi", "empty", TERM("targi.picture.empty") },
	{ "targi", "down", TERM("targi.picture.down") },
	{ "targi", "token", TERM("targi.picture.token") },
	{ "targi", "hand", TERM("targi.picture.hand") },
};

/* The "pic" map of a game's words, made once and shared by every tree. */
static struct tval *
words_of(const char *game)
{
	static struct {
		char game[32];
		struct tval *map;
	} made[8];

	for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
		if (made[i].map != NULL && strcmp(made[i].game, game) == 0)
			return made[i].map;
		if (made[i].map == NULL) {
			snprintf(made[i].game, sizeof made[i].game, "%s", game);
			made[i].map = tval_map();
			for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
				if (words[w].game == NULL || strcmp(words[w].game, game) == 0)
					tval_set_str(made[i].map, words[w].key, words[w].term);
			tval_share(made[i].map);
			return made[i].map;
		}
	}
	return NULL;
}

int
board_svg_render(struct render *r, struct tval *view, char **svg, struct diag *d)
{
	struct tval *w = words_of(r->game);

	*svg = NULL;
	if (w != NULL)
		tval_set(view, "pic", w);
	return render_doc(r, "board.svg", view, MUSTACHE_ESCAPE_HTML, svg, d) < 0 ? -1 : 0;
}

int
board_svg_check(struct render *r, const char *svg, struct diag *d)
{
	return svg_check(r->game[0] ? r->game : "common", svg, d);
}

int
board_svg(struct render *r, struct tval *view, char **svg, struct diag *d)
{
	if (board_svg_render(r, view, svg, d) < 0)
		return -1;
	if (board_svg_check(r, *svg, d) < 0) {
		free(*svg);
		*svg = NULL;
		return -1;
	}
	return 0;
}
