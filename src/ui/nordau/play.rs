//! Play, with the phone flat on the table: the White half faces White's player,
//! the Black half (turned 180°) faces Black's; the strip between them is for the
//! Observer. In clock mode a half is that seat's clock button; in board mode the
//! on-screen board sits in the middle and a legal move is the press (C-1).

use leptos::prelude::*;

use super::swap::{SwapCorrection, SwapOverlay};
use super::{board::Board, current_view, menu::GameMenu, use_table};
use crate::referee::{Colour, Event, InputMode, PublicView, ViewPhase};
use crate::ui::clock_controls::{ClockControls, ClockHalf, ClockView, HalfState};
use crate::ui::format;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::play_parts::PlayFrame;

use super::strings::TEXTS;

#[component]
pub fn PlayScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let phase_is = move |wanted: ViewPhase| current_view(&ctx).is_some_and(|v| v.phase == wanted);
    let board_mode = move || current_view(&ctx).is_some_and(|v| v.mode == InputMode::Board);
    view! {
        <PlayFrame
            heading=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name))
            class="game-play"
            board_mode=Signal::derive(board_mode)
            running=Signal::derive(move || phase_is(ViewPhase::Running))
            paused=Signal::derive(move || phase_is(ViewPhase::Paused))
            on_pause=move |()| ctx.send(Event::Pause)
            on_resume=move |()| { ctx.send(Event::Resume); }
            half=|colour: Colour| view! { <Half colour=colour/> }.into_any()
            middle=|menu_open| view! { <Middle menu_open=menu_open/> }.into_any()
            board=|| view! { <Board/> }
            overlay=|| view! { <SwapOverlay/> }
            menu=|(open, held)| view! { <GameMenu open=open held=held/> }.into_any()
        />
    }
}

/// What a half shows of a seat (`ClockHalf`).
impl ClockView for PublicView {
    type Seat = Colour;
    const LOW_MS: u64 = super::LOW_MS;

    fn player(&self, colour: Colour) -> String {
        match colour {
            Colour::White => self.white.clone(),
            Colour::Black => self.black.clone(),
        }
    }

    fn remaining_ms(&self, colour: Colour) -> Option<u64> {
        Some(match colour {
            Colour::White => self.white_ms,
            Colour::Black => self.black_ms,
        })
    }

    fn face(&self, colour: Colour) -> String {
        self.remaining_ms(colour)
            .map(format::bank)
            .unwrap_or_default()
    }

    fn to_move(&self, colour: Colour) -> bool {
        self.side_to_move == colour && matches!(self.phase, ViewPhase::Running)
    }

    fn starts(&self, colour: Colour) -> bool {
        colour == Colour::Black && self.phase == ViewPhase::AwaitingFirstPress
    }

    fn clock_mode(&self) -> bool {
        self.mode == InputMode::Clock
    }

    fn status(&self, colour: Colour, i18n: I18n) -> String {
        let t = i18n.of(&TEXTS);
        match self.phase {
            ViewPhase::AwaitingFirstPress if colour == Colour::White => t.wait_for_start,
            ViewPhase::AwaitingFirstPress => t.tap_to_start,
            ViewPhase::Paused => t.paused,
            _ if self.side_to_move == colour && self.clock_mode() => t.tap_when_moved,
            _ if self.side_to_move == colour => t.your_move,
            _ => t.waiting,
        }
        .to_owned()
    }
}

/// One seat's half: the person, the colour, the bank. Black's is turned 180°.
#[component]
fn Half(colour: Colour) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let state = Memo::new(move |_| HalfState::of(current_view(&ctx).as_ref(), colour, i18n));
    view! {
        <ClockHalf colour=colour state=state on_start=move |()| { ctx.send(Event::Start); }
            on_tap=move |()| { ctx.send(Event::Press); }/>
    }
}

/// The Observer's strip: who watches, the move, the swaps, the score, and the
/// controls that must not be hit by accident (small, away from the halves,
/// undo behind a confirmation).
#[component]
fn Middle(menu_open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let view_now = move || current_view(&ctx);
    let phase = move || view_now().map(|v| v.phase);
    let paused = move || phase() == Some(ViewPhase::Paused);
    let can_pause = move || phase() == Some(ViewPhase::Running);
    let undo_available = move || view_now().is_some_and(|v| v.undo_available);
    let swap_known = Memo::new(move |_| view_now().is_some_and(|v| v.swap_correction.is_some()));
    let board_mode = move || view_now().is_some_and(|v| v.mode == InputMode::Board);
    let undo_label = move || {
        let t = i18n.of(&TEXTS);
        if board_mode() {
            t.undo_move
        } else {
            t.undo_tap
        }
    };
    let totals = move || {
        ctx.with_table(|t| {
            t.session
                .as_ref()
                .map(|s| s.names.iter().cloned().zip(s.totals()).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    let info = move |v: &PublicView| (v.observer.clone(), v.move_number, v.swaps);

    view! {
        <div class="middle">
            <div class="middle-info">
                {move || view_now().map(|v| {
                    let (observer, move_number, swaps) = info(&v);
                    let t = i18n.of(&TEXTS);
                    view! {
                        <span class="observer">
                            <span class="seat-chip observer">{t.observer}</span>
                            <span class="observer-name">{observer}</span>
                        </span>
                        <span class="counter">{t.move_no} " " <strong>{move_number}</strong></span>
                        <span class="counter">{t.swaps_so_far} " " <strong>{swaps}</strong></span>
                    }
                })}
            </div>
            <div class="middle-score" aria-label=i18n.word(|i| i.of(&TEXTS).score)>
                {move || totals().into_iter().map(|(name, points)| view! {
                    <span class="score-item">{name} " " <strong>{points}</strong></span>
                }).collect_view()}
            </div>
            {move || ctx.notice.get().map(|text| view! { <p class="middle-notice" role="alert">{text}</p> })}
            {ctx.unsaved_warning(true)}
            // C-4b: after "seated", the undo of the move that ended the shift is
            // still the opponent's to allow: it replaces the plain undo. Only
            // the undo changes at a swap; the controls stay as they are.
            <ClockControls
                paused=Signal::derive(paused)
                can_pause=Signal::derive(can_pause)
                undo_available=Signal::derive(undo_available)
                undo_label=Signal::derive(undo_label)
                undo_question=Signal::derive(move || if board_mode() { i18n.of(&TEXTS).undo_move_confirm } else { i18n.of(&TEXTS).undo_confirm })
                on_pause=move |()| { ctx.send(Event::Pause); }
                on_resume=move |()| { ctx.send(Event::Resume); }
                on_undo=move |()| { ctx.send(Event::UndoPress); }
                on_menu=move |()| menu_open.set(true)
                no_undo=swap_known
            />
            // Kept built and shown only while offered, as on the swap notice:
            // the swap's tap builds neither.
            <SwapCorrection label=Signal::derive(undo_label)/>
        </div>
    }
}
