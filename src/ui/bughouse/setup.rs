//! Setup: the four names by team (BH-1), physical or on-screen boards, the
//! time control (BH-7's 3 minutes unless chosen; presets, or custom minutes
//! per player for a handicap with an increment or delay), how to sit, the
//! rules in brief, and a BPGN import to continue or review a match.
//! Remembered for next time.

use leptos::prelude::*;

use super::strings::{BughouseTexts, TEXTS};
use super::use_bh;
use crate::referee::bughouse::game::presets;
use crate::referee::bughouse::{BhError, BhGame, BhSetup, BpgnImportError, bh_from_bpgn};
use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::{InputMode, TimeControl};
use crate::ui::format;
use crate::ui::i18n::game::RecordErrorTexts;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::input_mode::InputModeChoice;
use crate::ui::names::name_problem_text;
use crate::ui::setup_parts::form::{RulesAndStart, SetupForm, TimedPrefs};
use crate::ui::setup_parts::{ImportBox, NameField};
use crate::ui::time_setup::{TimeChoice, TimeFields};

const PREFS_KEY: &str = "bughouse.setup";
/// Field ids of the custom minutes, in seat order.
const MINUTE_IDS: [&str; 4] = ["bh-min-wa", "bh-min-ba", "bh-min-wb", "bh-min-bb"];

/// The form's values, remembered for the next match.
#[derive(Clone, Debug, PartialEq)]
struct Prefs {
    /// `[white A, black A, white B, black B]`.
    names: [String; 4],
    board_mode: bool,
    /// Preset index into `presets()` (0 is BH-7's 3 + 0); custom minutes in
    /// seat order.
    time: TimeChoice,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            names: Default::default(),
            board_mode: false,
            time: TimeChoice {
                preset: 0,
                minutes: vec![3.0; 4],
                increment_kind: 0,
                increment_s: 2.0,
            },
        }
    }
}

impl ToJson for Prefs {
    fn to_json(&self) -> Json {
        self.time.add_to(obj([
            ("names", f(&self.names)),
            ("board_mode", f(&self.board_mode)),
        ]))
    }
}

/// A missing or unusable field takes its default.
impl FromJson for Prefs {
    fn from_json(v: &serde_json::Value) -> JsonResult<Prefs> {
        let o = Obj::of(v)?;
        let d = Prefs::default();
        Ok(Prefs {
            names: o.or("names", d.names)?,
            board_mode: o.or("board_mode", d.board_mode)?,
            time: TimeChoice::from_fields(&o, d.time)?,
        })
    }
}

impl TimedPrefs for Prefs {
    fn time_mut(&mut self) -> &mut TimeChoice {
        &mut self.time
    }

    /// Board A White, A Black, B White, B Black: the evening's seat order.
    fn names_mut(&mut self) -> Vec<&mut String> {
        self.names.iter_mut().collect()
    }
}

impl Prefs {
    /// Each board's clock `[A, B]`.
    fn controls(&self) -> [TimeControl; 2] {
        match self.time.preset_control(&presets()) {
            Some(tc) => [tc.clone(), tc],
            None => [
                self.time.custom_control(0, 1),
                self.time.custom_control(2, 3),
            ],
        }
    }

    /// Names as typed, or the seat ("White A") in the current language.
    fn names(&self, t: &BughouseTexts) -> [String; 4] {
        let mut i = 0;
        self.names.clone().map(|typed| {
            let seat = t.seats[i];
            i += 1;
            let typed = typed.trim();
            if typed.is_empty() { seat } else { typed }.to_owned()
        })
    }

    fn setup(&self, t: &BughouseTexts) -> BhSetup {
        let mode = if self.board_mode {
            InputMode::Board
        } else {
            InputMode::Clock
        };
        let mut setup = BhSetup::new(["x"; 4], mode);
        setup.names = self.names(t);
        setup.controls = self.controls();
        setup
    }
}

fn setup_problem(i18n: &I18n, e: &BhError) -> String {
    match *e {
        BhError::BadName { index, problem } => {
            name_problem_text(i18n, i18n.of(&TEXTS).names_required, index, problem)
        }
        _ => i18n.t().game.time.bad_time.to_owned(),
    }
}

/// Why an import was refused: the text, or the match it holds.
#[derive(Clone, Debug, PartialEq)]
enum ImportProblem {
    Bpgn(BpgnImportError),
    Setup(BhError),
}

