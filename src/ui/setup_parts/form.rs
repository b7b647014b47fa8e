//! A clocked game's setup form: its remembered values and signals, the way
//! Start refuses a form with a refused number, and the groups the
//! two-player games (Crazyhouse, Undo Chess, the card duel) show alike:
//! the names, the input mode, the time control, and Start.

use leptos::prelude::*;

use crate::ui::clicks;

use super::{FormError, RulesInBrief, TwoNames};
use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::{InputMode, TimeControl};
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::input_mode::InputModeChoice;
use crate::ui::number_field::all_accepted;
use crate::ui::time_setup::{TimeChoice, TimeFields};
use crate::web::storage;

/// Form values that hold a time choice (edited in a signal of its own by
/// `TimeFields`, and put back when the form is used).
pub trait TimedPrefs: Clone + Default + FromJson + ToJson + Send + Sync + 'static {
    fn time_mut(&mut self) -> &mut TimeChoice;
    /// The name fields, in the game's seat order (`ui::club::seat`).
    fn names_mut(&mut self) -> Vec<&mut String>;
}

/// A setup form's signals: its values (remembered under `key`), the time as
/// it is being chosen, the refusal on show, the refused number fields, and
/// the import box's text.
pub struct SetupForm<P: 'static> {
    key: &'static str,
    pub prefs: RwSignal<P>,
    pub time: RwSignal<TimeChoice>,
    pub problem: RwSignal<Option<String>>,
    pub refused: RwSignal<Vec<&'static str>>,
    /// The import box's text.
    pub import: RwSignal<String>,
}

impl<P> Clone for SetupForm<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for SetupForm<P> {}

impl<P: TimedPrefs> SetupForm<P> {
    /// The values last remembered under `key`, or the defaults.
    pub fn load(key: &'static str) -> Self {
        let mut prefs: P = storage::get_json(key);
        crate::ui::club::seat(prefs.names_mut());
        let time = prefs.time_mut().clone();
        SetupForm {
            key,
            prefs: RwSignal::new(prefs),
            time: RwSignal::new(time),
            problem: RwSignal::new(None),
            refused: RwSignal::new(Vec::new()),
            import: RwSignal::new(String::new()),
        }
    }

    /// The values with the time as chosen.
    pub fn values(&self) -> P {
        let time = self.time.get_untracked();
        self.prefs.update(|p| *p.time_mut() = time);
        self.prefs.get_untracked()
    }

    /// The values Start uses; `None`, and the form says why, while a number
    /// field holds refused text.
    pub fn submit(&self, i18n: &I18n) -> Option<P> {
        if !all_accepted(self.refused) {
            self.refuse(i18n.t().game.numbers.fix_first.to_owned());
            return None;
        }
        Some(self.values())
    }

    /// Start: `make` builds the game of the values or says why not; the
    /// values are remembered only for a game that is made.
    pub fn start<G>(
        &self,
        i18n: &I18n,
        make: impl FnOnce(&P) -> Result<G, String>,
        begin: impl FnOnce(G),
    ) {
        let Some(prefs) = self.submit(i18n) else {
            return;
        };
        match make(&prefs) {
            Ok(game) => {
                self.remember(&prefs);
                begin(game);
            }
            Err(why) => self.refuse(why),
        }
    }

    /// Keeps `prefs` for the next game.
    pub fn remember(&self, prefs: &P) {
        storage::set_json(self.key, prefs);
    }

    pub fn refuse(&self, why: String) {
        self.problem.set(Some(why));
    }

    /// An edit forgets the refusal.
    pub fn edited(&self) {
        self.problem.set(None);
    }
}

/// What a two-player setup remembers: the names as typed, the input mode,
/// the module's own values `own`, and the time choice.
#[derive(Clone, Debug, PartialEq)]
pub struct TwoPlayerPrefs<X> {
    pub white: String,
    pub black: String,
    pub board_mode: bool,
    pub own: X,
    pub time: TimeChoice,
}

