//! The end: who won and why, this game's points, the session table, and the
//! reveal — the seed behind the commitment, a QR code of the verifier link, and
//! the whole drawn schedule next to what actually happened (C-3).

use crate::referee::module::GameModule;
use leptos::prelude::*;

use super::strings::{NordauTexts, TEXTS};
use super::{use_table, with_game};
use crate::referee::committed::DrawReveal;
use crate::referee::{
    Colour, EndReason, Game, InputMode, Outcome, PublicView, Reveal, ShiftUnit, ViewPhase, to_pgn,
};
use crate::ui::board::FinalPosition;
use crate::ui::confirm::ConfirmButton;
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::reveal::RevealPanel;
use crate::web::{clock, device};

fn reason_text(t: &NordauTexts, reason: EndReason) -> &'static str {
    let r = &t.reasons;
    match reason {
        EndReason::Checkmate => r.checkmate,
        EndReason::Stalemate => r.stalemate,
        EndReason::InsufficientMaterial => r.insufficient,
        EndReason::FivefoldRepetition => r.fivefold,
        EndReason::SeventyFiveMoves => r.seventy_five,
        EndReason::ThreefoldClaim => r.threefold,
        EndReason::FiftyMoveClaim => r.fifty,
        EndReason::Flag => r.flag,
        EndReason::Resignation => r.resignation,
        EndReason::AgreedDraw => r.agreed,
    }
}

/// Who won (or "Draw") and why, for a finished game's view; also what the
/// live region says (`super::live_text`).
pub(super) fn headline(t: &NordauTexts, view: &PublicView) -> Option<(String, &'static str)> {
    let ViewPhase::Over { outcome, reason } = view.phase else {
        return None;
    };
    let result = match outcome {
        Outcome::Win(colour) => {
            let name = if colour == Colour::White {
                &view.white
            } else {
                &view.black
            };
            format!("{name} ({}) — {}", t.colour(colour), t.wins)
        }
        Outcome::Draw => t.draw_result.to_owned(),
    };
    Some((result, reason_text(t, reason)))
}

/// C-4b: one line per correction after an announced swap, for the end screen.
fn correction_lines(t: &NordauTexts, game: &Game) -> Vec<String> {
    let sans = game.board().map(|b| b.sans());
    game.corrections()
        .iter()
        .map(|c| {
            let number = c.ply.div_ceil(2).to_string();
            let label = if c.ply % 2 == 0 {
                format!("{number}…")
            } else {
                number
            };
            let by = &game.names()[usize::from(c.allowed_by)];
            let replaced = sans.and_then(|s| s.get((c.ply as usize).checked_sub(1)?));
            match (c.taken_back.as_deref(), replaced) {
                (Some(from), Some(to)) => format::fill(
                    t.correction_done_board,
                    &[("move", &label), ("from", from), ("to", to), ("by", by)],
                ),
                _ => format::fill(t.correction_done, &[("move", &label), ("by", by)]),
            }
        })
        .collect()
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let summary = move || {
        with_game(&ctx, |game| {
            let view = game.view(game.last_event_ms());
            (view, game.reveal(), game.mode(), game.setup().unit)
        })
    };

    let headline = move || self::headline(i18n.of(&TEXTS), &summary()?.0);
    let corrections =
        move || with_game(&ctx, |g| correction_lines(i18n.of(&TEXTS), g)).unwrap_or_default();

    let next_game = move |_| {
        ctx.commit_fresh(|table, seed| table.next_game(seed));
    };
    // Scores and every commitment with its fate and seed, for the players to keep.
    let export_session = move |_| {
        let json = ctx.with_table_untracked(|t| t.session.as_ref().map(|s| s.to_json()));
        if let Some(json) = json {
            device::download("nordau-shift-session.json", "application/json", &json);
        }
    };
    let export_pgn = move |_| {
        let pgn = with_game(&ctx, |game| {
            let info = clock::pgn_info(game.events().first().map(|e| e.t_ms));
            to_pgn(game, &info).ok()
        })
        .flatten();
        if let Some(pgn) = pgn {
            device::download("nordau-shift.pgn", "application/x-chess-pgn", &pgn);
        }
    };

    view! {
        <section class="game-end page-narrow">
            <p class="end-kicker">{i18n.word(|i| i.of(&TEXTS).game_over)}</p>
            {move || headline().map(|(result, reason)| view! {
                <h1 class="end-result">{result}</h1>
                <p class="end-reason">{reason}</p>
            })}
            <ul class="end-corrections" data-testid="corrections">
                {move || corrections().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
            </ul>
            {move || summary().and_then(|(view, ..)| view.fen.is_some().then(|| {
                let last = |get: fn(&crate::referee::PublicView) -> Option<String>| {
                    let value = get(&view);
                    Signal::derive(move || value.clone())
                };
                view! {
                    <FinalPosition
                        fen=last(|v| v.fen.clone())
                        last_move=last(|v| v.last_move_uci.clone())
                        last_san=last(|v| v.last_move_san.clone())
                        in_check=view.in_check
                        side_to_move=view.side_to_move
                    />
                }
            }))}
            <div class="group">
                <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).points_this_game)}</h2>
                <table class="score-table">
                    <tbody>
                        {move || summary().and_then(|(view, ..)| {
                            let points = view.points?;
                            let t = i18n.of(&TEXTS);
                            let seat_of = |name: &str| {
                                if name == view.white { t.white } else if name == view.black { t.black } else { t.observer }
                            };
                            Some(view.people.iter().zip(points).map(|(name, p)| view! {
                                <tr><th scope="row">{name.clone()}</th><td>{seat_of(name)}</td><td class="num">{p}</td></tr>
                            }).collect_view())
                        })}
                    </tbody>
                </table>
            </div>
            <SessionTable/>
            <super::draws::DrawList/>
            {move || summary().and_then(|(_, reveal, ..)| reveal).map(|reveal| view! { <NordauReveal reveal=reveal/> })}
            <div class="end-actions">
                <button type="button" class="button primary big" on:click=next_game>
                    {i18n.word(|i| i.of(&TEXTS).next_game)}
                </button>
                <Show when=move || summary().is_some_and(|(_, _, mode, _)| mode == InputMode::Board)>
                    <button type="button" class="button" on:click=export_pgn>{i18n.word(|i| i.of(&TEXTS).export_pgn)}</button>
                </Show>
                <button type="button" class="button" on:click=export_session>{i18n.word(|i| i.of(&TEXTS).export_session)}</button>
                <ConfirmButton
                    label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).new_session))
                    on_confirm=move |()| { ctx.update(|t| t.new_session()); }
                />
            </div>
        </section>
    }
}

