//! Play with the phone lying between the two boards (BH-1). Clock mode: four
//! quadrants, each its player's clock button, facing that player — team 1's
//! side (White A, Black B) upright, team 2's side (Black A, White B) turned
//! 180°; board A's clocks on the left, board B's on the right. A tap starts
//! the opponent on the same board; the boards run independently (BH-2).
//! Board mode: the two boards with their pockets (`boards.rs`).

use leptos::prelude::*;

use super::strings::{BughouseTexts, TEXTS};
use super::{boards::BoardsView, menu::GameMenu, use_bh};
use crate::referee::bughouse::{BhEvent, BhPhase, BhView, BoardId, Seat};
use crate::referee::{Colour, InputMode};
use crate::ui::clock_controls::{ClockControls, ClockHalf, ClockView, HalfState, pause_while_open};
use crate::ui::confirm::ConfirmButton;
use crate::ui::format;
use crate::ui::i18n::{I18n, use_i18n};

#[component]
pub fn PlayScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let menu_open = RwSignal::new(false);
    let phase_is = move |wanted: BhPhase| {
        ctx.view
            .with(|v| v.as_ref().is_some_and(|v| v.phase == wanted))
    };
    let held = pause_while_open(
        menu_open,
        move || phase_is(BhPhase::Running),
        move || ctx.send(BhEvent::Pause),
        move || {
            if phase_is(BhPhase::Paused) {
                ctx.send(BhEvent::Resume);
            }
        },
    );
    let board_mode = Memo::new(move |_| {
        ctx.game.with(|g| {
            g.as_ref()
                .is_some_and(|g| g.setup().mode == InputMode::Board)
        })
    });
    let seat = |board, colour| Seat { board, colour };
    view! {
        <h1 class="sr-only">{i18n.word(|i| i.of(&TEXTS).game_name)}</h1>
        <section class="bh-play" class:board-mode=move || board_mode.get()>
            {move || if board_mode.get() {
                view! {
                    <BoardsView/>
                    <Middle menu_open=menu_open/>
                }.into_any()
            } else {
                view! {
                    <Quadrant seat=seat(BoardId::A, Colour::Black) far=true/>
                    <Quadrant seat=seat(BoardId::B, Colour::White) far=true/>
                    <Middle menu_open=menu_open/>
                    <Quadrant seat=seat(BoardId::A, Colour::White) far=false/>
                    <Quadrant seat=seat(BoardId::B, Colour::Black) far=false/>
                }.into_any()
            }}
            <Show when=move || menu_open.get()>
                <GameMenu open=menu_open held=held/>
            </Show>
        </section>
    }
}

/// What a quadrant shows of a seat (`ClockHalf`).
impl ClockView for BhView {
    type Seat = Seat;

    fn player(&self, seat: Seat) -> String {
        super::seat_name(self, seat).to_owned()
    }

    fn remaining_ms(&self, seat: Seat) -> Option<u64> {
        Some(self.boards[seat.board.index()].remaining_ms[seat.colour.index()])
    }

    fn to_move(&self, seat: Seat) -> bool {
        self.phase == BhPhase::Running
            && self.boards[seat.board.index()].side_to_move == seat.colour
    }

    // One Start starts both boards; it belongs to Black (White moves first).
    fn starts(&self, seat: Seat) -> bool {
        seat.colour == Colour::Black && self.phase == BhPhase::AwaitingStart
    }

    fn clock_mode(&self) -> bool {
        self.mode == InputMode::Clock
    }

    fn status(&self, seat: Seat, i18n: I18n) -> String {
        let t = i18n.of(&TEXTS);
        let board = &self.boards[seat.board.index()];
        let mine = board.side_to_move == seat.colour;
        let state = match self.phase {
            BhPhase::AwaitingStart if seat.colour == Colour::Black => t.tap_to_start,
            BhPhase::AwaitingStart => t.black_starts,
            BhPhase::Paused => t.paused,
            _ if mine && board.waiting => t.no_move_wait,
            _ if mine && self.clock_mode() => t.tap_when_moved,
            _ if mine => t.your_move,
            _ => t.waiting,
        };
        let delay = board.delay_ms[seat.colour.index()];
        if delay > 0 {
            format!("{state} · {} {}", t.delay, format::tenths(delay))
        } else {
            state.to_owned()
        }
    }
}