/// A two-player module's own form values, stored beside the shared ones.
pub trait OwnPrefs: Clone + Send + Sync + 'static {
    /// The whole form's defaults (the shared values differ by game too).
    fn defaults() -> TwoPlayerPrefs<Self>;
    /// The stored fields, in order (after the mode, before the time).
    fn fields(&self) -> Vec<(&'static str, Option<Json>)>;
    /// Reads them back; a missing or unusable one takes `default`'s value
    /// (stored preferences may be old or damaged).
    fn read(o: &Obj, default: Self) -> JsonResult<Self>;
}

impl<X> TwoPlayerPrefs<X> {
    /// The chess games' start: no names, the on-screen board, 5 + 3
    /// (custom: 5 minutes each and a 3-second increment).
    pub fn chess(own: X) -> Self {
        TwoPlayerPrefs {
            white: String::new(),
            black: String::new(),
            board_mode: true,
            own,
            time: TimeChoice {
                preset: 1,
                minutes: vec![5.0, 5.0],
                increment_kind: 1,
                increment_s: 3.0,
            },
        }
    }

    /// The names as typed, or "White" and "Black" in the current language.
    pub fn names(&self, i18n: &I18n) -> (String, String) {
        let board = &i18n.t().game.board;
        let pick = |typed: &str, fallback: &str| {
            let typed = typed.trim();
            if typed.is_empty() { fallback } else { typed }.to_owned()
        };
        (
            pick(&self.white, board.white),
            pick(&self.black, board.black),
        )
    }

    pub fn mode(&self) -> InputMode {
        if self.board_mode {
            InputMode::Board
        } else {
            InputMode::Clock
        }
    }

    /// The chosen control of `TimeControl::presets()`, or the custom one.
    pub fn control(&self) -> TimeControl {
        self.time
            .preset_control(&TimeControl::presets())
            .unwrap_or_else(|| self.time.custom_control(0, 1))
    }
}

/// A module with no values of its own (Crazyhouse) starts as chess does.
impl OwnPrefs for () {
    fn defaults() -> TwoPlayerPrefs<()> {
        TwoPlayerPrefs::chess(())
    }

    fn fields(&self) -> Vec<(&'static str, Option<Json>)> {
        Vec::new()
    }

    fn read(_: &Obj, (): ()) -> JsonResult<()> {
        Ok(())
    }
}

impl<X: OwnPrefs> Default for TwoPlayerPrefs<X> {
    fn default() -> Self {
        X::defaults()
    }
}

impl<X: OwnPrefs> ToJson for TwoPlayerPrefs<X> {
    fn to_json(&self) -> Json {
        let mut json = obj([
            ("white", f(&self.white)),
            ("black", f(&self.black)),
            ("board_mode", f(&self.board_mode)),
        ]);
        if let Json::Obj(fields) = &mut json {
            let own = self.own.fields().into_iter();
            fields.extend(own.filter_map(|(k, v)| Some((k, v?))));
        }
        self.time.add_to(json)
    }
}

impl<X: OwnPrefs> FromJson for TwoPlayerPrefs<X> {
    fn from_json(v: &serde_json::Value) -> JsonResult<Self> {
        let o = Obj::of(v)?;
        let d = X::defaults();
        Ok(TwoPlayerPrefs {
            white: o.or("white", d.white)?,
            black: o.or("black", d.black)?,
            board_mode: o.or("board_mode", d.board_mode)?,
            own: X::read(&o, d.own)?,
            time: TimeChoice::from_fields(&o, d.time)?,
        })
    }
}

impl<X: OwnPrefs> TimedPrefs for TwoPlayerPrefs<X> {
    fn time_mut(&mut self) -> &mut TimeChoice {
        &mut self.time
    }

    fn names_mut(&mut self) -> Vec<&mut String> {
        vec![&mut self.white, &mut self.black]
    }
}

