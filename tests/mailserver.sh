# Sourceable: private Postfix (SMTP) and Dovecot (IMAP, POP3) on loopback for
# the mail tests, each with its own configuration under one directory, as the
# Debian packages provide them. Nothing under /etc is changed.
#
#   . tests/mailserver.sh
#   ms_setup DIR        install if missing (root), write configs, start both
#   ms_stop             stop both (also on EXIT when the caller traps it)
#   ms_stop_dovecot / ms_start_dovecot / ms_stop_postfix / ms_start_postfix
#   ms_kill_dovecot     stop Dovecot and kill the sessions it leaves running
#   ms_send FROM TO FILE        one mail in over SMTP (curl)
#   ms_mail_in FROM FILE        FILE, written with LF lines, to referee@ with
#                               CRLF ones, as Postfix wants them; MS_SENT
#                               counts the mails it sent (for ms_wait_count)
#   ms_imap_list USER           UIDs in USER's INBOX, one a line
#   ms_imap_get USER UID        one message
#   ms_imap_put USER FILE       one mail into USER's INBOX as it is, past
#                               Postfix (which rewrites some headers)
#   ms_referee_config DATADIR SECONDS [LINES]
#                       referee.pw and azalai.yaml here: IMAP in, SMTP out,
#                       both timeouts SECONDS, LINES more of mailbox:
#   ms_wait_count USER N        until USER's INBOX holds N messages
#   ms_wait_queue_empty         until Postfix has handed on every mail it took
#   ms_delivered USER           the files of the mails delivered to USER (a
#                               shell pattern: v* for v1, v2, ...), one a line
#
# Sets MS_DIR, MS_DOMAIN, MS_SMTP_PORT, MS_IMAP_PORT, MS_POP3_PORT, MS_PASS.
#
# With MAILSERVER_TLS=1 set before ms_setup, a throwaway self-signed
# certificate for CN=localhost is made in $MS_DIR/tls, Dovecot also serves
# IMAPS and POP3S (MS_IMAPS_PORT, MS_POP3S_PORT) and offers STARTTLS on its
# plain ports, and Postfix offers STARTTLS on MS_SMTP_PORT plus an SMTPS
# wrapper on MS_SMTPS_PORT, with SMTP AUTH (after TLS only) through Dovecot's
# SASL and the same users. Mail from referee@ must then be authenticated as
# referee@, so a referee that skips AUTH is refused. Logins are logged with
# their port (lport=) and TLS state in $MS_DIR/dovecot/log, SMTP sessions in
# $MS_DIR/postfix/maillog. Dovecot then wants TLS before any login
# (ssl = required), but counts a client whose address is the one it was
# reached at as secured: on 127.0.0.1, where the test's own helpers log in,
# that is every client. It also listens on MS_TLS_HOST (127.0.0.2), which
# a client reaches from 127.0.0.1: there a login in the clear is refused,
# as off loopback, so the referee should be pointed there.
# With MAILSERVER_HEADER_CHECKS naming a file before ms_setup, Postfix reads
# it as its header_checks (a regexp table) for the mail it receives.
# With MAILSERVER_BOUNCE_LATE=1 set before ms_setup, Postfix takes mail for
# any user of its domain and bounces the mail of an unknown one afterwards,
# with a delivery status notification (RFC 3464) to the envelope sender, as
# a server does that checks its recipients only after the mail is accepted.
# Without it an unknown user is refused at RCPT TO (550).
# MAILSERVER_MAIN_CF, when set before ms_setup, is added to Postfix's main.cf
# as it is (a test's own domains or maps).
# Postfix runs as strict sites do since the 2023 SMTP smuggling disclosures:
# a bare LF in a session is refused (smtpd_forbid_bare_newline = reject, with
# no exclusions, not even loopback), so every mail test proves that the
# referee speaks CRLF only. It also wants a valid HELO or EHLO, envelopes
# in RFC 5321 form (strict_rfc821_envelopes), relays for no one but a
# login (loopback is no longer trusted for it), and with TLS speaks TLS 1.2
# or newer and takes only logged-in clients on the SMTPS port.
# Every directory above DIR must be searchable by the postfix and mail users.
# Users: referee, amastan, tinhinan (password $MS_PASS), mail owned by "mail".
# Exits 77 (automake SKIP) only when the servers are absent and we are not root.

