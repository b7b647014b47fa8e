//! NS-10: the swap, announced across the table — the message twice (the far
//! copy turned 180°), a sound and a vibration (played when the event lands),
//! and the clocks standing until someone taps "Seated" (NS-5). A mis-tap or
//! a move that ended the game is corrected from here, before anyone moves
//! seats: "Undo last tap" (C-4a), and in clock mode "… gave mate" or
//! "Stalemate", which cancel the swap (NS-3) and credit the player who really
//! made the last move. The undo, once the swap is known, is the opponent's
//! to allow (C-4b, [`SwapCorrection`]); the reports stay a single tap.
//!
//! The notice is built with the play screen and kept, hidden between swaps
//! (still holding the last swap's names): a swap's tap only writes the new
//! names into it and shows it, instead of building it in the tap the players
//! wait on (docs/performance.md). Whatever a swap left armed or open is
//! closed when the notice goes, so each swap's notice starts afresh.

use leptos::prelude::*;

use crate::ui::clicks;

use super::use_table;
use crate::referee::{Colour, Event, InputMode, SwapCorrectionAsk, ViewPhase};
use crate::ui::confirm::ConfirmButton;
use crate::ui::format;
use crate::ui::i18n::use_i18n;

use super::strings::{NordauTexts, TEXTS};

/// Who stands up, who sits down, and the seat they take.
type Announced = (String, String, Colour);

/// `value` while it is there, else the last one it had: what a kept notice
/// shows while hidden (nothing to write when it goes, nothing stale when it
/// comes back, since it comes back with the new value).
fn latest<T: Clone + PartialEq + Send + Sync + 'static>(
    value: impl Fn() -> Option<T> + Send + Sync + 'static,
) -> Memo<Option<T>> {
    Memo::new(move |last: Option<&Option<T>>| value().or_else(|| last.cloned().flatten()))
}

#[component]
pub fn SwapOverlay() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    // Read in place, not cloned: these run at every tap, swap or not.
    let now = Memo::new(move |_| {
        ctx.view.with(|v| match &v.as_ref()?.phase {
            ViewPhase::AwaitingSeated {
                stood_up,
                sat_down,
                colour,
            } => Some((stood_up.clone(), sat_down.clone(), *colour)),
            _ => None,
        })
    });
    let announced = latest(move || now.get());
    let part = move |pick: fn(&Announced) -> String| {
        move || announced.with(|a| a.as_ref().map(pick).unwrap_or_default())
    };
    let seat = move || announced.with(|a| a.as_ref().map(|a| a.2));
    let message = move |far: bool| {
        view! {
            <div class="swap-message" class:far=far>
                <p class="swap-title">{i18n.word(|i| i.of(&TEXTS).swap_title)}</p>
                <p class="swap-line"><strong>{part(|a| a.0.clone())}</strong> " " {i18n.word(|i| i.of(&TEXTS).stands_up)}</p>
                <p class="swap-line">
                    <strong>{part(|a| a.1.clone())}</strong> " " {i18n.word(|i| i.of(&TEXTS).sits_down_as)} " "
                    <span class="seat-chip" class:white=move || seat() == Some(Colour::White) class:black=move || seat() == Some(Colour::Black)>
                        {move || seat().map(|c| i18n.of(&TEXTS).colour(c))}
                    </span>
                </p>
            </div>
        }
    };
    let clock_mode = Memo::new(move |_| {
        ctx.view
            .with(|v| v.as_ref().is_some_and(|v| v.mode == InputMode::Clock))
    });
    // The referee names who made the last move (before the swap it triggered).
    let mover = latest(move || {
        ctx.view.with(|v| {
            let v = v.as_ref()?;
            Some((v.side_to_move.other(), v.last_mover.clone()?))
        })
    });
    let mate_label = move || {
        mover.with(|m| {
            m.as_ref().map_or_else(String::new, |(winner, name)| {
                let t = i18n.of(&TEXTS);
                format!("{} ({}) {}", name, t.colour(*winner), t.mated_by)
            })
        })
    };
    // Cleared when the notice goes: a tap elsewhere clears them too (blur),
    // but Safari does not focus a tapped button, so "Seated" alone would
    // leave a report armed for the next swap's first tap.
    let mate_armed = RwSignal::new(false);
    let stalemate_armed = RwSignal::new(false);
    Effect::new(move |_| {
        if now.with(Option::is_none) {
            mate_armed.set(false);
            stalemate_armed.set(false);
        }
    });
    let undo_label = move || {
        let t = i18n.of(&TEXTS);
        if clock_mode.get() {
            t.undo_tap
        } else {
            t.undo_move
        }
    };
    view! {
        <div class="swap-overlay" hidden=move || now.with(Option::is_none)
            role="alertdialog" aria-modal="true" aria-labelledby="swap-near">
            {message(true)}
            <button type="button" class="button primary seated" on:click=move |_| { ctx.send(Event::Seated); }>
                {i18n.word(|i| i.of(&TEXTS).seated)}
            </button>
            <div id="swap-near">{message(false)}</div>
            <div class="swap-corrections button-row">
                <SwapCorrection label=Signal::derive(undo_label)/>
                <Show when=move || clock_mode.get()>
                    <ConfirmButton
                        label=Signal::derive(mate_label)
                        armed=mate_armed
                        on_confirm=move |()| {
                            if let Some((winner, _)) = mover.get_untracked() {
                                ctx.send(Event::ReportMate { winner });
                            }
                        }
                    />
                    <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).report_stalemate))
                        armed=stalemate_armed
                        on_confirm=move |()| { ctx.send(Event::ReportStalemate); } />
                </Show>
            </div>
        </div>
    }
}

