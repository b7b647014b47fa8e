// Hostile text from strangers (issue #13 item 5). Names, words, setup texts,
// hex fields and PGN carrying HTML/script payloads go through every way a
// stranger's text reaches the app — the verifier's link and its fields, the
// names players type at the Nordau table (and the links and QR codes made
// from them), the Crazyhouse names and PGN import — and never become elements
// or attributes: each is shown as text or refused with a message. Random link
// fragments, hostile number fields and damaged saved state never crash the
// app either (the route, number-field and saved-preference readers are
// browser-only, so tests/fuzz_parsers.rs cannot reach them).
//
// The page's CSP already forbids inline scripts and handlers, so
// `window.__pwned` staying unset proves little on its own: the DOM checks
// (no foreign element, no on* attribute, no javascript: URL in #main) are
// what catch an injection, and the first test shows that they do.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import {
  REPO,
  collectPageErrors,
  launchBrowser,
  openWithFakeClock,
  phoneContext,
  screenshot,
  serveCopy,
} from "./harness.mjs";

const T0 = Date.UTC(2026, 10, 30, 19, 0, 0);

const PAYLOAD = {
  img: "<img src=x onerror=window.__pwned=1>",
  svg: '"><svg onload=window.__pwned=1>',
  js: "javascript:window.__pwned=1",
  textarea: "</textarea><script>window.__pwned=1</script>",
  quotes: `O'Brien "&" <b>`,
};
const PAYLOADS = Object.values(PAYLOAD);
// Three different names each (every payload is a valid player name).
const NAMES_A = [PAYLOAD.img, PAYLOAD.svg, PAYLOAD.textarea];
const NAMES_B = [PAYLOAD.js, PAYLOAD.quotes, "Anna"];
// The words the draw uses: ASCII letters lower-cased, whitespace runs collapsed.
const normaliseWord = (w) => w.split(/[ \t\n\f\r]+/).filter(Boolean).join(" ").replace(/[A-Z]/g, (c) => c.toLowerCase());

const VECTORS = JSON.parse(readFileSync(join(REPO, "tests/vectors/nordau-v1.json"), "utf8")).cases;
const PLAIN = VECTORS.find((c) => c.name === "doc example: counting seed, default setup");
const SEED = PLAIN.seed;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// ---- the default setup's text and commitment (docs/fairness.md) ----------------

const DEFAULT_SETUP = "ns1.f.3-6.15000.500.2-1-0-1";

/** Names in the setup text: letters and digits as themselves, every other UTF-8 byte as %XX. */
const encodeName = (name) =>
  [...Buffer.from(name, "utf8")]
    .map((b) => (/[A-Za-z0-9]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, "0")}`))
    .join("");
const setupText = (names) => `${DEFAULT_SETUP}.${names.map(encodeName).join("_")}`;

const u32 = (v) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};
const lp = (bytes) => Buffer.concat([u32(bytes.length), bytes]);

/** The commitment to the default setup with `names` and `seedHex`. */
function commitment(names, seedHex) {
  const setup = Buffer.concat([
    Buffer.from([0]), // full moves
    ...[3, 6, 1, 15000, 0, 500, 2, 1, 0, 1, 3].map(u32),
    ...names.map((n) => lp(Buffer.from(n, "utf8"))),
  ]);
  return createHash("sha256")
    .update(Buffer.concat([lp(Buffer.from("nordau-shift/commitment/v1")), setup, Buffer.from(seedHex, "hex")]))
    .digest("hex");
}

/** `#/verify?…` with the documented keys, every value percent-encoded. */
function verifyFragment({ c, s, setup, words = [] }) {
  const parts = [`c=${encodeURIComponent(c)}`];
  if (s !== undefined) parts.push(`s=${encodeURIComponent(s)}`);
  parts.push(`setup=${encodeURIComponent(setup)}`);
  if (words.length > 0) parts.push(`w=${encodeURIComponent(words.join("\n"))}`);
  return `#/verify?${parts.join("&")}`;
}

/** The `key=value` pairs of a `#/verify?…` link, decoded as the app decodes them. */
function queryOf(link) {
  const hash = link.slice(link.indexOf("#"));
  const query = hash.split("?")[1] ?? "";
  return Object.fromEntries(
    query.split("&").map((pair) => {
      const [k, v = ""] = pair.split("=");
      return [decodeURIComponent(k), decodeURIComponent(v.replace(/\+/g, " "))];
    }),
  );
}

