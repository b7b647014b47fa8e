//! Setup: two names, physical or on-screen board, a time control (presets, or
//! custom per-side minutes and increment for a handicap), the rules in brief,
//! and a PGN import to continue or review a game. Remembered for next time.

use leptos::prelude::*;

use super::strings::{CrazyhouseTexts, TEXTS};
use super::use_zh;
use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::{
    InputMode, PgnImportError, TimeControl, ZhError, ZhGame, ZhSetup, zh_from_pgn,
};
use crate::ui::format;
use crate::ui::i18n::game::RecordErrorTexts;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::input_mode::InputModeChoice;
use crate::ui::names::name_problem_text;
use crate::ui::number_field::all_accepted;
use crate::ui::setup_parts::{FormError, ImportBox, RulesInBrief, TwoNames};
use crate::ui::time_setup::{TimeChoice, TimeFields};
use crate::web::storage;

const PREFS_KEY: &str = "crazyhouse.setup";

/// The form's values, remembered for the next game.
#[derive(Clone, Debug, PartialEq)]
struct Prefs {
    white: String,
    black: String,
    board_mode: bool,
    /// Preset index into `TimeControl::presets()`; custom minutes `[white, black]`.
    time: TimeChoice,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            white: String::new(),
            black: String::new(),
            board_mode: true,
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
        ]))
    }
}

/// A missing field takes its default (prefs of an older version).
impl FromJson for Prefs {
    fn from_json(v: &serde_json::Value) -> JsonResult<Prefs> {
        let o = Obj::of(v)?;
        let d = Prefs::default();
        Ok(Prefs {
            white: o.or("white", d.white)?,
            black: o.or("black", d.black)?,
            board_mode: o.or("board_mode", d.board_mode)?,
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

    /// Names as typed, or "White"/"Black" in the current language.
    fn names(&self, t: &CrazyhouseTexts) -> (String, String) {
        let pick = |typed: &str, fallback: &str| {
            let typed = typed.trim();
            if typed.is_empty() {
                fallback.to_owned()
            } else {
                typed.to_owned()
            }
        };
        (
            pick(&self.white, t.default_white),
            pick(&self.black, t.default_black),
        )
    }

    fn setup(&self, t: &CrazyhouseTexts) -> ZhSetup {
        let (white, black) = self.names(t);
        ZhSetup {
            white,
            black,
            control: self.control(),
            mode: if self.board_mode {
                InputMode::Board
            } else {
                InputMode::Clock
            },
            start_fen: None,
            opening: Vec::new(),
            recorded: None,
        }
    }

    fn remember(&self) {
        storage::set_json(PREFS_KEY, self);
    }
}

/// Why the referee refused a setup, in the current language: a name, or
/// else a time (the form offers nothing else that can be wrong).
fn setup_problem(i18n: &I18n, e: &ZhError) -> String {
    match *e {
        ZhError::BadName { index, problem } => {
            name_problem_text(i18n, i18n.of(&TEXTS).names_required, index, problem)
        }
        _ => i18n.t().game.time.bad_time.to_owned(),
    }
}

/// The import error in the current language, naming the move.
fn import_error(t: &CrazyhouseTexts, r: &RecordErrorTexts, e: &PgnImportError) -> String {
    let p = &t.pgn_errors;
    match e {
        PgnImportError::Empty => p.empty.to_owned(),
        PgnImportError::BadTag(line) => format::fill(r.bad_tag, &[("text", line)]),
        PgnImportError::OtherVariant(v) => format::fill(p.other_variant, &[("text", v)]),
        PgnImportError::BadFen(fen) => format::fill(p.bad_fen, &[("text", fen)]),
        PgnImportError::UnclosedComment => r.comment.to_owned(),
        PgnImportError::UnbalancedVariation => r.variation.to_owned(),
        PgnImportError::Unreadable { number, text } => {
            format::fill(r.unreadable, &[("move", number), ("text", text)])
        }
        PgnImportError::Illegal { number, text } => {
            format::fill(r.illegal, &[("move", number), ("text", text)])
        }
        PgnImportError::Ambiguous { number, text } => {
            format::fill(r.ambiguous, &[("move", number), ("text", text)])
        }
        PgnImportError::AfterResult(text) => format::fill(r.after_result, &[("text", text)]),
    }
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_zh();
    let prefs = RwSignal::new(Prefs::load());
    let time = RwSignal::new(prefs.get_untracked().time);
    let problem = RwSignal::new(None::<String>);
    // Refused number fields by id; Start waits until none is left.
    let refused = RwSignal::new(Vec::new());
    let pgn_text = RwSignal::new(String::new());
    let pgn_problem = RwSignal::new(None::<String>);

    let start = move |_| {
        let t = i18n.of(&TEXTS);
        if !all_accepted(refused) {
            problem.set(Some(i18n.t().game.numbers.fix_first.to_owned()));
            return;
        }
        prefs.update(|p| p.time = time.get_untracked());
        let p = prefs.get_untracked();
        match ZhGame::new(p.setup(t)) {
            Ok(game) => {
                p.remember();
                ctx.begin(game);
            }
            Err(e) => problem.set(Some(setup_problem(&i18n, &e))),
        }
    };
    let import = move |()| {
        let t = i18n.of(&TEXTS);
        prefs.update(|p| p.time = time.get_untracked());
        let p = prefs.get_untracked();
        let imported = match zh_from_pgn(&pgn_text.get_untracked()) {
            Ok(imported) => imported,
            Err(e) => {
                pgn_problem.set(Some(import_error(t, &i18n.t().game.record_errors, &e)));
                return;
            }
        };
        let (white, black) = p.names(t);
        let mut setup = imported.clone().into_setup(p.control());
        if imported.white.is_none() {
            setup.white = white;
        }
        if imported.black.is_none() {
            setup.black = black;
        }
        match ZhGame::new(setup) {
            Ok(game) => {
                pgn_problem.set(None);
                ctx.begin(game);
            }
            Err(e) => pgn_problem.set(Some(setup_problem(&i18n, &e))),
        }
    };

    view! {
        <section class="zh-setup page-narrow">
            <h1>{move || i18n.of(&TEXTS).setup_title}</h1>
            <TwoNames
                legend=Signal::derive(move || i18n.of(&TEXTS).players)
                labels=Signal::derive(move || { let t = i18n.of(&TEXTS); [t.white_name, t.black_name] })
                placeholders=Signal::derive(move || { let t = i18n.of(&TEXTS); [t.default_white, t.default_black] })
                value=move |i: usize| prefs.with(|p| [&p.white, &p.black][i].clone())
                on_input=move |(i, value): (usize, String)| {
                    prefs.update(|p| *[&mut p.white, &mut p.black][i] = value);
                    problem.set(None);
                }
            />
            <InputModeChoice
                name="zh-mode"
                board=Signal::derive(move || prefs.with(|p| p.board_mode))
                on_change=move |board| prefs.update(|p| p.board_mode = board)
            />
            <TimeFields
                choice=time
                presets=TimeControl::presets().into_iter().map(|(label, _)| label).collect()
                radio_name="zh-time"
                increment_id="zh-increment"
                minute_ids=&["zh-min-white", "zh-min-black"]
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
            <button type="button" class="button primary big" on:click=start>
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
}
