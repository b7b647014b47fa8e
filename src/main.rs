//! Browser entry point: Trunk builds this binary to WebAssembly.

#[cfg(target_arch = "wasm32")]
fn main() {
    nordau_shift::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("This binary is the browser app; build it with `trunk build` (see README.md).");
}
