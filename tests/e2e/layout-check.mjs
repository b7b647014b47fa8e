// What "nothing covered, nothing cut" means on one screen, as a function run
// in the page (issue #22): every interactive element that is shown can be
// tapped at its centre (document.elementFromPoint finds it, not something
// drawn over it); no text of a button, clock face or label overflows its box
// or breaks inside a word; clock digits stay on one line; nothing from
// outside a clock half lies over its text; a notice or question is whole on
// the screen, not cut by a scrolling strip; the page is no wider than the
// screen; no board is mirrored and no clock face, code or notation runs
// right to left. While a dialog is open, only what is inside it
// counts (what lies behind a modal sheet is covered on purpose).
//
// Returns one line per fault, naming the element by its tag, classes and text.

export function layoutFaults() {
  const INTERACTIVE =
    "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], label.chip";
  // Boxes whose text must fit: buttons, clock faces, labels and headings of cells.
  const TEXT_BOXES =
    "button:not(.sq):not(.pocket-piece), .button, a.button, .bank, label, .chip, .seat-chip, summary, .half-name, .counter, dt, th, .bh-tab";
  // A board square holds a piece glyph, not text: it must be square and big enough to tap.
  const MIN_SQUARE = 20;
  const MODALS = "[role=dialog], [role=alertdialog], [aria-modal=true]";
  const faults = [];

  const describe = (el) => {
    if (!el) return "nothing";
    const cls = [...el.classList].slice(0, 3).join(".");
    const text = (el.innerText ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}${cls ? "." + cls : ""}>${text ? ` "${text}"` : ""}`;
  };
  const shown = (el) => {
    if (el.closest("[hidden], [inert], .sr-only")) return false;
    const details = el.closest("details:not([open])");
    if (details && !(el.tagName === "SUMMARY" && el.parentElement === details)) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
    }
    const r = el.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1;
  };

  // The top open modal, if any: only its contents count.
  const modals = [...document.querySelectorAll(MODALS)].filter(shown);
  const scope = modals.length ? modals[modals.length - 1] : document.body;

  // The page is no wider than the screen (a cut is often a sideways overflow).
  const docWidth = document.documentElement.scrollWidth;
  if (docWidth > innerWidth + 1) faults.push(`the page is ${docWidth}px wide on a ${innerWidth}px screen`);

  // A notice or a question (role=alert) is whole on the screen: not cut by
  // its edge, nor by a scrolling strip around it (a question read in part,
  // its first line scrolled away, is not read). Checked as the screen opens,
  // before anything below scrolls.
  for (const el of scope.querySelectorAll("[role=alert]")) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    const inside = (box) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.left >= box.left - 1 && r.right <= box.right + 1;
    // (A page that scrolls, a form, brings its messages into view itself.)
    const pageScrolls = document.documentElement.scrollHeight > innerHeight + 1;
    if (!pageScrolls && !inside({ top: 0, left: 0, bottom: innerHeight, right: innerWidth })) {
      faults.push(`${describe(el)} is cut by the edge of the screen`);
      continue;
    }
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const s = getComputedStyle(box);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const b = box.getBoundingClientRect();
      const client = { top: b.top + box.clientTop, left: b.left + box.clientLeft, bottom: b.top + box.clientTop + box.clientHeight, right: b.left + box.clientLeft + box.clientWidth };
      if (!inside(client)) {
        faults.push(`${describe(el)} is cut by the scrolling ${describe(box).slice(0, 40)}`);
        break;
      }
    }
  }

  const scrollY = window.scrollY;
  for (const el of scope.querySelectorAll(INTERACTIVE)) {
    if (!shown(el)) continue;
    // Scrolled into view in every scrolling box around it (a sheet, a list).
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    // A link that wraps onto two lines is tapped on one of its pieces: its
    // bounding box's centre lies between them, on the paragraph.
    const r = getComputedStyle(el).display === "inline" ? el.getClientRects()[0] : el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || x > innerWidth || y < 0 || y > innerHeight) {
      faults.push(`${describe(el)} lies outside the screen (centre ${Math.round(x)},${Math.round(y)})`);
      continue;
    }
    const hit = document.elementFromPoint(x, y);
    // An input drawn as its label (a chip, a switch) is tapped through the label.
    const viaLabel = hit && el.labels && [...el.labels].some((l) => l === hit || l.contains(hit));
    if (!hit || !(el === hit || el.contains(hit) || viaLabel)) {
      faults.push(`${describe(el)} is covered at its centre by ${describe(hit)}`);
    }
  }
  window.scrollTo(0, scrollY);

  // The lines a range's text lies on: rows, or columns in a vertical writing mode.
  const lines = (range, el) => {
    const vertical = getComputedStyle(el).writingMode.startsWith("vertical");
    const rects = [...range.getClientRects()].filter((q) => q.width > 0 && q.height > 0);
    return new Set(rects.map((q) => Math.round(vertical ? q.left : q.top))).size;
  };
  // Text that overflows its box or breaks inside a word.
  const brokenWord = (node) => {
    const text = node.textContent;
    const words = /[^\s\u00a0\u2009\u202f-]+/g;
    let m;
    while ((m = words.exec(text))) {
      if (m[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      if (lines(range, node.parentElement) > 1) return m[0];
    }
    return null;
  };
  for (const el of scope.querySelectorAll(TEXT_BOXES)) {
    if (!shown(el)) continue;
    const s = getComputedStyle(el);
    // Text runs along the inline axis (down the column in a vertical writing
    // mode); spilling across lines counts only where the box clips it (a
    // glyph's ink may stand past a line-height of 1 where nothing clips).
    const vertical = s.writingMode.startsWith("vertical");
    const [inlineOver, blockOver] = [el.scrollWidth > el.clientWidth + 1, el.scrollHeight > el.clientHeight + 1];
    const spills = vertical ? blockOver : inlineOver;
    const clipped = (vertical ? s.overflowX : s.overflowY) !== "visible" && (vertical ? inlineOver : blockOver);
    if (s.display !== "inline" && (spills || clipped)) {
      faults.push(`${describe(el)} overflows its box (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      continue;
    }
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !shown(node.parentElement)) continue;
      const word = brokenWord(node);
      if (word) {
        faults.push(`${describe(el)} breaks inside the word "${word}"`);
        break;
      }
    }
  }

  // Text cut short with an ellipsis, anywhere.
  for (const el of scope.querySelectorAll("*")) {
    if (el.scrollWidth <= el.clientWidth + 1) continue;
    if (getComputedStyle(el).textOverflow === "ellipsis" && shown(el)) faults.push(`${describe(el)} is cut short with "…"`);
  }

  // Board squares: square, and big enough to tap.
  for (const sq of scope.querySelectorAll(".board .sq")) {
    if (!shown(sq)) continue;
    const { width, height } = sq.getBoundingClientRect();
    if (Math.min(width, height) < MIN_SQUARE || Math.abs(width - height) > 2) {
      faults.push(`${describe(sq)} square ${sq.dataset.square} is ${Math.round(width)}×${Math.round(height)}px`);
      break;
    }
  }

  // Nothing from outside a clock half lies over its text (its name, its
  // digits, its tokens or pockets line): a board, a strip or a notice drawn
  // across a player's clock hides what that player must see. Sampled at the
  // centre and near both ends of each line of text.
  for (const half of scope.querySelectorAll(".half")) {
    if (!shown(half)) continue;
    const walker = document.createTreeWalker(half, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent.trim() || !node.parentElement || !shown(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const over = [...range.getClientRects()].flatMap((q) =>
        [0.1, 0.5, 0.9].map((f) => [q.left + q.width * f, q.top + q.height / 2]),
      ).map(([x, y]) => (x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null))
        .find((hit) => hit && !half.contains(hit));
      if (over) {
        faults.push(`${describe(node.parentElement)} in ${describe(half).slice(0, 30)} lies under ${describe(over)}`);
        break;
      }
    }
  }

  // Clock digits on one line.
  for (const face of scope.querySelectorAll(".bank")) {
    if (!shown(face)) continue;
    const range = document.createRange();
    range.selectNodeContents(face);
    const n = lines(range, face);
    if (n > 1) faults.push(`${describe(face)}: the clock digits break over ${n} lines`);
  }

  // Never mirrored, in any language (issue #24): a board seen from either
  // side, upright or turned, keeps files and ranks as on the table. Going
  // from a1 to h1 and from a1 to a8 turns the same way on every real board
  // (the cross product of the two is negative on screen, y pointing down);
  // a right-to-left layout that reversed the files would flip its sign.
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  for (const board of scope.querySelectorAll(".board")) {
    const [a1, h1, a8] = ["a1", "h1", "a8"].map((s) => board.querySelector(`[data-square="${s}"]`));
    if (!a1 || !h1 || !a8 || !shown(board)) continue;
    // A board the browser has not laid out (off screen, its rendering
    // skipped) has no geometry to judge.
    if ([a1, h1, a8].some((sq) => sq.getBoundingClientRect().width < 1)) continue;
    const [o, f, r] = [centre(a1), centre(h1), centre(a8)];
    const cross = (f[0] - o[0]) * (r[1] - o[1]) - (f[1] - o[1]) * (r[0] - o[0]);
    if (cross > 0) faults.push(`${describe(board)}: the board is mirrored (files or ranks reversed)`);
  }
  // Clock faces, hex, codes and notation run left to right whatever the page's direction.
  for (const el of scope.querySelectorAll(".bank, .hex, .mono, .move-list, .review-moves")) {
    if (shown(el) && getComputedStyle(el).direction !== "ltr")
      faults.push(`${describe(el)}: runs right to left; clock faces, codes and notation must not`);
  }
  return faults;
}
