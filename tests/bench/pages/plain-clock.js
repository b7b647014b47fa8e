// A plain two-player clock: 15 s per move, the running side counts down.
const BLOCK_MS = 15000;
const halves = { white: document.getElementById("white"), black: document.getElementById("black") };
let running = "white";
let deadline = performance.now() + BLOCK_MS;
let timer = 0;

function face(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function draw() {
  const left = deadline - performance.now();
  for (const [side, el] of Object.entries(halves)) {
    el.classList.toggle("to-move", side === running);
    el.querySelector(".bank").textContent = face(side === running ? left : BLOCK_MS);
  }
  // Next redraw when the shown second changes.
  clearTimeout(timer);
  if (left > 0) timer = setTimeout(draw, (left % 1000) + 1);
}

for (const [side, el] of Object.entries(halves)) {
  el.addEventListener("pointerdown", () => {
    if (side !== running) return;
    running = side === "white" ? "black" : "white";
    deadline = performance.now() + BLOCK_MS;
    draw();
  });
}
draw();
