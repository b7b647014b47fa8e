//! Setup: two names, physical or on-screen board (C-1), the start position
//! (drawn and committed, the standard 518, or a number the players choose),
//! each player's tokens (0–3, default 2; UC-2), a time control, the rules in
//! brief, and a Chess960 PGN to review. Remembered for next time.

use crate::ui::names::name_problem_text;
use leptos::prelude::*;

use crate::ui::clicks;

use crate::referee::committed::CommittedDraw;
use crate::referee::undo::UcDraw;
use crate::ui::evening::{self, LeftDraw};

use super::commit::{self, CommitScreen, Pending};
use super::strings::{TEXTS, UndoTexts};
use super::use_uc;
use crate::referee::chessboard::MoveError;
use crate::referee::json::{Json, JsonResult, Obj, f};
use crate::referee::undo::{
    StartChoice, StartPosition, UcError, UcGame, UcImported, UcPgnError, UcSetup, uc_from_pgn,
};
use crate::ui::board::FinalPosition;
use crate::ui::format;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::number_field::{NumberField, NumberRange};
use crate::ui::setup_parts::ImportBox;
use crate::ui::setup_parts::form::{
    FormIds, NamesAndMode, OwnPrefs, RulesAndStart, SetupForm, TwoPlayerPrefs, TwoPlayerTime,
    form_ids,
};

const PREFS_KEY: &str = "undo.setup";

/// Where the start comes from: drawn, standard, a typed number.
const DRAWN: u8 = 0;
const STANDARD: u8 = 1;
const NUMBER: u8 = 2;

const IDS: FormIds = form_ids!("uc");

/// The form's own values: where the start comes from, its number, and each
/// player's tokens.
#[derive(Clone, Debug, PartialEq)]
struct Own {
    start_kind: u8,
    number: f64,
    tokens: [f64; 2],
}

type Prefs = TwoPlayerPrefs<Own>;

impl OwnPrefs for Own {
    fn defaults() -> Prefs {
        TwoPlayerPrefs::chess(Own {
            start_kind: DRAWN,
            number: 518.0,
            tokens: [2.0, 2.0],
        })
    }

    fn fields(&self) -> Vec<(&'static str, Option<Json>)> {
        vec![
            ("start_kind", f(&u64::from(self.start_kind))),
            ("number", f(&self.number)),
            ("tokens_white", f(&self.tokens[0])),
            ("tokens_black", f(&self.tokens[1])),
        ]
    }

    fn read(o: &Obj, d: Own) -> JsonResult<Own> {
        let kind: u64 = o.or("start_kind", u64::from(d.start_kind))?;
        let in_range = |x: f64, max: f64, default: f64| {
            if (0.0..=max).contains(&x) && x.fract() == 0.0 {
                x
            } else {
                default
            }
        };
        Ok(Own {
            start_kind: u8::try_from(kind.min(2)).unwrap_or(DRAWN),
            number: in_range(o.or("number", d.number)?, 959.0, 518.0),
            tokens: [
                in_range(o.or("tokens_white", 2.0)?, 3.0, 2.0),
                in_range(o.or("tokens_black", 2.0)?, 3.0, 2.0),
            ],
        })
    }
}

fn setup(p: &Prefs, i18n: &I18n) -> UcSetup {
    let own = &p.own;
    let start = match own.start_kind {
        DRAWN => StartChoice::Drawn,
        STANDARD => StartChoice::Fixed(StartPosition::standard()),
        // The field accepts only whole numbers 0…959.
        _ => StartChoice::Fixed(
            StartPosition::new(own.number as u32).unwrap_or(StartPosition::standard()),
        ),
    };
    let (white, black) = p.names(i18n);
    UcSetup::new(&white, &black, p.mode(), start, p.control())
        .with_tokens(own.tokens[0] as u8, own.tokens[1] as u8)
}

