//! Short tones through Web Audio: no sound files to download or cache.
//! The audio context is created on first use (browsers require a user gesture
//! before sound; every game sound follows a tap).

use std::cell::RefCell;

use web_sys::{AudioContext, OscillatorType};

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
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

pub fn play(cue: Cue) {
    let notes: &[(f32, f64, f64)] = match cue {
        // (frequency Hz, start s, duration s)
        Cue::Swap => &[(660.0, 0.0, 0.18), (880.0, 0.2, 0.18), (1320.0, 0.4, 0.35)],
        Cue::LowTime => &[(1000.0, 0.0, 0.07)],
        Cue::End => &[(880.0, 0.0, 0.25), (660.0, 0.3, 0.25), (440.0, 0.6, 0.5)],
    };
    let _ = CONTEXT.with(|cell| -> Option<()> {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = AudioContext::new().ok();
        }
        let ctx = slot.as_ref()?;
        let _ = ctx.resume();
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
