//! The time the referee is given, in milliseconds since the Unix epoch.
//!
//! On screen, time advances by the monotonic clock (`performance.now()`), so
//! a device clock changed mid-game (by the player, or by the network's time
//! sync) neither gives nor takes time from a running bank. The wall clock
//! (`Date.now()`) anchors it at page load — the only clock that keeps counting
//! across a reload, a killed tab or a rebooted phone — and, after time away
//! (a hidden tab, a frozen page, a locked phone), fills in what the monotonic
//! clock missed: it stops while a phone sleeps. What this means at the table
//! is in docs/reliability.md "Time under stress". The caller clamps the
//! result to the last recorded event, so time never runs backwards (C-4).

use std::cell::Cell;

/// One reading: the game's time and both clocks at that moment.
#[derive(Clone, Copy)]
struct Reading {
    time: f64,
    monotonic: f64,
    wall: f64,
}

thread_local! {
    static LAST: Cell<Option<Reading>> = const { Cell::new(None) };
    /// Set when the page goes out of sight or is frozen; cleared by the next reading.
    static AWAY: Cell<bool> = const { Cell::new(false) };
    /// The offset last stored (or read at page load): what `keep_offset` compares with.
    static KEPT_OFFSET: Cell<f64> = const { Cell::new(0.0) };
}

fn monotonic_ms() -> Option<f64> {
    Some(web_sys::window()?.performance()?.now())
}

pub fn now_ms() -> u64 {
    let wall = js_sys::Date::now();
    let Some(monotonic) = monotonic_ms() else {
        return wall as u64;
    };
    let reading = match LAST.get() {
        None => {
            for name in ["visibilitychange", "freeze"] {
                std::mem::forget(super::on_document_event(name, || AWAY.set(true)));
            }
            super::on_window_event("pagehide", || AWAY.set(true));
            let offset = stored_offset();
            KEPT_OFFSET.set(offset);
            Reading {
                time: wall + offset,
                monotonic,
                wall,
            }
        }
        Some(last) => Reading {
            time: last.time + advance(last, monotonic, wall, AWAY.replace(false)),
            monotonic,
            wall,
        },
    };
    LAST.set(Some(reading));
    keep_offset(reading.time - wall);
    reading.time as u64
}

/// How far the game's time is from the device clock, kept across reloads so
/// that a device clock changed during the evening does not move a running
/// bank at the next page load either.
const OFFSET_KEY: &str = "clock.offset";

fn stored_offset() -> f64 {
    super::storage::get(OFFSET_KEY)
        .and_then(|text| text.parse::<f64>().ok())
        .filter(|offset| offset.is_finite())
        .unwrap_or(0.0)
}

fn keep_offset(offset: f64) {
    // Written only when it moves by a second: not on every redraw.
    if (offset - KEPT_OFFSET.get()).abs() >= 1000.0 {
        KEPT_OFFSET.set(offset);
        super::storage::set(OFFSET_KEY, &format!("{offset:.0}"));
    }
}

/// How far the game's time moves since `last`: the monotonic clock's step,
/// or, after time away, the wall clock's if that is longer (the monotonic
/// clock stood still while the phone slept).
fn advance(last: Reading, monotonic: f64, wall: f64, away: bool) -> f64 {
    let step = (monotonic - last.monotonic).max(0.0);
    let away = away || !super::page_visible();
    if away {
        step.max(wall - last.wall)
    } else {
        step
    }
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
