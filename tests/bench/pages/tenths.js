// Redraws the bank when its tenth changes (a timer to the next change, not a frame loop).
const bank = document.getElementById("bank");
const PERIOD_MS = 10000;
const start = performance.now();

function draw() {
  const left = PERIOD_MS - ((performance.now() - start) % PERIOD_MS);
  bank.textContent = (Math.ceil(left / 100) / 10 - 0.1).toFixed(1);
  setTimeout(draw, (left % 100) + 1);
}
draw();
