//! The time the referee is given, in milliseconds.
//!
//! The wall clock (`Date.now()`), because it is the only clock that keeps
//! counting across a reload, a killed tab or a locked phone: a bank that was
//! running meanwhile has really run. The caller clamps it to the last recorded
//! event, so a clock set back can never make time run backwards (C-4).

pub fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// `now_ms()`, but never earlier than `floor_ms`.
pub fn now_at_least(floor_ms: u64) -> u64 {
    now_ms().max(floor_ms)
}

/// The local calendar date of `ms` as PGN writes it (`2026.11.30`).
pub fn pgn_date(ms: u64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    format!(
        "{:04}.{:02}.{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date()
    )
}

/// A game record's roster with the date it was played (its first event).
pub fn pgn_info(first_event_ms: Option<u64>) -> crate::referee::PgnInfo {
    crate::referee::PgnInfo {
        date: first_event_ms.map(pgn_date),
        ..Default::default()
    }
}
