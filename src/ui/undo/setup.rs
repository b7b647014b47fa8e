//! Setup: two names, physical or on-screen board (C-1), the start position
//! (drawn and committed, the standard 518, or a number the players choose),
//! each player's tokens (0–3, default 2; UC-2), a time control, the rules in
//! brief, and a Chess960 PGN to review. Remembered for next time.

use crate::ui::names::name_problem_text;
use leptos::prelude::*;

use crate::referee::committed::CommittedDraw;
use crate::referee::undo::UcDraw;
use crate::ui::evening::{self, LeftDraw};

use super::commit::{self, CommitScreen, Pending};
use super::strings::{TEXTS, UndoTexts};
use super::use_uc;
use crate::referee::chessboard::MoveError;
use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::undo::{
    StartChoice, StartPosition, UcError, UcGame, UcImported, UcPgnError, UcSetup, uc_from_pgn,
};
use crate::referee::{InputMode, TimeControl};
use crate::ui::board::FinalPosition;
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::input_mode::InputModeChoice;
use crate::ui::number_field::all_accepted;
use crate::ui::number_field::{NumberField, NumberRange};
use crate::ui::setup_parts::{FormError, ImportBox, RulesInBrief, TwoNames};
use crate::ui::time_setup::{TimeChoice, TimeFields};
use crate::web::storage;

const PREFS_KEY: &str = "undo.setup";

/// Where the start comes from: drawn, standard, a typed number.
const DRAWN: u8 = 0;
const STANDARD: u8 = 1;
const NUMBER: u8 = 2;

#[derive(Clone, Debug, PartialEq)]
struct Prefs {
    white: String,
    black: String,
    board_mode: bool,
    start_kind: u8,
    number: f64,
    tokens: [f64; 2],
    time: TimeChoice,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            white: String::new(),
            black: String::new(),
            board_mode: true,
            start_kind: DRAWN,
            number: 518.0,
            tokens: [2.0, 2.0],
            time: TimeChoice {
                preset: 1,
                minutes: vec![5.0, 5.0],
                increment_kind: 1,
                increment_s: 3.0,
            },
        }
    }
}

impl ToJson for Prefs {
    fn to_json(&self) -> Json {
        self.time.add_to(obj([
            ("white", f(&self.white)),
            ("black", f(&self.black)),
            ("board_mode", f(&self.board_mode)),
            ("start_kind", f(&u64::from(self.start_kind))),
            ("number", f(&self.number)),
            ("tokens_white", f(&self.tokens[0])),
            ("tokens_black", f(&self.tokens[1])),
        ]))
    }
}

impl FromJson for Prefs {
    fn from_json(v: &serde_json::Value) -> JsonResult<Prefs> {
        let o = Obj::of(v)?;
        let d = Prefs::default();
        let kind: u64 = o.or("start_kind", u64::from(d.start_kind))?;
        let in_range = |x: f64, max: f64, default: f64| {
            if (0.0..=max).contains(&x) && x.fract() == 0.0 {
                x
            } else {
                default
            }
        };
        Ok(Prefs {
            white: o.or("white", d.white)?,
            black: o.or("black", d.black)?,
            board_mode: o.or("board_mode", d.board_mode)?,
            start_kind: u8::try_from(kind.min(2)).unwrap_or(DRAWN),
            number: in_range(o.or("number", d.number)?, 959.0, 518.0),
            tokens: [
                in_range(o.or("tokens_white", 2.0)?, 3.0, 2.0),
                in_range(o.or("tokens_black", 2.0)?, 3.0, 2.0),
            ],
            time: TimeChoice::from_fields(&o, d.time)?,
        })
    }
}

impl Prefs {
    fn load() -> Prefs {
        storage::get_json(PREFS_KEY)
    }

    fn control(&self) -> TimeControl {
        self.time
            .preset_control(&TimeControl::presets())
            .unwrap_or_else(|| self.time.custom_control(0, 1))
    }

    fn setup(&self, t: &UndoTexts) -> UcSetup {
        let pick = |typed: &str, fallback: &str| {
            let typed = typed.trim();
            if typed.is_empty() { fallback } else { typed }.to_owned()
        };
        let start = match self.start_kind {
            DRAWN => StartChoice::Drawn,
            STANDARD => StartChoice::Fixed(StartPosition::standard()),
            // The field accepts only whole numbers 0…959.
            _ => StartChoice::Fixed(
                StartPosition::new(self.number as u32).unwrap_or(StartPosition::standard()),
            ),
        };
        let mode = if self.board_mode {
            InputMode::Board
        } else {
            InputMode::Clock
        };
        UcSetup::new(
            &pick(&self.white, t.default_white),
            &pick(&self.black, t.default_black),
            mode,
            start,
            self.control(),
        )
        .with_tokens(self.tokens[0] as u8, self.tokens[1] as u8)
    }

    fn remember(&self) {
        storage::set_json(PREFS_KEY, self);
    }
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
    let prefs = RwSignal::new(Prefs::load());
    let time = RwSignal::new(prefs.get_untracked().time);
    let problem = RwSignal::new(None::<String>);
    let refused = RwSignal::new(Vec::new());
    let pgn_text = RwSignal::new(String::new());
    let pgn_problem = RwSignal::new(None::<String>);
    let review = RwSignal::new(None::<UcImported>);
    // A drawn start waiting for its words: sealed in storage, opened here.
    let pending = RwSignal::new(None::<Pending>);
    leptos::task::spawn_local(async move {
        if let Some(p) = commit::load().await {
            pending.set(Some(p));
        }
    });

