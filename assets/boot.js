// Starts the WebAssembly app. Kept out of index.html so the Content-Security-Policy
// can forbid every inline script. Trunk writes the hashed file names into the
// data attributes of the <script> tag that loads this file (Trunk.toml: pattern_script).
// Sun mode and the language of the static first screen are set earlier, by pre.js.
const tag = document.querySelector('script[data-wasm]');
const bindings = await import(tag.dataset.js);
await bindings.default({ module_or_path: tag.dataset.wasm });
