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
use crate::referee::TimeControl;
use crate::referee::cards::{CsClock, CsGame, CsSetup, CsSetupError, StackSource};
use crate::referee::json::{Json, JsonResult, Obj, f};
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::names::name_problem_text;
use crate::ui::setup_parts::form::{
    FormIds, NamesAndMode, OwnPrefs, RulesAndStart, SetupForm, TwoPlayerPrefs, TwoPlayerTime,
    form_ids,
};
use crate::ui::time_setup::TimeChoice;
use crate::web::device;

const PREFS_KEY: &str = "cards.setup";
/// The Fischer presets of the shared list (the multi-stage one is not Fischer-only).
const PRESETS: usize = 5;

const IDS: FormIds = form_ids!("cs");

/// The form's own values: blind stacks, and whether a clock is used.
#[derive(Clone, Debug, PartialEq)]
struct Own {
    blind: bool,
    clock: bool,
}

type Prefs = TwoPlayerPrefs<Own>;

impl OwnPrefs for Own {
    /// The physical board, secret stacks, a clock of 10 + 5.
    fn defaults() -> Prefs {
        TwoPlayerPrefs {
            board_mode: false,
            time: TimeChoice {
                preset: 2,
                minutes: vec![10.0, 10.0],
                increment_kind: 1,
                increment_s: 5.0,
            },
            ..TwoPlayerPrefs::chess(Own {
                blind: false,
                clock: true,
            })
        }
    }

    fn fields(&self) -> Vec<(&'static str, Option<Json>)> {
        vec![("blind", f(&self.blind)), ("clock", f(&self.clock))]
    }

    fn read(o: &Obj, d: Own) -> JsonResult<Own> {
        Ok(Own {
            blind: o.or("blind", d.blind)?,
            clock: o.or("clock", d.clock)?,
        })
    }
}

/// The clock, or why it is refused.
fn clock(p: &Prefs, t: &CardsTexts) -> Result<Option<CsClock>, &'static str> {
    if !p.own.clock {
        return Ok(None);
    }
    let presets = TimeControl::presets();
    if let Some((_, tc)) = presets
        .get(p.time.preset)
        .filter(|_| p.time.preset < PRESETS)
    {
        let base = tc.base_ms[0];
        let inc = match tc.stages.first().map(|s| s.increment) {
            Some(crate::referee::Increment::Fischer(ms)) => ms,
            _ => 0,
        };
        return Ok(Some(CsClock::fischer(base, inc)));
    }
    let inc = match p.time.increment_kind {
        0 => 0,
        1 => ms(p.time.increment_s, 1000.0),
        _ => return Err(t.fischer_only),
    };
    let minutes = |i: usize| ms(p.time.minutes.get(i).copied().unwrap_or(0.0), 60_000.0);
    Ok(Some(CsClock {
        white_ms: minutes(0),
        black_ms: minutes(1),
        increment_ms: inc,
    }))
}

fn setup(p: &Prefs, i18n: &I18n, t: &CardsTexts) -> Result<CsSetup, String> {
    let stacks = if p.own.blind {
        StackSource::Blind
    } else {
        StackSource::Secret
    };
    let (white, black) = p.names(i18n);
    let mut setup = CsSetup::new(&white, &black, p.mode(), stacks);
    setup.clock = clock(p, t).map_err(str::to_owned)?;
    setup.validate().map_err(|e| match e {
        CsSetupError::Name { index, problem } => {
            name_problem_text(i18n, t.bad_setup, index, problem)
        }
        _ => t.bad_setup.to_owned(),
    })?;
    Ok(setup)
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
    let form = SetupForm::<Prefs>::load(PREFS_KEY);
    let prefs = form.prefs;
    let busy = RwSignal::new(false);

    let start = move |()| {
        if busy.get_untracked() {
            return;
        }
        let make = |p: &Prefs| setup(p, &i18n, i18n.of(&TEXTS));
        form.start(&i18n, make, move |setup| {
            busy.set(true);
            start_game(ctx, setup, move |ok| {
                busy.set(false);
                if !ok {
                    form.refuse(i18n.of(&TEXTS).bad_setup.to_owned());
                }
            });
        });
    };

    let stack_choice = move |blind: bool| {
        view! {
            <label class="choice">
                <input
                    type="radio"
                    name="cs-stacks"
                    prop:checked=move || prefs.with(|p| p.own.blind == blind)
                    on:change=move |_| prefs.update(|p| p.own.blind = blind)
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
            <h1>{i18n.word(|i| i.of(&TEXTS).setup_title)}</h1>
            <LeftDraw draws=evening::stored_draws(CsDraw::PREFIX)/>
            <NamesAndMode form=form ids=&IDS/>
            <fieldset class="group">
                <legend>{i18n.word(|i| i.of(&TEXTS).stacks_legend)}</legend>
                {stack_choice(false)}
                {stack_choice(true)}
            </fieldset>
            <label class="choice cs-clock-choice">
                <input
                    type="checkbox"
                    id="cs-clock"
                    prop:checked=move || prefs.with(|p| p.own.clock)
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        prefs.update(|p| p.own.clock = on);
                        form.edited();
                    }
                />
                <span class="choice-title">{i18n.word(|i| i.of(&TEXTS).use_clock)}</span>
            </label>
            <Show when=move || prefs.with(|p| p.own.clock)>
                <TwoPlayerTime
                    form=form
                    ids=&IDS
                    offer=PRESETS
                    minute_labels=Signal::derive(i18n.word(|i| i.of(&TEXTS).minutes))
                    hint=Signal::derive(move || Some(i18n.of(&TEXTS).clock_hint))
                />
            </Show>
            <RulesAndStart form=form rules=Signal::derive(i18n.word(|i| &i.of(&TEXTS).rules[..])) on_start=start busy=busy/>
        </section>
    }
}
