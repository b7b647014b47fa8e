// The page's head as a release build writes it: the style and pre.js (which a
// debug build loads as files) and the favicon written into index.html, and a first visit's
// download of the packed wasm asked for by the page's first script as soon
// as the static first screen has painted. On a slow link the wasm is 90 % of
// the bytes and the link stands idle until it is asked for: the style and
// pre.js were each a round trip before the first paint, and boot.js, which
// asked for the wasm, another after it (docs/performance.md). The download
// still waits for the first paint, so it never shares the link with what
// that paint needs. The Content-Security-Policy allows this one inline
// script and this one inline style by their SHA-256 and still refuses any
// other. boot.js takes the download over (`self.packedWasm`); a page a
// service worker controls starts none.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The early download of `packed` (the packed wasm's URL as index.html names
 * it), after the first paint as boot.js waits for it: the first contentful
 * paint reported, at most 200 ms (a hidden tab paints nothing).
 */
function earlyDownloadScript(packed) {
  return (
    "navigator.serviceWorker?.controller||(self.packedWasm=new Promise(p=>{setTimeout(p,200);" +
    "try{new PerformanceObserver(p).observe({type:'paint',buffered:!0})}catch(_){p()}})" +
    `.then(()=>fetch(${JSON.stringify(packed)}))).catch(()=>{})`
  );
}

const digest = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const attribute = (tag, name) => new RegExp(`\\b${name}=(["']?)([^"'\\s>]+)\\1`).exec(tag)?.[2];

/** The one match of `pattern` in `html`, or stops the build naming `what`. */
function one(html, pattern, what) {
  const found = [...html.matchAll(pattern)];
  if (found.length !== 1) throw new Error(`page-head: index.html has ${found.length} ${what}, not one`);
  return found[0][0];
}

/**
 * `html` with its favicon written in as a data: URL: asked for by the browser
 * during a first visit's download, it held one of HTTP/1.1's six connections
 * to the host behind the wasm, and a file the worker needed waited for the
 * next free one, a round trip more (docs/performance.md). The file stays for
 * the manifest.
 */
function withFaviconWrittenIn(dir, html) {
  const favicon = /<link\b[^>]*\brel=["']?icon\b[^>]*>/.exec(html)?.[0];
  const href = favicon && /\bhref=(["']?)([^"'\s>]+\.svg)\1/.exec(favicon);
  if (!href) throw new Error("page-head: index.html has no SVG favicon link to write in");
  const svg = readFileSync(join(dir, href[2]), "utf8")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .trim()
    .replaceAll('"', "'");
  // What a data: URL in a double-quoted attribute must escape; the rest stays readable.
  const url = `data:image/svg+xml,${svg.replace(/[%#<>\n]/g, encodeURIComponent)}`;
  return html.replace(favicon, favicon.replace(href[0], `href="${url}"`));
}

/**
 * Writes the head into `dir`'s index.html in place of the style's link and
 * pre.js's tag (both files are then left out of the build), and the two
 * digests into the CSP, and the favicon as a data: URL. boot.js (a module, run after the parse), the
 * bindings it imports and the images the style names (the bar's icon, asked
 * for as the style is laid out) are asked for before the first script, so
 * that none of them holds the connection the wasm could reuse or, on a link
 * shared in turn, queues behind the wasm.
 */
export function writePageHead(dir, packed) {
  const htmlPath = join(dir, "index.html");
  const html = readFileSync(htmlPath, "utf8");
  const styleTag = one(html, /<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/g, "stylesheet links");
  const preTag = one(html, /<script\b[^>]*\bsrc=["']?(?:\.\/)?pre\.js\b[^>]*><\/script>/g, "pre.js scripts");
  const bootTag = one(html, /<script\b(?=[^>]*\btype=["']?module\b)(?=[^>]*\bdata-packed=)[^>]*><\/script>/g, "start scripts (data-packed)");
  const meta = one(html, /<meta\b[^>]*\bhttp-equiv=["']?Content-Security-Policy\b[^>]*>/gi, "CSP meta tags");
  const policy = /\bcontent="([^"]*)"/.exec(meta)?.[1] ?? "";
  const [scriptSrc, styleSrc] = ["script-src", "style-src"].map((name) => new RegExp(`(^|;\\s*)${name}\\s[^;]*`).exec(policy)?.[0]);
  const [styleHref, preSrc, bindings] = [attribute(styleTag, "href"), attribute(preTag, "src"), attribute(bootTag, "data-js")];
  if (!scriptSrc || !styleSrc || !styleHref || !preSrc || !bindings) {
    throw new Error("page-head: index.html needs a CSP with script-src and style-src, and the style, pre.js and bindings named");
  }
  const css = readFileSync(join(dir, styleHref), "utf8");
  const script = `${readFileSync(join(dir, preSrc), "utf8").trim().replace(/;$/, "")};${earlyDownloadScript(packed)}`;
  if (css.includes("</") || script.includes("</")) throw new Error("page-head: the style or the script holds '</', which would end it early");
  const images = [...new Set([...css.matchAll(/url\((["']?)([^"')]+)\1\)/g)].map((m) => m[2]))]
    .filter((url) => !url.startsWith("data:"))
    .map((url) => `<link rel=preload href=${new URL(url, new URL(styleHref, "http://x/")).pathname.slice(1)} as=image fetchpriority=high>`);
  const allowed = policy.replace(scriptSrc, `${scriptSrc} ${digest(script)}`).replace(styleSrc, `${styleSrc} ${digest(css)}`);
  const head = [`<style>${css}</style>`, bootTag, `<link rel=modulepreload href=${bindings}>`, ...images, `<script>${script}</script>`];
  const written = withFaviconWrittenIn(dir, html)
    .replace(meta, meta.replace(policy, allowed))
    .replace(preTag, "")
    .replace(bootTag, "")
    .replace(styleTag, head.join(""));
  writeFileSync(htmlPath, written);
  rmSync(join(dir, styleHref));
  rmSync(join(dir, preSrc));
}
