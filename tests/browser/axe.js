// Runs axe-core (from npm) in Debian's Chromium over pages of azalai:
// usage: node axe.js PAGE...
// Each page is opened from file:// at phone width and checked against the
// WCAG A and AA rules axe-core knows; a violation whose impact is serious
// or critical exits 1 and is printed with the elements it names. Lesser
// ones are printed for people, not failed.
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
let failures = 0;

async function run() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  page.setDefaultTimeout(120000);
  for (const file of process.argv.slice(2)) {
    await page.goto("file://" + path.resolve(file), { waitUntil: "load" });
    await page.addScriptTag({ content: axeSource });
    const result = await page.evaluate(async () =>
      // eslint-disable-next-line no-undef
      axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        resultTypes: ["violations"],
      }),
    );
    let bad = 0;
    for (const v of result.violations) {
      const hard = v.impact === "serious" || v.impact === "critical";
      if (hard) bad++;
      console.log(`${hard ? "FAIL" : "note"}: ${file}: ${v.id} (${v.impact}): ${v.help}`);
      for (const n of v.nodes.slice(0, 3)) console.log("    " + n.target.join(" ") + ": " + n.html.slice(0, 160));
    }
    if (bad === 0) console.log(`ok: ${file}: no serious or critical violation`);
    failures += bad;
  }
  await browser.close();
}

run().then(
  () => process.exit(failures > 0 ? 1 : 0),
  (e) => {
    console.log("FAIL: " + (e && e.stack ? e.stack : e));
    process.exit(1);
  },
);
