// Starts the WebAssembly app. Kept out of index.html so the Content-Security-Policy
// can forbid every inline script. Trunk writes the hashed file names into the
// data attributes of the <script> tag that loads this file (Trunk.toml: pattern_script).

// Sun mode before the first paint, as src/ui/theme.rs decides it: the stored
// choice, else the system's light/dark setting (storage may throw: private mode).
let theme = null;
try { theme = localStorage.getItem('nordau-shift.theme'); } catch (_) {}
if (theme === 'sun' || (theme !== 'dark' && matchMedia('(prefers-color-scheme: light)').matches)) {
  document.documentElement.dataset.theme = 'sun';
}

const tag = document.querySelector('script[data-wasm]');
const bindings = await import(tag.dataset.js);
await bindings.default({ module_or_path: tag.dataset.wasm });
