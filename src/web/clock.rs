//! The time the referee is given: milliseconds that never run backwards.
//!
//! `performance.timeOrigin + performance.now()` is monotonic within a page and
//! anchored to the wall clock, so a reloaded page continues from the real time
//! that passed (a bank that was running while the phone was locked has run).
//! The caller clamps it to the last recorded event, so a wall clock set back
//! between two page loads can never make time run backwards (C-4).

pub fn now_ms() -> u64 {
    let Some(performance) = web_sys::window().and_then(|w| w.performance()) else {
        return js_sys::Date::now() as u64;
    };
    (performance.time_origin() + performance.now()) as u64
}

/// `now_ms()`, but never earlier than `floor_ms`.
pub fn now_at_least(floor_ms: u64) -> u64 {
    now_ms().max(floor_ms)
}
