//! The bughouse module in the browser (issue #14): setup (or BPGN import) →
//! play with four clocks, in clock mode (four quadrants, the phone between
//! the boards) or on the two on-screen boards with their pockets → end with
//! the winning team, the rule and the BPGN record. Every screen renders the
//! referee's `BhGame` and sends it events; the rules live in the referee.

mod boards;
mod end;
mod menu;
mod play;
mod setup;
mod strings;

use leptos::prelude::*;

use crate::referee::Colour;
use crate::referee::bughouse::{BhGame, BhOutcome, BhReason, BhView, BoardId, Seat};
use crate::ui::module::{self, ModuleCtx, ModuleGame};
use crate::ui::{end_parts, format};
use strings::{BughouseTexts, TEXTS};

// The match in progress (or just finished) lives in `bughouse.match` between page loads.
module::module_entry!("bughouse", "match", BughouseTable);

/// The four seats in the order of `BhSetup::names`.
pub const SEATS: [Seat; 4] = [
    Seat {
        board: BoardId::A,
        colour: Colour::White,
    },
    Seat {
        board: BoardId::A,
        colour: Colour::Black,
    },
    Seat {
        board: BoardId::B,
        colour: Colour::White,
    },
    Seat {
        board: BoardId::B,
        colour: Colour::Black,
    },
];

/// Shared by the module's screens: the shared module context, plus the match
/// as the screen shows it now — one view for every part of the screen
/// (computed once per redraw, not once per quadrant).
#[derive(Clone, Copy)]
pub struct BhCtx {
    base: ModuleCtx<BhGame>,
    pub view: Memo<Option<BhView>>,
}

impl std::ops::Deref for BhCtx {
    type Target = ModuleCtx<BhGame>;

    fn deref(&self) -> &Self::Target {
        &self.base
    }
}

pub fn use_bh() -> BhCtx {
    expect_context::<BhCtx>()
}

pub fn reason_text(t: &BughouseTexts, reason: BhReason) -> &'static str {
    let r = &t.reasons;
    match reason {
        BhReason::Checkmate => r.checkmate,
        BhReason::Resignation => r.resignation,
        BhReason::Flag => r.flag,
        BhReason::Agreement => r.agreement,
        BhReason::NobodyCanMove => r.nobody_can_move,
        BhReason::PlyLimit => r.ply_limit,
        BhReason::Recorded => r.recorded,
    }
}

/// The name of the player at `seat` in a view.
pub fn seat_name(view: &BhView, seat: Seat) -> &str {
    &view.boards[seat.board.index()].names[seat.colour.index()]
}

/// "Team 1 wins: Ann & Bob" or "Draw".
pub fn result_text(t: &BughouseTexts, view: &BhView) -> String {
    match view.result.map(|r| r.outcome) {
        Some(BhOutcome::Win(team)) => {
            let on = |board| {
                seat_name(
                    view,
                    Seat {
                        board,
                        colour: team.colour_on(board),
                    },
                )
            };
            let names = format!("{} & {}", on(BoardId::A), on(BoardId::B));
            let n = team.number().to_string();
            format::fill(t.team_wins, &[("n", &n), ("names", &names)])
        }
        Some(BhOutcome::Draw) => t.draw_result.to_owned(),
        None => String::new(),
    }
}

/// "the flag fell on board B: Dana (BH-4)".
pub fn reason_line(t: &BughouseTexts, view: &BhView) -> String {
    let Some(r) = view.result else {
        return String::new();
    };
    let mut line = reason_text(t, r.reason).to_owned();
    if let Some(seat) = r.seat
        && matches!(
            r.reason,
            BhReason::Checkmate | BhReason::Resignation | BhReason::Flag
        )
    {
        let b = seat.board.letter().to_string();
        line.push(' ');
        line.push_str(&format::fill(t.on_board, &[("b", &b)]));
        line.push_str(": ");
        line.push_str(seat_name(view, seat));
    }
    if r.played_here() {
        line.push_str(" (");
        line.push_str(r.reason.rule());
        line.push(')');
    }
    line
}

/// What the screen-reader live region says: the result of a finished match.
fn live_text(ctx: &BhCtx) -> String {
    let t = ctx.i18n.of(&TEXTS);
    ctx.base.when_over(|game| {
        let view = game.view(game.last_event_ms());
        view.result?;
        let result = result_text(t, &view);
        Some(end_parts::announce(
            t.end_announce,
            &result,
            &reason_line(t, &view),
        ))
    })
}

/// The whole module at `#/bughouse`.
#[component]
pub fn BughouseTable() -> impl IntoView {
    let (base, damaged) = module::open::<BhGame>(&SPEC);
    let ctx = BhCtx {
        base,
        view: Memo::new(move |_| base.at_now(BhGame::view)),
    };
    provide_context(ctx);
    base.page(
        "bh-table game-table",
        damaged,
        move || live_text(&ctx),
        setup::SetupScreen,
        play::PlayScreen,
        end::EndScreen,
    )
}