/// One player's clock: the shared `ClockHalf` (colour chip, name, time,
/// status; the whole quadrant is the button), named with its board and team.
#[component]
pub fn Quadrant(seat: Seat, far: bool) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let state = Memo::new(move |_| ctx.view.with(|v| HalfState::of(v.as_ref(), seat, i18n)));
    // Where the player sits: "Board A · Team 1" (and the letter, big, in the corner).
    let place = move || {
        let t = i18n.of(&TEXTS);
        format!(
            "{} {} · {} {}",
            t.board,
            seat.board.letter(),
            t.team,
            seat.team().number()
        )
    };
    // Board mode hides the status lines (the board says whose move it is),
    // but keeps the two that say what to do when the board takes no move:
    // Black's "Tap to start both boards" before the start, and "No move:
    // wait for your partner" for a player with no move. Each is said in that
    // player's own clock strip, facing them, not over the board (issue #22).
    let says = Memo::new(move |_| {
        ctx.view.with(|v| {
            v.as_ref().is_some_and(|v| {
                v.mode == InputMode::Board
                    && match v.phase {
                        // Black's two start both boards: theirs is the tap to make.
                        BhPhase::AwaitingStart => seat.colour == Colour::Black,
                        BhPhase::Running => {
                            let bv = &v.boards[seat.board.index()];
                            bv.waiting && bv.side_to_move == seat.colour
                        }
                        _ => false,
                    }
            })
        })
    });
    let board_class = if seat.board == BoardId::A {
        "bh-quad board-a"
    } else {
        "bh-quad board-b"
    };
    view! {
        <div class=board_class class:far=far class:says=move || says.get() data-seat=format!("{}{}", seat.board.letter(), if seat.colour == Colour::White { 'w' } else { 'b' })>
            <ClockHalf colour=seat.colour state=state on_start=move |()| { ctx.send(BhEvent::Start); }
                on_tap=move |()| { ctx.send(BhEvent::Press { board: seat.board }); }>
                <span class="bh-place">{place}</span>
            </ClockHalf>
            <span class="bh-badge" aria-hidden="true">{seat.board.letter().to_string()}</span>
        </div>
    }
}

/// The label of the undo button of `board`: "Undo tap A", "Undo move B".
pub(super) fn undo_label(t: &BughouseTexts, v: &BhView, board: BoardId) -> String {
    let kind = if v.mode == InputMode::Board {
        t.undo_move_on
    } else {
        t.undo_on
    };
    format!("{kind} {}", board.letter())
}

/// What the undo of `board` takes back, said between its two taps (C-4a):
/// whose tap or move, on which board, who pays the time, and that the other
/// board is not touched. The last press on a board was the side not to move.
pub(super) fn undo_sentence(t: &BughouseTexts, v: &BhView, board: BoardId) -> String {
    let bv = &v.boards[board.index()];
    let tapper = bv.side_to_move.other();
    let other = match board {
        BoardId::A => BoardId::B,
        BoardId::B => BoardId::A,
    };
    let (b, o) = (board.letter().to_string(), other.letter().to_string());
    let mut values = vec![
        ("name", bv.names[tapper.index()].as_str()),
        ("b", b.as_str()),
        ("other", o.as_str()),
    ];
    let template = match (&v.mode, &bv.last_move_san) {
        (InputMode::Board, Some(san)) => {
            values.push(("move", san.as_str()));
            // SAN marks a capture with `x`; its piece went to the partner (BH-3).
            if san.contains('x') {
                t.undo_capture_explain
            } else {
                t.undo_move_explain
            }
        }
        _ => t.undo_tap_explain,
    };
    format::fill(template, &values)
}

/// A first tap on an undo counts only for the press it was made on: any
/// press or undo on that board (or the button going away) asks again.
pub(super) fn disarm_on_change(
    view_now: Memo<Option<BhView>>,
    board: BoardId,
    armed: RwSignal<bool>,
) {
    let state = Memo::new(move |_| {
        view_now.with(|v| {
            v.as_ref().map(|v| {
                let bv = &v.boards[board.index()];
                (bv.undo_available, bv.moves_made, bv.side_to_move)
            })
        })
    });
    Effect::new(move |seen: Option<()>| {
        state.track();
        if seen.is_some() {
            armed.set(false);
        }
    });
}

