//! The evening's commitments with their fates (docs/fairness.md "Threat
//! model"): a draw that was left is revealed at once on the setup screen, and
//! the end screen lists every commitment, so a re-roll is seen by all three.

use leptos::prelude::*;

use super::strings::{NordauTexts, TEXTS};
use super::use_table;
use crate::referee::nordau::{DrawFate, DrawRecord};
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::verifier::verifier_fragment;

/// "Draw 2 abandoned before move one — seed …" (`number` counts from 1).
fn fate_text(t: &NordauTexts, number: usize, record: &DrawRecord) -> String {
    let (template, half_moves) = match record.fate {
        DrawFate::Played => (t.draw_played, 0),
        DrawFate::Withdrawn => (t.draw_withdrawn, 0),
        DrawFate::Abandoned { half_moves: 0 } => (t.draw_abandoned_before, 0),
        DrawFate::Abandoned { half_moves } => (t.draw_abandoned_after, half_moves),
    };
    format::fill(
        template,
        &[
            ("n", &number.to_string()),
            ("h", &half_moves.to_string()),
            ("seed", &format::grouped_hex(&record.seed_hex)),
        ],
    )
}

fn draw_item(number: usize, record: DrawRecord) -> impl IntoView {
    let i18n = use_i18n();
    let link = verifier_fragment(
        &record.commitment_hex,
        &record.setup_text,
        Some(&record.seed_hex),
        &record.words,
    );
    let fate = match record.fate {
        DrawFate::Played => "played",
        DrawFate::Withdrawn => "withdrawn",
        DrawFate::Abandoned { .. } => "abandoned",
    };
    let commitment = format::grouped_hex(&record.commitment_hex);
    view! {
        <li class="draw-record" data-fate=fate>
            <p class="draw-fate hex">{move || fate_text(i18n.of(&TEXTS), number, &record)}</p>
            <p class="draw-commitment hex">
                {move || format::fill(i18n.of(&TEXTS).draw_commitment, &[("c", &commitment)])}
            </p>
            <a class="button link" href=link>{move || i18n.of(&TEXTS).verify_draw}</a>
        </li>
    }
}

/// Every commitment of the evening, in order.
#[component]
pub fn DrawList() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let draws = move || {
        ctx.with_table(|t| t.session.as_ref().map(|s| s.draws.clone()))
            .unwrap_or_default()
    };
    view! {
        <Show when=move || !draws().is_empty()>
            <div class="group draws" data-testid="draws">
                <h2 class="card-title">{move || i18n.of(&TEXTS).draws_title}</h2>
                <ol class="draw-list">
                    {move || draws().into_iter().enumerate().map(|(i, r)| draw_item(i + 1, r)).collect_view()}
                </ol>
            </div>
        </Show>
    }
}

/// The last draw, if it was left rather than played: revealed right away.
#[component]
pub fn LeftDraw() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let left = move || {
        ctx.with_table(|t| {
            let draws = &t.session.as_ref()?.draws;
            let last = draws.last()?;
            (last.fate != DrawFate::Played).then(|| (draws.len(), last.clone()))
        })
    };
    view! {
        {move || left().map(|(number, record)| view! {
            <div class="group left-draw" role="status" data-testid="left-draw">
                <h2 class="card-title">{move || i18n.of(&TEXTS).draw_left_title}</h2>
                <ul class="draw-list">{draw_item(number, record)}</ul>
            </div>
        })}
    }
}