#[component]
fn SessionTable() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let rows = move || {
        ctx.with_table(|t| {
            t.session
                .as_ref()
                .map(|s| (s.names.clone(), s.totals(), s.games.len()))
        })
    };
    view! {
        {move || rows().map(|(names, totals, games)| {
            let t = i18n.of(&TEXTS);
            view! {
                <div class="group">
                    <h2 class="card-title">{t.session_table} " · " {t.games_played} " " {games}</h2>
                    <table class="score-table session">
                        <tbody>
                            {names.into_iter().zip(totals).map(|(name, total)| view! {
                                <tr><th scope="row">{name}</th><td class="num">{total}</td></tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                </div>
            }
        })}
    }
}

#[component]
fn NordauReveal(reveal: Reveal) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let unit = with_game(&ctx, |g| g.setup().unit).unwrap_or(ShiftUnit::FullMoves);
    // The setup code writes names percent-encoded (it must survive links and
    // QR codes); people read them as typed, above the exact code.
    let names = with_game(&ctx, |g| g.setup().names.join(", ")).unwrap_or_default();
    let shifts = reveal.shifts.clone();
    let drawn = DrawReveal {
        seed_hex: reveal.seed_hex,
        setup_text: reveal.setup_text,
        words: reveal.words,
        commitment_hex: reveal.commitment_hex,
    };
    view! {
        <RevealPanel
            title=Signal::derive(i18n.word(|i| i.of(&TEXTS).reveal_title))
            explain=Signal::derive(i18n.word(|i| i.of(&TEXTS).reveal_explain))
            reveal=drawn
            names=names
        >
            <h3>{i18n.word(|i| i.of(&TEXTS).schedule)}</h3>
            <table class="schedule-table" data-testid="schedule">
                <thead>
                    <tr>
                        <th scope="col">{i18n.word(|i| i.of(&TEXTS).shift)}</th>
                        <th scope="col">{i18n.word(|i| i.of(&TEXTS).length)}</th>
                        <th scope="col">{i18n.word(|i| i.of(&TEXTS).coin)}</th>
                        <th scope="col">{i18n.word(|i| i.of(&TEXTS).happened)}</th>
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let t = i18n.of(&TEXTS);
                        let unit_name = match unit {
                            ShiftUnit::FullMoves => t.moves_unit_full,
                            ShiftUnit::HalfMoves => t.moves_unit_half,
                        };
                        shifts.iter().map(|shift| {
                            let happened = match (&shift.swap, shift.ended_at_ply) {
                                (Some(swap), _) => format::fill(t.swap_happened, &[
                                    ("out", &swap.stood_up), ("in", &swap.sat_down), ("colour", t.colour(swap.colour)),
                                ]),
                                (None, Some(_)) => t.ended_no_swap.to_owned(),
                                (None, None) => t.game_ended_in_shift.to_owned(),
                            };
                            view! {
                                <tr data-swapped=shift.swap.is_some().to_string()>
                                    <td class="num">{shift.index + 1}</td>
                                    <td>{unit_name.count(u64::from(shift.length))}</td>
                                    <td>{t.colour(shift.coin)}</td>
                                    <td>{happened}</td>
                                </tr>
                            }
                        }).collect_view()
                    }}
                </tbody>
            </table>
        </RevealPanel>
    }
}
