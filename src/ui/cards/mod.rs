//! The card-series duel in the browser (issue #15): setup → (blind stacks:
//! the commitment and the players' words) → play, in clock mode or on the
//! board, each series judged card by card (secret stacks arranged on a
//! private screen, the phone passed) → the end with the series card by card,
//! the reveal and the PGN. Every screen renders the referee's `CsView` and
//! `history()`; nothing here shows an unturned card (docs/cards.md).

mod commit;
mod end;
mod play;
mod setup;
mod store;
mod strings;

use leptos::prelude::*;

use crate::referee::Colour;
use crate::referee::cards::{CsEvent, CsReason, CsView};
use crate::referee::club::GameEnd;
use crate::referee::committed::ShownCommitment;
use crate::referee::evening::{DrawFate, DrawRecord};
use crate::ui::end_parts;
use crate::ui::format;
use crate::ui::i18n::I18n;
use crate::ui::module::{self, ModuleCtx, ModuleGame};
pub use store::CardsGame;
use strings::{CardsTexts, TEXTS};

module::module_entry!("cards", "game", CardsTable, slot = store::SLOT);

impl ModuleGame for CardsGame {
    type Event = CsEvent;
    type Refusal = crate::referee::cards::CsError;

    fn apply(&mut self, t: u64, event: CsEvent) -> Result<(), Self::Refusal> {
        if self.awaiting_words {
            return Err(crate::referee::cards::CsError::NotStarted);
        }
        self.game.apply(t, event)
    }

    fn tick(&mut self, now: u64) -> bool {
        self.game.tick(now)
    }

    fn last_event_ms(&self) -> u64 {
        self.game.last_event_ms()
    }

    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    fn ended_here(&self) -> bool {
        self.game.ended_here()
    }

    fn running_ms(&self, now: u64) -> [Option<u64>; 2] {
        self.game.running_ms(now)
    }

    fn export_text(&self) -> String {
        CardsGame::export_text(self)
    }

    fn club_end(&self) -> Option<GameEnd> {
        module::club_end_of(&self.game)
    }

    /// Discarded on the commitment screen, the draw is withdrawn: no words
    /// were locked, nothing was dealt.
    fn revealed_draw(&self) -> Option<DrawRecord> {
        let mut draw = crate::referee::module::GameModule::revealed_draw(&self.game)?;
        if self.awaiting_words {
            draw.fate = DrawFate::Withdrawn;
            draw.words.clear();
        }
        Some(draw)
    }

    fn commitment_before_move_one(&self) -> Option<ShownCommitment> {
        crate::referee::module::GameModule::commitment_before_move_one(&self.game)
    }

    fn refusal_text(i18n: &I18n, refusal: &Self::Refusal) -> Option<String> {
        match refusal {
            crate::referee::cards::CsError::Forbidden { san } => Some(format::fill(
                i18n.of(&TEXTS).refused_again,
                &[("move", san.as_str())],
            )),
            _ => None,
        }
    }
}

/// Shared by the module's screens.
pub type CardsCtx = ModuleCtx<CardsGame>;

pub fn use_cards() -> CardsCtx {
    module::use_module()
}

/// The game's view at the screen's time (tracks both).
pub fn current_view(ctx: &CardsCtx) -> Option<CsView> {
    ctx.at_now(|g, now| g.game.view(now))
}

pub fn name_of(view: &CsView, colour: Colour) -> String {
    match colour {
        Colour::White => view.white.clone(),
        Colour::Black => view.black.clone(),
    }
}

pub fn reason_text(t: &CardsTexts, reason: CsReason) -> &'static str {
    let r = &t.reasons;
    match reason {
        CsReason::Checkmate => r.checkmate,
        CsReason::Stalemate => r.stalemate,
        CsReason::ForbiddenStalemate => r.forbidden_stalemate,
        CsReason::InsufficientMaterial => r.insufficient_material,
        CsReason::FivefoldRepetition => r.fivefold,
        CsReason::SeventyFiveMoves => r.seventy_five_moves,
        CsReason::ThreefoldClaim => r.threefold_claim,
        CsReason::FiftyMovesClaim => r.fifty_moves_claim,
        CsReason::Agreement => r.agreement,
        CsReason::Resignation => r.resignation,
        CsReason::Flag => r.flag,
    }
}

/// "Anna wins" or "Draw".
pub fn result_text(t: &CardsTexts, view: &CsView) -> String {
    let name = |colour| name_of(view, colour);
    end_parts::result_line(view.result.map(|r| r.outcome), name, t.wins, t.draw_result)
}

/// What the screen-reader live region says: a finished game's result.
fn live_text(ctx: &CardsCtx) -> String {
    let t = ctx.i18n.of(&TEXTS);
    ctx.when_over(|g| {
        let view = g.game.view(g.game.last_event_ms());
        let r = view.result?;
        Some(format!(
            "{} — {}",
            result_text(t, &view),
            reason_text(t, r.reason)
        ))
    })
}

/// The whole module at `#/cards`: once a sealed save's key is unsealed.
#[component]
pub fn CardsTable() -> impl IntoView {
    let ready = RwSignal::new(false);
    wasm_bindgen_futures::spawn_local(async move {
        store::prepare().await;
        ready.set(true);
    });
    view! {
        <Show when=move || ready.get()>
            <CardsModule/>
        </Show>
    }
}

#[component]
fn CardsModule() -> impl IntoView {
    let (ctx, damaged) = module::open::<CardsGame>(&SPEC);
    ctx.page(
        "cs-table game-table",
        damaged,
        move || live_text(&ctx),
        setup::SetupScreen,
        play::PlayScreen,
        end::EndScreen,
    )
}
