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
use crate::referee::json::{self, FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::{Increment, InputMode, TimeControl};
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::input_mode::InputModeChoice;
use crate::ui::number_field::{NumberField, NumberRange};
use crate::web::storage;

const PREFS_KEY: &str = "bughouse.setup";
/// `preset` value meaning "custom".
const CUSTOM: usize = usize::MAX;
const MINUTES: NumberRange = NumberRange::decimal(0.5, 600.0);
const INCREMENT_S: NumberRange = NumberRange::whole(0, 300);
/// Field ids of the custom minutes, in seat order.
const MINUTE_IDS: [&str; 4] = ["bh-min-wa", "bh-min-ba", "bh-min-wb", "bh-min-bb"];

/// The form's values, remembered for the next match.
#[derive(Clone, Debug, PartialEq)]
struct Prefs {
    /// `[white A, black A, white B, black B]`.
    names: [String; 4],
    board_mode: bool,
    /// Index into `presets()`, or `CUSTOM`. 0 is BH-7's 3 + 0.
    preset: usize,
    minutes: [f64; 4],
    /// 0 none, 1 Fischer, 2 Bronstein, 3 simple delay.
    increment_kind: u8,
    increment_s: f64,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            names: Default::default(),
            board_mode: false,
            preset: 0,
            minutes: [3.0; 4],
            increment_kind: 0,
            increment_s: 2.0,
        }
    }
}

impl ToJson for Prefs {
    fn to_json(&self) -> Json {
        obj([
            ("names", f(&self.names)),
            ("board_mode", f(&self.board_mode)),
            ("preset", f(&self.preset)),
            ("minutes", f(&self.minutes.to_vec())),
            ("increment_kind", f(&self.increment_kind)),
            ("increment_s", f(&self.increment_s)),
        ])
    }
}

/// A missing or unusable field takes its default.
impl FromJson for Prefs {
    fn from_json(v: &serde_json::Value) -> JsonResult<Prefs> {
        let o = Obj::of(v)?;
        let d = Prefs::default();
        let minutes: Vec<f64> = o.or("minutes", d.minutes.to_vec())?;
        let minutes = <[f64; 4]>::try_from(minutes).unwrap_or(d.minutes);
        let in_range = |x: f64| (MINUTES.min..=MINUTES.max).contains(&x);
        Ok(Prefs {
            names: o.or("names", d.names)?,
            board_mode: o.or("board_mode", d.board_mode)?,
            preset: o.or("preset", d.preset)?,
            minutes: if minutes.iter().all(|&m| in_range(m)) {
                minutes
            } else {
                d.minutes
            },
            increment_kind: o.or("increment_kind", d.increment_kind)?,
            increment_s: Some(o.or("increment_s", d.increment_s)?)
                .filter(|s| (INCREMENT_S.min..=INCREMENT_S.max).contains(s))
                .unwrap_or(d.increment_s),
        })
    }
}

fn ms(value: f64, unit_ms: f64) -> u64 {
    let v = value * unit_ms;
    if v.is_finite() && v > 0.0 {
        v.round() as u64
    } else {
        0
    }
}

