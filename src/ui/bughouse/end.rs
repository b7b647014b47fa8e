//! The end: the winning team, the reason and the rule (BH-4 … BH-8), all
//! four clocks as they stood, in board mode both final positions and the
//! moves, the BPGN record (both modes), a rematch with colours swapped, or a
//! new setup. An imported finished match opens here for review.

use crate::referee::module::GameModule;
use leptos::prelude::*;

use super::play::{disarm_on_change, undo_label, undo_sentence};
use super::strings::TEXTS;
use super::{SEATS, reason_line, result_text, seat_name, use_bh};
use crate::referee::InputMode;
use crate::referee::bughouse::{BhEvent, BhGame, BhSetup, BoardId, bh_to_bpgn};
use crate::ui::board::{FinalPosition, Pockets};
use crate::ui::confirm::ConfirmButton;
use crate::ui::end_parts::{FinalClocks, RecordButtons, RematchOrNew};
use crate::ui::i18n::use_i18n;
use crate::web::clock;

/// The same four with colours swapped on both boards (so each team now
/// plays Black on A and White on B), handicaps following their players.
fn rematch_setup(setup: &BhSetup) -> BhSetup {
    let [wa, ba, wb, bb] = setup.names.clone();
    let mut controls = setup.controls.clone();
    for c in &mut controls {
        c.base_ms.swap(0, 1);
    }
    BhSetup {
        names: [ba, wa, bb, wb],
        controls,
        mode: setup.mode,
        start_fens: None,
        opening: Vec::new(),
        recorded: None,
    }
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let view_now = ctx.view;
    let bpgn = move || {
        ctx.game.with_untracked(|g| {
            g.as_ref().map(|g| {
                let info = clock::pgn_info(g.events().first().map(|e| e.t_ms));
                bh_to_bpgn(g, &info)
            })
        })
    };
    let live = move || {
        view_now.with(|v| {
            v.as_ref()
                .and_then(|v| v.result)
                .is_some_and(|r| r.played_here())
        })
    };
    let board_mode =
        move || view_now.with(|v| v.as_ref().is_some_and(|v| v.mode == InputMode::Board));
    let rematch = move |()| {
        let next = ctx.game.with_untracked(|g| {
            g.as_ref()
                .and_then(|g| BhGame::new(rematch_setup(g.setup())).ok())
        });
        if let Some(game) = next {
            ctx.begin(game);
        }
    };
    let sans = move |board: BoardId| {
        ctx.game.with(|g| {
            g.as_ref()
                .and_then(|g| g.boards())
                .map(|b| {
                    b.moves()
                        .iter()
                        .filter(|m| m.board == board)
                        .map(|m| m.san.clone())
                        .collect::<Vec<_>>()
                        .join(" ")
                })
                .unwrap_or_default()
        })
    };

    view! {
        <section class="bh-end game-end page-narrow">
            <p class="end-kicker">{i18n.word(|i| i.of(&TEXTS).match_over)}</p>
            {move || view_now.with(|v| v.as_ref().and_then(|v| {
                let t = i18n.of(&TEXTS);
                v.result?;
                Some(view! {
                    <h1 class="end-result">{result_text(t, v)}</h1>
                    <p class="end-reason">{reason_line(t, v)}</p>
                })
            }))}
            <Show when=live>
                <FinalClocks class="bh-final-clocks" rows=Signal::derive(move || view_now.with(|v| v.as_ref().map(|v| {
                    let t = i18n.of(&TEXTS);
                    SEATS.iter().map(|&seat| {
                        let (b, c) = (seat.board.index(), seat.colour.index());
                        (seat_name(v, seat).to_owned(), t.seats[b * 2 + c], v.boards[b].remaining_ms[c])
                    }).collect()
                }).unwrap_or_default()))/>
            </Show>
            <Show when=board_mode>
                {BoardId::BOTH.map(|board| {
                    let b = board.index();
                    let part = move || view_now.with(|v| v.as_ref().map(|v| v.boards[b].clone()));
                    view! {
                        <div class="bh-final">
                            <h2 class="card-title">{move || format!("{} {}", i18n.of(&TEXTS).board, board.letter())}</h2>
                            {move || part().map(|bv| {
                                let [white, black] = bv.pockets.unwrap_or_default();
                                let (fen, uci, san) = (bv.fen.clone(), bv.last_move_uci.clone(), bv.last_move_san.clone());
                                view! {
                                    <FinalPosition
                                        fen=Signal::derive(move || fen.clone())
                                        last_move=Signal::derive(move || uci.clone())
                                        last_san=Signal::derive(move || san.clone())
                                        in_check=bv.in_check
                                        side_to_move=bv.side_to_move
                                        pockets=Pockets { white, black }
                                        bottom=super::boards::near_colour(board)
                                    />
                                }
                            })}
                            <p class="bh-moves mono">{move || sans(board)}</p>
                        </div>
                    }
                }).collect_view()}
            </Show>
            <div class="group">
                <h2 class="card-title">{i18n.word(|i| i.t().game.end.record)}</h2>
                <RecordButtons
                    file_name="bughouse.bpgn"
                    mime="application/x-bughouse-pgn"
                    download_label=Signal::derive(i18n.word(|i| i.of(&TEXTS).download_bpgn))
                    title=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name))
                    text=move |()| bpgn()
                />
            </div>
            <RematchOrNew on_rematch=rematch on_new=move |()| ctx.clear()>
                // An end the app found (a mate on a board, the 800th half-move)
                // can come from a mistaken move: it may still be corrected (C-4a).
                {BoardId::BOTH.map(|board| {
                    let armed = RwSignal::new(false);
                    disarm_on_change(view_now, board, armed);
                    view! {
                        <Show when=move || view_now.with(|v| v.as_ref().is_some_and(|v| v.boards[board.index()].undo_available))>
                            <ConfirmButton
                                label=Signal::derive(move || {
                                    view_now.with(|v| v.as_ref().map(|v| undo_label(i18n.of(&TEXTS), v, board)).unwrap_or_default())
                                })
                                armed=armed
                                on_confirm=move |()| { ctx.send(BhEvent::Undo { board }); }
                            />
                            {move || armed.get().then(|| view! {
                                <p class="hint bh-undo-explain" role="status">
                                    {move || view_now.with(|v| v.as_ref().map(|v| undo_sentence(i18n.of(&TEXTS), v, board)))}
                                </p>
                            })}
                        </Show>
                    }
                }).collect_view()}
            </RematchOrNew>
        </section>
    }
}
