//! Play with the phone flat between the players: White's half faces White,
//! Black's half (turned 180°) faces Black. In clock mode a half is that side's
//! clock button; in board mode the board with both pockets sits in the middle
//! and entering a move or a drop is the press (C-1).

use leptos::prelude::*;

use super::{current_view, menu::GameMenu, use_zh};
use crate::referee::{Colour, InputMode, ZhEvent, ZhPhase, ZhView};
use crate::ui::board::{ViewBoard, position};
use crate::ui::clock_controls::{ClockControls, ClockHalf, ClockView, HalfState};
use crate::ui::format;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::play_parts::PlayFrame;

use super::strings::TEXTS;

#[component]
pub fn PlayScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_zh();
    let phase_is = move |wanted: ZhPhase| current_view(&ctx).is_some_and(|v| v.phase == wanted);
    let board_mode = move || current_view(&ctx).is_some_and(|v| v.mode == InputMode::Board);
    view! {
        <PlayFrame
            heading=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name))
            class="game-play zh-play"
            board_mode=Signal::derive(board_mode)
            running=Signal::derive(move || phase_is(ZhPhase::Running))
            paused=Signal::derive(move || phase_is(ZhPhase::Paused))
            on_pause=move |()| ctx.send(ZhEvent::Pause)
            on_resume=move |()| { ctx.send(ZhEvent::Resume); }
            half=|colour: Colour| view! { <Half colour=colour/> }.into_any()
            middle=|menu_open| view! { <Middle menu_open=menu_open/> }.into_any()
            board=|| view! { <ZhBoard/> }
            menu=|(open, held)| view! { <GameMenu open=open held=held/> }.into_any()
        />
    }
}

/// The shared board, fed from the game's view; a move or drop is sent as the press.
#[component]
fn ZhBoard() -> impl IntoView {
    let ctx = use_zh();
    let view_now = Memo::new(move |_| current_view(&ctx));
    // Before the starting press the board takes no move: the halves say so
    // on their status lines, each facing its player (`status`, CSS
    // `.zh-play`), not a band over the board (issue #22: it hid pieces).
    view! {
        <ViewBoard position=move || view_now.with(|v| v.as_ref().map(|v| position!(v, pockets)))
            with_pockets=true
            on_move=move |mv: String| { ctx.send(ZhEvent::Move { mv }); }/>
    }
}

/// What a half shows of a side (`ClockHalf`).
impl ClockView for ZhView {
    type Seat = Colour;

    fn player(&self, colour: Colour) -> String {
        match colour {
            Colour::White => self.white.clone(),
            Colour::Black => self.black.clone(),
        }
    }

    fn remaining_ms(&self, colour: Colour) -> Option<u64> {
        Some(self.remaining_ms[colour.index()])
    }

    fn to_move(&self, colour: Colour) -> bool {
        self.side_to_move == colour && self.phase == ZhPhase::Running
    }

    // The starting press belongs to the side that does not move first.
    fn starts(&self, colour: Colour) -> bool {
        self.phase == ZhPhase::AwaitingStart && self.side_to_move != colour
    }

    fn clock_mode(&self) -> bool {
        self.mode == InputMode::Clock
    }

    fn status(&self, colour: Colour, i18n: I18n) -> String {
        let t = i18n.of(&TEXTS);
        let state = match self.phase {
            // The side to move waits; the other side's tap starts its clock.
            // On the board, the side to move is told why its moves are not
            // taken yet (board mode shows this line only before the start).
            ZhPhase::AwaitingStart if self.side_to_move == colour && !self.clock_mode() => {
                t.board_waits[colour.index()]
            }
            ZhPhase::AwaitingStart if self.side_to_move == colour => {
                t.wait_for_start[colour.other().index()]
            }
            ZhPhase::AwaitingStart => t.tap_to_start[self.side_to_move.index()],
            ZhPhase::Paused => t.paused,
            _ if self.side_to_move == colour && self.clock_mode() => t.tap_when_moved,
            _ if self.side_to_move == colour => t.your_move,
            _ => t.waiting,
        };
        let moves = t
            .moves_made
            .count(u64::from(self.moves_made[colour.index()]));
        format!("{state} · {moves}")
    }
}

/// One side's half: name, colour, time, moves, status. Black's is turned 180°.
#[component]
fn Half(colour: Colour) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_zh();
    let state = Memo::new(move |_| HalfState::of(current_view(&ctx).as_ref(), colour, i18n));
    // A running simple delay is shown apart: the face does not move during it.
    let delay = move || {
        current_view(&ctx)
            .map(|v| v.delay_ms[colour.index()])
            .filter(|&ms| ms > 0)
            .map(|ms| format!("{} {}", i18n.of(&TEXTS).delay, format::tenths(ms)))
    };
    view! {
        <ClockHalf colour=colour state=state on_start=move |()| { ctx.send(ZhEvent::Start); }
            on_tap=move |()| { ctx.send(ZhEvent::Press); }>
            {move || delay().map(|d| view! { <span class="delay">" · " {d}</span> })}
        </ClockHalf>
    }
}

/// The strip between the halves: the move number and the controls that must
/// not be hit by accident (small, away from the halves, undo confirmed).
#[component]
fn Middle(menu_open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_zh();
    let view_now = move || current_view(&ctx);
    let phase = move || view_now().map(|v| v.phase);
    let paused = move || phase() == Some(ZhPhase::Paused);
    let can_pause = move || phase() == Some(ZhPhase::Running);
    let undo_available = move || view_now().is_some_and(|v| v.undo_available);
    let board_mode = move || view_now().is_some_and(|v| v.mode == InputMode::Board);

    view! {
        <div class="middle">
            <div class="middle-info">
                {move || view_now().map(|v| view! {
                    <span class="counter">{i18n.of(&TEXTS).move_no} " " <strong>{v.move_number}</strong></span>
                })}
            </div>
            {move || ctx.notice.get().map(|text| view! { <p class="middle-notice" role="alert">{text}</p> })}
            {ctx.unsaved_warning(true)}
            <ClockControls
                paused=Signal::derive(paused)
                can_pause=Signal::derive(can_pause)
                undo_available=Signal::derive(undo_available)
                undo_label=Signal::derive(move || if board_mode() { i18n.of(&TEXTS).undo_move } else { i18n.of(&TEXTS).undo_tap })
                undo_question=Signal::derive(i18n.word(|i| i.of(&TEXTS).undo_confirm))
                on_pause=move |()| { ctx.send(ZhEvent::Pause); }
                on_resume=move |()| { ctx.send(ZhEvent::Resume); }
                on_undo=move |()| { ctx.send(ZhEvent::Undo); }
                on_menu=move |()| menu_open.set(true)
            />
        </div>
    }
}