impl Prefs {
    fn load() -> Prefs {
        storage::get(PREFS_KEY)
            .and_then(|text| json::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Each board's clock `[A, B]`.
    fn controls(&self) -> [TimeControl; 2] {
        if let Some((_, tc)) = presets().into_iter().nth(self.preset) {
            return [tc.clone(), tc];
        }
        let inc = ms(self.increment_s, 1000.0);
        let increment = match self.increment_kind {
            1 => Increment::Fischer(inc),
            2 => Increment::Bronstein(inc),
            3 => Increment::SimpleDelay(inc),
            _ => Increment::None,
        };
        let m = |i: usize| ms(self.minutes[i], 60_000.0);
        [
            TimeControl::custom(m(0), m(1), increment),
            TimeControl::custom(m(2), m(3), increment),
        ]
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

    fn remember(&self) {
        storage::set(PREFS_KEY, &json::to_string(self));
    }
}

fn setup_problem(t: &BughouseTexts, e: &BhError) -> &'static str {
    match e {
        BhError::BadName => t.names_required,
        _ => t.bad_time,
    }
}

/// Why an import was refused: the text, or the match it holds.
#[derive(Clone, Debug, PartialEq)]
enum ImportProblem {
    Bpgn(BpgnImportError),
    Setup(BhError),
}

/// The BPGN reader's refusal in the current language, naming the move.
fn import_error(t: &BughouseTexts, e: &BpgnImportError) -> String {
    let p = &t.bpgn_errors;
    let fill = format::fill;
    match e {
        BpgnImportError::Empty => p.empty.to_owned(),
        BpgnImportError::BadTag(line) => fill(p.bad_tag, &[("text", line)]),
        BpgnImportError::OtherVariant(v) => fill(p.other_variant, &[("text", v)]),
        BpgnImportError::BadFen(fen) => fill(p.bad_fen, &[("text", fen)]),
        BpgnImportError::UnclosedComment => p.comment.to_owned(),
        BpgnImportError::UnbalancedVariation => p.variation.to_owned(),
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
            fill(p.unreadable, &[("label", label), ("text", text)])
        }
        BpgnImportError::Illegal { label, text } => {
            fill(p.illegal, &[("label", label), ("text", text)])
        }
        BpgnImportError::Ambiguous { label, text } => {
            fill(p.ambiguous, &[("label", label), ("text", text)])
        }
        BpgnImportError::AfterResult(text) => fill(p.after_result, &[("text", text)]),
    }
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_bh();
    let prefs = RwSignal::new(Prefs::load());
    let problem = RwSignal::new(None::<&'static str>);
    let refused = RwSignal::new(Vec::new());
    let bpgn_text = RwSignal::new(String::new());
    let bpgn_problem = RwSignal::new(None::<ImportProblem>);

    let start = move |_| {
        let t = i18n.of(&TEXTS);
        if prefs.with_untracked(|p| p.preset == CUSTOM) && refused.with_untracked(|r| !r.is_empty())
        {
            problem.set(Some(i18n.t().game.numbers.fix_first));
            return;
        }
        let p = prefs.get_untracked();
        match BhGame::new(p.setup(t)) {
            Ok(game) => {
                p.remember();
                ctx.begin(game);
            }
            Err(e) => problem.set(Some(setup_problem(t, &e))),
        }
    };
    let import = move |_| {
        let t = i18n.of(&TEXTS);
        let p = prefs.get_untracked();
        let imported = match bh_from_bpgn(&bpgn_text.get_untracked()) {
            Ok(imported) => imported,
            Err(e) => {
                bpgn_problem.set(Some(ImportProblem::Bpgn(e)));
                return;
            }
        };
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
                bpgn_problem.set(None);
                ctx.begin(game);
            }
            Err(e) => bpgn_problem.set(Some(ImportProblem::Setup(e))),
        }
    };