fn import_error(
    t: &UndoTexts,
    r: &crate::ui::i18n::game::RecordErrorTexts,
    e: &UcPgnError,
) -> String {
    match e {
        UcPgnError::Empty => t.pgn_errors.empty.to_owned(),
        UcPgnError::OtherVariant(v) => format::fill(t.pgn_errors.other_variant, &[("text", v)]),
        UcPgnError::BadFen(fen) => format::fill(t.pgn_errors.bad_fen, &[("text", fen)]),
        UcPgnError::BadTag(line) => format::fill(r.bad_tag, &[("text", line)]),
        UcPgnError::UnclosedComment => r.comment.to_owned(),
        UcPgnError::UnbalancedVariation => r.variation.to_owned(),
        UcPgnError::Move {
            number,
            text,
            error,
        } => {
            let template = match error {
                MoveError::Unreadable => r.unreadable,
                MoveError::Illegal => r.illegal,
                MoveError::Ambiguous => r.ambiguous,
            };
            format::fill(template, &[("move", number), ("text", text)])
        }
        UcPgnError::AfterResult(text) => format::fill(r.after_result, &[("text", text)]),
    }
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_uc();
    let form = SetupForm::<Prefs>::load(PREFS_KEY);
    let prefs = form.prefs;
    let refused = form.refused;
    let review = RwSignal::new(None::<UcImported>);
    // A drawn start waiting for its words: sealed in storage, opened here.
    let pending = RwSignal::new(None::<Pending>);
    leptos::task::spawn_local(async move {
        if let Some(p) = commit::load().await {
            pending.set(Some(p));
        }
    });

    let start = move |()| {
        let t = i18n.of(&TEXTS);
        let Some(p) = form.submit(&i18n) else {
            return;
        };
        let setup = setup(&p, &i18n);
        if let Err(e) = setup.validate() {
            form.refuse(match e {
                crate::referee::undo::UcSetupError::Name { index, problem } => {
                    name_problem_text(&i18n, t.names_required, index, problem)
                }
                _ => i18n.t().game.time.bad_time.to_owned(),
            });
            return;
        }
        form.remember(&p);
        if setup.start == StartChoice::Drawn {
            leptos::task::spawn_local(async move {
                match commit::create(setup).await {
                    Some(p) => pending.set(Some(p)),
                    None => form.refuse(i18n.of(&TEXTS).cannot_draw.to_owned()),
                }
            });
            return;
        }
        match UcGame::new(setup) {
            Ok(game) => ctx.begin(game),
            Err(UcError::Setup(_)) | Err(_) => form.refuse(i18n.t().game.time.bad_time.to_owned()),
        }
    };
    let import = move |text: String| match uc_from_pgn(&text) {
        Ok(imported) => {
            review.set(Some(imported));
            None
        }
        Err(e) => Some(Signal::stored(import_error(
            i18n.of(&TEXTS),
            &i18n.t().game.record_errors,
            &e,
        ))),
    };

    let start_radio = move |kind: u8| {
        view! {
            <label class="choice">
                <input type="radio" name="uc-start"
                    prop:checked=move || prefs.with(|p| p.own.start_kind == kind)
                    on:change=move |_| prefs.update(|p| p.own.start_kind = kind)/>
                <span>{move || {
                    let c = &i18n.of(&TEXTS).start_choices;
                    match kind {
                        DRAWN => c.drawn,
                        STANDARD => c.standard,
                        _ => c.typed,
                    }
                }}</span>
            </label>
        }
    };
    let token_field = move |i: usize| {
        view! {
            <NumberField
                id=["uc-tokens-white", "uc-tokens-black"][i]
                label=Signal::derive(move || { let t = i18n.of(&TEXTS); [t.tokens_white, t.tokens_black][i] })
                value=Signal::derive(move || prefs.with(|p| p.own.tokens[i]))
                range=NumberRange::whole(0, 3)
                on_valid=move |v| prefs.update(|p| p.own.tokens[i] = v)
                refused=refused
            />
        }
    };

    let form = move || {
        view! {
        <section class="uc-setup page-narrow">
            <h1>{i18n.word(|i| i.of(&TEXTS).setup_title)}</h1>
            <LeftDraw draws=evening::stored_draws(UcDraw::PREFIX)/>
            <NamesAndMode form=form ids=&IDS/>
            <fieldset class="group uc-start-choice">
                <legend>{i18n.word(|i| i.of(&TEXTS).start_title)}</legend>
                {start_radio(DRAWN)}
                {start_radio(STANDARD)}
                {start_radio(NUMBER)}
                <Show when=move || prefs.with(|p| p.own.start_kind == NUMBER)>
                    <NumberField
                        id="uc-number"
                        label=Signal::derive(i18n.word(|i| i.of(&TEXTS).start_number))
                        value=Signal::derive(move || prefs.with(|p| p.own.number))
                        range=NumberRange::whole(0, 959)
                        on_valid=move |v| prefs.update(|p| p.own.number = v)
                        refused=refused
                    />
                </Show>
            </fieldset>
            <fieldset class="group uc-tokens-choice">
                <legend>{i18n.word(|i| i.of(&TEXTS).tokens_title)}</legend>
                {token_field(0)}
                {token_field(1)}
            </fieldset>
            <TwoPlayerTime form=form ids=&IDS minute_labels=Signal::derive(i18n.word(|i| { let t = i.of(&TEXTS); [t.minutes_white, t.minutes_black] }))/>
            <RulesAndStart form=form rules=Signal::derive(i18n.word(|i| &i.of(&TEXTS).rules[..])) on_start=start class="uc-begin"/>
            <ImportBox words=Signal::derive(i18n.word(|i| &i.of(&TEXTS).import)) text=form.import on_import=import/>
        </section>
        }
    };

    view! {
        {move || {
            if let Some(p) = pending.get() {
                view! { <CommitScreen pending=p on_done=move |()| pending.set(None)/> }.into_any()
            } else if let Some(r) = review.get() {
                view! { <Review imported=r on_close=move |()| review.set(None)/> }.into_any()
            } else {
                form().into_any()
            }
        }}
    }
}

