# Reads the archive test hook's lines (GAME TAB STEP TAB SECRET) and looks for
# each secret in that step's section of DIR/games/GAME.html ("now": the
# newest step shown), as a whole word the way secret_in() does, across a
# line break where the secret has a space.
#   awk -v dir=DIR -v games=REGEX -v mode=hidden|shown -f archive-secrets.awk FILE
# hidden: prints "LEAK game step secret" for each one found, then "checked N";
# shown: prints "DARK game step" for each step none of whose secrets shows,
# then "steps N".
function load(game,    f, line, id) {
	delete sect
	last = ""
	f = dir "/games/" game ".html"
	id = ""
	while ((getline line < f) > 0) {
		if (index(line, "<section class=\"step\" id=\"step-") == 1) {
			id = line
			sub(/^<section class="step" id="step-/, "", id)
			sub(/".*/, "", id)
			last = id
		}
		if (id != "")
			sect[id] = sect[id] "\n" line
		# A step's board is a file of its own: it is part of the step.
		if (id != "" && match(line, /src="pictures\/[0-9a-f]+\.svg"/))
			sect[id] = sect[id] "\n" picture(dir "/games/" substr(line, RSTART + 5, RLENGTH - 6))
		if (line ~ /<\/section>/)
			id = ""
	}
	close(f)
	for (k in sect) {
		gsub(/&lt;/, "<", sect[k])
		gsub(/&gt;/, ">", sect[k])
		gsub(/&quot;/, "\"", sect[k])
		gsub(/&amp;/, "\\&", sect[k])
		# A line break and the indent after it read as the one space
		# they stand for, as secret_in's folded_at reads them.
		gsub(/[\r\n]+ */, " ", sect[k])
	}
}
function picture(f,    t, l) {
	t = ""
	while ((getline l < f) > 0)
		t = t "\n" l
	close(f)
	return t
}
function alnum(c) { return c ~ /^[A-Za-z0-9]$/ }
function has(t, s,    p, off, before, after) {
	off = 0
	while ((p = index(substr(t, off + 1), s)) > 0) {
		p += off
		before = p > 1 && alnum(substr(t, p - 1, 1)) && alnum(substr(s, 1, 1))
		after = alnum(substr(t, p + length(s), 1)) && alnum(substr(s, length(s), 1))
		if (!before && !after)
			return 1
		off = p
	}
	return 0
}
BEGIN { FS = "\t" }
$1 !~ games { next }
$1 != cur { cur = $1; load(cur) }
{
	step = $2 == "now" ? last : $2
	if (!(step in sect)) {
		print "MISSING " $1 " step " step
		next
	}
	if (mode == "hidden") {
		checked++
		if (has(sect[step], $3))
			print "LEAK " $1 " step " step ": " $3
	} else if ($2 != "now") {
		if (!((cur, step) in seen)) {
			seen[cur, step] = 1
			order[++n] = cur " " step
		}
		if (has(sect[step], $3))
			lit[cur, step] = 1
	}
}
END {
	if (mode == "hidden") {
		print "checked " checked + 0
	} else {
		for (i = 1; i <= n; i++) {
			split(order[i], gs, " ")
			if (!((gs[1], gs[2]) in lit))
				print "DARK " order[i]
		}
		print "steps " n + 0
	}
}
