//! Board mode (C-1): both boards on the screen, each with its pockets and its
//! two clocks. The phone lies between the two teams (BH-1), so both boards
//! are drawn from team 1's side: board A with White at the bottom, board B
//! with Black at the bottom (its White, team 2, sits across). Each board's
//! far clock and pocket are turned to face across the table. In landscape
//! the boards stand side by side; in portrait one at a time, with a switch
//! that always shows all four clocks. Entering a move or a drop is the
//! press; the referee passes captures to the partner (BH-3) and finds BH-5
//! mate, BH-6 waiting and BH-8.

use leptos::prelude::*;

use super::play::Quadrant;
use super::strings::TEXTS;
use super::use_bh;
use crate::referee::Colour;
use crate::referee::bughouse::{BhEvent, BoardId, Seat};
use crate::ui::board::{ViewBoard, position};
use crate::ui::format;
use crate::ui::i18n::use_i18n;

#[component]
pub fn BoardsView() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let shown = RwSignal::new(BoardId::A);
    let view_now = ctx.view;
    // The switch: each tab names its board and both its clocks, each with
    // its colour (issue #22: two bare times said nothing of whose), the far
    // side's above the near side's as on the board itself; so the hidden
    // board's clocks stay in sight.
    let tab = move |board: BoardId| {
        let clock = move |colour: Colour| {
            let white = colour == Colour::White;
            let face = move || {
                view_now.with(|v| {
                    v.as_ref()
                        .map(|v| {
                            format::clock_face(v.boards[board.index()].remaining_ms[colour.index()])
                        })
                        .unwrap_or_default()
                })
            };
            view! {
                <span class="bh-tab-clock">
                    <span class="seat-chip" class:white=white class:black=!white>
                        {move || { let t = &i18n.t().game.board; if white { t.white } else { t.black } }}
                    </span>
                    " "
                    <span class="bh-tab-time">{face}</span>
                </span>
            }
        };
        let near = near_colour(board);
        view! {
            <button type="button" class="button bh-tab" role="tab"
                aria-selected=move || (shown.get() == board).to_string()
                on:click=move |_| shown.set(board)>
                <span class="bh-tab-board">
                    <span class="sr-only">{i18n.word(|i| i.of(&TEXTS).show_board)} " "</span>
                    {board.letter().to_string()}
                </span>
                <span class="sr-only">": "</span>
                <span class="bh-tab-clocks">
                    {clock(near.other())}
                    <span class="sr-only">", "</span>
                    {clock(near)}
                </span>
            </button>
        }
    };
    view! {
        <div class="bh-tabs" role="tablist">
            {tab(BoardId::A)}
            {tab(BoardId::B)}
        </div>
        <div class="bh-boards">
            {BoardId::BOTH.map(|board| view! { <Panel board=board shown=shown/> }).collect_view()}
        </div>
    }
}

/// Team 1's colour on a board (BH-1): the side drawn at the bottom.
pub(super) fn near_colour(board: BoardId) -> Colour {
    match board {
        BoardId::A => Colour::White,
        BoardId::B => Colour::Black,
    }
}

/// One board with its pockets between its two clocks: team 2's above,
/// turned to face them, team 1's below. Nothing lies over the board: who
/// starts and "No move: wait for your partner" are said in the clock strip
/// of the player concerned (`Quadrant`), facing them.
#[component]
fn Panel(board: BoardId, shown: RwSignal<BoardId>) -> impl IntoView {
    let ctx = use_bh();
    let b = board.index();
    let view_now = ctx.view;
    let seat = |colour| Seat { board, colour };
    let near = near_colour(board);
    view! {
        <div class="bh-panel" class:shown=move || shown.get() == board
            class:board-a=board == BoardId::A class:board-b=board == BoardId::B>
            <Quadrant seat=seat(near.other()) far=true/>
            <ViewBoard position=move || view_now.with(|v| v.as_ref().map(|v| position!(&v.boards[b], pockets)))
                with_pockets=true bottom=near
                on_move=move |mv: String| { ctx.send(BhEvent::Move { board, mv }); }/>
            <Quadrant seat=seat(near) far=false/>
        </div>
    }
}