    let name_input = move |i: usize| {
        view! {
            <label class="field">
                <span class="field-label">{move || i18n.of(&TEXTS).seats[i]}</span>
                <input
                    type="text"
                    class="text-input"
                    id=MINUTE_IDS[i].replace("min", "name")
                    autocomplete="off"
                    maxlength="40"
                    placeholder=move || i18n.of(&TEXTS).seats[i]
                    prop:value=move || prefs.with(|p| p.names[i].clone())
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        prefs.update(|p| p.names[i] = value);
                        problem.set(None);
                    }
                />
            </label>
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
    let preset_chip = move |index: usize, label: Signal<String>| {
        view! {
            <label class="chip">
                <input
                    type="radio"
                    name="bh-time"
                    prop:checked=move || prefs.with(|p| p.preset == index)
                    on:change=move |_| { prefs.update(|p| p.preset = index); problem.set(None); }
                />
                <span>{label}</span>
            </label>
        }
    };
    let minutes = move |i: usize| {
        view! {
            <NumberField
                id=MINUTE_IDS[i]
                label=Signal::derive(move || i18n.of(&TEXTS).minutes_of[i])
                value=Signal::derive(move || prefs.with(|p| p.minutes[i]))
                range=MINUTES
                on_valid=move |v: f64| { prefs.update(|p| p.minutes[i] = v); problem.set(None); }
                refused=refused
            />
        }
    };

    view! {
        <section class="bh-setup page-narrow">
            <h1>{move || i18n.of(&TEXTS).setup_title}</h1>
            {team(0, [0, 3])}
            {team(1, [1, 2])}
            <InputModeChoice
                name="bh-mode"
                board=Signal::derive(move || prefs.with(|p| p.board_mode))
                on_change=move |board| prefs.update(|p| p.board_mode = board)
            />
            <fieldset class="group">
                <legend>{move || i18n.of(&TEXTS).time_control}</legend>
                <p class="hint">{move || i18n.of(&TEXTS).default_time}</p>
                <div class="chips">
                    {presets().into_iter().enumerate().map(|(i, (label, _))| preset_chip(i, Signal::derive(move || label.to_owned()))).collect_view()}
                    {preset_chip(CUSTOM, Signal::derive(move || i18n.of(&TEXTS).custom.to_owned()))}
                </div>
                <Show when=move || prefs.with(|p| p.preset == CUSTOM)>
                    <div class="points-grid">
                        {(0..4).map(minutes).collect_view()}
                    </div>
                    <p class="hint">{move || i18n.of(&TEXTS).handicap_hint}</p>
                    <label class="field">
                        <span class="field-label">{move || i18n.of(&TEXTS).increment_kind}</span>
                        <select
                            class="text-input"
                            on:change=move |ev| {
                                let kind = event_target_value(&ev).parse::<u8>().unwrap_or(0);
                                prefs.update(|p| p.increment_kind = kind);
                            }
                        >
                            {(0u8..4).map(|kind| view! {
                                <option value=kind.to_string() selected=move || prefs.with(|p| p.increment_kind == kind)>
                                    {move || i18n.of(&TEXTS).increments[usize::from(kind)]}
                                </option>
                            }).collect_view()}
                        </select>
                    </label>
                    <Show when=move || prefs.with(|p| p.increment_kind != 0)>
                        <NumberField
                            id="bh-increment"
                            label=Signal::derive(move || i18n.of(&TEXTS).increment_seconds)
                            value=Signal::derive(move || prefs.with(|p| p.increment_s))
                            range=INCREMENT_S
                            on_valid=move |v: f64| { prefs.update(|p| p.increment_s = v); problem.set(None); }
                            refused=refused
                        />
                    </Show>
                </Show>
            </fieldset>
            <details class="group rules">
                <summary>{move || i18n.of(&TEXTS).seating_title}</summary>
                <p>{move || i18n.of(&TEXTS).seating}</p>
            </details>
            <details class="group rules">
                <summary>{move || i18n.of(&TEXTS).rules_title}</summary>
                <ul>
                    {move || i18n.of(&TEXTS).rules.iter().map(|rule| view! { <li>{*rule}</li> }).collect_view()}
                </ul>
            </details>
            {move || problem.get().map(|text| view! { <p class="form-error" role="alert">{text}</p> })}
            <button type="button" class="button primary big" on:click=start>
                {move || i18n.of(&TEXTS).start}
            </button>
            <details class="group import">
                <summary>{move || i18n.of(&TEXTS).import_title}</summary>
                <p class="hint">{move || i18n.of(&TEXTS).import_explain}</p>
                <label class="field">
                    <span class="field-label">{move || i18n.of(&TEXTS).import_label}</span>
                    <textarea
                        class="text-input pgn-input"
                        rows="6"
                        spellcheck="false"
                        autocomplete="off"
                        prop:value=move || bpgn_text.get()
                        on:input=move |ev| { bpgn_text.set(event_target_value(&ev)); bpgn_problem.set(None); }
                    ></textarea>
                </label>
                // Translated as it is shown, so a change of language retells it.
                {move || bpgn_problem.get().map(|problem| view! {
                    <p class="form-error" role="alert">
                        <strong>{move || i18n.of(&TEXTS).import_failed} ": "</strong>
                        <span>{move || {
                            let t = i18n.of(&TEXTS);
                            match &problem {
                                ImportProblem::Bpgn(e) => import_error(t, e),
                                ImportProblem::Setup(e) => setup_problem(t, e).to_owned(),
                            }
                        }}</span>
                    </p>
                })}
                <button type="button" class="button" on:click=import>
                    {move || i18n.of(&TEXTS).import_button}
                </button>
            </details>
        </section>
    }
}
