//! The game menu: resignation, a draw all three agree to, draw claims (board
//! mode), reporting mate or stalemate (clock mode), sound, abandoning. Every
//! action that ends the game asks for a second tap.

use leptos::prelude::*;

use crate::ui::clock_controls::Sheet;

use super::{current_view, use_table};
use crate::referee::{Colour, DrawClaim, Event, InputMode, ViewPhase};
use crate::ui::confirm::ConfirmButton;
use crate::ui::i18n::use_i18n;

use super::strings::TEXTS;

#[component]
pub fn GameMenu(open: RwSignal<bool>, held: Signal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let view_now = move || current_view(&ctx);
    let close = move || open.set(false);
    let send_and_close = move |event: Event| {
        if ctx.send(event) {
            close();
        }
    };
    let playing = move || {
        view_now().is_some_and(|v| {
            matches!(
                v.phase,
                ViewPhase::Running | ViewPhase::Paused | ViewPhase::AwaitingSeated { .. }
            )
        })
    };
    let clock_mode = move || view_now().is_some_and(|v| v.mode == InputMode::Clock);
    let seat_name = move |colour: Colour| {
        view_now()
            .map(|v| {
                if colour == Colour::White {
                    v.white
                } else {
                    v.black
                }
            })
            .unwrap_or_default()
    };
    let colour_name = move |colour: Colour| i18n.of(&TEXTS).colour(colour);

    view! {
        <Sheet title=Signal::derive(i18n.word(|i| i.t().game.controls.menu)) open=open held=held>
                <Show when=playing>
                    <h3>{i18n.word(|i| i.of(&TEXTS).resign)}</h3>
                    <div class="button-row">
                        {[Colour::White, Colour::Black].map(|colour| view! {
                            <ConfirmButton
                                label=Signal::derive(move || format!("{} ({}) {}", seat_name(colour), colour_name(colour), i18n.of(&TEXTS).resign_as))
                                on_confirm=move |()| send_and_close(Event::Resign { seat: colour })
                            />
                        }).collect_view()}
                    </div>
                    <h3>{i18n.word(|i| i.of(&TEXTS).draw_offer)}</h3>
                    <p class="hint">{i18n.word(|i| i.of(&TEXTS).draw_explain)}</p>
                    <div class="button-row">
                        {move || view_now().map(|v| (0u8..3).map(|person| {
                            let name = v.people[usize::from(person)].clone();
                            let agreed = v.draw_agreed_by.contains(&name);
                            let t = i18n.of(&TEXTS);
                            view! {
                                <button type="button" class="button" class:agreed=agreed aria-pressed=agreed.to_string()
                                    disabled=agreed
                                    on:click=move |_| { ctx.send(Event::AgreeDraw { person }); }>
                                    {name} " " {if agreed { t.agreed } else { t.agrees }}
                                </button>
                            }
                        }).collect_view())}
                    </div>
                    {move || view_now().map(|v| v.claimable_draws.into_iter().map(|claim| {
                        let t = i18n.of(&TEXTS);
                        let label = match claim {
                            DrawClaim::Threefold => t.claim_threefold,
                            DrawClaim::FiftyMoves => t.claim_fifty,
                        };
                        view! {
                            <ConfirmButton label=Signal::derive(move || label.to_owned())
                                on_confirm=move |()| send_and_close(Event::ClaimDraw { claim }) />
                        }
                    }).collect_view())}
                    <Show when=move || clock_mode() && view_now().is_some_and(|v| v.half_moves > 0)>
                        <h3>{i18n.word(|i| i.of(&TEXTS).report_mate)}</h3>
                        <div class="button-row">
                            {move || {
                                // Only the side that has just moved can have given mate,
                                // and the referee names who moved it (a swap the move
                                // triggered is cancelled by the report).
                                let v = view_now()?;
                                let winner = v.side_to_move.other();
                                let mover = v.last_mover?;
                                Some(view! {
                                    <ConfirmButton
                                        label=Signal::derive(move || format!("{} ({}) {}", mover, colour_name(winner), i18n.of(&TEXTS).mated_by))
                                        on_confirm=move |()| send_and_close(Event::ReportMate { winner })
                                    />
                                })
                            }}
                            <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).report_stalemate))
                                on_confirm=move |()| send_and_close(Event::ReportStalemate) />
                        </div>
                    </Show>
                </Show>
                <h3 class="sr-only">{i18n.word(|i| i.of(&TEXTS).mute)}</h3>
                <div class="button-row">
                    <button type="button" class="button" aria-pressed=move || ctx.muted.get().to_string()
                        on:click=move |_| ctx.set_muted(!ctx.muted.get_untracked())>
                        {move || if ctx.muted.get() { i18n.of(&TEXTS).unmute } else { i18n.of(&TEXTS).mute }}
                    </button>
                    <crate::ui::voice::VoiceSwitch/>
                    <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).abandon))
                        on_confirm=move |()| {
                            ctx.update(|t| { t.back_to_setup(); Ok(()) });
                            close();
                        } />
                </div>
        </Sheet>
    }
}
