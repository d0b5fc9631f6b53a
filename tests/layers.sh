#!/bin/sh
# The arrows of src/ point down. Each folder of src/ is a layer:
#
#   core < games < ledger < lang < mail < campaign < render < referee < cli
#
# and src/draw is the drawing program, which takes from core alone and which
# nothing else includes. A file includes only headers of its own folder or
# of a folder below it, always by the folder's name ("mail/mailmsg.h"); no
# two modules (a .c and its .h) include each other, directly or round a
# circle, except inside one game's folder.
#
# ALLOWED below lists the arrows the move into folders found and the cuts of
# issue 28 remove, one line each: "FROM-FILE INCLUDE". An arrow that is no
# longer in the code fails this test too, so the list only shrinks.
#
# The checker is tried first on a small planted tree that breaks each rule:
# a test that cannot fail proves nothing.
uses_azalai=no
. "${top_srcdir:-.}/tests/lib.sh"

ORDER='core games ledger lang mail campaign render referee cli'
ALLOWED='
'

# layers_check TOP ALLOWED: prints one line per broken rule and per allowed
# arrow that is gone, for the tree TOP/src.
layers_check() {
	(cd "$1" && grep -rH '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' src |
	    sed 's/^\([^:]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1 \2/') |
	awk -v order="$ORDER" -v allowed="$2" '
	function mod(path) { sub(/^src\//, "", path); sub(/\.[ch]$/, "", path); return path }
	function game(m,  p) { n = split(m, p, "/"); return p[1] == "games" && n == 3 ? p[2] : "" }
	function visit(v,  w, i, k, path) {
		state[v] = 1
		stack[++depth] = v
		for (i = 1; i <= nout[v]; i++) {
			w = out[v, i]
			if (state[w] == 1) {
				path = w
				for (k = depth; k >= 1 && stack[k] != w; k--)
					path = stack[k] " -> " path
				print "circle: " w " -> " path
				bad++
			} else if (state[w] == 0)
				visit(w)
		}
		depth--
		state[v] = 2
	}
	BEGIN {
		n = split(order, o, " ")
		for (i = 1; i <= n; i++)
			rank[o[i]] = i
		rank["draw"] = n + 1
		n = split(allowed, a, "\n")
		for (i = 1; i <= n; i++)
			if (a[i] != "")
				allow[a[i]] = 1
	}
	{
		file = $1; inc = $2
		before = bad
		if ((file " " inc) in allow) {
			seen[file " " inc] = 1
			next
		}
		split(file, f, "/"); from = f[2]
		split(inc, t, "/"); to = t[1]
		if (index(inc, "/") == 0 || !(to in rank)) {
			print file ": includes \"" inc "\", which names no layer folder"
			bad++
			next
		}
		if (to == "draw" && from != "draw") {
			print file ": includes \"" inc "\": only the drawing program includes draw/"
			bad++
		} else if (from == "draw" && to != "draw" && to != "core") {
			print file ": includes \"" inc "\": the drawing program takes from core alone"
			bad++
		} else if (from != "draw" && rank[to] > rank[from]) {
			print file ": includes \"" inc "\", from the higher layer " to "/"
			bad++
		}
		if (bad > before)
			next
		m = mod(file); t2 = mod(inc)
		if (m == t2 || (game(m) != "" && game(m) == game(t2)) || edge[m, t2])
			next
		edge[m, t2] = 1
		out[m, ++nout[m]] = t2
		nodes[m] = 1
	}
	END {
		for (k in allow)
			if (!(k in seen)) {
				print "allowed but gone (take it off the list): " k
				bad++
			}
		for (v in nodes)
			if (state[v] == 0)
				visit(v)
		exit bad > 0
	}'
}

# A planted tree: an upward include, a bare name, a circle in one folder,
# a circle inside a game (allowed), draw included, an allowed arrow gone.
mkdir -p "$dir/t/src/core" "$dir/t/src/mail" "$dir/t/src/cli" "$dir/t/src/games/g" \
    "$dir/t/src/draw"
printf '#include "cli/cli.h"\n#include "core/b.h"\n' > "$dir/t/src/core/a.c"
printf '#include "core/a.h"\n' > "$dir/t/src/core/b.c"
printf '#include "buf.h"\n#include "draw/png.h"\n' > "$dir/t/src/mail/m.c"
printf '#include "games/g/y.h"\n' > "$dir/t/src/games/g/x.c"
printf '#include "games/g/x.h"\n' > "$dir/t/src/games/g/y.c"
printf '#include "core/a.h"\n#include "mail/m.h"\n' > "$dir/t/src/draw/png.c"
layers_check "$dir/t" 'src/cli/cli.c core/a.h' > "$dir/planted.txt"
check "the planted tree fails" '[ $? = 1 ]'
for want in 'src/core/a.c: includes "cli/cli.h", from the higher layer cli/' \
    'src/mail/m.c: includes "buf.h", which names no layer folder' \
    'src/mail/m.c: includes "draw/png.h": only the drawing program includes draw/' \
    'src/draw/png.c: includes "mail/m.h": the drawing program takes from core alone' \
    'allowed but gone (take it off the list): src/cli/cli.c core/a.h'; do
	check "the planted tree shows: $want" 'grep -qxF "$want" "$dir/planted.txt"'
done
check "the planted circle in core/ is found, the one inside a game is not" \
	'[ "$(grep -c "^circle" "$dir/planted.txt")" = 1 ] &&
	 grep -q "^circle: core/[ab] -> core/[ab] -> core/[ab]$" "$dir/planted.txt"'

layers_check "$src" "$ALLOWED" > "$dir/real.txt"
rc=$?
check "src/ keeps its arrows pointing down (exit $rc)" '[ "$rc" = 0 ]'
[ "$rc" = 0 ] || cat "$dir/real.txt"

# bot_judge reads the state unredealt: a seat's bot deciding with it would
# peek. Only the turning points of a game over may call it.
grep -rlw bot_judge "$src/src" --include='*.c' | sed "s#^$src/##" | sort > "$dir/judges.txt"
printf '%s\n' src/games/bot.c src/referee/turning.c > "$dir/judges-ok.txt"
check "only the turning points call bot_judge: $(tr '\n' ' ' < "$dir/judges.txt")" \
	'cmp -s "$dir/judges.txt" "$dir/judges-ok.txt"'

finish