// ---- checks -----------------------------------------------------------------------

/**
 * What in `#main` could run or load something a stranger wrote: foreign
 * elements (script, iframe, img, svg other than the app's icons and QR codes,
 * the payloads' own tags), on* attributes, script URLs. Empty when clean.
 */
function injectionProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    if (window.__pwned !== undefined) problems.push(`window.__pwned = ${window.__pwned}`);
    const main = document.querySelector("#main");
    if (!main) return ["no #main"];
    const FOREIGN = ["script", "iframe", "frame", "object", "embed", "style", "link", "meta", "base", "b", "foreignobject", "image"];
    const describe = (el) => el.outerHTML.slice(0, 120);
    for (const el of main.querySelectorAll("*")) {
      const tag = el.tagName.toLowerCase();
      if (FOREIGN.includes(tag)) problems.push(`<${tag}> element: ${describe(el)}`);
      if (tag === "img" && !/^(icons|assets)\//.test(el.getAttribute("src") ?? "")) problems.push(`foreign img: ${describe(el)}`);
      if (tag === "svg") {
        const qr = el.classList.contains("qr-code");
        const icon = el.getAttribute("aria-hidden") === "true" && el.getAttribute("viewBox") === "0 0 24 24";
        if (!qr && !icon) problems.push(`foreign svg: ${describe(el)}`);
      }
      for (const attr of el.attributes) {
        const name = attr.name.toLowerCase();
        const value = attr.value.replace(/[\s\u0000-\u001f]+/g, "").toLowerCase();
        if (name.startsWith("on")) problems.push(`${name} attribute: ${describe(el)}`);
        if (name === "srcdoc" || name === "formaction") problems.push(`${name} attribute: ${describe(el)}`);
        if (/^(javascript|vbscript):|^data:text\/html/.test(value)) problems.push(`script URL in ${name}: ${describe(el)}`);
      }
    }
    return problems;
  });
}

async function assertClean(page, what) {
  assert.deepEqual(await injectionProblems(page), [], `${what}: a payload reached the DOM`);
}

/** A QR code of the app: one white square and one path of modules, nothing else, nothing of the text. */
async function assertQrEncodes(qr, what) {
  const markup = await qr.evaluate((svg) => svg.outerHTML);
  const children = await qr.evaluate((svg) => [...svg.querySelectorAll("*")].map((el) => el.tagName.toLowerCase()));
  assert.deepEqual(children, ["rect", "path"], `${what}: QR code children`);
  assert.match(await qr.locator("path").getAttribute("d"), /^(M\d+ \d+h\d+v1h-\d+z)+$/, `${what}: QR path`);
  for (const bit of ["onerror", "onload", "<img", "<script", "javascript:", "O'Brien", "__pwned"]) {
    assert.ok(!markup.includes(bit), `${what}: the QR code's markup holds "${bit}"`);
  }
}

