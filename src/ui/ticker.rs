//! The redraw timer every game screen with a running clock shares. It wakes
//! exactly when the running clock's display changes (tenths below 10 s,
//! seconds above), records a flag the moment it falls, ticks the low-time cue
//! once a second, and does nothing while no clock runs — no 60 fps loop, kind
//! to the battery. Time is always read from the clock, never counted from
//! timer ticks. It also keeps the screen awake while a game is played, and
//! unlocks sound on every tap.

use std::sync::{Arc, Mutex};

use leptos::leptos_dom::helpers::TimeoutHandle;
use leptos::prelude::*;

use super::format;
use crate::web::{clock, device, sound};

/// What the timer needs from a game module's screen state.
pub trait ClockScreen: Copy + Send + Sync + 'static {
    /// The time the screen shows (ms); the timer advances it.
    fn now(&self) -> RwSignal<u64>;
    /// Bumped by the module whenever the timer must be re-planned.
    fn epoch(&self) -> RwSignal<u64>;
    /// The time of the last recorded event, or `None` once the screen's state
    /// has been disposed (a timer may still fire after leaving the screen).
    fn last_event_ms(&self) -> Option<u64>;
    /// What the running clock shows at `now` (ms), `None` when none runs.
    fn running_ms(&self, now: u64) -> Option<u64>;
    /// What the running clock shows at `now` when it is the only one running,
    /// `None` otherwise: then the timer may write its tenths straight to the
    /// screen. A screen that never has a lone running clock keeps the default.
    fn lone_running_ms(&self, _now: u64) -> Option<u64> {
        None
    }
    /// How long until a running clock's face changes (ms), `None` when none
    /// runs. A screen with more than one running clock (bughouse) overrides it.
    fn next_change_ms(&self, now: u64) -> Option<u64> {
        self.running_ms(now).map(format::next_change_in)
    }
    /// Records a flag that fell by `now`; whether one did.
    fn record_flag(&self, now: u64) -> bool;
    /// The low-time warning starts at this many ms.
    fn low_time_ms(&self) -> u64;
    /// One tick of the low-time warning (a sound, unless muted), with the
    /// running clock's time.
    fn low_time_cue(&self, remaining_ms: u64);
    /// Whether a game is being played now (untracked).
    fn playing(&self) -> bool;
    /// Subscribes the calling effect to the game state.
    fn track_game(&self);
    /// Writes the save again if the browser cleared storage meanwhile (it may,
    /// under storage pressure, while the page sits in the background).
    fn save_if_missing(&self);
}

/// The running half's face, which the timer may write straight (`ClockHalf`).
pub const RUNNING_BANK: &str = ".half.to-move .bank";

/// A half in low time, and the attribute that lights its pulse (app.css).
const LOW_HALF: &str = ".half.low";
const PULSE: &str = "data-pulse";

/// Whether the low-time pulse is lit at `now` (ms): the first half of every
/// second. The timer lights it, not a CSS animation: a running animation makes
/// the browser recompute its style for every frame the page draws, ten a
/// second while the tenths run, where this changes it twice.
fn pulse_lit(now: u64) -> bool {
    now % 1000 < 500
}

/// Whether a running bank going from `before` to `after` (ms) changes only its
/// tenths digit: both show tenths, the same whole second (counted up, so the
/// low-time edge at a whole second is a redraw), and another digit.
pub fn tenths_only(before: u64, after: u64) -> bool {
    before < 10_000
        && after > 0
        && after < before
        && before.div_ceil(1000) == after.div_ceil(1000)
        && format::bank(before) != format::bank(after)
}

/// The timer's state, shared by its ticks, its planning effect and the
/// listener that catches up when the page shows again.
#[derive(Clone, Copy)]
struct Timer<C: ClockScreen> {
    screen: C,
    /// The planned tick; shared with the cleanup, which outlives the
    /// reactive values.
    pending: StoredValue<Arc<Mutex<Option<TimeoutHandle>>>>,
    last_beep: StoredValue<u64>,
    /// The lone running clock's time at the last redraw through the graph.
    drawn: StoredValue<Option<u64>>,
    /// The time its face shows now (drawn or written straight).
    shown: StoredValue<Option<u64>>,
    /// The time of the last tick written straight to the screen.
    written_at: StoredValue<u64>,
    lit: StoredValue<bool>,
}