/// The BPGN reader's refusal in the current language, naming the move.
fn import_error(t: &BughouseTexts, r: &RecordErrorTexts, e: &BpgnImportError) -> String {
    let p = &t.bpgn_errors;
    let fill = format::fill;
    match e {
        BpgnImportError::Empty => p.empty.to_owned(),
        BpgnImportError::BadTag(line) => fill(r.bad_tag, &[("text", line)]),
        BpgnImportError::OtherVariant(v) => fill(p.other_variant, &[("text", v)]),
        BpgnImportError::BadFen(fen) => fill(p.bad_fen, &[("text", fen)]),
        BpgnImportError::UnclosedComment => r.comment.to_owned(),
        BpgnImportError::UnbalancedVariation => r.variation.to_owned(),
        BpgnImportError::Unlabelled(text) => fill(p.unlabelled, &[("text", text)]),
        BpgnImportError::LabelWithoutMove(label) => fill(p.label_without_move, &[("label", label)]),
        BpgnImportError::WrongSide { label, text } => {
            fill(p.wrong_side, &[("label", label), ("text", text)])
        }
        BpgnImportError::WrongNumber {
            label,
            text,
            expected,
        } => fill(
            p.wrong_number,
            &[("label", label), ("text", text), ("expected", expected)],
        ),
        BpgnImportError::Unreadable { label, text } => {
            fill(r.unreadable, &[("move", label), ("text", text)])
        }
        BpgnImportError::Illegal { label, text } => {
            fill(r.illegal, &[("move", label), ("text", text)])
        }
        BpgnImportError::Ambiguous { label, text } => {
            fill(r.ambiguous, &[("move", label), ("text", text)])
        }
        BpgnImportError::AfterResult(text) => fill(r.after_result, &[("text", text)]),
    }
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let form = SetupForm::<Prefs>::load(PREFS_KEY);
    let prefs = form.prefs;

    let start = move |()| {
        let make =
            |p: &Prefs| BhGame::new(p.setup(i18n.of(&TEXTS))).map_err(|e| setup_problem(&i18n, &e));
        form.start(&i18n, make, move |game| ctx.begin(game));
    };
    let import = move |text: String| {
        let t = i18n.of(&TEXTS);
        let p = form.values();
        let problem = match bh_from_bpgn(&text) {
            Ok(imported) => {
                let typed = p.names(t);
                let tagged = imported.names.clone();
                let mut setup = imported.into_setup(p.controls());
                for (i, name) in tagged.iter().enumerate() {
                    if name.is_none() {
                        setup.names[i] = typed[i].clone();
                    }
                }
                match BhGame::new(setup) {
                    Ok(game) => {
                        ctx.begin(game);
                        return None;
                    }
                    Err(e) => ImportProblem::Setup(e),
                }
            }
            Err(e) => ImportProblem::Bpgn(e),
        };
        // Translated as it is shown, so a change of language retells it.
        Some(Signal::derive(move || match &problem {
            ImportProblem::Bpgn(e) => {
                import_error(i18n.of(&TEXTS), &i18n.t().game.record_errors, e)
            }
            ImportProblem::Setup(e) => setup_problem(&i18n, e),
        }))
    };

    let name_input = move |i: usize| {
        view! {
            <NameField
                label=Signal::derive(move || i18n.of(&TEXTS).seats[i])
                placeholder=Signal::derive(move || i18n.of(&TEXTS).seats[i])
                value=Signal::derive(move || prefs.with(|p| p.names[i].clone()))
                on_input=move |value| {
                    prefs.update(|p| p.names[i] = value);
                    form.edited();
                }
                id=MINUTE_IDS[i].replace("min", "name")
            />
        }
    };
    let team = move |t: usize, seats: [usize; 2]| {
        view! {
            <fieldset class="group bh-team">
                <legend>{move || i18n.of(&TEXTS).team_legend[t]}</legend>
                {name_input(seats[0])}
                {name_input(seats[1])}
            </fieldset>
        }
    };
    view! {
        <section class="bh-setup page-narrow">
            <h1>{i18n.word(|i| i.of(&TEXTS).setup_title)}</h1>
            {team(0, [0, 3])}
            {team(1, [1, 2])}
            <InputModeChoice
                name="bh-mode"
                board=Signal::derive(move || prefs.with(|p| p.board_mode))
                on_change=move |board| prefs.update(|p| p.board_mode = board)
            />
            <TimeFields
                choice=form.time
                presets=presets().into_iter().map(|(label, _)| label).collect()
                radio_name="bh-time"
                increment_id="bh-increment"
                minute_ids=&MINUTE_IDS
                minute_labels=Signal::derive(move || i18n.of(&TEXTS).minutes_of.to_vec())
                hint=Signal::derive(move || Some(i18n.of(&TEXTS).default_time))
                refused=form.refused
                on_change=move |()| form.edited()
            />
            <details class="group rules">
                <summary>{i18n.word(|i| i.of(&TEXTS).seating_title)}</summary>
                <p>{i18n.word(|i| i.of(&TEXTS).seating)}</p>
            </details>
            <RulesAndStart form=form rules=Signal::derive(i18n.word(|i| &i.of(&TEXTS).rules[..])) on_start=start/>
            <ImportBox words=Signal::derive(i18n.word(|i| &i.of(&TEXTS).import)) text=form.import on_import=import/>
        </section>
    }
}
