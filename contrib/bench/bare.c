/* The least any referee must do with a mail, for contrib/bench/run's P1
 * ratio: read it, parse it with GMime, and store it with one SQLite insert
 * in its own transaction, with the ledger's WAL and synchronous settings.
 * usage: azalai-bare LEDGER MAILDIR_SUBDIR */
#include <dirent.h>
#include <gmime/gmime.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *
slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *p = NULL;
	long len;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (len = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
	    (p = malloc((size_t)len + 1)) != NULL && fread(p, 1, (size_t)len, f) == (size_t)len) {
		p[len] = '\0';
		*n = (size_t)len;
	} else {
		free(p);
		p = NULL;
	}
	fclose(f);
	return p;
}

int
main(int argc, char **argv)
{
	sqlite3 *db;
	sqlite3_stmt *ins;
	struct dirent *e;
	DIR *dir;
	long n = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: azalai-bare LEDGER MAILDIR_SUBDIR\n");
		return 64;
	}
	g_mime_init();
	if (sqlite3_open(argv[1], &db) != SQLITE_OK ||
	    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; "
	    "CREATE TABLE IF NOT EXISTS messages (id INTEGER PRIMARY KEY, message_id TEXT, "
	    "sender TEXT, subject TEXT, raw BLOB)", NULL, NULL, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "INSERT INTO messages (message_id, sender, subject, raw) "
	    "VALUES (?,?,?,?)", -1, &ins, NULL) != SQLITE_OK) {
		fprintf(stderr, "azalai-bare: %s\n", sqlite3_errmsg(db));
		return 70;
	}
	if ((dir = opendir(argv[2])) == NULL) {
		perror(argv[2]);
		return 66;
	}
	while ((e = readdir(dir)) != NULL) {
		char path[4096];
		GMimeStream *s;
		GMimeParser *p;
		GMimeMessage *m;
		size_t len;
		char *raw;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", argv[2], e->d_name);
		if ((raw = slurp(path, &len)) == NULL)
			continue;
		s = g_mime_stream_mem_new_with_buffer(raw, len);
		p = g_mime_parser_new_with_stream(s);
		m = g_mime_parser_construct_message(p, NULL);
		sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
		sqlite3_bind_text(ins, 1, m ? g_mime_message_get_message_id(m) : NULL, -1,
		    SQLITE_TRANSIENT);
		sqlite3_bind_text(ins, 2, m ? internet_address_list_to_string(
		    g_mime_message_get_from(m), NULL, FALSE) : NULL, -1, free);
		sqlite3_bind_text(ins, 3, m ? g_mime_message_get_subject(m) : NULL, -1,
		    SQLITE_TRANSIENT);
		sqlite3_bind_blob(ins, 4, raw, (int)len, SQLITE_STATIC);
		if (sqlite3_step(ins) != SQLITE_DONE ||
		    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
			fprintf(stderr, "azalai-bare: %s\n", sqlite3_errmsg(db));
			return 70;
		}
		sqlite3_reset(ins);
		if (m != NULL)
			g_object_unref(m);
		g_object_unref(p);
		g_object_unref(s);
		free(raw);
		n++;
	}
	closedir(dir);
	sqlite3_finalize(ins);
	sqlite3_close(db);
	printf("%ld\n", n);
	return 0;
}
