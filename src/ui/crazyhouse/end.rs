//! The end: who won and why, both clocks as they stood, the moves, the PGN
//! record (download, copy, share), a rematch with colours swapped, or a new
//! setup. An imported finished game opens here for review.

use leptos::prelude::*;

use super::{current_view, reason_text, result_text, use_zh};
use crate::referee::{InputMode, ZhEvent, ZhGame, ZhSetup, zh_to_pgn};
use crate::ui::confirm::ConfirmButton;
use crate::ui::end_parts::{
    EndHeading, EndPosition, FinalClocks, PgnRecord, RematchOrNew, dated_pgn, two_clocks,
};
use crate::ui::i18n::use_i18n;

use super::strings::TEXTS;
use crate::ui::board::Pockets;

/// The same game with the colours (names and handicap times) swapped.
fn rematch_setup(setup: &ZhSetup) -> ZhSetup {
    let mut control = setup.control.clone();
    control.base_ms.swap(0, 1);
    ZhSetup {
        white: setup.black.clone(),
        black: setup.white.clone(),
        control,
        mode: setup.mode,
        start_fen: None,
        opening: Vec::new(),
        recorded: None,
    }
}

/// Moves in pairs for the move list: (number, white, black). A game from a
/// set-up position is numbered from its FEN; "…" fills White's half when
/// Black moved first.
fn move_rows(first_ply: u32, sans: &[String]) -> Vec<(u32, String, String)> {
    let mut cells = Vec::with_capacity(sans.len() + 1);
    if !first_ply.is_multiple_of(2) {
        cells.push("…".to_owned());
    }
    cells.extend(sans.iter().cloned());
    let first = first_ply / 2 + 1;
    cells
        .chunks(2)
        .zip(first..)
        .map(|(pair, n)| (n, pair[0].clone(), pair.get(1).cloned().unwrap_or_default()))
        .collect()
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_zh();
    let view_now = move || current_view(&ctx);
    let pgn = move || ctx.game.with(|g| dated_pgn(g.as_ref()?, zh_to_pgn));
    let sans = move || {
        ctx.game.with(|g| {
            g.as_ref()
                .and_then(|g| g.board())
                .map(|b| {
                    let moves = u32::try_from(b.sans().len()).unwrap_or(u32::MAX);
                    (b.ply().saturating_sub(moves), b.sans().to_vec())
                })
                .unwrap_or_default()
        })
    };
    let live = move || {
        view_now()
            .and_then(|v| v.result)
            .is_some_and(|r| r.played_here())
    };
    let rematch = move |()| {
        let next = ctx.game.with_untracked(|g| {
            g.as_ref()
                .and_then(|g| ZhGame::new(rematch_setup(g.setup())).ok())
        });
        if let Some(game) = next {
            ctx.begin(game);
        }
    };

    view! {
        <section class="zh-end game-end page-narrow">
            <EndHeading
                kicker=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_over))
                result=Signal::derive(move || view_now().and_then(|v| {
                    let t = i18n.of(&TEXTS);
                    Some((result_text(t, &v), reason_text(t, v.result?.reason)))
                }))
            />
            {move || view_now().filter(|v| v.fen.is_some()).map(|v| {
                let [white, black] = v.pockets.unwrap_or_default();
                view! {
                    <EndPosition fen=v.fen last_move=v.last_move_uci last_san=v.last_move_san
                        in_check=v.in_check side_to_move=v.side_to_move pockets=Pockets { white, black }/>
                }
            })}
            <Show when=live>
                <FinalClocks rows=Signal::derive(move || view_now().map(|v| {
                    let t = i18n.of(&TEXTS);
                    two_clocks([&v.white, &v.black], [t.white, t.black], v.remaining_ms)
                }).unwrap_or_default())/>
            </Show>
            <Show when=move || view_now().is_some_and(|v| v.mode == InputMode::Board)>
                <div class="group">
                    <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).moves)}</h2>
                    <ol class="move-list">
                        {move || { let (first, sans) = sans(); move_rows(first, &sans) }.into_iter().map(|(n, white, black)| view! {
                            <li><span class="move-no">{n} "."</span> <span>{white}</span> <span>{black}</span></li>
                        }).collect_view()}
                    </ol>
                    <PgnRecord file_name="crazyhouse.pgn" title=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name)) text=move |()| pgn()/>
                </div>
            </Show>
            <RematchOrNew on_rematch=rematch on_new=move |()| ctx.clear()>
                // An end the app found (a mate on the board, the 600th tap) can
                // come from a mis-tap: it may still be corrected (C-4a).
                <Show when=move || view_now().is_some_and(|v| v.undo_available)>
                    <ConfirmButton
                        label=Signal::derive(move || {
                            let t = i18n.of(&TEXTS);
                            let board = view_now().is_some_and(|v| v.mode == InputMode::Board);
                            if board { t.undo_move } else { t.undo_tap }.to_owned()
                        })
                        on_confirm=move |()| { ctx.send(ZhEvent::Undo); }
                    />
                </Show>
            </RematchOrNew>
        </section>
    }
}
