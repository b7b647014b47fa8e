//! The game menu: resignation, an agreed draw, the threefold claim (board
//! mode), reporting mate or stalemate (clock mode), time adjustment while the
//! clock stands, sound, and leaving. Every ending action asks for a second tap.

use leptos::prelude::*;

use crate::ui::clock_controls::{Sheet, SoundAndDiscard};
use crate::ui::menu_parts::{self, AdjustClocks, ResignButtons};

/// The players in seat order.
const COLOURS: [Colour; 2] = [Colour::White, Colour::Black];

use super::strings::TEXTS;
use super::{current_view, use_zh};
use crate::referee::{Colour, InputMode, Reported, ZhEvent, ZhPhase};
use crate::ui::confirm::ConfirmButton;
use crate::ui::i18n::use_i18n;

#[component]
pub fn GameMenu(open: RwSignal<bool>, held: Signal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_zh();
    let view_now = move || current_view(&ctx);
    let close = move || open.set(false);
    let send_and_close = move |event: ZhEvent| {
        if ctx.send(event) {
            close();
        }
    };
    let started =
        move || view_now().is_some_and(|v| matches!(v.phase, ZhPhase::Running | ZhPhase::Paused));
    let paused = move || view_now().is_some_and(|v| v.phase == ZhPhase::Paused);
    let clock_mode = move || view_now().is_some_and(|v| v.mode == InputMode::Clock);
    let name = move |colour: Colour| {
        view_now()
            .map(|v| match colour {
                Colour::White => v.white,
                Colour::Black => v.black,
            })
            .unwrap_or_default()
    };
    let colour_name = move |colour: Colour| match colour {
        Colour::White => i18n.of(&TEXTS).white,
        Colour::Black => i18n.of(&TEXTS).black,
    };
    let who = move |colour: Colour| menu_parts::who(name(colour), colour_name(colour));
    // Discarding really ends the game (the setup screen comes next), also an
    // imported one whose clock never started. "Home" in the app bar is how
    // to step away and come back to the same game.
    let discard = move |()| {
        close();
        ctx.clear();
    };

    view! {
        <Sheet title=Signal::derive(i18n.word(|i| i.t().game.controls.menu)) open=open held=held>
                <Show when=started>
                    <ResignButtons
                        title=Signal::derive(i18n.word(|i| i.of(&TEXTS).resign))
                        players=2
                        label=move |i: usize| format!("{} {}", who(COLOURS[i]), i18n.of(&TEXTS).resign_as)
                        on_resign=move |i: usize| send_and_close(ZhEvent::Resign { colour: COLOURS[i] })
                    />
                    <h3>{i18n.word(|i| i.of(&TEXTS).draw)}</h3>
                    <div class="button-row">
                        <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).agree_draw))
                            on_confirm=move |()| send_and_close(ZhEvent::AgreeDraw) />
                        <Show when=move || view_now().is_some_and(|v| v.can_claim_threefold)>
                            <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).claim_threefold))
                                on_confirm=move |()| send_and_close(ZhEvent::ClaimThreefold) />
                        </Show>
                    </div>
                    <Show when=clock_mode>
                        <h3>{i18n.word(|i| i.of(&TEXTS).report)}</h3>
                        <div class="button-row">
                            {move || {
                                // Only the side to move can be mated.
                                let loser = view_now()?.side_to_move;
                                let winner = loser.other();
                                Some(view! {
                                    <ConfirmButton
                                        label=Signal::derive(move || format!("{} {}", who(loser), i18n.of(&TEXTS).mated))
                                        on_confirm=move |()| send_and_close(ZhEvent::Report(Reported::Checkmate { winner }))
                                    />
                                })
                            }}
                            <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).stalemate))
                                on_confirm=move |()| send_and_close(ZhEvent::Report(Reported::Stalemate)) />
                        </div>
                    </Show>
                </Show>
                <AdjustClocks
                    paused=Signal::derive(paused)
                    hint=Signal::derive(i18n.word(|i| i.of(&TEXTS).adjust_hint))
                    players=2
                    who=move |i: usize| colour_name(COLOURS[i]).to_owned()
                    remaining_ms=move |i: usize| view_now().map(|v| v.remaining_ms[i])
                    on_adjust=move |(i, remaining_ms)| { ctx.send(ZhEvent::Adjust { colour: COLOURS[i], remaining_ms }); }
                />
                <SoundAndDiscard
                    muted=ctx.muted.into()
                    on_mute=move |muted| ctx.set_muted(muted)
                    discard_label=Signal::derive(i18n.word(|i| i.of(&TEXTS).discard))
                    on_discard=discard
                />
        </Sheet>
    }
}
