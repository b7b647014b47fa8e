//! Nordau Shift: an offline referee and clock for over-the-board chess variants.
//!
//! * [`referee`] — the rules, clocks, the draw and its commitment, game records.
//!   Pure Rust: time and randomness come in as arguments, so every state is a
//!   deterministic function of (setup, seed, timestamped events).
//! * `ui` — thin Leptos components (browser build only).
//! * `web` — storage, service worker, wake lock, audio (browser build only).

pub mod referee;

#[cfg(target_arch = "wasm32")]
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod web;
