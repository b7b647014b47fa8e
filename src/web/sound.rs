//! Short tones through Web Audio: no sound files to download or cache.
//!
//! Browsers start sound only from a user gesture, Safari (every iOS browser)
//! strictly: a context made or resumed outside a tap stays silent, and iOS
//! suspends it again when the phone locks. So while a game screen is open,
//! every tap unlocks sound ([`unlock_on_gesture`]); a cue that finds the
//! context still suspended is skipped rather than queued (it would all play at
//! once on the next tap). Where Web Audio is missing nothing happens at all.

use std::cell::{Cell, RefCell};

use js_sys::Reflect;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::{AudioContext, OscillatorType};

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
    /// A tap asked the context to start and it has not answered yet: a cue
    /// played now (the tap's own, say a swap) sounds as soon as it runs.
    static STARTING: Cell<bool> = const { Cell::new(false) };
}

/// A cue the game plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// NS-10: a swap — a rising three-note call, loud enough for a street table.
    Swap,
    /// A bank in its last five seconds: one short tick per second.
    LowTime,
    /// The game ended.
    End,
}

/// Whether this browser has Web Audio at all.
pub fn available() -> bool {
    web_sys::window().is_some_and(|w| Reflect::has(&w, &"AudioContext".into()).unwrap_or(false))
}

/// Whether the context runs (not "suspended", nor iOS's "interrupted").
fn running(ctx: &AudioContext) -> bool {
    Reflect::get(ctx, &"state".into())
        .ok()
        .and_then(|state| state.as_string())
        .is_some_and(|state| state == "running")
}

/// Resumes the context; a refusal (no gesture) is expected and stays quiet.
/// Outside a tap Safari may leave the answer pending until the next one.
fn resume(ctx: &AudioContext, in_gesture: bool) {
    if let Ok(promise) = ctx.resume() {
        if in_gesture {
            STARTING.set(true);
        }
        wasm_bindgen_futures::spawn_local(async move {
            let _ = JsFuture::from(promise).await;
            if in_gesture {
                STARTING.set(false);
            }
        });
    }
}

/// The page's one context, made on first use; `None` without Web Audio. The
/// flag says whether it was made just now (it starts running a moment later).
fn with_context<R>(f: impl FnOnce(&AudioContext, bool) -> R) -> Option<R> {
    CONTEXT.with(|cell| {
        let mut slot = cell.borrow_mut();
        let fresh = slot.is_none();
        if fresh {
            if !available() {
                return None;
            }
            *slot = Some(AudioContext::new().ok()?);
            // Half a second on, the tap that made the context has painted.
            gloo_timers::callback::Timeout::new(500, prepare_waves).forget();
        }
        slot.as_ref().map(|ctx| f(ctx, fresh))
    })
}

/// Makes a square oscillator once, soon after the context, never played: the
/// browser computes a wave shape's tables at a context's first oscillator of
/// that shape (Chromium: about 12 ms at the bench's 4× slower CPU), which
/// otherwise fell in the tap that brought the page's first swap.
fn prepare_waves() {
    CONTEXT.with(|cell| {
        if let Some(ctx) = cell.borrow().as_ref()
            && let Ok(osc) = ctx.create_oscillator()
        {
            osc.set_type(OscillatorType::Square);
        }
    });
}

/// Makes or resumes the context; called from inside a user gesture.
fn unlock() {
    with_context(|ctx, _| {
        if !running(ctx) {
            resume(ctx, true);
        }
    });
}

/// Lets the sound sleep when no game screen is open (the rendering thread
/// costs battery); the next tap on a game screen wakes it.
pub fn suspend() {
    CONTEXT.with(|cell| {
        if let Some(ctx) = cell.borrow().as_ref()
            && let Ok(promise) = ctx.suspend()
        {
            wasm_bindgen_futures::spawn_local(async move {
                let _ = JsFuture::from(promise).await;
            });
        }
    });
}

/// Gesture listeners on the document (capture phase, so every tap counts);
/// dropping it removes them.
pub struct GestureUnlock {
    closure: Closure<dyn Fn()>,
}

const GESTURES: [&str; 4] = ["pointerup", "touchend", "click", "keydown"];

impl Drop for GestureUnlock {
    fn drop(&mut self) {
        if let Some(document) = super::document() {
            for name in GESTURES {
                let _ = document.remove_event_listener_with_callback_and_bool(
                    name,
                    self.closure.as_ref().unchecked_ref(),
                    true,
                );
            }
        }
    }
}

/// Unlocks sound on every tap or key press until the returned value is dropped.
pub fn unlock_on_gesture() -> Option<GestureUnlock> {
    if !available() {
        return None;
    }
    let document = super::document()?;
    let closure = Closure::<dyn Fn()>::new(unlock);
    for name in GESTURES {
        let _ = document.add_event_listener_with_callback_and_bool(
            name,
            closure.as_ref().unchecked_ref(),
            true,
        );
    }
    Some(GestureUnlock { closure })
}

pub fn play(cue: Cue) {
    let notes: &[(f32, f64, f64)] = match cue {
        // (frequency Hz, start s, duration s)
        Cue::Swap => &[(660.0, 0.0, 0.18), (880.0, 0.2, 0.18), (1320.0, 0.4, 0.35)],
        Cue::LowTime => &[(1000.0, 0.0, 0.07)],
        Cue::End => &[(880.0, 0.0, 0.25), (660.0, 0.3, 0.25), (440.0, 0.6, 0.5)],
    };
    let _ = with_context(|ctx, fresh| -> Option<()> {
        if !fresh && !running(ctx) && !STARTING.get() {
            // Not unlocked by a tap yet, or suspended by the system: try, and skip this cue.
            resume(ctx, false);
            return None;
        }
        let now = ctx.current_time();
        for &(freq, start, duration) in notes {
            let osc = ctx.create_oscillator().ok()?;
            let gain = ctx.create_gain().ok()?;
            osc.set_type(OscillatorType::Square);
            osc.frequency().set_value(freq);
            let level = gain.gain();
            level.set_value_at_time(0.0, now + start).ok()?;
            level
                .linear_ramp_to_value_at_time(0.35, now + start + 0.01)
                .ok()?;
            level
                .linear_ramp_to_value_at_time(0.0, now + start + duration)
                .ok()?;
            osc.connect_with_audio_node(&gain).ok()?;
            gain.connect_with_audio_node(&ctx.destination()).ok()?;
            osc.start_with_when(now + start).ok()?;
            osc.stop_with_when(now + start + duration + 0.02).ok()?;
        }
        Some(())
    });
}
