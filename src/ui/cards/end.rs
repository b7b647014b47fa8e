//! The end: who won and why, the final position (board mode), the clocks,
//! every series card by card (now that every stack is spent), the reveal of
//! blind stacks with a verifier link, the PGN (board mode), a rematch with
//! colours swapped, or a new setup.

use crate::referee::module::Logged;
use leptos::prelude::*;

use crate::referee::cards::CsDraw;
use crate::referee::committed::CommittedDraw;
use crate::ui::evening::{self, DrawList};

use super::strings::{CardsTexts, TEXTS};
use super::{current_view, name_of, reason_text, result_text, use_cards};
use crate::referee::cards::{CsView, SeriesEnd, TurnView, cs_to_pgn};
use crate::ui::end_parts::{
    EndPosition, FinalClocks, PgnRecord, RecordButtons, RematchOrNew, dated_pgn,
};
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::qr::escape;
use crate::ui::reveal::RevealPanel;

/// Every series and reply, card by card, as escaped HTML (docs/lean-modules.md rule 4).
fn history_html(t: &CardsTexts, v: &CsView, history: &[TurnView]) -> String {
    let mut out = String::from("<ol class=\"cs-history\">");
    for turn in history {
        match turn {
            TurnView::Series(s) => {
                out.push_str(&format!(
                    "<li class=\"cs-history-series\"><p class=\"cs-series-title\">{}</p><ol class=\"cs-cards\">",
                    escape(&format::fill(t.series_title, &[("n", &s.number.to_string()), ("mover", &name_of(v, s.mover))]))
                ));
                for (k, a) in s.attempts.iter().enumerate() {
                    out.push_str(&super::play::turned_card(t, k, a, true));
                }
                // The unused cards of a series cut short, face up now.
                if let Some(stack) = &s.stack {
                    for c in stack.chars().skip(s.attempts.len()) {
                        let word = if c == 'Y' { t.yes } else { t.no };
                        out.push_str(&format!(
                            "<li class=\"cs-card unused\" title=\"{}\"><span>{}</span><small>–</small></li>",
                            escape(t.unused),
                            escape(word)
                        ));
                    }
                }
                out.push_str("</ol>");
                if let Some(stack) = &s.stack {
                    let end = match s.end {
                        Some(SeriesEnd::Check) => t.ended_check,
                        Some(SeriesEnd::GameOver) => t.ended_game,
                        _ => "",
                    };
                    out.push_str(&format!(
                        "<p class=\"hint\">{} <span class=\"mono\">{}</span> {}</p>",
                        escape(t.stack_was),
                        escape(stack),
                        escape(end)
                    ));
                }
                out.push_str("</li>");
            }
            TurnView::Reply(r) => {
                out.push_str(&format!(
                    "<li class=\"cs-history-reply\">{}</li>",
                    escape(&format::fill(
                        t.reply_record,
                        &[
                            ("name", &name_of(v, r.colour)),
                            ("move", r.text.as_deref().unwrap_or(""))
                        ]
                    ))
                ));
            }
        }
    }
    out.push_str("</ol>");
    out
}

#[component]
pub fn EndScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let view_now = Memo::new(move |_| current_view(&ctx));
    let pgn = move || {
        ctx.game
            .with_untracked(|g| dated_pgn(&g.as_ref()?.game, cs_to_pgn))
    };
    let board = move || view_now.with(|v| v.as_ref().is_some_and(|v| v.fen.is_some()));
    let history = move || {
        let t = i18n.of(&TEXTS);
        let turns = ctx
            .game
            .with(|g| g.as_ref().map(|g| g.game.history()).unwrap_or_default());
        view_now.with(|v| {
            let Some(v) = v.as_ref() else {
                return String::new();
            };
            format!(
                "<div class=\"group\"><h2 class=\"card-title\">{}</h2>{}</div>",
                escape(t.series_heading),
                history_html(t, v, &turns)
            )
        })
    };
    // Who won and why: static once over, so one string (docs/lean-modules.md rule 4).
    let head = move || {
        let t = i18n.of(&TEXTS);
        view_now.with(|v| {
            let Some((v, r)) = v.as_ref().and_then(|v| Some((v, v.result?))) else {
                return String::new();
            };
            format!(
                "<p class=\"end-kicker\">{}</p><h1 class=\"end-result\">{}</h1><p class=\"end-reason\">{}</p>",
                escape(t.game_over),
                escape(&result_text(t, v)),
                escape(reason_text(t, r.reason))
            )
        })
    };
    let rematch = move |()| {
        let setup = ctx
            .game
            .with_untracked(|g| g.as_ref().map(|g| g.game.setup().clone()));
        if let Some(mut setup) = setup {
            std::mem::swap(&mut setup.white, &mut setup.black);
            if let Some(c) = &mut setup.clock {
                std::mem::swap(&mut c.white_ms, &mut c.black_ms);
            }
            super::setup::start_game(ctx, setup, |_| {});
        }
    };
    view! {
        <section class="cs-end game-end page-narrow">
            <div inner_html=head></div>
            {move || view_now.get().filter(|v| v.fen.is_some()).map(|v| view! {
                <EndPosition fen=v.fen last_move=v.last_move_uci last_san=v.last_move_san
                    in_check=v.in_check side_to_move=v.side_to_move/>
            })}
            <Show when=move || view_now.with(|v| v.as_ref().is_some_and(|v| v.remaining_ms.is_some()))>
                <FinalClocks rows=Signal::derive(move || {
                    let t = i18n.t();
                    view_now.with(|v| v.as_ref().and_then(|v| {
                        let ms = v.remaining_ms?;
                        Some(vec![
                            (v.white.clone(), t.game.board.white, ms[0]),
                            (v.black.clone(), t.game.board.black, ms[1]),
                        ])
                    }).unwrap_or_default())
                })/>
            </Show>
            <div inner_html=history></div>
            // Blind stacks: the reveal, words included, with the verifier link.
            {move || view_now.with(|v| v.as_ref().and_then(|v| v.reveal.clone())).map(|r| view! {
                <RevealPanel
                    title=Signal::derive(i18n.word(|i| i.of(&TEXTS).reveal_title))
                    explain=Signal::derive(i18n.word(|i| i.of(&TEXTS).reveal_explain))
                    reveal=r
                />
            })}
            <Show when=board>
                <div class="group">
                    <PgnRecord file_name="card-duel.pgn" title=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name)) text=move |()| pgn()/>
                </div>
            </Show>
            // The versioned log: every card of every series (the only record of a clock-mode game).
            <div class="group">
                <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).log_title)}</h2>
                <p class="hint">{i18n.word(|i| i.of(&TEXTS).log_hint)}</p>
                <RecordButtons
                    file_name="card-duel-log.json"
                    mime="application/json"
                    download_label=Signal::derive(i18n.word(|i| i.of(&TEXTS).download_log))
                    title=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name))
                    text=move |()| ctx.game.with_untracked(|g| g.as_ref().map(|g| g.game.to_json()))
                />
            </div>
            <DrawList draws=evening::stored_draws(CsDraw::PREFIX)/>
            <RematchOrNew on_rematch=rematch on_new=move |()| ctx.clear()/>
        </section>
    }
}
