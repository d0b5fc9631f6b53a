#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "hash.h"

void
sha256_hex(const void *p, size_t n, char out[HASH_HEX])
{
	GChecksum *c = g_checksum_new(G_CHECKSUM_SHA256);

	g_checksum_update(c, p, (gssize)n);
	snprintf(out, HASH_HEX, "%s", g_checksum_get_string(c));
	g_checksum_free(c);
}

void
sha256_parts_hex(char out[HASH_HEX], int n, const char *const *parts)
{
	GChecksum *c = g_checksum_new(G_CHECKSUM_SHA256);

	for (int i = 0; i < n; i++) {
		char len[24];
		int l = snprintf(len, sizeof len, "%zu:", strlen(parts[i]));

		g_checksum_update(c, (const guchar *)len, l);
		g_checksum_update(c, (const guchar *)parts[i], (gssize)strlen(parts[i]));
	}
	snprintf(out, HASH_HEX, "%s", g_checksum_get_string(c));
	g_checksum_free(c);
}
