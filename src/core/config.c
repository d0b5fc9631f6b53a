#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "core/config.h"

enum kind { K_STR, K_INT, K_LONG };

struct key {
	const char *name;          /* dotted path */
	enum kind kind;
	size_t off, size;
	const char *def;
	const char *const *choices;
};

static const char *const log_choices[] = { "auto", "stderr", "file", "syslog", "none", NULL };
static const char *const mbox_choices[] = { "maildir", "mbox", "imap", "pop3", "none", NULL };
static const char *const deliver_choices[] = { "outdir", "sendmail", "smtp", NULL };
static const char *const tls_choices[] = { "none", "starttls", "tls", NULL };
static const char *const seen_choices[] = { "flag", "move", "delete", "keep", NULL };
static const char *const yesno_choices[] = { "yes", "no", NULL };

#define S(n, f, d, c) { n, K_STR, offsetof(struct config, f), \
    sizeof(((struct config *)0)->f), d, c }
#define I(n, f, d) { n, K_INT, offsetof(struct config, f), sizeof(int), d, NULL }
#define L(n, f, d) { n, K_LONG, offsetof(struct config, f), sizeof(long), d, NULL }

static const struct key keys[] = {
	S("ledger", ledger, "azalai.db", NULL),
	I("lock_timeout", lock_timeout, "10"),
	/* Empty: found at start-up (datadir_find), so the file can be told apart. */
	S("datadir", datadir, "", NULL),
	S("language", language, "en", NULL),
	S("referee.address", referee_address, "referee@localhost", NULL),
	S("referee.name", referee_name, "azalai referee", NULL),
	S("log.to", log_to, "auto", log_choices),
	S("log.file", log_file, "azalai.log", NULL),
	S("mailbox.type", mailbox_type, "maildir", mbox_choices),
	S("mailbox.path", mailbox_path, "Maildir", NULL),
	S("mailbox.url", mailbox_url, "", NULL),
	S("mailbox.user", mailbox_user, "", NULL),
	S("mailbox.password", mailbox_password, "", NULL),
	S("mailbox.password_file", mailbox_password_file, "", NULL),
	S("mailbox.tls", mailbox_tls, "starttls", tls_choices),
	S("mailbox.seen", mailbox_seen, "flag", seen_choices),
	S("mailbox.move_to", mailbox_move_to, "", NULL),
	I("mailbox.timeout", mailbox_timeout, "60"),
	S("mailbox.authserv_id", mailbox_authserv_id, "", NULL),
	S("deliver.method", deliver_method, "outdir", deliver_choices),
	S("deliver.outdir", deliver_outdir, "outbox", NULL),
	S("deliver.sendmail", deliver_sendmail, "/usr/sbin/sendmail -t -oi", NULL),
	S("deliver.url", deliver_url, "", NULL),
	S("deliver.user", deliver_user, "", NULL),
	S("deliver.password", deliver_password, "", NULL),
	S("deliver.password_file", deliver_password_file, "", NULL),
	S("deliver.tls", deliver_tls, "starttls", tls_choices),
	I("deliver.timeout", deliver_timeout, "60"),
	S("tls_verify", tls_verify, "yes", yesno_choices),
	S("report.pictures", report_pictures, "yes", yesno_choices),
	L("limits.message_bytes", max_message_bytes, "2097152"),
	I("limits.help_replies_per_day", help_replies_per_day, "3"),
	I("limits.problem_replies_per_day", problem_replies_per_day, "20"),
	I("limits.stranger_replies_per_run", stranger_replies_per_run, "20"),
	I("limits.stranger_replies_per_day", stranger_replies_per_day, "100"),
	I("limits.token_failures_per_day", token_failures_per_day, "10"),
	I("limits.message_attempts", message_attempts, "3"),
	S("archive.dir", archive_dir, "", NULL),
	S("archive.url", archive_url, "", NULL),
	I("retention", retention_days, "3"),
	I("watch.poll_interval", watch_poll, "60"),
	I("watch.full_check", watch_full_check, "300"),
	I("watch.backoff_max", watch_backoff_max, "300"),
	I("bots.seconds_per_run", bot_seconds_per_run, "60"),
	{ NULL, K_STR, 0, 0, NULL, NULL }
};

