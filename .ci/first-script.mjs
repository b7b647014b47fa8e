// The page's first script, written into index.html by a release build:
// pre.js's text (which a debug build loads as a file) and a first visit's
// download of the packed wasm, asked for as soon as the static first screen
// has painted. On a slow link the wasm is 90 % of the bytes and the link
// stands idle until it is asked for: pre.js was one more round trip before
// the first paint, and boot.js, which asked for the wasm, another after it
// (docs/performance.md). The download still waits for the first paint, so
// it never shares the link with what that paint needs. The page's
// Content-Security-Policy allows this one inline script by its SHA-256 and
// still refuses any other. boot.js takes the download it started
// (`self.packedWasm`); a page a service worker controls starts none.
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The early download of `packed` (the packed wasm's URL as index.html names
 * it), after the first paint as boot.js waits for it: the first contentful
 * paint reported, at most 200 ms (a hidden tab paints nothing).
 */
export function earlyDownloadScript(packed) {
  return (
    "navigator.serviceWorker?.controller||(self.packedWasm=new Promise(p=>{setTimeout(p,200);" +
    "try{new PerformanceObserver(p).observe({type:'paint',buffered:!0})}catch(_){p()}})" +
    `.then(()=>fetch(${JSON.stringify(packed)}))).catch(()=>{})`
  );
}

/**
 * Writes the first script into `dir`'s index.html in place of pre.js, which
 * is then left out of the build, and its hash into the CSP. The style, boot.js
 * (a module, run after the parse) and the bindings it imports are asked for
 * before the script, whose parse waits for the style: Chromium's preload
 * scanner looks no further there, and on a link shared in turn they would
 * otherwise queue behind the wasm.
 */
export function writeFirstScript(dir, packed) {
  const htmlPath = join(dir, "index.html");
  const html = readFileSync(htmlPath, "utf8");
  const style = [...html.matchAll(/<link\b[^>]*\brel=["']?stylesheet\b[^>]*>/g)];
  const pre = [...html.matchAll(/<script\b[^>]*\bsrc=["']?(?:\.\/)?pre\.js\b[^>]*><\/script>/g)];
  const boot = [...html.matchAll(/<script\b(?=[^>]*\btype=["']?module\b)(?=[^>]*\bdata-packed=)[^>]*><\/script>/g)];
  const meta = [...html.matchAll(/<meta\b[^>]*\bhttp-equiv=["']?Content-Security-Policy\b[^>]*>/gi)];
  const policy = meta.length === 1 ? /\bcontent="([^"]*)"/.exec(meta[0][0])?.[1] : undefined;
  const scriptSrc = policy && /(^|;\s*)script-src\s[^;]*/.exec(policy);
  if (style.length !== 1 || pre.length !== 1 || boot.length !== 1 || !scriptSrc) {
    const found = `${style.length} stylesheet links, ${pre.length} pre.js scripts, ${boot.length} start scripts, ${scriptSrc ? "a" : "no"} CSP script-src`;
    throw new Error(`first-script: index.html needs one stylesheet link, one pre.js script, one start script (data-packed) and a CSP with script-src (${found})`);
  }
  const prePath = join(dir, "pre.js");
  const script = `${readFileSync(prePath, "utf8").trim().replace(/;$/, "")};${earlyDownloadScript(packed)}`;
  if (script.includes("</")) throw new Error("first-script: the first script holds '</', which would end it early");
  const hash = createHash("sha256").update(script).digest("base64");
  const allowed = policy.replace(scriptSrc[0], `${scriptSrc[0]} 'sha256-${hash}'`);
  const [styleTag, preTag, bootTag] = [style[0][0], pre[0][0], boot[0][0]];
  const bindings = /\bdata-js=(["']?)([^"'\s>]+)\1/.exec(bootTag)?.[2];
  if (!bindings) throw new Error("first-script: the start script names no bindings (data-js)");
  // The images the style names (the bar's icon): asked for as the style
  // is laid out, each would hold the connection the wasm could have had.
  const styleHref = /\bhref=(["']?)([^"'\s>]+)\1/.exec(styleTag)[2];
  const css = readFileSync(join(dir, styleHref), "utf8");
  const images = [...new Set([...css.matchAll(/url\((["']?)([^"')]+)\1\)/g)].map((m) => m[2]))]
    .filter((url) => !url.startsWith("data:"))
    .map((url) => `<link rel=preload href=${new URL(url, new URL(styleHref, "http://x/")).pathname.slice(1)} as=image fetchpriority=high>`)
    .join("");
  const written = html
    .replace(meta[0][0], meta[0][0].replace(policy, allowed))
    .replace(preTag, "")
    .replace(bootTag, "")
    .replace(styleTag, `${styleTag}${bootTag}<link rel=modulepreload href=${bindings}>${images}<script>${script}</script>`);
  writeFileSync(htmlPath, written);
  rmSync(prePath);
}