/// The ids of a two-player form's shared fields.
pub struct FormIds {
    /// The input mode's radio group.
    pub mode: &'static str,
    /// The preset chips' radio group.
    pub time: &'static str,
    pub increment: &'static str,
    /// The custom minutes, White's first.
    pub minutes: [&'static str; 2],
}

/// A module's `FormIds` from its prefix: `form_ids!("zh")` gives "zh-mode",
/// "zh-time", "zh-increment", "zh-min-white" and "zh-min-black".
// Bughouse, with four seats, names its ids itself.
#[cfg(any(feature = "crazyhouse", feature = "cards", feature = "undo"))]
macro_rules! form_ids {
    ($prefix:literal) => {
        $crate::ui::setup_parts::form::FormIds {
            mode: concat!($prefix, "-mode"),
            time: concat!($prefix, "-time"),
            increment: concat!($prefix, "-increment"),
            minutes: [
                concat!($prefix, "-min-white"),
                concat!($prefix, "-min-black"),
            ],
        }
    };
}
#[cfg(any(feature = "crazyhouse", feature = "cards", feature = "undo"))]
pub(crate) use form_ids;

/// "Players" (White's and Black's names) and "How you play".
#[component]
pub fn NamesAndMode<X: OwnPrefs>(
    form: SetupForm<TwoPlayerPrefs<X>>,
    ids: &'static FormIds,
) -> impl IntoView {
    let i18n = use_i18n();
    let prefs = form.prefs;
    // The seats' words label the fields and stand for an empty name.
    let seats = move || {
        let board = &i18n.t().game.board;
        [board.white, board.black]
    };
    view! {
        <TwoNames
            legend=Signal::derive(i18n.word(|i| i.t().game.setup.players))
            labels=Signal::derive(seats)
            placeholders=Signal::derive(seats)
            value=move |i: usize| prefs.with(|p| [&p.white, &p.black][i].clone())
            on_input=move |(i, value): (usize, String)| {
                prefs.update(|p| *[&mut p.white, &mut p.black][i] = value);
                form.edited();
            }
        />
        <InputModeChoice
            name=ids.mode
            board=Signal::derive(move || prefs.with(|p| p.board_mode))
            on_change=move |board| prefs.update(|p| p.board_mode = board)
        />
    }
}

/// "Time control" of a two-player form: the first `offer` presets of
/// `TimeControl::presets()` (all by default), or custom minutes each.
#[component]
pub fn TwoPlayerTime<P: TimedPrefs>(
    form: SetupForm<P>,
    ids: &'static FormIds,
    #[prop(optional)] offer: Option<usize>,
    /// The custom minutes' labels, White's first.
    #[prop(into)]
    minute_labels: Signal<[&'static str; 2]>,
    /// A line under the legend, if any.
    #[prop(optional, into)]
    hint: Signal<Option<&'static str>>,
) -> impl IntoView {
    let presets = TimeControl::presets().into_iter().map(|(label, _)| label);
    view! {
        <TimeFields
            choice=form.time
            presets=presets.take(offer.unwrap_or(usize::MAX)).collect()
            radio_name=ids.time
            increment_id=ids.increment
            minute_ids=&ids.minutes
            minute_labels=Signal::derive(move || minute_labels.get().to_vec())
            hint=hint
            refused=form.refused
            on_change=move |()| form.edited()
        />
    }
}

/// The rules in brief, the form's refusal, and Start (`class` adds to the
/// button's classes; a `busy` form's Start is disabled).
#[component]
pub fn RulesAndStart<P: TimedPrefs>(
    form: SetupForm<P>,
    #[prop(into)] rules: Signal<&'static [&'static str]>,
    #[prop(into)] on_start: Callback<()>,
    #[prop(optional)] class: &'static str,
    #[prop(optional, into)] busy: Signal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let class = match class {
        "" => "button primary big".to_owned(),
        more => format!("button primary big {more}"),
    };
    view! {
        <RulesInBrief rules=rules/>
        <FormError problem=form.problem/>
        <button type="button" class=class on:click=clicks::runs(on_start) disabled=move || busy.get()>
            {i18n.word(|i| i.t().game.setup.start)}
        </button>
    }
}
