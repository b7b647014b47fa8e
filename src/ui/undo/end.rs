//! The end: who won and why (UC-7's "the result on the board stands" when a
//! flag fell while deciding), the final position, both clocks and tokens,
//! the moves and the PGN record (board mode), the reveal of a drawn start
//! with its verifier link, a rematch with colours swapped, or a new setup.

use leptos::prelude::*;

use crate::referee::committed::CommittedDraw;
use crate::referee::undo::UcDraw;
use crate::ui::evening::{self, DrawList};

use super::strings::TEXTS;
use super::{current_view, name_of, reason_text, result_text, use_uc};
use crate::referee::Colour;
use crate::referee::undo::{StartChoice, UcGame, UcSetup, uc_to_pgn};
use crate::ui::end_parts::{
    EndHeading, EndPosition, FinalClocks, PgnRecord, RematchOrNew, dated_pgn, two_clocks,
};
use crate::ui::i18n::use_i18n;
use crate::ui::qr::escape;
use crate::ui::reveal::RevealPanel;

/// The same setup with the colours swapped (names, handicap times, tokens);
/// a drawn start is drawn again, so the rematch starts at its commitment.
fn rematch_setup(setup: &UcSetup) -> UcSetup {
    let mut next = setup.clone();
    next.white = setup.black.clone();
    next.black = setup.white.clone();
    next.control.base_ms.swap(0, 1);
    next.tokens.swap(0, 1);
    next
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_uc();
    let view_now = move || current_view(&ctx);
    let pgn = move || ctx.game.with(|g| dated_pgn(g.as_ref()?, uc_to_pgn));
    let moves_html = move || {
        ctx.game.with(|g| {
            let Some(g) = g.as_ref() else {
                return String::new();
            };
            let mut html = String::new();
            for (k, p) in g.plies().iter().enumerate() {
                if k % 2 == 0 {
                    html.push_str(&format!(
                        "<li><span class=\"move-no\">{}.</span> ",
                        p.mv.number
                    ));
                }
                html.push_str(&format!(
                    "<span>{}</span> ",
                    escape(p.mv.san.as_deref().unwrap_or(""))
                ));
                if k % 2 == 1 {
                    html.push_str("</li>");
                }
            }
            html
        })
    };
    let rematch = move |()| {
        let setup = ctx
            .game
            .with_untracked(|g| g.as_ref().map(|g| rematch_setup(g.setup())));
        match setup {
            // A drawn start needs a new commitment: back to the setup screen.
            Some(s) if s.start == StartChoice::Drawn => ctx.clear(),
            Some(s) => {
                if let Ok(game) = UcGame::new(s) {
                    ctx.begin(game);
                }
            }
            None => {}
        }
    };
    let board_mode = move || view_now().is_some_and(|v| v.fen.is_some());

    view! {
        <section class="uc-end game-end page-narrow">
            <EndHeading
                kicker=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_over))
                result=Signal::derive(move || view_now().and_then(|v| {
                    let t = i18n.of(&TEXTS);
                    Some((result_text(t, &v), reason_text(t, v.result?.reason)))
                }))
            />
            {move || view_now().and_then(|v| v.result).filter(|r| r.flag_while_deciding).map(|_| view! {
                <p class="uc-stands">{i18n.word(|i| i.of(&TEXTS).flag_while_deciding)}</p>
            })}
            {move || view_now().filter(|v| v.fen.is_some()).map(|v| view! {
                <EndPosition fen=v.fen last_move=v.last_move_uci last_san=v.last_move_san
                    in_check=v.in_check side_to_move=v.side_to_move/>
            })}
            <FinalClocks rows=Signal::derive(move || view_now().map(|v| {
                let t = i18n.of(&TEXTS);
                two_clocks([&v.white, &v.black], [t.white, t.black], v.remaining_ms)
            }).unwrap_or_default())/>
            {move || view_now().map(|v| {
                let t = i18n.of(&TEXTS);
                view! {
                    <div class="group uc-end-tokens">
                        <h2 class="card-title">{t.tokens_left}</h2>
                        <p>
                            {format!("{}: {} · {}: {} · {}",
                                name_of(&v, Colour::White), t.tokens.count(u64::from(v.tokens[0])),
                                name_of(&v, Colour::Black), t.tokens.count(u64::from(v.tokens[1])),
                                t.undos_made.count(v.undo_count as u64))}
                        </p>
                        <p class="hint">{super::position_label(t, v.start_number, v.commitment_hex.is_some())} " · " {v.start_back_rank.clone()}</p>
                    </div>
                }
            })}
            {move || view_now().and_then(|v| v.reveal).map(|r| view! {
                <RevealPanel
                    title=Signal::derive(i18n.word(|i| i.of(&TEXTS).reveal_title))
                    explain=Signal::derive(i18n.word(|i| i.of(&TEXTS).reveal_explain))
                    reveal=r
                />
            })}
            <Show when=board_mode>
                <div class="group">
                    <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).moves)}</h2>
                    <ol class="move-list" inner_html=moves_html></ol>
                    <PgnRecord file_name="undo-chess.pgn" title=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name)) text=move |()| pgn()/>
                </div>
            </Show>
            <DrawList draws=evening::stored_draws(UcDraw::PREFIX)/>
            <RematchOrNew on_rematch=rematch on_new=move |()| ctx.clear()/>
        </section>
    }
}
