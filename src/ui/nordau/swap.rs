//! NS-10: the swap, announced across the table — the message twice (the far
//! copy turned 180°), a sound and a vibration (played when the event lands),
//! and the clocks standing until someone taps "Seated" (NS-5).

use leptos::prelude::*;

use super::{current_view, use_table};
use crate::referee::{Colour, Event, ViewPhase};
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
                let colour_name = match colour {
                    Colour::White => t.white,
                    Colour::Black => t.black,
                };
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
    view! {
        <Show when=move || swap().is_some()>
            <div class="swap-overlay" role="alertdialog" aria-modal="true" aria-labelledby="swap-near">
                {message(true)}
                <button type="button" class="button primary seated" on:click=move |_| { ctx.send(Event::Seated); }>
                    {move || i18n.of(&TEXTS).seated}
                </button>
                <div id="swap-near">{message(false)}</div>
            </div>
        </Show>
    }
}