/// A screen that replaces the form starts at its top (the Start and Import
/// buttons sit at the bottom of the form).
pub fn scroll_to_top() {
    if let Some(window) = web_sys::window() {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
}

/// An imported Chess960 game, move by move.
#[component]
fn Review(imported: UcImported, #[prop(into)] on_close: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    scroll_to_top();
    let last = imported.fens.len().saturating_sub(1);
    let at = RwSignal::new(last);
    let fens = imported.fens.clone();
    let sans = imported.sans.clone();
    let ucis = imported.ucis.clone();
    let title = format!(
        "{} – {}",
        imported.white.clone().unwrap_or_default(),
        imported.black.clone().unwrap_or_default()
    );
    let start = imported.start.map(|s| s.number());
    view! {
        <section class="uc-review page-narrow">
            <h1>{i18n.word(|i| i.of(&TEXTS).review_title)}</h1>
            <p class="lead">{title}</p>
            {start.map(|n| view! { <p class="hint">{move || format::fill(i18n.of(&TEXTS).position_no, &[("n", &n.to_string())])}</p> })}
            <FinalPosition
                fen=Signal::derive(move || fens.get(at.get()).cloned())
                last_move=Signal::derive(move || at.get().checked_sub(1).and_then(|k| ucis.get(k).cloned()))
                last_san=Signal::derive(move || at.get().checked_sub(1).and_then(|k| sans.get(k).cloned()))
                in_check=false
                side_to_move=crate::referee::Colour::White
            />
            <div class="button-row">
                <button type="button" class="button uc-prev" on:click=move |_| at.update(|a| *a = a.saturating_sub(1))>
                    {i18n.word(|i| i.of(&TEXTS).review_prev)}
                </button>
                <button type="button" class="button uc-next" on:click=move |_| at.update(|a| *a = (*a + 1).min(last))>
                    {i18n.word(|i| i.of(&TEXTS).review_next)}
                </button>
                <button type="button" class="button" on:click=clicks::runs(on_close)>
                    {i18n.word(|i| i.of(&TEXTS).review_close)}
                </button>
            </div>
        </section>
    }
}
