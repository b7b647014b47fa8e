// Starts the WebAssembly app. Kept out of index.html so the Content-Security-Policy
// can forbid every inline script. Trunk writes the hashed file names into the
// data attributes of the <script> tag that loads this file (Trunk.toml: pattern_script).
const tag = document.querySelector('script[data-wasm]');
const bindings = await import(tag.dataset.js);
await bindings.default({ module_or_path: tag.dataset.wasm });
