//! The Crazyhouse module in the browser: setup (or PGN import) → play with the
//! two-player clock, in clock mode or on the board with pockets → end with the
//! PGN record. Every screen renders the referee's `ZhGame` and sends it
//! events; the rules live in the referee.

mod end;
mod menu;
mod play;
mod setup;
mod strings;

use leptos::prelude::*;

use crate::referee::{ZhGame, ZhReason, ZhView};
use crate::ui::end_parts;
use crate::ui::module::{self, ModuleCtx, ModuleGame};
use strings::{CrazyhouseTexts, TEXTS};

// The game in progress (or just finished) lives in `crazyhouse.game` between page loads.
module::module_entry!("crazyhouse", "game", CrazyhouseTable);

/// Shared by the module's screens.
pub type ZhCtx = ModuleCtx<ZhGame>;

pub fn use_zh() -> ZhCtx {
    module::use_module()
}

pub fn reason_text(t: &CrazyhouseTexts, reason: ZhReason) -> &'static str {
    let r = &t.reasons;
    match reason {
        ZhReason::Checkmate => r.checkmate,
        ZhReason::Stalemate => r.stalemate,
        ZhReason::Resignation => r.resignation,
        ZhReason::Agreement => r.agreement,
        ZhReason::ThreefoldClaim => r.threefold,
        ZhReason::FivefoldRepetition => r.fivefold,
        ZhReason::PlyLimit => r.ply_limit,
        ZhReason::Flag => r.flag,
        ZhReason::Recorded => r.recorded,
    }
}

/// "Dana wins" or "Draw".
pub fn result_text(t: &CrazyhouseTexts, view: &ZhView) -> String {
    let name = |colour| match colour {
        crate::referee::Colour::White => &view.white,
        crate::referee::Colour::Black => &view.black,
    };
    end_parts::result_line(view.result.map(|r| r.outcome), name, t.wins, t.draw_result)
}

/// What the screen-reader live region says: the result of a finished game,
/// derived from the game and in the current language, so a new game, another
/// screen or a language switch never leaves an old message.
fn live_text(ctx: &ZhCtx) -> String {
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
pub fn current_view(ctx: &ZhCtx) -> Option<ZhView> {
    ctx.at_now(ZhGame::view)
}

/// The whole module at `#/crazyhouse`.
#[component]
pub fn CrazyhouseTable() -> impl IntoView {
    let (ctx, damaged) = module::open::<ZhGame>(&SPEC);
    ctx.page(
        "zh-table game-table",
        damaged,
        move || live_text(&ctx),
        setup::SetupScreen,
        play::PlayScreen,
        end::EndScreen,
    )
}