MS_DOMAIN=azalai.test
MS_PASS=sesame
MS_USERS="referee amastan tinhinan"

ms_have() {
	[ -x /usr/sbin/postfix ] && [ -x /usr/sbin/dovecot ] &&
	    [ -x /usr/lib/dovecot/imap ] && [ -x /usr/lib/dovecot/pop3 ]
}

ms_install() {
	ms_have && return 0
	if [ "$(id -u)" != 0 ]; then
		echo "SKIP: postfix and dovecot are not installed and we are not root to install them"
		exit 77
	fi
	echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
	echo "postfix postfix/mailname string localhost" | debconf-set-selections
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
	    postfix dovecot-imapd dovecot-pop3d > "$MS_DIR/apt.log" 2>&1 ||
	    { apt-get update > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y --no-install-recommends postfix dovecot-imapd dovecot-pop3d \
	    >> "$MS_DIR/apt.log" 2>&1; } ||
	    { echo "mailserver: cannot install postfix and dovecot, see $MS_DIR/apt.log" >&2; return 1; }
	ms_have
}

# A free port in a range of our own, so parallel runs rarely meet.
ms_port() {
	p=$1
	while ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -q ":$p\$"; do
		p=$((p + 1))
	done
	echo "$p"
}

ms_wait_port() {
	i=0
	while ! ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -q "127.0.0.1:$1\$"; do
		i=$((i + 1))
		[ "$i" -gt 100 ] && { echo "mailserver: nothing listens on port $1" >&2; return 1; }
		sleep 0.1
	done
}

# A throwaway self-signed certificate, good for two days.
ms_cert() {
	mkdir -p "$MS_DIR/tls"
	openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
	    -keyout "$MS_DIR/tls/key.pem" -out "$MS_DIR/tls/cert.pem" \
	    > "$MS_DIR/tls/openssl.log" 2>&1 ||
	    { echo "mailserver: openssl cannot make a certificate" >&2;
	    cat "$MS_DIR/tls/openssl.log" >&2; return 1; }
	chmod 600 "$MS_DIR/tls/key.pem"
}

