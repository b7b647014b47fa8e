//! Setup: three names (remembered), how the game is played, and the committed
//! options (NS-11) with the standard values preset, so "Start" is one tap away.

use leptos::prelude::*;

use super::use_table;
use crate::referee::json::{self, FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::{
    BlockSchedule, InputMode, Points, ScheduleLine, Setup, SetupError, ShiftUnit,
};
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::input_mode::InputModeChoice;
use crate::ui::names::name_problem_text;
use crate::web::storage;

use super::strings::NordauTexts;
use super::strings::TEXTS;
use crate::ui::format;
use crate::ui::number_field::{NumberField, NumberRange};
use crate::ui::setup_parts::FormError;

const PREFS_KEY: &str = "nordau-shift.setup";

/// The form's values, remembered for the next evening.
#[derive(Clone, Debug, PartialEq)]
struct Prefs {
    names: [String; 3],
    board_mode: bool,
    half_moves: bool,
    block_s: u32,
    /// Block from move 41 on; 0 = the same block throughout.
    later_block_s: u32,
    points: [u32; 4],
}

impl Default for Prefs {
    fn default() -> Self {
        let p = Points::default();
        Prefs {
            names: Default::default(),
            board_mode: false,
            half_moves: false,
            block_s: 15,
            later_block_s: 0,
            points: [p.win, p.observer, p.loss, p.draw],
        }
    }
}

impl ToJson for Prefs {
    fn to_json(&self) -> Json {
        obj([
            ("names", f(&self.names)),
            ("board_mode", f(&self.board_mode)),
            ("half_moves", f(&self.half_moves)),
            ("block_s", f(&self.block_s)),
            ("later_block_s", f(&self.later_block_s)),
            ("points", f(&self.points)),
        ])
    }
}

/// Every field is needed: a partial record falls back to the defaults.
impl FromJson for Prefs {
    fn from_json(v: &serde_json::Value) -> JsonResult<Prefs> {
        let o = Obj::of(v)?;
        Ok(Prefs {
            names: o.req("names")?,
            board_mode: o.req("board_mode")?,
            half_moves: o.req("half_moves")?,
            block_s: o.req("block_s")?,
            later_block_s: o.req("later_block_s")?,
            points: o.req("points")?,
        })
    }
}

/// The form's ranges (seconds, seconds, points), shared with [`Prefs::load`].
const BLOCK_S: (u32, u32) = (1, 600);
const LATER_BLOCK_S: (u32, u32) = (0, 600);
const POINTS: (u32, u32) = (0, 99);

impl Prefs {
    fn load() -> Prefs {
        storage::get(PREFS_KEY)
            .and_then(|text| json::from_str(&text).ok())
            .filter(Prefs::in_form_ranges)
            .unwrap_or_default()
    }

    /// Remembered values the form itself would refuse (a damaged or edited
    /// record) are not used: the defaults are.
    fn in_form_ranges(&self) -> bool {
        (BLOCK_S.0..=BLOCK_S.1).contains(&self.block_s)
            && (LATER_BLOCK_S.0..=LATER_BLOCK_S.1).contains(&self.later_block_s)
            && self
                .points
                .iter()
                .all(|p| (POINTS.0..=POINTS.1).contains(p))
    }

    fn setup(&self) -> Setup {
        let names = self.names.clone().map(|n| n.trim().to_owned());
        let mut setup = Setup::standard([&names[0], &names[1], &names[2]].map(|s| s.as_str()));
        setup.unit = if self.half_moves {
            ShiftUnit::HalfMoves
        } else {
            ShiftUnit::FullMoves
        };
        setup.schedule = if self.later_block_s == 0 || self.later_block_s == self.block_s {
            BlockSchedule::single(self.block_s.saturating_mul(1000))
        } else {
            BlockSchedule {
                lines: vec![
                    ScheduleLine {
                        block_ms: self.block_s.saturating_mul(1000),
                        moves: 40,
                    },
                    ScheduleLine {
                        block_ms: self.later_block_s.saturating_mul(1000),
                        moves: 0,
                    },
                ],
            }
        };
        let [win, observer, loss, draw] = self.points;
        setup.points = Points {
            win,
            observer,
            loss,
            draw,
        };
        setup
    }
}

/// What to say when the referee refuses the names (the number fields are
/// checked by their own fields); `None` for anything else.
fn name_problem(i18n: &I18n, t: &NordauTexts, error: &SetupError) -> Option<String> {
    let text = match *error {
        SetupError::BadName { index, problem } => {
            name_problem_text(i18n, t.names_required, index, problem)
        }
        SetupError::DuplicateName { first, second } => format::fill(
            t.names_same,
            &[
                ("a", &(first + 1).to_string()),
                ("b", &(second + 1).to_string()),
            ],
        ),
        _ => return None,
    };
    Some(text)
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let mut loaded = Prefs::load();
    crate::ui::club::seat(loaded.names.iter_mut().collect());
    let prefs = RwSignal::new(loaded);
    let problem = RwSignal::new(None::<String>);
    // Refused number fields by id; Start waits until none is left.
    let refused = RwSignal::new(Vec::new());

    let start = move |_| {
        let t = i18n.of(&TEXTS);
        if !crate::ui::number_field::all_accepted(refused) {
            problem.set(Some(i18n.t().game.numbers.fix_first.to_owned()));
            return;
        }
        let p = prefs.get_untracked();
        // The referee's own name rules, so the form never disagrees with it.
        if let Err(e) = p.setup().validate()
            && let Some(text) = name_problem(&i18n, t, &e)
        {
            problem.set(Some(text));
            return;
        }
        storage::set_json(PREFS_KEY, &p);
        let mode = if p.board_mode {
            InputMode::Board
        } else {
            InputMode::Clock
        };
        let setup = p.setup();
        if !ctx.commit_fresh(move |table, seed| table.commit(setup, seed, mode)) {
            problem.set(Some(t.refused.to_owned()));
        }
    };

    let name_input = move |index: usize| {
        view! {
            <label class="field">
                <span class="field-label">{move || i18n.of(&TEXTS).player_n[index]}</span>
                <input
                    type="text"
                    class="text-input"
                    autocomplete="off"
                    prop:value=move || prefs.with(|p| p.names[index].clone())
                    on:input=move |ev| {
                        let value = event_target_value(&ev);
                        prefs.update(|p| p.names[index] = value);
                        problem.set(None);
                    }
                />
            </label>
        }
    };

    let number = move |id: &'static str,
                       label: fn(&NordauTexts) -> &'static str,
                       get: fn(&Prefs) -> u32,
                       set: fn(&mut Prefs, u32),
                       range: NumberRange| {
        view! {
            <NumberField
                id=id
                label=Signal::derive(move || label(i18n.of(&TEXTS)))
                value=Signal::derive(move || f64::from(prefs.with(get)))
                range=range
                // A whole number in the field's u32 range, so the cast is exact.
                on_valid=move |v: f64| prefs.update(|p| set(p, v as u32))
                refused=refused
            />
        }
    };

    view! {
        <section class="ns-setup page-narrow">
            <h1>{i18n.word(|i| i.of(&TEXTS).setup_title)}</h1>
            <super::draws::LeftDraw/>
            <fieldset class="group">
                <legend>{i18n.word(|i| i.of(&TEXTS).players)}</legend>
                {name_input(0)}
                {name_input(1)}
                {name_input(2)}
                <p class="hint">{i18n.word(|i| i.of(&TEXTS).names_hint)}</p>
            </fieldset>
            <InputModeChoice
                name="ns-mode"
                board=Signal::derive(move || prefs.with(|p| p.board_mode))
                on_change=move |board| prefs.update(|p| p.board_mode = board)
            />
            <details class="group options">
                <summary>{i18n.word(|i| i.of(&TEXTS).options)}</summary>
                <label class="field">
                    <span class="field-label">{i18n.word(|i| i.of(&TEXTS).shift_unit)}</span>
                    <select
                        class="text-input"
                        on:change=move |ev| {
                            let half = event_target_value(&ev) == "half";
                            prefs.update(|p| p.half_moves = half);
                        }
                    >
                        <option value="full" selected=move || prefs.with(|p| !p.half_moves)>
                            {i18n.word(|i| i.of(&TEXTS).unit_full)}
                        </option>
                        <option value="half" selected=move || prefs.with(|p| p.half_moves)>
                            {i18n.word(|i| i.of(&TEXTS).unit_half)}
                        </option>
                    </select>
                </label>
                {number("ns-block", |t| t.block_seconds, |p| p.block_s, |p, v| p.block_s = v, NumberRange::whole(BLOCK_S.0, BLOCK_S.1))}
                {number("ns-block-later", |t| t.block_later, |p| p.later_block_s, |p, v| p.later_block_s = v, NumberRange::whole(LATER_BLOCK_S.0, LATER_BLOCK_S.1))}
                <p class="hint" data-testid="block-later-words">
                    {move || {
                        let t = i18n.of(&TEXTS);
                        match prefs.with(|p| p.later_block_s) {
                            0 => t.block_later_same.to_owned(),
                            s => format::fill(t.block_later_new, &[("s", &s.to_string())]),
                        }
                    }}
                </p>
                <p class="field-label points-title">{i18n.word(|i| i.of(&TEXTS).points)}</p>
                <div class="points-grid">
                    {number("ns-points-win", |t| t.points_win, |p| p.points[0], |p, v| p.points[0] = v, NumberRange::whole(POINTS.0, POINTS.1))}
                    {number("ns-points-observer", |t| t.points_observer, |p| p.points[1], |p, v| p.points[1] = v, NumberRange::whole(POINTS.0, POINTS.1))}
                    {number("ns-points-loss", |t| t.points_loss, |p| p.points[2], |p, v| p.points[2] = v, NumberRange::whole(POINTS.0, POINTS.1))}
                    {number("ns-points-draw", |t| t.points_draw, |p| p.points[3], |p, v| p.points[3] = v, NumberRange::whole(POINTS.0, POINTS.1))}
                </div>
            </details>
            <details class="group rules">
                <summary>{i18n.word(|i| i.of(&TEXTS).rules_title)}</summary>
                <ul>
                    {move || i18n.of(&TEXTS).rules.iter().map(|rule| view! { <li>{*rule}</li> }).collect_view()}
                </ul>
                <p class="hint">{i18n.word(|i| i.of(&TEXTS).rules_credit)}</p>
            </details>
            <FormError problem=problem/>
            <button type="button" class="button primary big" on:click=start>
                {i18n.word(|i| i.of(&TEXTS).start_setup)}
            </button>
        </section>
    }
}
