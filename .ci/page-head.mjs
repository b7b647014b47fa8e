// The page's head as a release build writes it: the style, pre.js and
// boot.js (which a debug build loads as files), the favicon and the SVG
// images the style names, all written into index.html. On a slow link the
// wasm is 90 % of the bytes and the link stands idle until it is asked for:
// the style and pre.js were each a round trip before the first paint, and
// boot.js, which asks for the wasm once that paint is reported, another after
// it. Written in, nothing but the page is asked for before the wasm, which
// then has the page's connection, open and idle by then, instead of a new one
// (a round trip for its handshake: docs/performance.md). The
// Content-Security-Policy allows these two inline scripts and this one inline
// style by their SHA-256 and still refuses any other.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const digest = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const attribute = (tag, name) => new RegExp(`\\b${name}=(["']?)([^"'\\s>]+)\\1`).exec(tag)?.[2];

/** The one match of `pattern` in `html`, or stops the build naming `what`. */
function one(html, pattern, what) {
  const found = [...html.matchAll(pattern)];
  if (found.length !== 1) throw new Error(`page-head: index.html has ${found.length} ${what}, not one`);
  return found[0][0];
}

/**
 * The SVG file `path` as a data: URL to write into a double-quoted attribute
 * or a CSS `url("…")`: its comments and spaces between tags dropped, its
 * double quotes made single, and what such a URL must escape escaped.
 */
function svgDataUrl(path) {
  const svg = readFileSync(path, "utf8")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/>\s+</g, "><")
    .replace(/\s+/g, " ")
    .trim()
    .replaceAll('"', "'");
  return `data:image/svg+xml,${svg.replace(/[%#<>\n]/g, encodeURIComponent)}`;
}

