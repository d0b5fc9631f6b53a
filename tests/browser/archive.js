// Drives Debian's Chromium through an archive written by `azalai archive`:
// usage: node archive.js SITE_DIR SHOT_DIR GAME...
// For each GAME it opens the index from file://, follows the game's link and
// steps through the game with the buttons, the slider, the arrow keys and a
// step's link, checking at each move which step shows, its text and that the
// picture changed; a screenshot of each game goes to SHOT_DIR. Any request
// that is not file: (the pages must load nothing), any script error, or any
// failed check exits 1.
"use strict";
const path = require("path");
const { chromium } = require("playwright-core");

const [site, shots, ...games] = process.argv.slice(2);
let failures = 0;
function check(ok, what) {
  if (ok) return;
  failures++;
  console.log("FAIL: " + what);
}

// What the visible step shows: its id, its words, its picture (the board's
// SVG when there is one, else the report's text board).
async function visible(page) {
  return page.evaluate(async () => {
    const shown = [...document.querySelectorAll("section.step")].filter((s) => !s.hidden);
    if (shown.length !== 1) return { count: shown.length };
    const s = shown[0];
    // The board is a file of its own, fetched when its step shows.
    const img = s.querySelector(".board img");
    const pre = s.querySelector("pre.report");
    if (img && !(img.complete && img.naturalWidth > 0))
      await new Promise((ok) => {
        img.addEventListener("load", ok, { once: true });
        img.addEventListener("error", ok, { once: true });
      });
    const box = img ? img.getBoundingClientRect() : null;
    return {
      count: 1,
      id: s.id,
      index: Number(s.getAttribute("data-index")),
      heading: s.querySelector("h2").textContent,
      lines: [...s.querySelectorAll("ul.lines li")].map((li) => li.textContent).join("\n"),
      picture: img ? img.getAttribute("src") : pre ? pre.textContent : "",
      pictureShown: img ? img.naturalWidth > 50 && box.width > 50 && box.height > 50 : false,
      // Steps hidden from the reader keep their pictures unfetched. Those
      // at the top of the page may load before the page's script hides
      // them (3 or 4, by timing: seen both), so the bound leaves room.
      fetched: [...document.querySelectorAll(".board img")].filter((i) => i.complete && i.naturalWidth > 0).length,
      where: document.getElementById("where").textContent,
      slider: Number(document.getElementById("slider").value),
      hash: location.hash,
    };
  });
}

async function run() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  // A page with hundreds of pictures on a loaded machine: generous limits,
  // no timing is checked.
  page.setDefaultTimeout(180000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith("file:") && !u.startsWith("data:")) errors.push("request to " + u);
  });

  for (const game of games) {
    const index = "file://" + path.resolve(site, "index.html");
    await page.goto(index);
    const link = page.locator(`#game-${game} a`);
    check((await link.count()) === 1, `${game}: the index has a link to it`);
    await Promise.all([page.waitForURL(`**/games/${game}.html*`, { waitUntil: "load" }), link.click()]);
    check(page.url().split("#")[0].endsWith(`/games/${game}.html`), `${game}: the link opens its page (${page.url()})`);

    const n = await page.locator("section.step").count();
    check(n >= 3, `${game}: the page has ${n} steps, want at least 3`);
    const hasSvg = (await page.locator("section.step .board img").count()) > 0;
    let v = await visible(page);
    check(v.count === 1, `${game}: one step shows at a time, not ${v.count}`);
    check(v.index === n - 1 && v.slider === n - 1, `${game}: the page opens at the last step (${v.index})`);
    if (hasSvg) check(v.pictureShown && v.fetched <= 6, `${game}: the page opens with its last board and fetches few others (${v.fetched} of ${n})`);

    await page.click("#first");
    const first = await visible(page);
    check(first.id === "step-0" && first.index === 0, `${game}: First shows step 0, not ${first.id}`);
    check(first.heading.includes("Step 0"), `${game}: step 0's heading says so: ${first.heading}`);
    check(first.hash === "#step-0", `${game}: the address names step 0: ${first.hash}`);
    check(/waiting for|begins|sows|Round|round|tribe|deal/i.test(first.lines), `${game}: step 0 tells the setup: ${first.lines}`);
    if (hasSvg) check(first.pictureShown, `${game}: step 0's board picture is shown`);

    await page.click("#next");
    const second = await visible(page);
    check(second.index === 1, `${game}: Next shows the second step, not ${second.index}`);
    check(second.heading !== first.heading && second.lines !== first.lines, `${game}: the step text changed`);
    check(second.hash === "#" + second.id, `${game}: the address follows Next: ${second.hash}`);
    await page.click("#prev");
    v = await visible(page);
    check(v.index === 0, `${game}: Previous goes back to the first step, not ${v.index}`);
    await page.click("#prev");
    v = await visible(page);
    check(v.index === 0, `${game}: Previous at the first step stays there`);

    await page.click("#last");
    const last = await visible(page);
    check(last.index === n - 1 && last.slider === n - 1, `${game}: Last shows the last step`);
    check(last.picture !== first.picture, `${game}: the picture at the end differs from the start`);
    check(/wins|win|over/i.test(last.lines + (await page.textContent("#result"))), `${game}: the end says who won`);
    await page.click("#next");
    v = await visible(page);
    check(v.index === n - 1, `${game}: Next at the last step stays there`);

    // The slider: set halfway as a user's drag would, then its own arrow keys.
    const mid = Math.floor(n / 2);
    await page.locator("#slider").fill(String(mid));
    v = await visible(page);
    check(v.index === mid && v.hash === "#" + v.id, `${game}: the slider shows step index ${mid}, not ${v.index}`);
    await page.locator("#slider").focus();
    await page.keyboard.press("ArrowRight");
    v = await visible(page);
    check(v.index === mid + 1, `${game}: the slider's right arrow moves one step (${v.index})`);

    // The page's arrow keys, away from the slider.
    await page.click("h1");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    v = await visible(page);
    check(v.index === mid - 1, `${game}: two left arrows go back two steps (${v.index})`);
    await page.keyboard.press("Home");
    v = await visible(page);
    check(v.index === 0, `${game}: Home shows the first step`);
    await page.keyboard.press("ArrowRight");
    v = await visible(page);
    check(v.index === 1 && v.picture !== undefined, `${game}: the right arrow shows the second step`);
    // Between some two steps the picture must change (the pieces move).
    let changed = false;
    let before = (await visible(page)).picture;
    for (let i = 0; i < 12 && !changed; i++) {
      await page.keyboard.press("ArrowRight");
      const now = (await visible(page)).picture;
      changed = now !== before;
      before = now;
    }
    check(changed, `${game}: the picture changes as the steps go on`);

    // A link to a step opens the page at that step.
    const target = await page.evaluate(() => document.querySelectorAll("section.step")[2].id);
    await page.goto(`file://${path.resolve(site, "games", game + ".html")}#${target}`);
    v = await visible(page);
    check(v.id === target && v.index === 2, `${game}: the link #${target} opens that step, not ${v.id}`);
    await page.click("#last");
    await page.screenshot({ path: path.join(shots, `archive-${game}.png`), fullPage: false });
  }
  check(errors.length === 0, "no script error and no request off the disk: " + errors.join("; "));
  await browser.close();
}

run().then(
  () => process.exit(failures > 0 ? 1 : 0),
  (e) => {
    console.log("FAIL: " + (e && e.stack ? e.stack : e));
    process.exit(1);
  },
);
