//! NS-10: the swap, announced across the table — the message twice (the far
//! copy turned 180°), a sound and a vibration (played when the event lands),
//! and the clocks standing until someone taps "Seated" (NS-5). A mis-tap or
//! a move that ended the game is corrected from here, before anyone moves
//! seats: "Undo last tap" (C-4a), and in clock mode "… gave mate" or
//! "Stalemate", which cancel the swap (NS-3) and credit the player who really
//! made the last move. The undo, once the swap is known, is the opponent's
//! to allow (C-4b, [`SwapCorrection`]); the reports stay a single tap.

use leptos::prelude::*;

use crate::ui::clicks;

use super::{current_view, use_table};
use crate::referee::{Colour, Event, InputMode, ViewPhase};
use crate::ui::confirm::ConfirmButton;
use crate::ui::format;
use crate::ui::i18n::use_i18n;

use super::strings::TEXTS;

#[component]
pub fn SwapOverlay() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let swap = move || match current_view(&ctx)?.phase {
        ViewPhase::AwaitingSeated {
            stood_up,
            sat_down,
            colour,
        } => Some((stood_up, sat_down, colour)),
        _ => None,
    };
    let message = move |far: bool| {
        move || {
            swap().map(|(out, sat, colour)| {
                let t = i18n.of(&TEXTS);
                let colour_name = t.colour(colour);
                view! {
                    <div class="swap-message" class:far=far>
                        <p class="swap-title">{t.swap_title}</p>
                        <p class="swap-line"><strong>{out}</strong> " " {t.stands_up}</p>
                        <p class="swap-line">
                            <strong>{sat}</strong> " " {t.sits_down_as} " "
                            <span class="seat-chip" class:white=colour == Colour::White class:black=colour == Colour::Black>
                                {colour_name}
                            </span>
                        </p>
                    </div>
                }
            })
        }
    };
    let view_now = move || current_view(&ctx);
    let clock_mode = move || view_now().is_some_and(|v| v.mode == InputMode::Clock);
    // The referee names who made the last move (before the swap it triggered).
    let mover = move || {
        let v = view_now()?;
        Some((v.side_to_move.other(), v.last_mover?))
    };
    let colour_name = move |colour: Colour| i18n.of(&TEXTS).colour(colour);
    let undo_label = move || {
        let t = i18n.of(&TEXTS);
        if clock_mode() {
            t.undo_tap
        } else {
            t.undo_move
        }
    };
    view! {
        <Show when=move || swap().is_some()>
            <div class="swap-overlay" role="alertdialog" aria-modal="true" aria-labelledby="swap-near">
                {message(true)}
                <button type="button" class="button primary seated" on:click=move |_| { ctx.send(Event::Seated); }>
                    {i18n.word(|i| i.of(&TEXTS).seated)}
                </button>
                <div id="swap-near">{message(false)}</div>
                <div class="swap-corrections button-row">
                    <SwapCorrection label=Signal::derive(undo_label)/>
                    <Show when=clock_mode>
                        {move || mover().map(|(winner, name)| view! {
                            <ConfirmButton
                                label=Signal::derive(move || format!("{} ({}) {}", name, colour_name(winner), i18n.of(&TEXTS).mated_by))
                                on_confirm=move |()| { ctx.send(Event::ReportMate { winner }); }
                            />
                        })}
                        <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).report_stalemate))
                            on_confirm=move |()| { ctx.send(Event::ReportStalemate); } />
                    </Show>
                </div>
            </div>
        </Show>
    }
}

/// C-4b: the undo of a half-move whose swap is announced. The first tap asks
/// the opponent, by name, saying that the swap is known and stays; only the
/// opponent's "allow" sends the correction (the referee refuses a plain undo).
/// The question faces the opponent's seat (`.far`: Black's, across the table).
/// Shown only while the referee offers such a correction.
#[component]
pub fn SwapCorrection(#[prop(into)] label: Signal<&'static str>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let asking = RwSignal::new(false);
    let ask = Memo::new(move |_| current_view(&ctx).and_then(|v| v.swap_correction));
    move || {
        let a = ask.get()?;
        let t = i18n.of(&TEXTS);
        let by = a.opponent_person;
        let question = format::fill(
            t.correction_ask,
            &[
                ("opponent", &a.opponent),
                ("mover", &a.mover),
                ("out", &a.stood_up),
                ("in", &a.sat_down),
                ("colour", t.colour(a.colour)),
            ],
        );
        let allow = format::fill(t.correction_allow, &[("opponent", &a.opponent)]);
        Some(view! {
            <Show when=move || asking.get() fallback=move || view! {
                <button type="button" class="button undo" on:click=clicks::sets(asking, true)>
                    {move || label.get()}
                </button>
            }>
                <div class="correction-ask" class:far=a.opponent_colour == Colour::Black role="group" data-testid="correction-ask">
                    <p>{question.clone()}</p>
                    <div class="button-row">
                        <button type="button" class="button danger" on:click=move |_| {
                            asking.set(false);
                            ctx.send(Event::CorrectAfterSwap { by });
                        }>{allow.clone()}</button>
                        <button type="button" class="button" on:click=clicks::sets(asking, false)>
                            {i18n.word(|i| i.of(&TEXTS).correction_keep)}
                        </button>
                    </div>
                </div>
            </Show>
        })
    }
}