impl<C: ClockScreen> Timer<C> {
    /// Plans the next tick for when the running clock's face next changes
    /// after `now`, replacing the one planned before.
    fn plan(self, now: u64) {
        // A screen already left plans nothing: no timeout may outlive it.
        let Some(pending) = self.pending.try_get_value() else {
            return;
        };
        let next = self.screen.next_change_ms(now).and_then(|ms| {
            set_timeout_with_handle(move || self.tick(), std::time::Duration::from_millis(ms)).ok()
        });
        if let Some(old) = std::mem::replace(&mut *pending.lock().expect("timer lock"), next) {
            old.clear();
        }
    }

    fn tick(self) {
        let screen = self.screen;
        let Some(floor) = screen.last_event_ms() else {
            return;
        };
        let now = clock::now_ms().max(floor);
        let lone = screen.lone_running_ms(now);
        // Below ten seconds the face changes ten times a second. When only its
        // tenths changed, nothing else on the screen did (the low-time state
        // and the spoken time change with the whole second, a flag only at
        // zero): the timer writes the digits into the running half itself,
        // instead of the whole screen's view being computed again. Only over
        // the face the half is known to show, so a face the half draws some
        // other way is never overwritten (a running delay is already no lone
        // running clock).
        let direct = lone
            .zip(self.drawn.get_value())
            .zip(self.shown.get_value())
            .is_some_and(|((ms, at), before)| {
                tenths_only(at, ms)
                    && crate::web::replace_only_text(
                        RUNNING_BANK,
                        &format::clock_face(before),
                        &format::clock_face(ms),
                    )
            });
        self.shown.set_value(lone);
        // A half is low only while its clock runs and shows tenths, so the
        // timer wakes ten times a second then: enough for a 1 Hz pulse.
        let lit_now = pulse_lit(now);
        if self.lit.get_value() != lit_now {
            self.lit.set_value(lit_now);
            crate::web::mark_all(LOW_HALF, PULSE, lit_now);
        }
        if direct {
            // Planned here, not by the effect below: nothing reactive changed.
            self.written_at.set_value(now);
            self.plan(now);
        } else {
            self.drawn.set_value(lone);
            screen.now().set(now);
            if screen.record_flag(now) {
                return;
            }
        }
        // A lone running clock is the running clock: no second read of the game.
        if let Some(ms) = lone.or_else(|| screen.running_ms(now))
            && ms <= screen.low_time_ms()
        {
            let second = ms / 1000;
            if self.last_beep.get_value() != second {
                self.last_beep.set_value(second);
                screen.low_time_cue(ms);
            }
        }
    }
}

/// Starts the timer for as long as the calling component lives.
pub fn start<C: ClockScreen>(screen: C) {
    let pending = Arc::new(Mutex::new(None::<TimeoutHandle>));
    let timer = Timer {
        screen,
        pending: StoredValue::new(pending.clone()),
        last_beep: StoredValue::new(u64::MAX),
        drawn: StoredValue::new(None),
        shown: StoredValue::new(None),
        written_at: StoredValue::new(0),
        lit: StoredValue::new(false),
    };
    // Planned again whenever the screen's time or state changes.
    Effect::new(move |_| {
        screen.epoch().track();
        let now = screen.now().get().max(timer.written_at.get_value());
        timer.plan(now);
    });
    // A hidden page's timers sleep; catch up at once when it shows again. The
    // listener lives as long as the screen: it is dropped with this stored value.
    let listener = crate::web::on_document_event("visibilitychange", move || {
        if crate::web::page_visible() {
            screen.save_if_missing();
            // The whole tick, not just the time: a flag that fell while the
            // page was away is recorded now, not when the next timer fires.
            timer.tick();
            device::keep_screen_on(screen.playing());
        }
    });
    let _listener = StoredValue::new_local(listener);
    // Browsers (strictly Safari, so every iOS browser) start sound only from a
    // tap: each tap on a game screen unlocks it for the cues timers play later.
    let _unlock = StoredValue::new_local(sound::unlock_on_gesture());
    // Leaving the screen: no timer may fire into it, and the screen and the
    // sound may sleep.
    on_cleanup(move || {
        if let Some(timer) = pending.lock().expect("timer lock").take() {
            timer.clear();
        }
        device::keep_screen_on(false);
        sound::suspend();
    });
    Effect::new(move |_| {
        screen.track_game();
        device::keep_screen_on(screen.playing());
    });
}
