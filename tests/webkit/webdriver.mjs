// A tiny W3C WebDriver client for WebKitGTK (Safari's engine), over plain HTTP:
// Debian's WebKitWebDriver (package webkit2gtk-driver) started under Xvfb, and
// WebKitGTK's MiniBrowser as the browser. Only what the WebKit smoke test needs.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

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

  /** A PNG of the viewport. */
  async screenshot() {
    return Buffer.from(await this.cmd("GET", "/screenshot"), "base64");
  }
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
