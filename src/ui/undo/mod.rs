//! Undo Chess in the browser (issue #16): setup (start position: drawn,
//! standard or a chosen number; tokens; time) → for a drawn start the
//! commitment and the players' words → play in clock mode (the back-rank
//! diagram to set up the physical board, "take back these two moves" after
//! an undo) or on the Chess960 board → the UC-7 decision → the end with the
//! PGN and the reveal. Every screen renders the referee's `UcView`; the rules
//! live in `referee::undo` (docs/undo.md).

mod commit;
mod end;
mod menu;
mod play;
mod setup;
mod strings;

use leptos::prelude::*;

use crate::referee::Colour;
use crate::referee::undo::{UcGame, UcReason, UcView};
use crate::ui::end_parts;
use crate::ui::format;
use crate::ui::module::{self, ModuleCtx};
use strings::{TEXTS, UndoTexts};

module::module_entry!("undo", "game", UndoTable);

/// The save is the referee's log. For a drawn start it holds the seed from
/// the moment the words are locked: the seed then decides nothing more than
/// the start position, which the screen shows from that moment on (the
/// players set up the board from it). Before the words are locked the seed
/// lives sealed (`commit.rs`).
/// Shared by the module's screens.
pub type UcCtx = ModuleCtx<UcGame>;

pub fn use_uc() -> UcCtx {
    module::use_module()
}

pub fn reason_text(t: &UndoTexts, reason: UcReason) -> &'static str {
    let r = &t.reasons;
    match reason {
        UcReason::Checkmate => r.checkmate,
        UcReason::Stalemate => r.stalemate,
        UcReason::InsufficientMaterial => r.insufficient_material,
        UcReason::FivefoldRepetition => r.fivefold,
        UcReason::SeventyFiveMoves => r.seventy_five_moves,
        UcReason::ThreefoldClaim => r.threefold_claim,
        UcReason::FiftyMovesClaim => r.fifty_moves_claim,
        UcReason::Agreement => r.agreement,
        UcReason::Resignation => r.resignation,
        UcReason::Flag => r.flag,
    }
}

pub fn name_of(view: &UcView, colour: Colour) -> &str {
    match colour {
        Colour::White => &view.white,
        Colour::Black => &view.black,
    }
}

/// "Dana wins" or "Draw".
pub fn result_text(t: &UndoTexts, view: &UcView) -> String {
    let name = |colour| name_of(view, colour);
    end_parts::result_line(view.result.map(|r| r.outcome), name, t.wins, t.draw_result)
}

/// What the screen-reader live region says: a finished game's result.
fn live_text(ctx: &UcCtx) -> String {
    let t = ctx.i18n.of(&TEXTS);
    ctx.when_over(|game| {
        let view = game.view(game.last_event_ms());
        let r = view.result?;
        let result = result_text(t, &view);
        Some(end_parts::announce(
            t.end_announce,
            &result,
            reason_text(t, r.reason),
        ))
    })
}

/// The game's view at the screen's time (tracks both).
/// "Drawn position 397" or "Chosen position 518": on the play and end
/// screens nobody should take a chosen start for a drawn one.
pub fn position_label(t: &UndoTexts, number: u32, drawn: bool) -> String {
    let template = if drawn {
        t.position_drawn
    } else {
        t.position_chosen
    };
    format::fill(template, &[("n", &number.to_string())])
}

pub fn current_view(ctx: &UcCtx) -> Option<UcView> {
    ctx.at_now(UcGame::view)
}

/// The whole module at `#/undo`.
#[component]
pub fn UndoTable() -> impl IntoView {
    let (ctx, damaged) = module::open::<UcGame>(&SPEC);
    ctx.page(
        "uc-table game-table",
        damaged,
        move || live_text(&ctx),
        setup::SetupScreen,
        play::PlayScreen,
        end::EndScreen,
    )
}