ms_config() {
	pf=$MS_DIR/postfix
	dv=$MS_DIR/dovecot
	mkdir -p "$pf/etc" "$pf/queue" "$pf/data" "$dv/run" "$dv/state" "$MS_DIR/mail"
	chmod 755 "$MS_DIR" "$dv" "$dv/run"
	chown mail:mail "$MS_DIR/mail"
	chown postfix "$pf/data"
	uid=$(id -u mail)
	gid=$(id -g mail)
	cat > "$pf/etc/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $pf/queue
data_directory = $pf/data
meta_directory = /etc/postfix
maillog_file = $pf/maillog
maillog_file_prefixes = $pf
myhostname = mail.$MS_DOMAIN
mydomain = $MS_DOMAIN
myorigin = $MS_DOMAIN
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.1/32
alias_maps =
alias_database =
local_recipient_maps =
smtpd_relay_restrictions = permit_sasl_authenticated, reject_unauth_destination
smtpd_helo_required = yes
smtpd_helo_restrictions = reject_invalid_helo_hostname
strict_rfc821_envelopes = yes
disable_vrfy_command = yes
virtual_mailbox_domains = $MS_DOMAIN
virtual_mailbox_base = $MS_DIR/mail
virtual_mailbox_maps = texthash:$pf/etc/vmailbox
virtual_uid_maps = static:$uid
virtual_gid_maps = static:$gid
virtual_minimum_uid = 1
virtual_mailbox_limit = 0
message_size_limit = 52428800
smtp_dns_support_level = disabled
biff = no
in_flow_delay = 0
smtpd_forbid_bare_newline = reject
smtpd_forbid_bare_newline_exclusions =
EOF
	[ -z "${MAILSERVER_HEADER_CHECKS:-}" ] ||
	    echo "header_checks = regexp:$MAILSERVER_HEADER_CHECKS" >> "$pf/etc/main.cf"
	[ "${MAILSERVER_BOUNCE_LATE:-}" != 1 ] ||
	    echo "smtpd_reject_unlisted_recipient = no" >> "$pf/etc/main.cf"
	if [ "${MAILSERVER_TLS:-}" = 1 ]; then
		cat >> "$pf/etc/main.cf" <<EOF
smtpd_tls_cert_file = $MS_DIR/tls/cert.pem
smtpd_tls_key_file = $MS_DIR/tls/key.pem
smtpd_tls_security_level = may
smtpd_tls_auth_only = yes
smtpd_tls_protocols = >=TLSv1.2
smtpd_tls_mandatory_protocols = >=TLSv1.2
smtpd_tls_loglevel = 1
smtpd_sasl_auth_enable = yes
smtpd_sasl_type = dovecot
smtpd_sasl_path = private/auth
smtpd_sender_login_maps = texthash:$pf/etc/senders
smtpd_sender_restrictions = reject_unauthenticated_sender_login_mismatch
EOF
		echo "referee@$MS_DOMAIN referee@$MS_DOMAIN" > "$pf/etc/senders"
	fi
	[ -z "${MAILSERVER_MAIN_CF:-}" ] ||
	    printf '%s\n' "$MAILSERVER_MAIN_CF" >> "$pf/etc/main.cf"
	: > "$pf/etc/vmailbox"
	for u in $MS_USERS; do
		echo "$u@$MS_DOMAIN $MS_DOMAIN/$u/" >> "$pf/etc/vmailbox"
	done
	# The packaged master.cf, with smtpd on our port and the log daemon on.
	sed -e "s/^smtp \( *\)inet/127.0.0.1:$MS_SMTP_PORT\1inet/" \
	    -e "s/^#postlog /postlog /" -e "s/^#  -o max_idle=/  -o max_idle=/" \
	    /usr/share/postfix/master.cf.dist > "$pf/etc/master.cf"
	grep -q '^postlog' "$pf/etc/master.cf" ||
	    printf 'postlog   unix-dgram n  -       n       -       1       postlogd\n' \
	    >> "$pf/etc/master.cf"
	[ "${MAILSERVER_TLS:-}" != 1 ] ||
	    printf '127.0.0.1:%s inet n - y - - smtpd\n  -o smtpd_tls_wrappermode=yes\n  -o smtpd_client_restrictions=permit_sasl_authenticated,reject\n' \
	    "$MS_SMTPS_PORT" >> "$pf/etc/master.cf"

	# Without TLS the implicit-TLS listeners are off (port 0).
	dv_ssl=no
	dv_plain=no
	dv_listen=127.0.0.1
	dv_tls=
	if [ "${MAILSERVER_TLS:-}" = 1 ]; then
		dv_ssl=required
		dv_plain=yes
		dv_listen="127.0.0.1 $MS_TLS_HOST"
		dv_tls="ssl_cert = <$MS_DIR/tls/cert.pem
ssl_key = <$MS_DIR/tls/key.pem
ssl_min_protocol = TLSv1.2
service auth {
  unix_listener $pf/queue/private/auth {
    mode = 0660
    user = postfix
    group = postfix
  }
}"
	fi
	: > "$dv/users"
	for u in $MS_USERS; do
		echo "$u@$MS_DOMAIN:{PLAIN}$MS_PASS:$uid:$gid::$MS_DIR/mail/$MS_DOMAIN/$u::" \
		    >> "$dv/users"
	done
	cat > "$dv/dovecot.conf" <<EOF
base_dir = $dv/run
state_dir = $dv/state
instance_name = azalai-$MS_IMAP_PORT
protocols = imap pop3
listen = $dv_listen
ssl = $dv_ssl
disable_plaintext_auth = $dv_plain
login_log_format_elements = user=<%u> method=%m rip=%r lip=%l lport=%{lport} mpid=%e %c
auth_mechanisms = plain login
first_valid_uid = 1
log_path = $dv/log
mail_location = maildir:$MS_DIR/mail/%d/%n
pop3_uidl_format = %08Xu%08Xv
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $dv/users
}
userdb {
  driver = passwd-file
  args = username_format=%u $dv/users
}
service imap-login {
  inet_listener imap {
    address = $dv_listen
    port = $MS_IMAP_PORT
  }
  inet_listener imaps {
    address = $dv_listen
    port = $MS_IMAPS_PORT
  }
}
service pop3-login {
  inet_listener pop3 {
    address = $dv_listen
    port = $MS_POP3_PORT
  }
  inet_listener pop3s {
    address = $dv_listen
    port = $MS_POP3S_PORT
  }
}
$dv_tls
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
EOF
}

