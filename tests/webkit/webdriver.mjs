// A tiny W3C WebDriver client for WebKitGTK (Safari's engine), over plain HTTP:
// Debian's WebKitWebDriver (package webkit2gtk-driver) started under Xvfb, and
// WebKitGTK's MiniBrowser as the browser. Only what the WebKit smoke test needs.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { deflateSync, inflateSync } from "node:zlib";

/** WebKitGTK's browser, from the installed webkit2gtk-4.1 or webkitgtk-6.0 package. */
export const MINIBROWSER = [
  "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser",
  "/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
  "/usr/lib/aarch64-linux-gnu/webkitgtk-6.0/MiniBrowser",
].find((path) => existsSync(path));

const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

/**
 * Starts `xvfb-run -a WebKitWebDriver` in a process group of its own (Xvfb, the
 * driver, MiniBrowser and WebKit's helper processes all end up in it), waits
 * until the driver answers, and returns it with `stop()`, which ends the group.
 */
export async function startDriver() {
  const port = await freePort();
  const child = spawn(
    "xvfb-run",
    ["-a", "-s", "-screen 0 1280x1024x24", "WebKitWebDriver", `--port=${port}`],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  let exited = false;
  const gone = new Promise((done) =>
    child.once("exit", () => {
      exited = true;
      done();
    }),
  );
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  // If this test process ends without running its `after` hooks.
  const onExit = () => killGroup("SIGKILL");
  const onSignal = (signal) => {
    driver.stop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("exit", onExit);
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  const driver = {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    stderr: () => stderr,
    async stop() {
      process.off("exit", onExit);
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      // The driver first: xvfb-run then stops Xvfb (which removes its lock
      // file) and deletes its temporary folder.
      if (!exited) {
        for (const pid of groupMembers(child.pid, "WebKitWebDriver")) {
          try {
            process.kill(pid, "SIGTERM");
          } catch {
            // gone meanwhile
          }
        }
        await Promise.race([gone, sleep(5_000)]);
      }
      killGroup("SIGTERM");
      for (let i = 0; i < 30 && groupMembers(child.pid).length > 0; i++) await sleep(100);
      // Whatever is left of the group (a browser helper that ignored SIGTERM).
      killGroup("SIGKILL");
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`WebKitWebDriver exited at start:\n${stderr}`);
    try {
      const status = await (await fetch(`${driver.url}/status`)).json();
      if (status.value?.ready) return driver;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await driver.stop();
      throw new Error(`WebKitWebDriver did not answer within 30 s:\n${stderr}`);
    }
    await sleep(100);
  }
}

/** The live processes of process group `pgid` (optionally only those named `name`). */
function groupMembers(pgid, name) {
  const ps = spawnSync("ps", ["-e", "-o", "pid=,pgid=,stat=,comm="], { encoding: "utf8" });
  return (ps.stdout ?? "")
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter(([, group, stat, comm]) => Number(group) === pgid && !stat?.startsWith("Z") && (!name || comm === name))
    .map(([pid]) => Number(pid));
}

/** Whether `xvfb-run` and `WebKitWebDriver` are installed (`.ci/setup --browser`). */
export function webkitInstalled() {
  const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`]).status === 0;
  return has("xvfb-run") && has("WebKitWebDriver") && Boolean(MINIBROWSER);
}

class WebDriverError extends Error {}

/** One browser session: a MiniBrowser window driven by W3C WebDriver commands. */
export class Session {
  static async open(driver, { args = [] } = {}) {
    const response = await request(driver.url, "POST", "/session", {
      capabilities: {
        alwaysMatch: {
          browserName: "MiniBrowser",
          "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation", ...args] },
        },
      },
    });
    return new Session(driver.url, response.sessionId, response.capabilities);
  }

  constructor(base, id, capabilities) {
    this.base = base;
    this.id = id;
    this.capabilities = capabilities;
  }

  cmd(method, path, body) {
    return request(this.base, method, `/session/${this.id}${path}`, body);
  }

  async close() {
    await Promise.race([this.cmd("DELETE", "").catch(() => {}), sleep(5_000)]);
  }

  /**
   * Whether the session still answers. When WebKit's page process crashes or
   * hangs, WebKitWebDriver deletes the session ("invalid session id: session
   * deleted because of page crash or hang"); the command that was running
   * fails with a garbled "unknown error: Could not parse …".
   */
  async alive() {
    try {
      await this.cmd("GET", "/url");
      return true;
    } catch {
      return false;
    }
  }

  go(url) {
    return this.cmd("POST", "/url", { url });
  }

  refresh() {
    return this.cmd("POST", "/refresh", {});
  }

  /** Sets the outer window size; returns the page's inner size. */
  async resize(width, height) {
    await this.cmd("POST", "/window/rect", { width, height });
    return this.run("return [innerWidth, innerHeight]");
  }

  /** Runs `body` (a function body) in the page with `args`; DOM nodes come back as element handles. */
  run(body, ...args) {
    return this.cmd("POST", "/execute/sync", { script: body, args });
  }

  /** Polls `body` until it returns something truthy; returns that. */
  async until(body, { args = [], timeout = 10_000, what = body } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const value = await this.run(body, ...args);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for: ${what}`);
      await sleep(50);
    }
  }

  /** Waits for an element matching `css` (optionally one whose text matches `text`). */
  waitFor(css, { timeout = 10_000, text } = {}) {
    return this.until(
      `const [css, source] = arguments;
       const re = source === null ? null : new RegExp(source);
       return [...document.querySelectorAll(css)].find((el) => !re || re.test(el.textContent)) ?? null;`,
      { args: [css, text ? text.source : null], timeout, what: `${css}${text ? ` with text ${text}` : ""}` },
    );
  }

  /** Every element matching `css`, as handles (possibly none). */
  findAll(css) {
    return this.run("return [...document.querySelectorAll(arguments[0])]", css);
  }

  /** Waits until nothing matches `css`. */
  waitGone(css, { timeout = 10_000 } = {}) {
    return this.until("return document.querySelector(arguments[0]) === null", { args: [css], timeout, what: `${css} gone` });
  }

  count(css) {
    return this.run("return document.querySelectorAll(arguments[0]).length", css);
  }

  /** The element's text as shown (WebDriver "Get Element Text"). */
  async text(css) {
    return this.cmd("GET", `/element/${(await this.waitFor(css))[ELEMENT]}/text`);
  }

  /**
   * A real click (WebDriver "Element Click": scrolled into view, hit-tested,
   * mouse events at its centre) on the element matching `css`, or on an
   * element handle. Fails if something else lies over it.
   */
  async click(target, options) {
    const element = typeof target === "string" ? await this.waitFor(target, options) : target;
    await this.cmd("POST", `/element/${element[ELEMENT]}/click`, {});
  }

  /** Clears a text field (`css` or a handle) and types `text` into it. */
  async type(target, text) {
    const element = typeof target === "string" ? await this.waitFor(target) : target;
    await this.cmd("POST", `/element/${element[ELEMENT]}/clear`, {});
    await this.cmd("POST", `/element/${element[ELEMENT]}/value`, { text });
  }

  /**
   * Makes the frame `target` (`css` or a handle, in the current page) the one
   * later commands run in; `null` goes back to the top-level page.
   */
  async frame(target) {
    const element = typeof target === "string" ? await this.waitFor(target) : target;
    await this.cmd("POST", "/frame", { id: element ?? null });
  }

  /**
   * A PNG of the viewport, or of its part `rect` ({ x, y, width, height } in
   * CSS px at a device pixel ratio of 1). Not WebDriver's element screenshot:
   * WebKitGTK clips that to the element's box mirrored top to bottom, so all
   * but a box at the bottom of the viewport comes out partly black.
   */
  async screenshot(rect) {
    const png = Buffer.from(await this.cmd("GET", "/screenshot"), "base64");
    return rect ? cropPng(png, rect) : png;
  }
}

