#!/bin/sh
# The report HTML in a real browser (Debian's headless Chromium) at phone
# width: for every game the board picture must load and be drawn
# (naturalWidth > 0, as the mail client resolves cid: to the picture
# beside the page), and the page must fit a 360 px wide window without
# scrolling sideways. The pages come from tests/test_report_mail, which
# writes the last report of each game; a probe page holds each in a frame
# and writes what the browser measured into its DOM, read with --dump-dom.
# The report itself must load nothing from outside and run no script. Its
# one-tap links must be shown, inside the window and at least 44 px high.
# Skipped (77) only when no chromium is installed (contrib/test-deps installs it).
uses_azalai=no
. "${top_srcdir:-.}/tests/lib.sh"
chromium=$(command -v chromium || command -v chromium-browser) || {
	echo "SKIP: no chromium (contrib/test-deps installs it)"
	exit 77
}
builddir=$(pwd)

AZ_REPORT_HTML_DIR=$dir "$builddir/tests/test_report_mail" > "$dir/compose.log" 2>&1 || {
	cat "$dir/compose.log"
	echo "FAIL: tests/test_report_mail could not compose the reports"
	exit 1
}

# Chromium's headless window is never narrower than 500 px, so the page is
# shown in a 360 px wide frame (a phone's viewport: its media queries and
# layout see 360 px); file pages may read each other's DOM only with
# --allow-file-access-from-files.
probe() {
	cat <<EOP
<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="$1" style="width:360px;height:800px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", function () {
var w = this.contentWindow, d = this.contentDocument, i = d.querySelector("img.board");
var go = function () {
var a = d.querySelectorAll('a[href^="mailto:"]'), low = 0, hid = 0;
for (var k = 0; k < a.length; k++) {
var b = a[k].getBoundingClientRect(), st = w.getComputedStyle(a[k]);
if (k == 0 || b.height < low) low = Math.floor(b.height);
if (b.width <= 0 || b.height <= 0 || b.right > w.innerWidth || st.visibility != "visible" ||
st.display == "none" || st.color == st.backgroundColor) hid++;
}
// A word split over two lines shows as a range with two boxes of
// different tops: counted in every table cell; the form's rule (the line
// of dashes) and each paragraph of prose likewise must stay whole.
var broke = [], rule = 0;
var lines = function (r) {
var rs = r.getClientRects(), tops = {}, n = 0;
for (var j = 0; j < rs.length; j++) if (rs[j].width > 0 && !tops[Math.round(rs[j].top)]) { tops[Math.round(rs[j].top)] = 1; n++; }
return n;
};
var words = function (el) {
var tw = d.createTreeWalker(el, NodeFilter.SHOW_TEXT), t, m, re;
while ((t = tw.nextNode())) {
re = /\S+/g;
while ((m = re.exec(t.data))) {
var r = d.createRange();
r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
if (lines(r) > 1) { if (/^-{20,}$/.test(m[0])) rule++; else broke.push(m[0]); }
}
}
};
var cells = d.querySelectorAll("td, th, pre");
for (var k = 0; k < cells.length; k++) words(cells[k]);
document.body.setAttribute("data-broken", broke.join(" "));
document.body.setAttribute("data-probe", "img=" + (i ? i.naturalWidth : -1) +
" drawn=" + (i ? Math.round(i.getBoundingClientRect().width) : -1) +
" scroll=" + d.documentElement.scrollWidth + " inner=" + w.innerWidth +
" links=" + a.length + " low=" + low + " hidden=" + hid +
" broken=" + broke.length + " rule=" + rule);
};
if (i && !i.complete) i.addEventListener("load", go); else go();
});
</script></body></html>
EOP
}

for game in buqruru targi targui; do
	page=$dir/$game.html
	[ -s "$page" ] || { fail "$game: no report page written"; continue; }
	grep -qi '<script' "$page" && fail "$game: the report HTML holds a script"
	grep -Eqi '(src|href)="(https?:)?//|url\(' "$page" &&
		fail "$game: the report HTML loads something from outside"
	# Buqruru's options are one paragraph the phone wraps itself, not the
	# plain part's lines made into bullets (issue 31).
	[ "$game" != buqruru ] || [ "$(sed -n '/<h2>Options:/{n;s/^\(<[a-z]*>\).*/\1/p;}' "$page")" = "<p>" ] ||
		fail "buqruru: the options are not one paragraph"
	probe "$game.html" > "$dir/$game-probe.html"
	HOME=$dir timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
		--no-first-run --allow-file-access-from-files --window-size=600,900 --virtual-time-budget=5000 \
		--dump-dom "file://$dir/$game-probe.html" > "$dir/$game.dom" 2> "$dir/$game.err"
	m=$(sed -n 's/.*data-probe="\([^"]*\)".*/\1/p' "$dir/$game.dom")
	if [ -z "$m" ]; then
		tail -5 "$dir/$game.err"
		fail "$game: chromium measured nothing"
		continue
	fi
	echo "$game: $m"
	set -- $m
	img=${1#img=} drawn=${2#drawn=} scroll=${3#scroll=} inner=${4#inner=}
	links=${5#links=} low=${6#low=} hidden=${7#hidden=}
	broken=${8#broken=} rule=${9#rule=}
	[ "$inner" = 360 ] || fail "$game: the window is $inner px wide, not 360"
	[ "$img" -gt 0 ] 2>/dev/null || fail "$game: the board picture is not shown ($m)"
	[ "${drawn%.*}" -gt 0 ] 2>/dev/null || fail "$game: the picture takes no room ($m)"
	[ "$scroll" -le "$inner" ] 2>/dev/null ||
		fail "$game: the page is $scroll px wide in a $inner px window"
	# The one-tap links of the seat asked to decide (issue 30): there,
	# inside the window, shown, and a finger's height (44 px) each.
	[ "$links" -gt 0 ] 2>/dev/null || fail "$game: the report asking a decision has no links"
	[ "$hidden" = 0 ] || fail "$game: $hidden one-tap links are not shown in 360 px"
	[ "$low" -ge 44 ] 2>/dev/null || fail "$game: a one-tap link is $low px high, not 44"
	# Issue 31: on a phone no word of a table or a preformatted block
	# breaks inside (gol/d, V/P), and the form's rule stays one line.
	[ "$broken" = 0 ] || fail "$game: $broken words break inside at 360 px:" \
		"$(sed -n 's/.*data-broken="\([^"]*\)".*/\1/p' "$dir/$game.dom")"
	[ "$rule" = 0 ] || fail "$game: the form's rule wraps at 360 px"
done
[ "$fails" = 0 ] && echo "PASS: every report page shows its picture and fits 360 px"
[ "$fails" = 0 ]