/** A link the app made: percent-encoded, nothing that could end an attribute or start a tag. */
function assertEncodedLink(link, what) {
  assert.ok(!/^\s*javascript:/i.test(link), `${what}: ${link}`);
  assert.doesNotMatch(link, /[<>"' \\]/, `${what}: unencoded character in ${link}`);
}

async function openVerifier(context, url) {
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(url);
  await page.locator(".verify-form").waitFor();
  return { page, errors };
}

async function inputValues(page) {
  const value = (id) => page.locator(`#${id}`).inputValue();
  return {
    c: await value("verify-commitment"),
    setup: await value("verify-setup"),
    s: await value("verify-seed"),
    w: await value("verify-words"),
  };
}

/** Names on the seats and in the schedule, and the words the draw used. */
async function verifiedTexts(page) {
  await page.locator(".banner-ok").waitFor();
  return {
    seats: await Promise.all(["white", "black", "observer"].map((s) => page.locator(`.seat-${s} dd`).innerText())),
    people: await page.locator(".schedule .person").allInnerTexts(),
    words: await page.locator(".words-used li").allInnerTexts(),
  };
}

// ---- the tests ------------------------------------------------------------------------

describe("hostile text", () => {
  test("the DOM checks catch an injection (so a clean result means something)", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openVerifier(context, `${app.url}#/verify`);
      await assertClean(page, "the verifier as shipped");
      for (const markup of [
        PAYLOAD.img,
        '<svg onload="x"></svg>',
        '<a href=" JaVaScRiPt:alert(1)">x</a>',
        '<div onclick="x">x</div>',
        "<b>x</b>",
      ]) {
        await page.evaluate((m) => {
          const box = document.createElement("div");
          box.id = "canary";
          box.innerHTML = m;
          document.querySelector("#main").append(box);
        }, markup);
        assert.ok((await injectionProblems(page)).length > 0, `not caught: ${markup}`);
        await page.evaluate(() => document.querySelector("#canary").remove());
      }
      await assertClean(page, "after the canaries");
      // The second layer: the CSP refused to run the canary's handler.
      assert.ok(errors.some((e) => /Content Security Policy/.test(e)), errors.join("\n"));
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("verifier link: payload names and words verify and are shown as text, in the page and the QR code", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      // The independent commitment code agrees with the vectors.
      assert.equal(commitment(["Anna", "Boris", "Chen"], PLAIN.seed), PLAIN.commitment);
      assert.equal(setupText(["Anna", "Boris", "Chen"]), PLAIN.setup);
      for (const names of [NAMES_A, NAMES_B]) {
        const link = verifyFragment({ c: commitment(names, SEED), s: SEED, setup: setupText(names), words: PAYLOADS });
        const { page, errors } = await openVerifier(context, app.url + link);
        const shown = await verifiedTexts(page);
        assert.deepEqual([...shown.seats].sort(), [...names].sort(), "seats");
        for (const person of shown.people) assert.ok(names.includes(person), `schedule shows "${person}"`);
        assert.deepEqual(shown.words, PAYLOADS.map(normaliseWord));
        // The fields keep the texts exactly, </textarea> included.
        const fields = await inputValues(page);
        assert.equal(fields.setup, setupText(names));
        assert.equal(fields.w, PAYLOADS.join("\n"));
        await assertQrEncodes(page.locator(".share-code svg.qr-code"), "result QR");
        await assertClean(page, `verified ${names.join(" / ")}`);
        if (names === NAMES_A) await screenshot(page, "xss-verifier-payload-names-en-portrait");
        assert.deepEqual(errors, []);
        await page.close();
      }
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("verifier link: a payload in every query value is refused with messages and kept only as text", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      for (const p of PAYLOADS) {
        // Encoded as the app encodes, and raw as someone might paste it.
        for (const fragment of [
          verifyFragment({ c: p, s: p, setup: p, words: [p] }),
          `#/verify?c=${p}&s=${p}&setup=${p}&w=${p}`,
        ]) {
          const { page, errors } = await openVerifier(context, app.url + fragment);
          const encoded = !fragment.includes(p);
          await page.locator(".banner-bad, .banner-pending, .banner-ok").first().waitFor();
          if (encoded) {
            await page.locator(".banner-bad").waitFor();
            const problems = await page.locator(".problem").evaluateAll((lis) => lis.map((li) => [li.dataset.field, li.innerText]));
            assert.deepEqual(problems.map(([f]) => f), ["commitment", "seed", "setup"], JSON.stringify(problems));
            for (const [field, text] of problems) {
              assert.match(text, /^(Commitment|Seed|Setup code)\b.*: \S/, `${field}: "${text}"`);
            }
            // Exactly what the link said, in every field.
            assert.deepEqual(await inputValues(page), { c: p, s: p, setup: p, w: p });
          }
          await assertClean(page, `link with ${p} (${encoded ? "encoded" : "raw"})`);
          assert.deepEqual(errors, [], p);
          await page.close();
        }
      }
      // Well-formed hex and a payload-bearing setup text, no seed yet: the
      // commitment to keep, with the names as chips.
      const names = NAMES_B;
      const { page, errors } = await openVerifier(context, app.url + verifyFragment({ c: commitment(names, SEED), setup: setupText(names) }));
      await page.locator(".banner-pending").waitFor();
      assert.deepEqual(await page.locator(".name-chips li").allInnerTexts(), names);
      await assertQrEncodes(page.locator(".share-code svg.qr-code"), "pending QR");
      await assertClean(page, "pending");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("verifier form: payloads typed and pasted into every field are refused, kept as typed, and valid payload names verify", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openVerifier(context, `${app.url}#/verify`);
      const ids = ["verify-commitment", "verify-setup", "verify-seed", "verify-words"];
      for (const p of PAYLOADS) {
        for (const [i, id] of ids.entries()) {
          const field = page.locator(`#${id}`);
          await field.tap();
          await field.fill("");
          // Typed key by key in two fields, pasted in the other two.
          if (i % 2 === 0) await field.pressSequentially(p);
          else await field.fill(p);
        }
        await page.locator(".verify-button").tap();
        await page.locator(".banner-bad").waitFor();
        assert.ok((await page.locator(".problem").count()) >= 3);
        for (const text of await page.locator(".problem").allInnerTexts()) assert.ok(text.trim().length > 10, text);
        assert.deepEqual(await inputValues(page), { c: p, setup: p, s: p, w: p });
        await assertClean(page, `form with ${p}`);
      }
      // A setup code with payload names, pasted, and payload words typed.
      const names = NAMES_A;
      const values = [commitment(names, SEED), setupText(names), SEED, PAYLOADS.join("\n")];
      for (const [i, id] of ids.entries()) await page.locator(`#${id}`).fill(values[i]);
      await page.locator(".verify-button").tap();
      const shown = await verifiedTexts(page);
      assert.deepEqual([...shown.seats].sort(), [...names].sort());
      assert.deepEqual(shown.words, PAYLOADS.map(normaliseWord));
      await assertClean(page, "form verified");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("witness list: a witnessed commitment with payload names, and a stored record with markup, stay text", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const names = NAMES_A;
      const link = app.url + verifyFragment({ c: commitment(names, SEED), setup: setupText(names) });
      const { page, errors } = await openVerifier(context, link);
      await page.getByRole("button", { name: "Witness this commitment" }).tap();
      await page.locator(".witness-list").waitFor();
      assert.ok((await page.locator(".witness-list").innerText()).includes(names.join(", ")));
      await assertClean(page, "witnessed");
      // A record stored by someone with the phone in hand (devtools): its
      // hex and setup text are markup.
      await page.evaluate((p) => {
        const list = JSON.parse(localStorage.getItem("nordau-shift.witnessed"));
        list.push({ at_ms: 0, commitment_hex: p.img + p.textarea, setup_text: p.svg + p.quotes });
        localStorage.setItem("nordau-shift.witnessed", JSON.stringify(list));
      }, PAYLOAD);
      await page.reload();
      await page.locator(".witness-list").waitFor();
      const kept = await page.locator(".witness-list").innerText();
      assert.ok(kept.includes(names.join(", ")), kept);
      assert.ok(kept.includes(PAYLOAD.svg + PAYLOAD.quotes), kept);
      assert.ok(kept.replace(/\s/g, "").includes((PAYLOAD.img + PAYLOAD.textarea).replace(/\s/g, "")), kept);
      await assertClean(page, "stored witness record");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("Nordau: payload names typed at the table are text on every screen, and its links and QR codes encode them", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    const other = await phoneContext(browser);
    try {
      const { page, errors } = await openWithFakeClock(context, app.url, {
        route: "/nordau",
        ready: ".ns-setup, .commit-screen, .game-play, .game-end",
        time: T0,
      });
      const names = NAMES_A;
      const inputs = page.locator(".ns-setup input[type=text]");
      for (let i = 0; i < 3; i++) await inputs.nth(i).fill(names[i]);
      await assertClean(page, "setup");
      await page.locator(".ns-setup button.primary.big").tap();
      await page.locator(".commit-screen").waitFor();

      // The commitment screen: each word field is labelled with its player's name.
      const labels = await page.locator(".commit-screen .field-label").allInnerTexts();
      for (const name of names) assert.ok(labels.some((l) => l.includes(name)), `no label names ${name}: ${labels}`);
      const link = await page.locator(".commit-card").getAttribute("data-verify-url");
      assert.ok(link.startsWith(`${app.url}#/verify?c=`), link);
      assertEncodedLink(link, "commitment link");
      const shownHex = (await page.locator("[data-testid=commitment]").innerText()).replace(/\s/g, "");
      assert.deepEqual(queryOf(link), { c: shownHex, setup: setupText(names) });
      await assertQrEncodes(page.locator(".commit-qr"), "commitment QR");
      await assertClean(page, "commitment screen");

      // The words are payloads too; the drawn seats show the names.
      const words = page.locator(".word-entry");
      for (let i = 0; i < 3; i++) await words.nth(i).fill(PAYLOADS[i + 1]);
      await page.locator(".commit-screen button.primary.big").tap();
      await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
      assert.deepEqual((await page.locator(".seat-list .seat-name").allInnerTexts()).sort(), [...names].sort());
      await assertClean(page, "drawn seats");

      // Play until White's flag falls, then the reveal.
      await page.getByRole("button", { name: "Begin — Black starts White's clock" }).tap();
      await page.locator(".half.black-seat").tap();
      await page.locator(".half.white-seat.to-move").waitFor();
      const seated = await page.evaluate(() =>
        [...document.querySelectorAll(".game-play .half-name, .game-play .observer-name")].map((el) => el.textContent),
      );
      assert.deepEqual([...seated].sort(), [...names].sort(), "names on the play screen");
      await assertClean(page, "play screen");
      await page.clock.runFor(60_000);
      await page.locator(".game-end").waitFor();
      assert.equal(await page.locator("[data-testid=setup-names]").innerText(), names.join(", "));
      assert.deepEqual(await page.locator("[data-testid=reveal-words] .word").allInnerTexts(), PAYLOADS.slice(1, 4).map(normaliseWord));
      const reveal = await page.locator(".reveal a.button").getAttribute("href");
      assert.ok(reveal.startsWith("#/verify?c="), reveal);
      assertEncodedLink(reveal, "reveal link");
      const query = queryOf(reveal);
      assert.equal(query.setup, setupText(names));
      assert.equal(query.w, PAYLOADS.slice(1, 4).map(normaliseWord).join("\n"));
      await assertQrEncodes(page.locator(".reveal-qr"), "reveal QR");
      await assertClean(page, "end screen");
      assert.deepEqual(errors, []);

      // Another phone opens the reveal link: it verifies, names as text.
      const { page: verifier, errors: verifierErrors } = await openVerifier(other, app.url + reveal);
      const shown = await verifiedTexts(verifier);
      assert.deepEqual([...shown.seats].sort(), [...names].sort());
      await assertClean(verifier, "verifier from the reveal link");
      assert.deepEqual(verifierErrors, []);
    } finally {
      await other.close();
      await context.close();
      await app.stop();
    }
  });

  // Found by the payload names above: a long unbroken name (valid: up to 64
  // bytes, e.g. a 35-letter surname) made the Nordau drawn seats, play and
  // end screens and the Crazyhouse end screen wider than the phone, so the
  // whole page scrolled sideways (and a tap on a button missed). Fixed by
  // `overflow-wrap: anywhere` on the page (assets/app.css).
  test(
    "long unbroken names never widen the page (Nordau seats, play and end screens; Crazyhouse end screen)",
    async () => {
      const app = await serveCopy();
      const context = await phoneContext(browser);
      try {
        const { page } = await openWithFakeClock(context, app.url, {
          route: "/nordau",
          ready: ".ns-setup",
          time: T0,
        });
        const names = ["Wolfeschlegelsteinhausenbergerdorff", PAYLOAD.svg, "Anna"];
        const inputs = page.locator(".ns-setup input[type=text]");
        for (let i = 0; i < 3; i++) await inputs.nth(i).fill(names[i]);
        const wide = [];
        const measure = async (screen) => {
          const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
          if (scroll > client) wide.push(`${screen}: ${scroll} px wide on a ${client} px phone`);
        };
        await measure("setup");
        await page.locator(".ns-setup button.primary.big").tap();
        await page.locator(".commit-screen").waitFor();
        await measure("commitment");
        await page.locator(".commit-screen button.primary.big").tap();
        await page.locator(".commit-screen .seat-list .seat-name").first().waitFor();
        await measure("drawn seats");
        await page.getByRole("button", { name: "Begin — Black starts White's clock" }).dispatchEvent("click");
        await page.locator(".half.black-seat").dispatchEvent("click");
        await page.locator(".half.white-seat.to-move").waitFor();
        await measure("play");
        await page.clock.runFor(60_000);
        await page.locator(".game-end").waitFor();
        await measure("end");
        // Crazyhouse: the end screen's names.
        await page.goto(`${app.url}#/crazyhouse`);
        await page.locator(".zh-setup").waitFor();
        const zhInputs = page.locator(".zh-setup input[type=text]");
        await zhInputs.nth(0).fill(names[0]);
        await zhInputs.nth(1).fill(names[1]);
        await page.locator(".zh-setup button.primary.big").tap();
        await page.locator(".zh-play .half.starts").dispatchEvent("click");
        await page.locator(".zh-play .half.to-move").waitFor();
        await measure("Crazyhouse play");
        await page.locator(".middle-controls .menu-button").tap();
        await page.locator(".sheet button", { hasText: /resigns$/ }).first().tap();
        await page.locator(".sheet button", { hasText: /resigns — Confirm$/ }).first().tap();
        await page.locator(".zh-end").waitFor();
        await measure("Crazyhouse end");
        assert.deepEqual(wide, []);
      } finally {
        await context.close();
        await app.stop();
      }
    },
  );

  test("Crazyhouse: payload names typed or imported in PGN tags and comments are text; bad PGN is refused with a message", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openWithFakeClock(context, app.url, {
        route: "/crazyhouse",
        ready: ".zh-setup, .zh-play, .zh-end",
        time: T0,
      });
      const importPgn = async (text) => {
        const details = page.locator(".zh-setup details.import");
        if (!(await details.evaluate((el) => el.open))) await details.locator("summary").tap();
        await page.locator("textarea.pgn-input").fill(text);
        await details.locator("button").tap();
      };
      const error = page.locator(".zh-setup details.import .form-error[role=alert]");

      // Refused, with the payload quoted as text where the message names it.
      for (const [pgn, says] of [
        [`1. ${PAYLOAD.img} *`, /^move 1\. <img: not a move|1\./],
        [`[White ${PAYLOAD.img}]\n\n1. e4 *`, /onerror/],
        [`[Variant "${PAYLOAD.svg.replace(/"/g, '\\"')}"]\n\n1. e4 *`, /svg onload/],
        [`1. e4 {${PAYLOAD.textarea} *`, /\S/],
        [`[FEN "${PAYLOAD.quotes.replace(/"/g, '\\"')}"]\n\n*`, /O'Brien/],
      ]) {
        await importPgn(pgn);
        await error.waitFor();
        const message = await error.innerText();
        assert.match(message, says, `PGN ${JSON.stringify(pgn)} said "${message}"`);
        assert.equal(await page.locator(".zh-setup").count(), 1);
        assert.equal(await page.locator("textarea.pgn-input").inputValue(), pgn, "the pasted text changed");
        await assertClean(page, `refused PGN ${pgn}`);
      }

      // Imported: names in the tags, payloads in comments.
      const tag = (s) => s.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
      const pgn = [
        `[Event "${tag(PAYLOAD.js)}"]`,
        `[White "${tag(PAYLOAD.img)}"]`,
        `[Black "${tag(PAYLOAD.svg)}"]`,
        `[Variant "Crazyhouse"]`,
        "",
        `1. e4 {${PAYLOAD.textarea}} e5 {${PAYLOAD.js}} 2. Nf3 {${PAYLOAD.quotes}} *`,
        "",
      ].join("\n");
      await importPgn(pgn);
      await page.locator(".zh-play").waitFor();
      const names = await page.locator(".zh-play .half-name").allInnerTexts();
      assert.deepEqual([...names].sort(), [PAYLOAD.img, PAYLOAD.svg].sort(), `names shown: ${names}`);
      await assertClean(page, "imported game");
      // Start the clock and resign, to reach the end screen with the names again.
      await page.locator(".zh-play .half.starts").dispatchEvent("click");
      await page.locator(".zh-play .half.to-move").waitFor();
      await page.locator(".middle-controls .menu-button").tap();
      await page.locator(".sheet[role=dialog]").waitFor();
      await page.locator(".sheet button", { hasText: /resigns$/ }).first().tap();
      await page.locator(".sheet button", { hasText: /resigns — Confirm$/ }).first().tap();
      await page.locator(".zh-end").waitFor();
      const end = await page.locator(".zh-end").innerText();
      assert.ok(end.includes(PAYLOAD.img) || end.includes(PAYLOAD.svg), end);
      await assertClean(page, "end screen");
      // The PGN written back escapes the quote in the tag, nothing else changes.
      const button = page.getByRole("button", { name: "Download PGN" });
      const [download] = await Promise.all([page.waitForEvent("download"), button.dispatchEvent("click")]);
      const written = readFileSync(await download.path(), "utf8");
      assert.ok(written.includes(`[White "${tag(PAYLOAD.img)}"]`), written);
      assert.ok(written.includes(`[Black "${tag(PAYLOAD.svg)}"]`), written);

      // Typed names in the setup form.
      await page.locator(".zh-end .end-actions button", { hasText: "New setup" }).dispatchEvent("click");
      await page.locator(".zh-setup").waitFor();
      const inputs = page.locator(".zh-setup input[type=text]");
      await inputs.nth(0).fill(PAYLOAD.quotes);
      await inputs.nth(1).fill(PAYLOAD.textarea);
      // The fields hold at most `maxlength` characters: the payload's start.
      const held = [await inputs.nth(0).inputValue(), await inputs.nth(1).inputValue()];
      assert.ok(PAYLOAD.quotes.startsWith(held[0]) && PAYLOAD.textarea.startsWith(held[1]) && held[1].startsWith("</textarea><script>"), held);
      await page.locator(".zh-setup button.primary.big").tap();
      await page.locator(".zh-play").waitFor();
      const typed = await page.locator(".zh-play .half-name").allInnerTexts();
      assert.deepEqual([...typed].sort(), [...held].sort(), `names shown: ${typed}`);
      await assertClean(page, "typed names");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("fuzzed links: random fragments and query texts never crash the route or the verifier", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openVerifier(context, `${app.url}#/verify`);
      // A seeded generator, so a failure names a fragment that fails again.
      let state = 0x5eed1234;
      const rand = (n) => {
        state = (Math.imul(state ^ (state >>> 15), 1 | state) + 0x6d2b79f5) | 0;
        return ((state >>> 0) % n + n) % n;
      };
      const PIECES = [
        "/verify?", "/verify", "/", "//", "/about", "/nordau", "/crazyhouse", "/nope", "?", "c=", "s=", "setup=", "w=", "&", "=", "&&",
        "%", "%2", "%ZZ", "%FF", "%C3", "%C3%A9", "%E2%80%AE", "%00", "%0A", "%25", "+", "#", "ns1.f.3-6.15000.500.2-1-0-1.Anna_Boris_Chen",
        SEED, PLAIN.commitment, "\u202e", "Ё", "😀", "\u0000", "..", "%2F..%2F", ...PAYLOADS, ...PAYLOADS.map(encodeURIComponent),
      ];
      const cases = Number(process.env.XSS_FRAGMENTS ?? 300);
      for (let i = 0; i < cases; i++) {
        let fragment = rand(3) === 0 ? "" : "/verify?";
        for (let k = rand(10); k >= 0; k--) {
          fragment += rand(4) === 0 ? String.fromCodePoint(rand(0x3000) + 1) : PIECES[rand(PIECES.length)];
        }
        await page.evaluate((f) => {
          location.hash = f;
        }, fragment);
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        assert.equal(await page.locator(".crash-notice").count(), 0, `crash on #${fragment}`);
        assert.deepEqual(errors, [], `page error on #${fragment}`);
        if (i % 25 === 0) await assertClean(page, `#${fragment}`);
      }
      // A very long hostile link, loaded afresh.
      const long = `#/verify?c=${"%3C".repeat(20_000)}&setup=${encodeURIComponent(PAYLOAD.textarea).repeat(500)}&w=${"%E2%80%AE".repeat(5_000)}`;
      await page.goto(app.url + long);
      await page.locator(".verify-form").waitFor();
      await page.locator(".banner-bad").waitFor();
      await assertClean(page, "long link");
      assert.equal(await page.locator(".crash-notice").count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  test("number fields: hostile text is refused with the range, kept as typed, and never starts a game", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const { page, errors } = await openWithFakeClock(context, app.url, {
        route: "/nordau",
        ready: ".ns-setup",
        time: T0,
      });
      const names = page.locator(".ns-setup input[type=text]");
      for (let i = 0; i < 3; i++) await names.nth(i).fill(NAMES_B[i]);
      await page.locator(".ns-setup details.options summary").tap();
      const block = page.locator("#ns-block");
      const message = page.locator("#ns-block-error");
      for (const bad of [...PAYLOADS, "１２", "0x10", "1e3", "٣", "NaN", "Infinity", "-0", "9".repeat(400), "1.", ".5", "1 5"]) {
        await block.fill(bad);
        assert.equal(await message.innerText(), "Enter a whole number from 1 to 600.", JSON.stringify(bad));
        assert.equal(await block.inputValue(), bad, "the typed text was changed");
      }
      // Start waits while a field is refused.
      await page.locator(".ns-setup button.primary.big").tap();
      await page.getByText("Correct the marked numbers first.").waitFor();
      assert.equal(await page.locator(".commit-screen").count(), 0);
      // Spaces around a number (a no-break space too) are not a refusal.
      for (const good of ["15", " 15 ", "1\u00a0"]) {
        await block.fill(good);
        assert.equal(await message.innerText(), "", JSON.stringify(good));
      }
      await assertClean(page, "number fields");
      await block.fill("15");
      assert.equal(await message.innerText(), "");
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await app.stop();
    }
  });

  // Found by the damaged-state test below: src/ui/nordau/setup.rs computed
  // `block_s * 1000` in u32, so a remembered block of 4 294 968 s (a damaged
  // or hand-edited save) wrapped to a 704 ms block in the release build (a
  // panic in a debug build). Remembered numbers are now checked against
  // their fields' ranges on load (the defaults apply otherwise).
  test(
    "a remembered Nordau block outside its field's range is not used, never wrapped",
    async () => {
      const app = await serveCopy();
      const context = await phoneContext(browser);
      try {
        const page = await context.newPage();
        await page.goto(`${app.url}#/`);
        await page.evaluate(() =>
          localStorage.setItem(
            "nordau-shift.setup",
            JSON.stringify({ names: ["Anna", "Boris", "Chen"], board_mode: false, half_moves: false, block_s: 4294968, later_block_s: 0, points: [2, 1, 0, 1] }),
          ),
        );
        await page.goto(`${app.url}#/nordau`);
        await page.reload();
        await page.locator(".ns-setup").waitFor();
        // The record the form would refuse is not used: the defaults are.
        assert.equal(await page.locator("#ns-block").inputValue(), "15");
      } finally {
        await context.close();
        await app.stop();
      }
    },
  );

  test("damaged saved state: hostile texts in every stored key never crash a screen", async () => {
    const app = await serveCopy();
    const context = await phoneContext(browser);
    try {
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(`${app.url}#/`);
      const KEYS = {
        "nordau-shift.table": "/nordau",
        "crazyhouse.game": "/crazyhouse",
        "nordau-shift.setup": "/nordau",
        "crazyhouse.setup": "/crazyhouse",
        "nordau-shift.witnessed": "/verify",
        "nordau-shift.theme": "/",
        "nordau-shift.lang": "/",
        "nordau-shift.muted": "/nordau",
        "crazyhouse.muted": "/crazyhouse",
      };
      const VALUES = [
        "",
        "null",
        "{}",
        "[]",
        '"x"',
        "1e999",
        "[".repeat(10_000),
        PAYLOAD.img,
        JSON.stringify({ format: PAYLOAD.img, version: 1 }),
        JSON.stringify({ names: NAMES_A, board_mode: true, half_moves: false, block_s: 15, later_block_s: 0, points: [2, 1, 0, 1] }),
        JSON.stringify({ names: [PAYLOAD.quotes, "", "\u0000"], board_mode: 1, half_moves: null, block_s: -1, later_block_s: 1e300, points: [] }),
        JSON.stringify({ white: PAYLOAD.img, black: PAYLOAD.svg, board_mode: true, preset: 18446744073709551615, white_min: 1e308, black_min: -5, increment_kind: 255, increment_s: 0.0000001 }),
        JSON.stringify([{ at_ms: 18446744073709551615, commitment_hex: PAYLOAD.img, setup_text: PAYLOAD.textarea }]),
      ];
      let load = 0;
      for (const [key, route] of Object.entries(KEYS)) {
        for (const value of VALUES) {
          await page.evaluate(([k, v]) => {
            localStorage.clear();
            localStorage.setItem(k, v);
          }, [key, value]);
          // A query makes it a fresh load (the service worker serves the shell whatever the query).
          await page.goto(`${app.url}?load=${load++}#${route}`);
          await page.locator("#main").waitFor();
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const what = `${key} = ${value.slice(0, 80)}`;
          assert.equal(await page.locator(".crash-notice").count(), 0, `crash with ${what}`);
          assert.deepEqual(errors, [], what);
          await assertClean(page, what);
          // The setup screens start a game from whatever the prefs said, or refuse with a message.
          const start = page.locator(".ns-setup button.primary.big, .zh-setup button.primary.big");
          if (key.endsWith(".setup") && (await start.count()) === 1) {
            await start.tap();
            await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
            assert.equal(await page.locator(".crash-notice").count(), 0, `crash on Start with ${what}`);
            assert.deepEqual(errors, [], `Start with ${what}`);
            await assertClean(page, `Start with ${what}`);
          }
        }
      }
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