/// The strip between the two sides: undo for board A (left), pause, Sun mode
/// and the menu, undo for board B (right). Small and away from the clocks;
/// each undo asks for a second tap, and between the two a sentence in the
/// strip says what it will take back, turned to the player it is put to. It
/// takes room in the strip rather than lying over a clock, board or pocket
/// (issue #22): the quadrants or boards give way while it is shown.
#[component]
pub fn Middle(menu_open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let view_now = ctx.view;
    let phase = move || view_now.with(|v| v.as_ref().map(|v| v.phase));
    let armed = BoardId::BOTH.map(|_| RwSignal::new(false));
    let undo = move |board: BoardId| {
        let available = move || {
            view_now.with(|v| {
                v.as_ref()
                    .is_some_and(|v| v.boards[board.index()].undo_available)
            })
        };
        let armed = armed[board.index()];
        disarm_on_change(view_now, board, armed);
        view! {
            <div class="bh-undo" class:board-a=board == BoardId::A class:board-b=board == BoardId::B>
                <Show when=available>
                    <ConfirmButton
                        label=Signal::derive(move || {
                            view_now.with(|v| v.as_ref().map(|v| undo_label(i18n.of(&TEXTS), v, board)).unwrap_or_default())
                        })
                        armed=armed
                        confirm_only=true
                        on_confirm=move |()| { ctx.send(BhEvent::Undo { board }); }
                    />
                </Show>
            </div>
        }
    };
    // The board whose undo waits for its second tap, if its button is still
    // there, and whether the player it is put to (the tapper, who pays the
    // time) sits across the table (team 2): the sentence then faces them.
    let explain = Memo::new(move |_| {
        BoardId::BOTH.into_iter().find_map(|board| {
            if !armed[board.index()].get() {
                return None;
            }
            view_now.with(|v| {
                v.as_ref()
                    .filter(|v| v.boards[board.index()].undo_available)
                    .map(|v| {
                        let tapper = Seat {
                            board,
                            colour: v.boards[board.index()].side_to_move.other(),
                        };
                        let far = tapper.team().number() == 2;
                        (board, far, undo_sentence(i18n.of(&TEXTS), v, board))
                    })
            })
        })
    });
    // The sentence takes room in the strip, so letting go of the question
    // (a tap on Pause, the menu, a square) must not hand that room back under
    // the tap: the room is kept, unseen, until a press, a move, an undo or a
    // pause changes the match.
    let kept = RwSignal::new(None::<(BoardId, bool, String)>);
    Effect::new(move |_| {
        if let Some(e) = explain.get() {
            kept.set(Some(e));
        }
    });
    let match_state = Memo::new(move |_| {
        view_now.with(|v| {
            v.as_ref().map(|v| {
                let boards = v
                    .boards
                    .each_ref()
                    .map(|b| (b.undo_available, b.moves_made, b.side_to_move));
                (v.phase, boards)
            })
        })
    });
    Effect::new(move |seen: Option<()>| {
        match_state.track();
        if seen.is_some() {
            kept.set(None);
        }
    });
    let explained =
        move |board: BoardId| explain.with(|e| e.as_ref().is_some_and(|(b, ..)| *b == board));
    view! {
        <div class="middle bh-middle">
            <p class="bh-undo-explain" class:shown=move || explain.with(Option::is_some)
                class:board-a=move || explained(BoardId::A) class:board-b=move || explained(BoardId::B)
                class:far=move || explain.with(|e| e.as_ref().is_some_and(|(_, far, _)| *far))
                role="status">
                {move || explain.get().map(|(.., text)| text)}
            </p>
            // The room kept after letting go: the same words, unseen and unread.
            <p class="bh-undo-explain bh-undo-room" aria-hidden="true"
                class:kept=move || explain.with(Option::is_none) && kept.with(Option::is_some)>
                {move || explain.with(Option::is_none).then(|| kept.get().map(|(.., text)| text)).flatten()}
            </p>
            {move || ctx.notice.get().map(|text| view! { <p class="middle-notice" role="alert">{text}</p> })}
            {ctx.unsaved_warning(true)}
            <div class="bh-middle-row">
                {undo(BoardId::A)}
                <ClockControls
                    paused=Signal::derive(move || phase() == Some(BhPhase::Paused))
                    can_pause=Signal::derive(move || phase() == Some(BhPhase::Running))
                    undo_available=Signal::derive(|| false)
                    undo_label=Signal::derive(|| "")
                    undo_question=Signal::derive(|| "")
                    on_pause=move |()| { ctx.send(BhEvent::Pause); }
                    on_resume=move |()| { ctx.send(BhEvent::Resume); }
                    on_undo=|()| {}
                    on_menu=move |()| menu_open.set(true)
                    no_undo=true
                />
                {undo(BoardId::B)}
            </div>
        </div>
    }
}