ms_start_postfix() {
	# postfix speaks only to syslog or a tty; script(1) keeps its reason.
	script -qec "postfix -c $MS_DIR/postfix/etc start" /dev/null \
	    > "$MS_DIR/postfix/start.log" 2>&1 ||
	    { cat "$MS_DIR/postfix/start.log" >&2; return 1; }
	ms_wait_port "$MS_SMTP_PORT" || return 1
	[ "${MAILSERVER_TLS:-}" != 1 ] || ms_wait_port "$MS_SMTPS_PORT"
}

ms_stop_postfix() {
	postfix -c "$MS_DIR/postfix/etc" stop > /dev/null 2>&1 || true
	i=0
	while ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -q "127.0.0.1:$MS_SMTP_PORT\$"; do
		i=$((i + 1))
		[ "$i" -gt 50 ] && break
		sleep 0.1
	done
}

ms_start_dovecot() {
	dovecot -c "$MS_DIR/dovecot/dovecot.conf" > "$MS_DIR/dovecot/start.log" 2>&1 ||
	    { cat "$MS_DIR/dovecot/start.log" "$MS_DIR/dovecot/log" >&2; return 1; }
	ms_wait_port "$MS_IMAP_PORT" && ms_wait_port "$MS_POP3_PORT" || return 1
	[ "${MAILSERVER_TLS:-}" != 1 ] ||
	    { ms_wait_port "$MS_IMAPS_PORT" && ms_wait_port "$MS_POP3S_PORT"; }
}

ms_stop_dovecot() {
	doveadm -c "$MS_DIR/dovecot/dovecot.conf" stop > /dev/null 2>&1 || true
	i=0
	while ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -q "127.0.0.1:$MS_IMAP_PORT\$"; do
		i=$((i + 1))
		[ "$i" -gt 50 ] && break
		sleep 0.1
	done
}