    let start = move |_| {
        let t = i18n.of(&TEXTS);
        if !all_accepted(refused) {
            problem.set(Some(i18n.t().game.numbers.fix_first.to_owned()));
            return;
        }
        prefs.update(|p| p.time = time.get_untracked());
        let p = prefs.get_untracked();
        let setup = p.setup(t);
        if let Err(e) = setup.validate() {
            problem.set(Some(match e {
                crate::referee::undo::UcSetupError::Name { index, problem } => {
                    name_problem_text(&i18n, t.names_required, index, problem)
                }
                _ => i18n.t().game.time.bad_time.to_owned(),
            }));
            return;
        }
        p.remember();
        if setup.start == StartChoice::Drawn {
            leptos::task::spawn_local(async move {
                match commit::create(setup).await {
                    Some(p) => pending.set(Some(p)),
                    None => problem.set(Some(i18n.of(&TEXTS).cannot_draw.to_owned())),
                }
            });
            return;
        }
        match UcGame::new(setup) {
            Ok(game) => ctx.begin(game),
            Err(UcError::Setup(_)) | Err(_) => {
                problem.set(Some(i18n.t().game.time.bad_time.to_owned()))
            }
        }
    };
    let import = move |()| match uc_from_pgn(&pgn_text.get_untracked()) {
        Ok(imported) => {
            pgn_problem.set(None);
            review.set(Some(imported));
        }
        Err(e) => pgn_problem.set(Some(import_error(
            i18n.of(&TEXTS),
            &i18n.t().game.record_errors,
            &e,
        ))),
    };

    let start_radio = move |kind: u8| {
        view! {
            <label class="choice">
                <input type="radio" name="uc-start"
                    prop:checked=move || prefs.with(|p| p.start_kind == kind)
                    on:change=move |_| prefs.update(|p| p.start_kind = kind)/>
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
                value=Signal::derive(move || prefs.with(|p| p.tokens[i]))
                range=NumberRange::whole(0, 3)
                on_valid=move |v| prefs.update(|p| p.tokens[i] = v)
                refused=refused
            />
        }
    };

    let form = move || {
        view! {
        <section class="uc-setup page-narrow">
            <h1>{move || i18n.of(&TEXTS).setup_title}</h1>
            <LeftDraw draws=evening::stored_draws(UcDraw::PREFIX)/>
            <TwoNames
                legend=Signal::derive(move || i18n.of(&TEXTS).players)
                labels=Signal::derive(move || { let t = i18n.of(&TEXTS); [t.white, t.black] })
                placeholders=Signal::derive(move || { let t = i18n.of(&TEXTS); [t.default_white, t.default_black] })
                value=move |i: usize| prefs.with(|p| [&p.white, &p.black][i].clone())
                on_input=move |(i, value): (usize, String)| {
                    prefs.update(|p| *[&mut p.white, &mut p.black][i] = value);
                    problem.set(None);
                }
            />
            <InputModeChoice
                name="uc-mode"
                board=Signal::derive(move || prefs.with(|p| p.board_mode))
                on_change=move |board| prefs.update(|p| p.board_mode = board)
            />
            <fieldset class="group uc-start-choice">
                <legend>{move || i18n.of(&TEXTS).start_title}</legend>
                {start_radio(DRAWN)}
                {start_radio(STANDARD)}
                {start_radio(NUMBER)}
                <Show when=move || prefs.with(|p| p.start_kind == NUMBER)>
                    <NumberField
                        id="uc-number"
                        label=Signal::derive(move || i18n.of(&TEXTS).start_number)
                        value=Signal::derive(move || prefs.with(|p| p.number))
                        range=NumberRange::whole(0, 959)
                        on_valid=move |v| prefs.update(|p| p.number = v)
                        refused=refused
                    />
                </Show>
            </fieldset>
            <fieldset class="group uc-tokens-choice">
                <legend>{move || i18n.of(&TEXTS).tokens_title}</legend>
                {token_field(0)}
                {token_field(1)}
            </fieldset>
            <TimeFields
                choice=time
                presets=TimeControl::presets().into_iter().map(|(label, _)| label).collect()
                radio_name="uc-time"
                increment_id="uc-increment"
                minute_ids=&["uc-min-white", "uc-min-black"]
                minute_labels=Signal::derive(move || {
                    let t = i18n.of(&TEXTS);
                    vec![t.minutes_white, t.minutes_black]
                })
                hint=Signal::stored(None)
                refused=refused
                on_change=move |()| problem.set(None)
            />
            <RulesInBrief rules=Signal::derive(move || &i18n.of(&TEXTS).rules[..])/>
            <FormError problem=problem/>
            <button type="button" class="button primary big uc-begin" on:click=start>
                {move || i18n.of(&TEXTS).start}
            </button>
            <ImportBox
                words=Signal::derive(move || {
                    let t = i18n.of(&TEXTS);
                    (t.import_title, t.import_explain, t.import_label)
                })
                text=pgn_text
                problem=pgn_problem
                on_edit=move |()| pgn_problem.set(None)
                on_import=import
            />
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
            <h1>{move || i18n.of(&TEXTS).review_title}</h1>
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
                    {move || i18n.of(&TEXTS).review_prev}
                </button>
                <button type="button" class="button uc-next" on:click=move |_| at.update(|a| *a = (*a + 1).min(last))>
                    {move || i18n.of(&TEXTS).review_next}
                </button>
                <button type="button" class="button" on:click=move |_| on_close.run(())>
                    {move || i18n.of(&TEXTS).review_close}
                </button>
            </div>
        </section>
    }
}
