//! Setup: two names, physical or on-screen board, secret or blind stacks
//! (CS-8), and an optional Fischer clock (CS-9). Remembered for next time.
//!
//! The clock: the shared form's Fischer presets (3 + 2 … 25 + 10) or custom
//! minutes per player with a Fischer increment; "no clock" is a switch of
//! its own. Bronstein and delay are refused with the rule's words (CS-9
//! allows Fischer only); the 90/40 preset is not offered.

use leptos::prelude::*;

use crate::referee::cards::CsDraw;
use crate::referee::committed::CommittedDraw;
use crate::ui::evening::{self, LeftDraw};

use super::store::{CardsGame, Secret};
use super::strings::{CardsTexts, TEXTS};
use super::use_cards;
use crate::referee::cards::{CsClock, CsGame, CsSetup, CsSetupError, StackSource};
use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::{InputMode, TimeControl};
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::input_mode::InputModeChoice;
use crate::ui::names::name_problem_text;
use crate::ui::number_field::all_accepted;
use crate::ui::setup_parts::{FormError, RulesInBrief, TwoNames};
use crate::ui::time_setup::{TimeChoice, TimeFields};
use crate::web::{device, storage};

const PREFS_KEY: &str = "cards.setup";
/// The Fischer presets of the shared list (the multi-stage one is not Fischer-only).
const PRESETS: usize = 5;

#[derive(Clone, Debug, PartialEq)]
struct Prefs {
    white: String,
    black: String,
    board_mode: bool,
    blind: bool,
    clock: bool,
    time: TimeChoice,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            white: String::new(),
            black: String::new(),
            board_mode: false,
            blind: false,
            clock: true,
            time: TimeChoice {
                preset: 2,
                minutes: vec![10.0, 10.0],
                increment_kind: 1,
                increment_s: 5.0,
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
            ("blind", f(&self.blind)),
            ("clock", f(&self.clock)),
        ]))
    }
}

impl FromJson for Prefs {
    fn from_json(v: &serde_json::Value) -> JsonResult<Prefs> {
        let o = Obj::of(v)?;
        let d = Prefs::default();
        Ok(Prefs {
            white: o.or("white", d.white)?,
            black: o.or("black", d.black)?,
            board_mode: o.or("board_mode", d.board_mode)?,
            blind: o.or("blind", d.blind)?,
            clock: o.or("clock", d.clock)?,
            time: TimeChoice::from_fields(&o, d.time)?,
        })
    }
}

impl Prefs {
    fn load() -> Prefs {
        storage::get_json(PREFS_KEY)
    }