# Dovecot gone for good, its open sessions too: "doveadm stop" lets an imap
# process that is serving a client finish its session, which a crash or a
# machine going down would not.
ms_kill_dovecot() {
	mp=$(cat "$MS_DIR/dovecot/run/master.pid" 2>/dev/null)
	kids=
	[ -z "$mp" ] || kids=$(pgrep -P "$mp")
	ms_stop_dovecot
	for k in $kids; do
		case $(readlink "/proc/$k/exe" 2>/dev/null) in
		/usr/lib/dovecot/*|/usr/sbin/dovecot) kill -KILL "$k" 2>/dev/null ;;
		esac
	done
}

ms_setup() {
	MS_DIR=$1
	mkdir -p "$MS_DIR"
	ms_install || return 1
	base=$((20000 + $$ % 20000))
	MS_SMTP_PORT=$(ms_port "$base")
	MS_IMAP_PORT=$(ms_port $((MS_SMTP_PORT + 1)))
	MS_POP3_PORT=$(ms_port $((MS_IMAP_PORT + 1)))
	MS_IMAPS_PORT=0
	MS_POP3S_PORT=0
	MS_SMTPS_PORT=0
	MS_TLS_HOST=127.0.0.2
	if [ "${MAILSERVER_TLS:-}" = 1 ]; then
		MS_IMAPS_PORT=$(ms_port $((MS_POP3_PORT + 1)))
		MS_POP3S_PORT=$(ms_port $((MS_IMAPS_PORT + 1)))
		MS_SMTPS_PORT=$(ms_port $((MS_POP3S_PORT + 1)))
		ms_cert || return 1
	fi
	ms_config
	ms_start_postfix && ms_start_dovecot
}

ms_stop() {
	[ -n "${MS_DIR:-}" ] || return 0
	ms_stop_dovecot
	ms_stop_postfix
}

# The referee's configuration for these servers, in the current
# directory, logging to azalai.log.
ms_referee_config() {
	printf '%s\n' "$MS_PASS" > referee.pw
	chmod 600 referee.pw
	cat > azalai.yaml <<EOF
datadir: $1
referee:
  address: referee@$MS_DOMAIN
log:
  to: file
  file: azalai.log
mailbox:
  type: imap
  url: imap://127.0.0.1:$MS_IMAP_PORT/INBOX
  user: referee@$MS_DOMAIN
  password_file: $(pwd)/referee.pw
  tls: none
  timeout: $2
${3:+$3
}deliver:
  method: smtp
  url: smtp://127.0.0.1:$MS_SMTP_PORT
  tls: none
  timeout: $2
EOF
}

# What most mail tests start with: the servers for the test's $dir, the
# referee configured for them there (the arguments after the timeout of
# ms_referee_config, e.g. a mailbox line), its ledger, and a Buqruru game of
# amastan and tinhinan: $game, and amastan's $token.
ms_buqruru() {
	at_exit ms_stop
	chmod 755 "$dir"
	ms_setup "$dir/ms" || { echo "FAIL: the mail servers did not start"; exit 1; }
	cd "$dir" || exit 1
	ms_referee_config "$src" 10 "$@"
	"$az" init > /dev/null 2>&1
	"$az" new buqruru --seat amastan=amastan@$MS_DOMAIN \
	    --seat tinhinan=tinhinan@$MS_DOMAIN > seats.txt 2> err.txt
	game=$(head -n 1 seats.txt)
	token=$(awk '$1 == "seat" && $2 == "amastan" { print $4 }' seats.txt)
}

ms_send() {
	curl -s --max-time 20 --url "smtp://127.0.0.1:$MS_SMTP_PORT" \
	    --mail-from "$1" --mail-rcpt "$2" --upload-file "$3"
}

MS_SENT=0
ms_mail_in() {
	sed 's/$/\r/' "$2" > "$2.crlf" && ms_send "$1" "referee@$MS_DOMAIN" "$2.crlf" &&
	    MS_SENT=$((MS_SENT + 1))
}

ms_imap_list() {
	curl -s --max-time 20 --user "$1@$MS_DOMAIN:$MS_PASS" \
	    --url "imap://127.0.0.1:$MS_IMAP_PORT/INBOX" --request "UID SEARCH ALL" |
	    tr -d '\r' | sed -n 's/^\* SEARCH//p' | tr ' ' '\n' | sed '/^$/d'
}

ms_imap_get() {
	curl -s --max-time 20 --user "$1@$MS_DOMAIN:$MS_PASS" \
	    --url "imap://127.0.0.1:$MS_IMAP_PORT/INBOX/;UID=$2" | tr -d '\r'
}

ms_imap_put() {
	curl -s --max-time 20 --user "$1@$MS_DOMAIN:$MS_PASS" \
	    --url "imap://127.0.0.1:$MS_IMAP_PORT/INBOX" --upload-file "$2"
}

ms_delivered() {
	ms_wait_queue_empty
	find "$MS_DIR/mail/$MS_DOMAIN" -path "$MS_DIR/mail/$MS_DOMAIN/$1/*" -type f \
	    \( -path '*/new/*' -o -path '*/cur/*' \) | sort
}

# Waits until USER's INBOX holds at least N messages (Postfix delivers apart).
ms_wait_count() {
	i=0
	while [ "$(ms_imap_list "$1" | wc -l)" -lt "$2" ]; do
		i=$((i + 1))
		[ "$i" -gt 150 ] && { echo "mailserver: $1 never got $2 mails" >&2; return 1; }
		sleep 0.1
	done
}

# Waits until Postfix's queue is empty: every mail it took is delivered.
ms_wait_queue_empty() {
	i=0
	until postqueue -c "$MS_DIR/postfix/etc" -p 2>/dev/null | grep -q 'Mail queue is empty'; do
		i=$((i + 1))
		[ "$i" -gt 100 ] && { echo "mailserver: Postfix's queue never emptied" >&2; return 1; }
		sleep 0.1
	done
}
