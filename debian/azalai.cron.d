# azalai: referee every five minutes on a host without systemd. Under systemd
# azalai.timer does it, and this line does nothing.
SHELL=/bin/sh
PATH=/usr/sbin:/usr/bin:/sbin:/bin

*/5 * * * *	azalai	[ -d /run/systemd/system ] || { [ -x /usr/bin/azalai ] && cd /var/lib/azalai && /usr/bin/azalai --config /etc/azalai/azalai.yaml run; }
