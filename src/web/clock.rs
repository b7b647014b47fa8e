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