    /// The clock, or why it is refused.
    fn clock(&self, t: &CardsTexts) -> Result<Option<CsClock>, &'static str> {
        if !self.clock {
            return Ok(None);
        }
        let presets = TimeControl::presets();
        if let Some((_, tc)) = presets
            .get(self.time.preset)
            .filter(|_| self.time.preset < PRESETS)
        {
            let base = tc.base_ms[0];
            let inc = match tc.stages.first().map(|s| s.increment) {
                Some(crate::referee::Increment::Fischer(ms)) => ms,
                _ => 0,
            };
            return Ok(Some(CsClock::fischer(base, inc)));
        }
        let inc = match self.time.increment_kind {
            0 => 0,
            1 => ms(self.time.increment_s, 1000.0),
            _ => return Err(t.fischer_only),
        };
        let minutes = |i: usize| ms(self.time.minutes.get(i).copied().unwrap_or(0.0), 60_000.0);
        Ok(Some(CsClock {
            white_ms: minutes(0),
            black_ms: minutes(1),
            increment_ms: inc,
        }))
    }

    fn setup(&self, i18n: &I18n, t: &CardsTexts) -> Result<CsSetup, String> {
        let pick = |typed: &str, fallback: &str| {
            let typed = typed.trim();
            if typed.is_empty() { fallback } else { typed }.to_owned()
        };
        let mode = if self.board_mode {
            InputMode::Board
        } else {
            InputMode::Clock
        };
        let stacks = if self.blind {
            StackSource::Blind
        } else {
            StackSource::Secret
        };
        let mut setup = CsSetup::new(
            &pick(&self.white, t.default_white),
            &pick(&self.black, t.default_black),
            mode,
            stacks,
        );
        setup.clock = self.clock(t).map_err(str::to_owned)?;
        setup.validate().map_err(|e| match e {
            CsSetupError::Name { index, problem } => {
                name_problem_text(i18n, t.bad_setup, index, problem)
            }
            _ => t.bad_setup.to_owned(),
        })?;
        Ok(setup)
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

/// Starts a game of `setup`: its key (a blind game's seed) is sealed first,
/// before anything is shown; `done` says whether it began.
pub fn start_game(ctx: super::CardsCtx, setup: CsSetup, done: impl FnOnce(bool) + 'static) {
    wasm_bindgen_futures::spawn_local(async move {
        let made = match setup.stacks {
            StackSource::Blind => device::random_seed().and_then(|seed| {
                CsGame::new_blind(setup, seed, &[] as &[&str])
                    .ok()
                    .map(|game| (game, Some(seed)))
            }),
            StackSource::Secret => CsGame::new(setup).ok().map(|g| (g, None)),
        };
        let Some((game, seed)) = made else {
            done(false);
            return;
        };
        let secret = match seed {
            Some(seed) => Secret::of(seed).await,
            None => Secret::fresh().await,
        };
        done(true);
        ctx.begin(CardsGame {
            game,
            awaiting_words: seed.is_some(),
            secret,
        });
    });
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let prefs = RwSignal::new(Prefs::load());
    let time = RwSignal::new(prefs.get_untracked().time);
    let problem = RwSignal::new(None::<String>);
    let refused = RwSignal::new(Vec::new());
    let busy = RwSignal::new(false);

    let start = move |_| {
        let t = i18n.of(&TEXTS);
        if busy.get_untracked() {
            return;
        }
        if !all_accepted(refused) {
            problem.set(Some(i18n.t().game.numbers.fix_first.to_owned()));
            return;
        }
        prefs.update(|p| p.time = time.get_untracked());
        let p = prefs.get_untracked();
        let setup = match p.setup(&i18n, t) {
            Ok(setup) => setup,
            Err(why) => {
                problem.set(Some(why));
                return;
            }
        };
        storage::set_json(PREFS_KEY, &p);
        busy.set(true);
        start_game(ctx, setup, move |ok| {
            busy.set(false);
            if !ok {
                problem.set(Some(i18n.of(&TEXTS).bad_setup.to_owned()));
            }
        });
    };

    let stack_choice = move |blind: bool| {
        view! {
            <label class="choice">
                <input
                    type="radio"
                    name="cs-stacks"
                    prop:checked=move || prefs.with(|p| p.blind == blind)
                    on:change=move |_| prefs.update(|p| p.blind = blind)
                />
                <span class="choice-body">
                    <span class="choice-title">{move || { let t = i18n.of(&TEXTS); if blind { t.stacks_blind } else { t.stacks_secret } }}</span>
                    <span class="choice-hint">{move || { let t = i18n.of(&TEXTS); if blind { t.stacks_blind_hint } else { t.stacks_secret_hint } }}</span>
                </span>
            </label>
        }
    };

    view! {
        <section class="cs-setup page-narrow">
            <h1>{move || i18n.of(&TEXTS).setup_title}</h1>
            <LeftDraw draws=evening::stored_draws(CsDraw::PREFIX)/>
            <TwoNames
                legend=Signal::derive(move || i18n.of(&TEXTS).players)
                labels=Signal::derive(move || { let b = &i18n.t().game.board; [b.white, b.black] })
                placeholders=Signal::derive(move || { let t = i18n.of(&TEXTS); [t.default_white, t.default_black] })
                value=move |i: usize| prefs.with(|p| [&p.white, &p.black][i].clone())
                on_input=move |(i, value): (usize, String)| {
                    prefs.update(|p| *[&mut p.white, &mut p.black][i] = value);
                    problem.set(None);
                }
            />
            <InputModeChoice
                name="cs-mode"
                board=Signal::derive(move || prefs.with(|p| p.board_mode))
                on_change=move |board| prefs.update(|p| p.board_mode = board)
            />
            <fieldset class="group">
                <legend>{move || i18n.of(&TEXTS).stacks_legend}</legend>
                {stack_choice(false)}
                {stack_choice(true)}
            </fieldset>
            <label class="choice cs-clock-choice">
                <input
                    type="checkbox"
                    id="cs-clock"
                    prop:checked=move || prefs.with(|p| p.clock)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        prefs.update(|p| p.clock = on);
                        problem.set(None);
                    }
                />
                <span class="choice-title">{move || i18n.of(&TEXTS).use_clock}</span>
            </label>
            <Show when=move || prefs.with(|p| p.clock)>
                <TimeFields
                    choice=time
                    presets=TimeControl::presets().into_iter().take(PRESETS).map(|(label, _)| label).collect()
                    radio_name="cs-time"
                    increment_id="cs-increment"
                    minute_ids=&["cs-min-white", "cs-min-black"]
                    minute_labels=Signal::derive(move || {
                        let t = i18n.of(&TEXTS);
                        vec![t.minutes_white, t.minutes_black]
                    })
                    hint=Signal::derive(move || Some(i18n.of(&TEXTS).clock_hint))
                    refused=refused
                    on_change=move |()| problem.set(None)
                />
            </Show>
            <RulesInBrief rules=Signal::derive(move || &i18n.of(&TEXTS).rules[..])/>
            <FormError problem=problem/>
            <button type="button" class="button primary big" on:click=start disabled=move || busy.get()>
                {move || i18n.of(&TEXTS).start}
            </button>
        </section>
    }
}
