//! The match menu: a resignation for each of the four, the draw all four
//! agree, reports of what the phone cannot see in clock mode (a mate on a
//! board, BH-8 (a)), time adjustment while the clocks stand, sound, and
//! leaving. Every ending action asks for a second tap.

use leptos::prelude::*;

use super::strings::TEXTS;
use super::{SEATS, seat_name, use_bh};
use crate::referee::bughouse::{BhEvent, BhPhase, BhReport, BoardId, Seat};
use crate::referee::{Colour, InputMode};
use crate::ui::clock_controls::{AdjustRow, Sheet, SoundAndDiscard};
use crate::ui::confirm::ConfirmButton;
use crate::ui::i18n::use_i18n;

#[component]
pub fn GameMenu(open: RwSignal<bool>, held: Signal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let view_now = ctx.view;
    let close = move || open.set(false);
    let send_and_close = move |event: BhEvent| {
        if ctx.send(event) {
            close();
        }
    };
    let phase = move || view_now.with(|v| v.as_ref().map(|v| v.phase));
    let started = move || matches!(phase(), Some(BhPhase::Running | BhPhase::Paused));
    let paused = move || phase() == Some(BhPhase::Paused);
    let clock_mode =
        move || view_now.with(|v| v.as_ref().is_some_and(|v| v.mode == InputMode::Clock));
    // "Dana (White A)".
    let who = move |seat: Seat| {
        let t = i18n.of(&TEXTS);
        let label = t.seats[seat.board.index() * 2 + seat.colour.index()];
        view_now.with(|v| {
            let name = v
                .as_ref()
                .map(|v| seat_name(v, seat).to_owned())
                .unwrap_or_default();
            if name == label {
                name
            } else {
                format!("{name} ({label})")
            }
        })
    };
    let discard = move |()| {
        close();
        ctx.clear();
    };

    view! {
        <Sheet title=Signal::derive(move || i18n.t().game.controls.menu) open=open held=held>
            <Show when=started>
                <h3>{move || i18n.of(&TEXTS).resign}</h3>
                <div class="button-row">
                    {SEATS.map(|seat| view! {
                        <ConfirmButton
                            label=Signal::derive(move || format!("{} {}", who(seat), i18n.of(&TEXTS).resign_as))
                            on_confirm=move |()| send_and_close(BhEvent::Resign { board: seat.board, colour: seat.colour })
                        />
                    }).collect_view()}
                </div>
                <h3>{move || i18n.of(&TEXTS).draw}</h3>
                <div class="button-row">
                    <ConfirmButton label=Signal::derive(move || i18n.of(&TEXTS).agree_draw.to_owned())
                        on_confirm=move |()| send_and_close(BhEvent::AgreeDraw) />
                    <Show when=clock_mode>
                        <ConfirmButton label=Signal::derive(move || i18n.of(&TEXTS).nobody_can_move.to_owned())
                            on_confirm=move |()| send_and_close(BhEvent::Report(BhReport::NobodyCanMove)) />
                    </Show>
                </div>
                <Show when=clock_mode>
                    <h3>{move || i18n.of(&TEXTS).report}</h3>
                    <div class="button-row">
                        {BoardId::BOTH.map(|board| view! {
                            // Only the side to move on a board can be mated.
                            <ConfirmButton
                                label=Signal::derive(move || {
                                    let colour = view_now.with(|v| v.as_ref().map_or(Colour::White, |v| v.boards[board.index()].side_to_move));
                                    format!("{} {}", who(Seat { board, colour }), i18n.of(&TEXTS).mated)
                                })
                                on_confirm=move |()| send_and_close(BhEvent::Report(BhReport::Checkmate { board }))
                            />
                        }).collect_view()}
                    </div>
                </Show>
            </Show>
            <h3>{move || i18n.t().game.menu.adjust_title}</h3>
            <Show when=paused fallback=move || view! { <p class="hint">{move || i18n.of(&TEXTS).adjust_hint}</p> }>
                {SEATS.map(|seat| {
                    let (board, colour) = (seat.board, seat.colour);
                    view! {
                        <AdjustRow
                            who=Signal::derive(move || who(seat))
                            remaining_ms=Signal::derive(move || view_now.with(|v| v.as_ref().map(|v| v.boards[board.index()].remaining_ms[colour.index()])))
                            on_adjust=move |remaining_ms| { ctx.send(BhEvent::Adjust { board, colour, remaining_ms }); }
                        />
                    }
                }).collect_view()}
            </Show>
            <SoundAndDiscard
                muted=ctx.muted.into()
                on_mute=move |muted| ctx.set_muted(muted)
                discard_label=Signal::derive(move || i18n.of(&TEXTS).discard)
                on_discard=discard
            />
        </Sheet>
    }
}
