//! The evening's commitments with their fates, as every drawn game shows
//! them (docs/fairness.md "Threat model"): a draw that was left is revealed
//! at once, and the list keeps every commitment, so a re-roll is seen by all
//! players. Nordau Shift keeps its list in its session; the card duel and
//! Undo Chess keep theirs here, in one stored record
//! (`referee::evening::Evening`) that each filters by its setup codes.

use leptos::prelude::*;

use crate::referee::evening::{DrawFate, DrawRecord, Evening, EveningError};
use crate::ui::format;
use crate::ui::i18n::{Catalogue, use_i18n};
use crate::ui::verifier::verifier_fragment;
use crate::web::storage;

const KEY: &str = "evening.draws";
/// Where unreadable records are kept aside (`storage::read_or_set_aside`).
const UNREADABLE_KEY: &str = "evening.draws.unreadable";

/// The stored record; an unreadable one is kept aside and a new one begun.
/// With every aside key taken, the unreadable record stays where it is and
/// nothing replaces it (`Corrupt`: the caller stores nothing).
pub fn load() -> Result<Evening, EveningError> {
    storage::read_or_set_aside(KEY, UNREADABLE_KEY, Evening::from_text, |e| {
        matches!(e, EveningError::Corrupt(_))
    })
    .map(Option::unwrap_or_default)
}

/// Keeps a revealed commitment; false if this phone could not store it (or
/// holds a newer app's record, which is left as it is).
pub fn record(draw: DrawRecord) -> bool {
    let Ok(mut evening) = load() else {
        return false;
    };
    evening.record(draw);
    storage::set(KEY, &evening.to_text())
}

pub struct DrawTexts {
    pub title: &'static str,
    pub left_title: &'static str,
    /// `{n}` the draw's number, `{h}` half-moves, `{seed}` the seed.
    pub played: &'static str,
    pub withdrawn: &'static str,
    pub abandoned_before: &'static str,
    pub abandoned_after: &'static str,
    /// `{c}` the commitment.
    pub commitment: &'static str,
    pub verify: &'static str,
}

pub static TEXTS: Catalogue<DrawTexts> = Catalogue {
    en: &EN,
    ru: &RU,
    he: &HE,
};

static EN: DrawTexts = DrawTexts {
    title: "Commitments this evening",
    left_title: "The last draw was left: its seed is revealed",
    played: "Draw {n} played — seed {seed}",
    withdrawn: "Draw {n} withdrawn before the words were locked — seed {seed}",
    abandoned_before: "Draw {n} abandoned before move one — seed {seed}",
    abandoned_after: "Draw {n} abandoned after {h} half-moves — seed {seed}",
    commitment: "Commitment {c}",
    verify: "Verify",
};

static HE: DrawTexts = DrawTexts {
    title: "התחייבויות הערב",
    left_title: "ההגרלה האחרונה ננטשה: הזרע שלה נחשף",
    played: "הגרלה \u{2068}{n}\u{2069} שוחקה — זרע \u{2068}{seed}\u{2069}",
    withdrawn: "הגרלה \u{2068}{n}\u{2069} בוטלה לפני נעילת המילים — זרע \u{2068}{seed}\u{2069}",
    abandoned_before: "הגרלה \u{2068}{n}\u{2069} ננטשה לפני המסע הראשון — זרע \u{2068}{seed}\u{2069}",
    // "After half-move no. h": no counted noun to agree with the number.
    abandoned_after: "הגרלה \u{2068}{n}\u{2069} ננטשה אחרי חצי מסע מס׳ \u{2068}{h}\u{2069} — זרע \u{2068}{seed}\u{2069}",
    commitment: "התחייבות \u{2068}{c}\u{2069}",
    verify: "אימות",
};

static RU: DrawTexts = DrawTexts {
    title: "Обязательства за вечер",
    left_title: "Прошлая жеребьёвка брошена: её зерно раскрыто",
    played: "Жеребьёвка {n} сыграна — зерно {seed}",
    withdrawn: "Жеребьёвка {n} отозвана до того, как слова закреплены — зерно {seed}",
    abandoned_before: "Жеребьёвка {n} брошена до первого хода — зерно {seed}",
    abandoned_after: "Жеребьёвка {n} брошена после полуходов: {h} — зерно {seed}",
    commitment: "Обязательство {c}",
    verify: "Проверить",
};

/// "Draw 2 abandoned before move one — seed …" (`number` counts from 1).
fn fate_text(t: &DrawTexts, number: usize, record: &DrawRecord) -> String {
    let (template, half_moves) = match record.fate {
        DrawFate::Played => (t.played, 0),
        DrawFate::Withdrawn => (t.withdrawn, 0),
        DrawFate::Abandoned { half_moves: 0 } => (t.abandoned_before, 0),
        DrawFate::Abandoned { half_moves } => (t.abandoned_after, half_moves),
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
                {move || format::fill(i18n.of(&TEXTS).commitment, &[("c", &commitment)])}
            </p>
            <a class="button link" href=link>{i18n.word(|i| i.of(&TEXTS).verify)}</a>
        </li>
    }
}

/// Every commitment of the evening, in order.
#[component]
pub fn DrawList(#[prop(into)] draws: Signal<Vec<DrawRecord>>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Show when=move || draws.with(|d| !d.is_empty())>
            <div class="group draws" data-testid="draws">
                <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).title)}</h2>
                <ol class="draw-list">
                    {move || draws.get().into_iter().enumerate().map(|(i, r)| draw_item(i + 1, r)).collect_view()}
                </ol>
            </div>
        </Show>
    }
}

/// The last draw, if it was left rather than played: revealed right away.
#[component]
pub fn LeftDraw(#[prop(into)] draws: Signal<Vec<DrawRecord>>) -> impl IntoView {
    let i18n = use_i18n();
    let left = move || {
        draws.with(|d| {
            let last = d.last().filter(|last| last.fate != DrawFate::Played)?;
            Some((d.len(), last.clone()))
        })
    };
    view! {
        {move || left().map(|(number, record)| view! {
            <div class="group left-draw" role="status" data-testid="left-draw">
                <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).left_title)}</h2>
                <ul class="draw-list">{draw_item(number, record)}</ul>
            </div>
        })}
    }
}

/// The stored draws of the game whose setup codes start with `prefix`,
/// read when shown.
pub fn stored_draws(prefix: &'static str) -> Signal<Vec<DrawRecord>> {
    let draws = load()
        .map(|e| e.of(prefix).cloned().collect())
        .unwrap_or_default();
    Signal::stored(draws)
}