static int
set(struct config *c, const struct key *k, const char *v, int line, struct diag *d)
{
	char *p = (char *)c + k->off, *end;

	if (k->choices != NULL) {
		int ok = 0;

		for (int i = 0; k->choices[i] != NULL; i++)
			ok |= strcmp(k->choices[i], v) == 0;
		if (!ok)
			return diag_set(d, line, "%s: \"%s\" is not an accepted value", k->name, v);
	}
	switch (k->kind) {
	case K_STR:
		if (strlen(v) >= k->size)
			return diag_set(d, line, "%s: value too long", k->name);
		memcpy(p, v, strlen(v) + 1);
		break;
	case K_INT:
	case K_LONG: {
		long n;

		errno = 0;
		n = strtol(v, &end, 10);
		if (errno != 0 || *v == '\0' || *end != '\0' || n < 0)
			return diag_set(d, line, "%s: \"%s\" is not a whole number", k->name, v);
		/* Cut to an int, 2^32 + 1 would read as 1. */
		if (k->kind == K_INT && n > INT_MAX)
			return diag_set(d, line, "%s: \"%s\" is too large (at most %d)", k->name,
			    v, INT_MAX);
		if (k->kind == K_INT)
			*(int *)(void *)p = (int)n;
		else
			*(long *)(void *)p = n;
		break;
	}
	}
	return 0;
}

void
config_defaults(struct config *c)
{
	memset(c, 0, sizeof *c);
	for (int i = 0; keys[i].name != NULL; i++)
		set(c, &keys[i], keys[i].def, 0, NULL);
}

static const struct key *
find(const char *name)
{
	for (int i = 0; keys[i].name != NULL; i++)
		if (strcmp(keys[i].name, name) == 0)
			return &keys[i];
	return NULL;
}

/* Walks a mapping of mappings; prefix is the dotted path so far. */
static int
walk(struct config *c, yaml_parser_t *y, const char *prefix, struct diag *d)
{
	yaml_event_t ev;
	char key[128];

	for (;;) {
		if (!yaml_parser_parse(y, &ev))
			return diag_set(d, (int)y->problem_mark.line + 1, "%s",
			    y->problem ? y->problem : "YAML syntax error");
		if (ev.type == YAML_MAPPING_END_EVENT) {
			yaml_event_delete(&ev);
			return 0;
		}
		if (ev.type != YAML_SCALAR_EVENT) {
			int line = (int)ev.start_mark.line + 1;

			yaml_event_delete(&ev);
			return diag_set(d, line, "expected a key");
		}
		snprintf(key, sizeof key, "%s%s%s", prefix, *prefix ? "." : "",
		    (const char *)ev.data.scalar.value);
		yaml_event_delete(&ev);
		if (!yaml_parser_parse(y, &ev))
			return diag_set(d, (int)y->problem_mark.line + 1, "%s",
			    y->problem ? y->problem : "YAML syntax error");
		if (ev.type == YAML_MAPPING_START_EVENT) {
			yaml_event_delete(&ev);
			if (walk(c, y, key, d) < 0)
				return -1;
		} else if (ev.type == YAML_SCALAR_EVENT) {
			const struct key *k = find(key);
			int line = (int)ev.start_mark.line + 1, rc;

			if (k == NULL) {
				yaml_event_delete(&ev);
				return diag_set(d, line, "unknown key \"%s\"", key);
			}
			rc = set(c, k, (const char *)ev.data.scalar.value, line, d);
			yaml_event_delete(&ev);
			if (rc < 0)
				return -1;
		} else {
			int line = (int)ev.start_mark.line + 1;

			yaml_event_delete(&ev);
			return diag_set(d, line, "\"%s\" must be a value or a mapping", key);
		}
	}
}

