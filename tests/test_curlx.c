/* Credentials and URLs for the mail transports, and their config keys. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/config.h"
#include "mail/curlx.h"

static char file[64];

static void
write_file(const char *text, mode_t mode)
{
	FILE *f;
	int fd;

	snprintf(file, sizeof file, "/tmp/azalai-curlx-XXXXXX");
	fd = mkstemp(file);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(file, mode), 0);
}

static void
test_password(void **state)
{
	char pw[32];
	struct diag d;

	(void)state;
	assert_int_equal(curlx_password("inline", "/nonexistent", pw, sizeof pw, &d), 0);
	assert_string_equal(pw, "inline");
	assert_int_equal(curlx_password("", "", pw, sizeof pw, &d), 0);
	assert_string_equal(pw, "");
	write_file("s3cret\r\nsecond line\n", 0600);
	assert_int_equal(curlx_password("", file, pw, sizeof pw, &d), 0);
	assert_string_equal(pw, "s3cret");
	/* Readable by others: refused, with the fix in the sentence. */
	assert_int_equal(chmod(file, 0644), 0);
	assert_int_equal(curlx_password(NULL, file, pw, sizeof pw, &d), -1);
	assert_non_null(strstr(d.msg, "chmod 600"));
	unlink(file);
	assert_int_equal(curlx_password(NULL, file, pw, sizeof pw, &d), -1);
	assert_non_null(strstr(d.msg, "cannot read the password file"));
	write_file("0123456789012345678901234567890123456789\n", 0600);
	assert_int_equal(curlx_password(NULL, file, pw, sizeof pw, &d), -1);
	unlink(file);
	assert_int_equal(curlx_password("0123456789012345678901234567890123456789", NULL, pw,
	    sizeof pw, &d), -1);
}

static void
test_url(void **state)
{
	struct diag d;

	(void)state;
	assert_int_equal(curlx_check_url("imap://h/INBOX", "imap", "imaps", "none", &d), 0);
	assert_int_equal(curlx_check_url("imap://h/INBOX", "imap", "imaps", "starttls", &d), 0);
	assert_int_equal(curlx_check_url("IMAPS://h/INBOX", "imap", "imaps", "tls", &d), 0);
	assert_int_equal(curlx_check_url("imaps://h/INBOX", "imap", "imaps", "starttls", &d),
	    -1);
	assert_non_null(strstr(d.msg, "set tls to \"tls\""));
	assert_int_equal(curlx_check_url("imap://h/INBOX", "imap", "imaps", "tls", &d), -1);
	assert_int_equal(curlx_check_url("pop3://h/", "imap", "imaps", "none", &d), -1);
	assert_int_equal(curlx_check_url("", "smtp", "smtps", "none", &d), -1);
	assert_non_null(strstr(d.msg, "no server is configured"));
	assert_int_equal(curlx_check_url("smtpx://h", "smtp", "smtps", "none", &d), -1);
	assert_int_equal(curlx_check_url("smtps://h:465", "smtp", "smtps", "tls", &d), 0);
}

static void
test_open_refuses_bad_settings(void **state)
{
	struct curlx_opts o = { "imaps://h/INBOX", "u", "p", "", "none", 5, 1 };
	struct buf b = BUF_INIT;
	struct diag d;
	CURL *h;

	(void)state;
	assert_null(curlx_open(&o, "imap", "imaps", &b, &d));
	o.tls = "tls";
	h = curlx_open(&o, "imap", "imaps", &b, &d);
	assert_non_null(h);
	curlx_close(h);
}

static void
test_config_keys(void **state)
{
	struct config c;
	struct diag d;

	(void)state;
	config_defaults(&c);
	assert_string_equal(c.mailbox_tls, "starttls");
	assert_string_equal(c.tls_verify, "yes");
	assert_int_equal(c.mailbox_timeout, 60);
	assert_int_equal(c.deliver_timeout, 60);
	write_file("mailbox:\n  type: imap\n  url: imaps://mail.example.org/INBOX\n"
	    "  user: referee\n  password_file: /etc/azalai/pw\n  tls: tls\n  seen: move\n"
	    "  move_to: Done\n  timeout: 20\ndeliver:\n  method: smtp\n"
	    "  url: smtp://127.0.0.1:2525\n  tls: none\n  timeout: 7\ntls_verify: no\n", 0600);
	assert_int_equal(config_load(&c, file, 1, &d), 0);
	assert_string_equal(c.mailbox_type, "imap");
	assert_string_equal(c.mailbox_url, "imaps://mail.example.org/INBOX");
	assert_string_equal(c.mailbox_password_file, "/etc/azalai/pw");
	assert_string_equal(c.mailbox_seen, "move");
	assert_string_equal(c.mailbox_move_to, "Done");
	assert_int_equal(c.mailbox_timeout, 20);
	assert_string_equal(c.deliver_method, "smtp");
	assert_string_equal(c.deliver_tls, "none");
	assert_int_equal(c.deliver_timeout, 7);
	assert_string_equal(c.tls_verify, "no");
	unlink(file);
	write_file("mailbox:\n  tls: maybe\n", 0600);
	assert_int_equal(config_load(&c, file, 1, &d), -1);
	assert_non_null(strstr(d.msg, "mailbox.tls"));
	unlink(file);
	write_file("mailbox:\n  type: pop3\n", 0600);
	assert_int_equal(config_load(&c, file, 1, &d), 0);
	assert_string_equal(c.mailbox_type, "pop3");
	unlink(file);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_password),
		cmocka_unit_test(test_url),
		cmocka_unit_test(test_open_refuses_bad_settings),
		cmocka_unit_test(test_config_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
