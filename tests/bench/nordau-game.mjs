// A Nordau Shift game started as players start one, for the bench and the
// trace tools: names, clock mode, the draw locked and revealed, Black taps;
// and the plain tenths clock it is compared with.
import { centreOf, phoneContext } from "../e2e/harness.mjs";

const NAMES = ["Anna", "Boris", "Chen"];

/** A Nordau Shift game in clock mode, started: White's clock runs. */
export async function startNordau(page, url) {
  await page.goto(`${url}#/nordau`);
  await page.locator(".ns-setup").waitFor({ timeout: 60_000 });
  const inputs = page.locator(".ns-setup input[type=text]");
  for (let i = 0; i < 3; i++) await inputs.nth(i).fill(NAMES[i]);
  await page.locator("input[name=ns-mode]").first().check();
  await page.locator(".ns-setup button.primary.big").tap();
  await page.locator(".commit-screen").waitFor();
  // "Lock words and draw seats", then "Begin".
  for (let i = 0; i < 2 && !(await page.locator(".half.black-seat.starts").count()); i++) {
    await page.locator(".commit-screen button.primary.big").tap();
    await page.locator(".commit-screen .seat-list .seat-name, .half.black-seat.starts").first().waitFor();
  }
  await page.locator(".half.black-seat.starts").waitFor();
  await page.locator(".half.black-seat").tap();
  await page.locator(".half.white-seat.to-move").waitFor();
}

/**
 * One tap on the running half, as a player passes the move; with `seated`, a
 * swap notice is answered first ("Seated"). Resolves once the half has
 * stopped running (or a swap is announced) and the frame has had 100 ms.
 */
export async function passTheMove(page, { seated = true } = {}) {
  while (seated && (await page.locator(".swap-overlay:not([hidden])").count())) {
    await page.getByRole("button", { name: "Seated" }).click();
    await page.locator(".swap-overlay:not([hidden])").waitFor({ state: "detached" });
  }
  const half = await page.waitForSelector(".half.to-move");
  const { x, y } = await centreOf(half);
  await page.touchscreen.tap(x, y);
  await page.waitForFunction((el) => !el.classList.contains("to-move") || document.querySelector(".swap-overlay:not([hidden])"), half);
  await page.waitForTimeout(100); // let the frame finish before the next tap
}

/** Waits until the running bank shows tenths from 9.8 s down (the tenths window: from 9.8 s, the bench's 9 s ends before the flag). */
export async function untilTenths(page) {
  await page.waitForFunction(() => /^9\.[0-8]$/.test(document.querySelector(".half.to-move .bank")?.textContent ?? ""), null, { timeout: 20_000 });
}

/**
 * The running clock's tenths window: a started game showing 9.8 s or less.
 * `prepare(context)` runs on the new browser context before the app opens.
 */
export async function clockShowingTenths(browser, url, prepare = async () => {}) {
  const context = await phoneContext(browser);
  await prepare(context); // before the app's first page: an init script, say
  const page = await context.newPage();
  await startNordau(page, url);
  await untilTenths(page);
  return page;
}

/**
 * The plain-JS tenths clock (tests/bench/pages), in a context of its own: not
 * under the app's worker. Tapped on its other half, as the app's clock was
 * started by a tap on Black's half: a tap leaves the pointer over the page,
 * and Chromium then hit-tests after every layout under it (a forced style and
 * layout a tick), so an untapped page would be spared work the app is not.
 */
export async function plainTenthsPage(browser, origin) {
  const page = await (await phoneContext(browser)).newPage();
  await page.goto(`${origin}/__bench/tenths.html`);
  await page.locator(".half").first().tap();
  await page.waitForTimeout(500);
  return page;
}