int
config_load(struct config *c, const char *path, int required, struct diag *d)
{
	FILE *f = fopen(path, "r");
	yaml_parser_t y;
	yaml_event_t ev;
	int rc = 0, done = 0;

	if (f == NULL) {
		if (!required && errno == ENOENT)
			return 0;
		return diag_set(d, 0, "cannot read config %s: %s", path, strerror(errno));
	}
	yaml_parser_initialize(&y);
	yaml_parser_set_input_file(&y, f);
	while (rc == 0 && !done) {
		if (!yaml_parser_parse(&y, &ev)) {
			rc = diag_set(d, (int)y.problem_mark.line + 1, "%s",
			    y.problem ? y.problem : "YAML syntax error");
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_MAPPING_START_EVENT:
			rc = walk(c, &y, "", d);
			break;
		case YAML_SCALAR_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			rc = diag_set(d, (int)ev.start_mark.line + 1,
			    "the config must be a mapping of keys");
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&y);
	fclose(f);
	if (rc < 0) {
		char msg[DIAG_MSG];

		snprintf(msg, sizeof msg, "%s", d->msg);
		diag_set(d, 0, "%s line %d: %s", path, d->line, msg);
	}
	return rc;
}

/* Emits one plain key and its value; strings are double-quoted, the style in
 * which libyaml escapes anything (quotes, '#', ": ", line breaks, control
 * characters) so every value reads back as the same string. */
static int
emit_pair(yaml_emitter_t *e, const char *key, const char *value, int quoted)
{
	yaml_event_t ev;

	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)key, -1, 1, 1,
	    YAML_PLAIN_SCALAR_STYLE);
	if (!yaml_emitter_emit(e, &ev))
		return -1;
	yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)value, -1, !quoted, 1,
	    quoted ? YAML_DOUBLE_QUOTED_SCALAR_STYLE : YAML_PLAIN_SCALAR_STYLE);
	return yaml_emitter_emit(e, &ev) ? 0 : -1;
}

static int
emit_all(yaml_emitter_t *e, const struct config *c)
{
	yaml_event_t ev;
	char num[32];

	yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING);
	if (!yaml_emitter_emit(e, &ev))
		return -1;
	yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1);
	if (!yaml_emitter_emit(e, &ev))
		return -1;
	yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE);
	if (!yaml_emitter_emit(e, &ev))
		return -1;
	for (int i = 0; keys[i].name != NULL; i++) {
		const char *p = (const char *)c + keys[i].off;
		int rc;

		/* A password is not for the screen. */
		if (keys[i].kind == K_STR && strstr(keys[i].name, "password") != NULL &&
		    strstr(keys[i].name, "_file") == NULL && *p != '\0') {
			rc = emit_pair(e, keys[i].name, "(set)", 1);
		} else if (keys[i].kind == K_STR) {
			rc = emit_pair(e, keys[i].name, p, 1);
		} else {
			if (keys[i].kind == K_INT)
				snprintf(num, sizeof num, "%d", *(const int *)(const void *)p);
			else
				snprintf(num, sizeof num, "%ld", *(const long *)(const void *)p);
			rc = emit_pair(e, keys[i].name, num, 0);
		}
		if (rc < 0)
			return -1;
	}
	yaml_mapping_end_event_initialize(&ev);
	if (!yaml_emitter_emit(e, &ev))
		return -1;
	yaml_document_end_event_initialize(&ev, 1);
	if (!yaml_emitter_emit(e, &ev))
		return -1;
	yaml_stream_end_event_initialize(&ev);
	if (!yaml_emitter_emit(e, &ev))
		return -1;
	return yaml_emitter_flush(e) ? 0 : -1;
}

int
config_print(const struct config *c, FILE *out, struct diag *d)
{
	yaml_emitter_t e;
	int rc;

	if (!yaml_emitter_initialize(&e))
		return diag_set(d, 0, "print the config: out of memory");
	yaml_emitter_set_output_file(&e, out);
	yaml_emitter_set_unicode(&e, 1);
	/* One line per key, however long the value. */
	yaml_emitter_set_width(&e, -1);
	rc = emit_all(&e, c);
	if (rc < 0)
		diag_set(d, 0, "print the config: %s", e.problem != NULL ? e.problem :
		    "cannot write");
	yaml_emitter_delete(&e);
	if (rc == 0 && fflush(out) != 0)
		rc = diag_set(d, 0, "print the config: %s", strerror(errno));
	return rc;
}
