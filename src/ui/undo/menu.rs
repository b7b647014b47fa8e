//! The game menu: resignation, an agreed draw, the draw claims (board mode),
//! reporting mate or stalemate (clock mode; with a token it opens UC-7's
//! decision), time adjustment while the clock stands, sound, and leaving.

use leptos::prelude::*;

use super::strings::TEXTS;
use super::{current_view, name_of, use_uc};
use crate::referee::chessboard::DrawClaim;
use crate::referee::undo::{UcEvent, UcPhase, UcReport};
use crate::referee::{Colour, InputMode};
use crate::ui::clock_controls::{Sheet, SoundAndDiscard};
use crate::ui::menu_parts::{self, AdjustClocks, ResignButtons};

/// The players in seat order.
const COLOURS: [Colour; 2] = [Colour::White, Colour::Black];
use crate::ui::confirm::ConfirmButton;
use crate::ui::i18n::use_i18n;

#[component]
pub fn GameMenu(open: RwSignal<bool>, held: Signal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_uc();
    let view_now = move || current_view(&ctx);
    let send_and_close = move |event: UcEvent| {
        if ctx.send(event) {
            open.set(false);
        }
    };
    let started = move || view_now().is_some_and(|v| v.phase != UcPhase::AwaitingStart);
    let playing = move || view_now().is_some_and(|v| v.phase == UcPhase::Playing);
    let paused = move || view_now().is_some_and(|v| v.paused);
    let clock_mode = move || view_now().is_some_and(|v| v.mode == InputMode::Clock);
    let colour_name = move |colour: Colour| match colour {
        Colour::White => i18n.of(&TEXTS).white,
        Colour::Black => i18n.of(&TEXTS).black,
    };
    let who = move |colour: Colour| {
        let n = view_now()
            .map(|v| name_of(&v, colour).to_owned())
            .unwrap_or_default();
        menu_parts::who(n, colour_name(colour))
    };
    let claim = move |claim: DrawClaim| {
        view! {
            <Show when=move || view_now().is_some_and(|v| v.claimable.contains(&claim))>
                <ConfirmButton
                    label=Signal::derive(move || {
                        let t = i18n.of(&TEXTS);
                        if claim == DrawClaim::Threefold { t.claim_threefold } else { t.claim_fifty }.to_owned()
                    })
                    on_confirm=move |()| send_and_close(UcEvent::Claim(claim))
                />
            </Show>
        }
    };
    view! {
        <Sheet title=Signal::derive(i18n.word(|i| i.t().game.controls.menu)) open=open held=held>
            <Show when=started>
                <ResignButtons
                    title=Signal::derive(i18n.word(|i| i.of(&TEXTS).resign))
                    players=2
                    label=move |i: usize| format!("{} {}", who(COLOURS[i]), i18n.of(&TEXTS).resign_as)
                    on_resign=move |i: usize| send_and_close(UcEvent::Resign { colour: COLOURS[i] })
                />
                <h3>{i18n.word(|i| i.of(&TEXTS).draw)}</h3>
                <div class="button-row">
                    <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).agree_draw))
                        on_confirm=move |()| send_and_close(UcEvent::AgreeDraw) />
                    {claim(DrawClaim::Threefold)}
                    {claim(DrawClaim::FiftyMoves)}
                </div>
                <Show when=move || clock_mode() && playing()>
                    <h3>{i18n.word(|i| i.of(&TEXTS).report)}</h3>
                    <div class="button-row uc-report">
                        {move || view_now().map(|v| {
                            let loser = v.side_to_move;
                            view! {
                                <ConfirmButton
                                    label=Signal::derive(move || format!("{} {}", who(loser), i18n.of(&TEXTS).mated))
                                    on_confirm=move |()| send_and_close(UcEvent::Report(UcReport::Checkmate))
                                />
                            }
                        })}
                        <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).stalemate))
                            on_confirm=move |()| send_and_close(UcEvent::Report(UcReport::Stalemate)) />
                    </div>
                </Show>
            </Show>
            <AdjustClocks
                paused=Signal::derive(paused)
                hint=Signal::derive(i18n.word(|i| i.of(&TEXTS).adjust_hint))
                players=2
                who=move |i: usize| colour_name(COLOURS[i]).to_owned()
                remaining_ms=move |i: usize| view_now().map(|v| v.remaining_ms[i])
                on_adjust=move |(i, remaining_ms)| { ctx.send(UcEvent::Adjust { colour: COLOURS[i], remaining_ms }); }
            />
            <SoundAndDiscard
                muted=ctx.muted.into()
                on_mute=move |muted| ctx.set_muted(muted)
                discard_label=Signal::derive(i18n.word(|i| i.of(&TEXTS).discard))
                on_discard=move |()| { open.set(false); ctx.clear(); }
            />
        </Sheet>
    }
}