/** `rect` cut out of a PNG of 8 bits per channel, not interlaced (what WebKitGTK writes). */
export function cropPng(png, { x, y, width, height }) {
  const chunks = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    chunks.push({ type: png.toString("latin1", at + 4, at + 8), data: png.subarray(at + 8, at + 8 + png.readUInt32BE(at)) });
  }
  const head = chunks[0].data;
  const [w, h, depth, colourType, interlace] = [head.readUInt32BE(0), head.readUInt32BE(4), head[8], head[9], head[12]];
  const bpp = { 0: 1, 2: 3, 4: 2, 6: 4 }[colourType];
  if (depth !== 8 || !bpp || interlace) throw new Error(`cannot crop a PNG of depth ${depth}, colour type ${colourType}, interlace ${interlace}`);
  if (x < 0 || y < 0 || x + width > w || y + height > h) throw new Error(`${width}×${height} at ${x},${y} is not inside the ${w}×${h} screenshot`);
  // Undo each row's filter (PNG spec §9), keeping the rows of `rect`, each with filter 0.
  const raw = inflateSync(Buffer.concat(chunks.filter((c) => c.type === "IDAT").map((c) => c.data)));
  const stride = w * bpp;
  const kept = [];
  let above = Buffer.alloc(stride);
  for (let r = 0; r < y + height; r++) {
    const filter = raw[r * (stride + 1)];
    const row = Buffer.from(raw.subarray(r * (stride + 1) + 1, (r + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const [a, b, c] = [i >= bpp ? row[i - bpp] : 0, above[i], i >= bpp ? above[i - bpp] : 0];
      const [pa, pb, pc] = [Math.abs(b - c), Math.abs(a - c), Math.abs(a + b - 2 * c)];
      row[i] += [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
    }
    if (r >= y) kept.push(Buffer.from([0]), row.subarray(x * bpp, (x + width) * bpp));
    above = row;
  }
  const ihdr = Buffer.from(head);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  return Buffer.concat([png.subarray(0, 8), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(Buffer.concat(kept))), pngChunk("IEND", Buffer.alloc(0))]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n >>> 0;
});

function pngChunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 255] ^ (crc >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

async function request(base, method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json; charset=utf-8" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const json = await response.json();
  if (!response.ok || json.value?.error) {
    const { error, message } = json.value ?? {};
    throw new WebDriverError(`${method} ${path}: ${error ?? response.status}: ${message ?? JSON.stringify(json)}`);
  }
  return json.value;
}