/** The page's favicon link in `html` and the file it names, or stops the build. */
function faviconOf(html) {
  const tag = /<link\b[^>]*\brel=["']?icon\b[^>]*>/.exec(html)?.[0];
  const href = tag && /\bhref=(["']?)([^"'\s>]+\.(?:svg|png))\1/.exec(tag);
  if (!href) throw new Error("page-head: index.html has no SVG or PNG favicon link to write in");
  return { tag, href: href[0], file: href[2].replace(/^\.\//, "") };
}

/**
 * `html` with its favicon written in as a data: URL: asked for by the browser
 * during a first visit's download, it held one of HTTP/1.1's six connections
 * to the host behind the wasm, and a file the worker needed waited for the
 * next free one, a round trip more (docs/performance.md). A PNG as base64:
 * the browser decodes it, where it draws an SVG favicon in a document of its
 * own on the page's main thread, as the page loads and at its first sound.
 */
function withFaviconWrittenIn(dir, html) {
  const { tag, href, file } = faviconOf(html);
  const path = join(dir, file);
  const url = file.endsWith(".png") ? `data:image/png;base64,${readFileSync(path).toString("base64")}` : svgDataUrl(path);
  return html.replace(tag, () => tag.replace(href, () => `href="${url}"`));
}

/** Whether the manifest in `dir` names `file` (then the file stays in the build). */
const manifestNames = (dir, file) => {
  const { icons = [], screenshots = [] } = JSON.parse(readFileSync(join(dir, "manifest.webmanifest"), "utf8"));
  return [...icons, ...screenshots].some((image) => image.src.replace(/^\.\//, "") === file);
};

/**
 * `css` (the file `cssPath` names, relative to `dir`) with the images it
 * names written in as data: URLs: a file would be asked for as the page is
 * laid out, before the wasm, and take the page's connection from it. Only
 * SVG, which is text; the files stay for the manifest.
 */
function withImagesWrittenIn(dir, cssPath, css) {
  return css.replace(/url\((["']?)([^"')]+)\1\)/g, (whole, _, url) => {
    if (url.startsWith("data:") || url.startsWith("#")) return whole;
    if (!url.endsWith(".svg")) throw new Error(`page-head: the style names ${url}; only SVG images can be written into the page`);
    const path = new URL(url, new URL(cssPath, "http://x/")).pathname.slice(1);
    return `url("${svgDataUrl(join(dir, path))}")`;
  });
}

/** The style's link, pre.js's tag and boot.js's tag in `html`, and the files they name. */
function pageTags(html) {
  const style = one(html, /<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/g, "stylesheet links");
  const pre = one(html, /<script\b[^>]*\bsrc=["']?(?:\.\/)?pre\.js\b[^>]*><\/script>/g, "pre.js scripts");
  const boot = one(html, /<script\b(?=[^>]*\btype=["']?module\b)(?=[^>]*\bdata-packed=)[^>]*><\/script>/g, "start scripts (data-packed)");
  const files = [attribute(style, "href"), attribute(pre, "src"), attribute(boot, "src")].map((name) => name?.replace(/^\.\//, ""));
  if (files.includes(undefined)) throw new Error("page-head: index.html must name the style, pre.js and boot.js files");
  return { style, pre, boot, files };
}

/**
 * The files under `dir` that writePageHead writes into the page and leaves out
 * of the build: the style, pre.js, boot.js, and the favicon unless the
 * manifest names it too.
 */
export function filesWrittenIntoPage(dir) {
  const html = readFileSync(join(dir, "index.html"), "utf8");
  const { file } = faviconOf(html);
  return [...pageTags(html).files, ...(manifestNames(dir, file) ? [] : [file])];
}

/**
 * Writes the head into `dir`'s index.html: the style in place of its link,
 * pre.js (a classic script, run before the first paint) in place of its tag,
 * boot.js in place of its tag, which keeps its data attributes and stays a
 * module (run once the page is parsed). The three files are then left out
 * of the build; their digests go into the CSP; the favicon and the style's
 * images become data: URLs, and the favicon's file is left out too unless
 * the manifest names it. Call it once boot.js is final.
 */
export function writePageHead(dir) {
  const htmlPath = join(dir, "index.html");
  const html = readFileSync(htmlPath, "utf8");
  const tags = pageTags(html);
  const leftOut = filesWrittenIntoPage(dir);
  const meta = one(html, /<meta\b[^>]*\bhttp-equiv=["']?Content-Security-Policy\b[^>]*>/gi, "CSP meta tags");
  const policy = /\bcontent="([^"]*)"/.exec(meta)?.[1] ?? "";
  const [scriptSrc, styleSrc] = ["script-src", "style-src"].map((name) => new RegExp(`(^|;\\s*)${name}\\s[^;]*`).exec(policy)?.[0]);
  if (!scriptSrc || !styleSrc) throw new Error("page-head: index.html needs a CSP with script-src and style-src");
  const [cssName, preName, bootName] = tags.files;
  const text = (name) => readFileSync(join(dir, name), "utf8").trim();
  const css = withImagesWrittenIn(dir, cssName, text(cssName));
  const [pre, boot] = [text(preName), text(bootName)];
  for (const [name, written] of [[cssName, css], [preName, pre], [bootName, boot]]) {
    if (written.includes("</")) throw new Error(`page-head: ${name} holds '</', which would end it early in the page`);
  }
  // Replaced by functions: the texts are written as they are, `$&` and all.
  const bootTag = tags.boot.replace(/\s+src=(["']?)[^"'\s>]+\1/, "").replace("></script>", () => `>${boot}</script>`);
  const allowed = policy
    .replace(scriptSrc, `${scriptSrc} ${digest(pre)} ${digest(boot)}`)
    .replace(styleSrc, `${styleSrc} ${digest(css)}`);
  const written = withFaviconWrittenIn(dir, html)
    .replace(meta, () => meta.replace(policy, () => allowed))
    .replace(tags.pre, "")
    .replace(tags.boot, "")
    .replace(tags.style, () => `<style>${css}</style><script>${pre}</script>${bootTag}`);
  writeFileSync(htmlPath, written);
  for (const name of leftOut) rmSync(join(dir, name));
}
