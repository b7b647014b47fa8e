//! The time the referee is given, in milliseconds since the Unix epoch.
//!
//! The game's time is always the wall clock (`Date.now()`) plus an offset
//! kept in storage: the wall clock is the only clock that keeps counting
//! across a reload, a killed tab or a rebooted phone, and a whole number of
//! milliseconds, so a reload resumes every bank to the millisecond. The
//! monotonic clock (`performance.now()`) watches the wall clock: when the two
//! disagree by more than `JUMP_MS` between readings, the device clock was
//! changed mid-game (by the player, or by the network's time sync), and the
//! offset takes the change back, so it neither gives nor takes time from a
//! running bank, now or at the next load. After time away (a hidden tab, a
//! frozen page, a locked phone) the wall clock is trusted: the monotonic
//! clock stops while a phone sleeps. What this means at the table is in
//! docs/reliability.md "Time under stress". The caller clamps the result to
//! the last recorded event, so time never runs backwards (C-4).

use std::cell::Cell;

/// One reading: the wall clock and the monotonic clock at that moment.
#[derive(Clone, Copy)]
struct Reading {
    monotonic: f64,
    wall: f64,
}

/// A disagreement between the two clocks larger than this, between two
/// readings, is a device clock change. Smaller ones are the wall clock's own
/// slow corrections, which it is trusted with.
const JUMP_MS: f64 = 250.0;

thread_local! {
    static LAST: Cell<Option<Reading>> = const { Cell::new(None) };
    /// Set when the page goes out of sight or is frozen; cleared by the next reading.
    static AWAY: Cell<bool> = const { Cell::new(false) };
    /// The game's time minus the wall clock: read at page load, stored when it changes.
    static OFFSET: Cell<f64> = const { Cell::new(0.0) };
    /// Looked up once: the clock is read at every tick of the redraw timer.
    static PERFORMANCE: Option<web_sys::Performance> =
        web_sys::window().and_then(|w| w.performance());
}

fn monotonic_ms() -> Option<f64> {
    PERFORMANCE.with(|p| p.as_ref().map(web_sys::Performance::now))
}

pub fn now_ms() -> u64 {
    let wall = js_sys::Date::now();
    let Some(monotonic) = monotonic_ms() else {
        return wall as u64;
    };
    match LAST.get() {
        None => {
            for name in ["visibilitychange", "freeze"] {
                std::mem::forget(super::on_document_event(name, || AWAY.set(true)));
            }
            super::on_window_event("pagehide", || AWAY.set(true));
            OFFSET.set(stored_offset());
        }
        Some(last) => {
            let away = AWAY.replace(false) || !super::page_visible();
            if let Some(moved) = clock_moved(last, monotonic, wall, away) {
                let offset = OFFSET.get() - moved;
                OFFSET.set(offset);
                // Whole milliseconds as an integer: the same text `{:.0}` wrote, without
                // core's float formatting in the wasm.
                super::storage::set(OFFSET_KEY, &(offset as i64).to_string());
            }
        }
    }
    LAST.set(Some(Reading { monotonic, wall }));
    (wall + OFFSET.get()).max(0.0) as u64
}

/// How far the game's time is from the device clock, kept across reloads so
/// that a device clock changed during the evening does not move a running
/// bank at the next page load either.
const OFFSET_KEY: &str = "clock.offset";

fn stored_offset() -> f64 {
    super::storage::get(OFFSET_KEY)
        .and_then(|text| text.parse::<i64>().ok())
        .map_or(0.0, |offset| offset as f64)
}

/// How far the device clock was moved since `last`, in whole milliseconds,
/// when that is more than `JUMP_MS`: the wall clock's step beyond the
/// monotonic clock's. After time away, a wall clock that ran further is not
/// a change (the monotonic clock stood still while the phone slept).
fn clock_moved(last: Reading, monotonic: f64, wall: f64, away: bool) -> Option<f64> {
    let step = (monotonic - last.monotonic).max(0.0);
    let wall_step = wall - last.wall;
    let moved = if away && wall_step >= step {
        0.0
    } else {
        wall_step - step
    };
    (moved.abs() > JUMP_MS).then(|| moved.round())
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
