//! The match menu: a resignation for each of the four, the draw all four
//! agree, reports of what the phone cannot see in clock mode (a mate on a
//! board, BH-8 (a)), time adjustment while the clocks stand, sound, and
//! leaving. Every ending action asks for a second tap.

use leptos::prelude::*;

use super::strings::TEXTS;
use super::{SEATS, seat_name, use_bh};
use crate::referee::bughouse::{BhEvent, BhPhase, BhReport, BoardId, Seat};
use crate::referee::{Colour, InputMode};
use crate::ui::clock_controls::{Sheet, SoundAndDiscard};
use crate::ui::confirm::ConfirmButton;
use crate::ui::i18n::use_i18n;
use crate::ui::menu_parts::{self, AdjustClocks, ResignButtons};

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
            menu_parts::who(name, label)
        })
    };
    let discard = move |()| {
        close();
        ctx.clear();
    };

    view! {
        <Sheet title=Signal::derive(i18n.word(|i| i.t().game.controls.menu)) open=open held=held>
            <Show when=started>
                <ResignButtons
                    title=Signal::derive(i18n.word(|i| i.of(&TEXTS).resign))
                    players=SEATS.len()
                    label=move |i: usize| format!("{} {}", who(SEATS[i]), i18n.of(&TEXTS).resign_as)
                    on_resign=move |i: usize| send_and_close(BhEvent::Resign { board: SEATS[i].board, colour: SEATS[i].colour })
                />
                <h3>{i18n.word(|i| i.of(&TEXTS).draw)}</h3>
                <div class="button-row">
                    <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).agree_draw))
                        on_confirm=move |()| send_and_close(BhEvent::AgreeDraw) />
                    <Show when=clock_mode>
                        <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).nobody_can_move))
                            on_confirm=move |()| send_and_close(BhEvent::Report(BhReport::NobodyCanMove)) />
                    </Show>
                </div>
                <Show when=clock_mode>
                    <h3>{i18n.word(|i| i.of(&TEXTS).report)}</h3>
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
            <AdjustClocks
                paused=Signal::derive(paused)
                hint=Signal::derive(i18n.word(|i| i.of(&TEXTS).adjust_hint))
                players=SEATS.len()
                who=move |i: usize| who(SEATS[i])
                remaining_ms=move |i: usize| {
                    let Seat { board, colour } = SEATS[i];
                    view_now.with(|v| v.as_ref().map(|v| v.boards[board.index()].remaining_ms[colour.index()]))
                }
                on_adjust=move |(i, remaining_ms)| {
                    let Seat { board, colour } = SEATS[i];
                    ctx.send(BhEvent::Adjust { board, colour, remaining_ms });
                }
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