/// C-4b: the undo of a half-move whose swap is announced. The first tap asks
/// the opponent, by name, saying that the swap is known and stays; only the
/// opponent's "allow" sends the correction (the referee refuses a plain undo).
/// The question faces the opponent's seat (`.far`: Black's, across the table).
/// Shown only while the referee offers such a correction; kept built, like
/// the notice, and closed again whenever it goes.
#[component]
pub fn SwapCorrection(#[prop(into)] label: Signal<&'static str>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let asking = RwSignal::new(false);
    let offered = Memo::new(move |_| {
        ctx.view
            .with(|v| v.as_ref().and_then(|v| v.swap_correction.clone()))
    });
    let ask = latest(move || offered.get());
    Effect::new(move |_| {
        if offered.with(Option::is_none) {
            asking.set(false);
        }
    });
    let text = move |fill: fn(&SwapCorrectionAsk, &'static NordauTexts) -> String| {
        move || {
            ask.with(|a| {
                a.as_ref()
                    .map(|a| fill(a, i18n.of(&TEXTS)))
                    .unwrap_or_default()
            })
        }
    };
    let question = text(|a, t| {
        format::fill(
            t.correction_ask,
            &[
                ("opponent", &a.opponent),
                ("mover", &a.mover),
                ("out", &a.stood_up),
                ("in", &a.sat_down),
                ("colour", t.colour(a.colour)),
            ],
        )
    });
    let allow = text(|a, t| format::fill(t.correction_allow, &[("opponent", &a.opponent)]));
    let far = move || {
        ask.with(|a| {
            a.as_ref()
                .is_some_and(|a| a.opponent_colour == Colour::Black)
        })
    };
    view! {
        <div class="swap-correction" hidden=move || offered.with(Option::is_none)>
            <Show when=move || asking.get() fallback=move || view! {
                <button type="button" class="button undo" on:click=clicks::sets(asking, true)>
                    {move || label.get()}
                </button>
            }>
                <div class="correction-ask" class:far=far role="group" data-testid="correction-ask">
                    <p>{question}</p>
                    <div class="button-row">
                        <button type="button" class="button danger" on:click=move |_| {
                            asking.set(false);
                            if let Some(by) = ask.with_untracked(|a| a.as_ref().map(|a| a.opponent_person)) {
                                ctx.send(Event::CorrectAfterSwap { by });
                            }
                        }>{allow}</button>
                        <button type="button" class="button" on:click=clicks::sets(asking, false)>
                            {i18n.word(|i| i.of(&TEXTS).correction_keep)}
                        </button>
                    </div>
                </div>
            </Show>
        </div>
    }
}
