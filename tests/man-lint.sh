#!/bin/sh
# mandoc -Tlint finds nothing in the manual pages. Only "referenced manual not
# found" is left out: it says what this machine has installed (cron(8) comes
# with cron, azalai's own pages once they are installed), not the page.
set -u
src=${top_srcdir:-.}
command -v mandoc > /dev/null 2>&1 || { echo "SKIP: mandoc is not installed"; exit 77; }
out=$(mandoc -Tlint "$src/man/azalai.1" "$src/man/azalai.yaml.5" 2>&1 |
	grep -v -e 'referenced manual not found' -e 'outdated mandoc.db')
[ -z "$out" ] || { printf '%s\n' "$out"; exit 1; }
echo "the manual pages are lint clean"
