//! What every chess-clock game module (Crazyhouse, Swedish chess, …) shares
//! in the browser: the game in a signal, saved before the screen shows it;
//! events timestamped and refused without a trace; the fallen flag recorded
//! first; the end announced; the redraw timer; the module's page with its
//! three screens (setup, play, end), its damaged-save notice and its
//! screen-reader live region. A module supplies its referee game
//! (`ModuleGame`) and its screens; nothing here knows a rule.

use leptos::prelude::*;

use super::club::take_home::TakeHome;
use super::i18n::{I18n, use_i18n};
use super::saved::{Damage, DamagedSave, Loaded, Saved, Slot, UnsavedWarning};
use super::{club, evening, one_window, ticker, voice};
use crate::referee::club::GameEnd;
use crate::referee::committed::ShownCommitment;
use crate::referee::evening::DrawRecord;
use crate::referee::module::{GameModule, Logged};
use crate::web::{clock, device, sound, storage};

/// What the shared module code needs from a game. Every referee game that
/// keeps the module contract (`referee::module`) has it; a module with a
/// browser-side state around its game (the card duel's words), or whose state
/// is more than one game (a table with its session), implements it by hand.
pub trait ModuleGame: Saved + Clone + Send + Sync + 'static {
    type Event;
    /// Why the referee refused an event.
    type Refusal;
    fn apply(&mut self, t: u64, event: Self::Event) -> Result<(), Self::Refusal>;
    /// Records a flag that fell by `now`; whether one did.
    fn tick(&mut self, now: u64) -> bool;
    fn last_event_ms(&self) -> u64;
    fn is_over(&self) -> bool;
    /// Ended at this table (an imported record opened for review ends silently).
    fn ended_here(&self) -> bool;
    /// What the running clocks show at `now` (their delay while one runs).
    fn running_ms(&self, now: u64) -> [Option<u64>; 2];
    /// Whether that is a running delay, not a bank (`GameModule::delay_running`).
    fn delay_running(&self, _now: u64) -> bool {
        false
    }
    /// The file "Export the game now" writes; a module whose save holds a
    /// secret seals or withholds it here (the card duel).
    fn export_text(&self) -> String {
        self.to_json()
    }
    /// Why an event was refused, where the player can act on the reason;
    /// `None` shows the module's general "not possible now".
    fn refusal_text(_i18n: &I18n, _refusal: &Self::Refusal) -> Option<String> {
        None
    }
    /// How long until a running clock's face changes (ms); with two running
    /// clocks, the one that changes first.
    fn next_change_ms(&self, now: u64) -> Option<u64> {
        let faces = self.running_ms(now);
        faces
            .into_iter()
            .flatten()
            .map(super::format::next_change_in)
            .min()
    }
    /// Which screen the state calls for. A module whose state has stages
    /// before play (a table that keeps a session between games) keeps its
    /// setup steps on `Screen::Setup`; with no state at all it is `Setup` too.
    fn screen(&self) -> Screen {
        if self.is_over() {
            Screen::End
        } else {
            Screen::Play
        }
    }
    /// What a change from `before` calls for besides the end (`END_ALERT`,
    /// given by the module context itself): e.g. a cue when the seats turn.
    fn alert(&self, _before: Option<&Self>) -> Option<Alert> {
        None
    }
    /// The low-time warning starts at this many ms on the running clock.
    fn low_time_ms() -> u64 {
        LOW_TIME_MS
    }
    /// The state a module opens with when nothing is saved: none (the setup
    /// screen), or a blank state of its own whose first stage is the setup.
    fn blank() -> Option<Self> {
        None
    }
    /// Whether this is the blank state (`blank`): nothing worth saving yet.
    fn is_blank(&self) -> bool {
        false
    }
    /// The committed draw, revealed with its fate (`GameModule::revealed_draw`).
    fn revealed_draw(&self) -> Option<DrawRecord> {
        None
    }
    /// The commitment the play screen shows until move one
    /// (`GameModule::commitment_before_move_one`).
    fn commitment_before_move_one(&self) -> Option<ShownCommitment> {
        None
    }
    /// How the game ended, for tonight's table (`GameModule::club_end`, its
    /// record dated as the end screen dates it).
    fn club_end(&self) -> Option<GameEnd> {
        None
    }
}

/// What players hear and feel at a moment of the game: a cue (unless muted)
/// and a vibration pattern (ms on, off, on, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alert {
    pub cue: sound::Cue,
    pub vibration: &'static [u32],
}

/// The game ended at this table.
pub const END_ALERT: Alert = Alert {
    cue: sound::Cue::End,
    vibration: &[500],
};

impl<G: GameModule + Logged + Send + Sync + 'static> ModuleGame for G {
    type Event = G::Event;
    type Refusal = G::Error;

    fn apply(&mut self, t: u64, event: G::Event) -> Result<(), G::Error> {
        GameModule::apply(self, t, event)
    }

    fn tick(&mut self, now: u64) -> bool {
        GameModule::tick(self, now)
    }

    fn last_event_ms(&self) -> u64 {
        GameModule::last_event_ms(self)
    }

    fn is_over(&self) -> bool {
        GameModule::is_over(self)
    }

    fn ended_here(&self) -> bool {
        GameModule::ended_here(self)
    }

    fn running_ms(&self, now: u64) -> [Option<u64>; 2] {
        GameModule::running_ms(self, now)
    }

    fn delay_running(&self, now: u64) -> bool {
        GameModule::delay_running(self, now)
    }

    fn revealed_draw(&self) -> Option<DrawRecord> {
        GameModule::revealed_draw(self)
    }

    fn commitment_before_move_one(&self) -> Option<ShownCommitment> {
        GameModule::commitment_before_move_one(self)
    }

    fn club_end(&self) -> Option<GameEnd> {
        club_end_of(self)
    }
}

/// A referee game's end for tonight's table, its record dated by the
/// game's first event as every end screen dates its PGN.
pub fn club_end_of<G: GameModule>(game: &G) -> Option<GameEnd> {
    let info = clock::pgn_info(game.events().first().map(|e| e.t_ms));
    game.club_end(&info)
}

/// A module's fixed facts.
pub struct ModuleSpec {
    pub slot: Slot,
    pub muted_key: &'static str,
    /// The file name of "Export the game now" when the phone will not store it.
    pub export_file: &'static str,
    /// "That is not possible now", in the current language.
    pub refused: fn(&I18n) -> &'static str,
}

/// Shared by a module's screens (`use_module::<G>()`).
pub struct ModuleCtx<G: ModuleGame> {
    pub game: RwSignal<Option<G>>,
    /// The time the screen shows (ms); advanced by the redraw timer.
    pub now: RwSignal<u64>,
    /// A short notice (a refused event), cleared on the next success.
    pub notice: RwSignal<Option<String>>,
    /// The last save failed: the game lives only in this page for now.
    pub unsaved: RwSignal<bool>,
    pub muted: RwSignal<bool>,
    /// Captured once: timer callbacks run outside any reactive owner.
    pub i18n: I18n,
    /// Bumped whenever the timer must be re-planned.
    epoch: RwSignal<u64>,
    spec: &'static ModuleSpec,
}

impl<G: ModuleGame> Clone for ModuleCtx<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: ModuleGame> Copy for ModuleCtx<G> {}

impl<G: ModuleGame> ModuleCtx<G> {
    /// The time for a new event: now, but never before the last recorded one.
    fn event_time(&self) -> u64 {
        let floor = self
            .game
            .with_untracked(|g| g.as_ref().map_or(0, G::last_event_ms));
        clock::now_at_least(floor)
    }

    /// Replaces the game (or clears it) after storing it; the screen shows the
    /// new state only once it is saved or the failure is on screen.
    fn store(&self, next: Option<G>) {
        if !one_window::may_record() {
            return;
        }
        // A commitment that leaves the table, played or given up, is revealed
        // in the evening's record (docs/fairness.md §10).
        let leaving = match &next {
            Some(game) if game.is_over() => game.revealed_draw(),
            Some(_) => None,
            None => self
                .game
                .with_untracked(|g| g.as_ref().and_then(G::revealed_draw)),
        };
        if let Some(draw) = leaving {
            evening::record(draw);
        }
        // A game that ends here enters tonight's table, once (CE-4).
        let ended = next.as_ref().filter(|g| {
            g.is_over()
                && g.ended_here()
                && !self
                    .game
                    .with_untracked(|b| b.as_ref().is_some_and(G::is_over))
        });
        if let Some(end) = ended.and_then(G::club_end) {
            club::enter(end);
        }
        let slot = self.spec.slot;
        let saved = match &next {
            Some(game) => slot.save(game),
            None => {
                slot.clear();
                true
            }
        };
        self.notice.set(None);
        self.unsaved.set(!saved);
        let alert = self.game.with_untracked(|before| {
            let next = next.as_ref()?;
            let was_over = before.as_ref().is_some_and(G::is_over);
            if next.is_over() && !was_over && next.ended_here() {
                Some(END_ALERT)
            } else {
                next.alert(before.as_ref())
            }
        });
        self.now
            .set(self.event_time().max(self.now.get_untracked()));
        if let Some(alert) = alert {
            self.play(alert.cue);
            device::vibrate(alert.vibration);
        }
        self.game.set(next.or_else(G::blank));
        self.epoch.update(|e| *e += 1);
    }

    /// Changes the game through `change`; a refused change leaves everything
    /// as it was and says so.
    pub fn update(&self, change: impl FnOnce(&mut G) -> Result<(), G::Refusal>) -> bool {
        let Some(mut next) = self
            .game
            .get_untracked()
            .filter(|_| one_window::may_record())
        else {
            return false;
        };
        if let Err(refusal) = change(&mut next) {
            let text = G::refusal_text(&self.i18n, &refusal)
                .unwrap_or_else(|| (self.spec.refused)(&self.i18n).to_owned());
            self.notice.set(Some(text));
            return false;
        }
        self.store(Some(next));
        true
    }

    /// Sends one event, timestamped now. A flag that fell in the meantime is
    /// recorded first (and then the event is refused: the game is over).
    pub fn send(&self, event: G::Event) -> bool {
        let t = self.event_time();
        self.record_flag(t);
        self.update(|game| game.apply(t, event))
    }

    /// Records a fallen flag; returns whether one was recorded.
    fn record_flag(&self, now: u64) -> bool {
        let flagged = self.game.with_untracked(|g| {
            let mut probe = g.clone()?;
            probe.tick(now).then_some(probe)
        });
        match flagged {
            Some(next) => {
                self.store(Some(next));
                true
            }
            None => false,
        }
    }

    /// Starts a new game.
    pub fn begin(&self, game: G) {
        self.notice.set(None);
        self.store(Some(game));
    }

    /// Forgets the game and returns to the setup screen (to the blank state,
    /// unsaved, where the module has one).
    pub fn clear(&self) {
        self.store(None);
    }

    pub fn play(&self, cue: sound::Cue) {
        if !self.muted.get_untracked() {
            sound::play(cue);
        }
    }

    pub fn set_muted(&self, muted: bool) {
        storage::set(self.spec.muted_key, if muted { "1" } else { "0" });
        self.muted.set(muted);
    }
}

pub fn use_module<G: ModuleGame>() -> ModuleCtx<G> {
    expect_context::<ModuleCtx<G>>()
}

/// Which of a module's screens is on: `Setup` with no game (or in the
/// state's own setup steps, `ModuleGame::screen`), `End` once over.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Setup,
    Play,
    End,
}

/// Loads the module's game, provides its context and starts its redraw timer.
/// The caller renders `ModulePage` with it.
pub fn open<G: ModuleGame>(spec: &'static ModuleSpec) -> (ModuleCtx<G>, Option<Damage>) {
    open_text(spec, spec.slot.text())
}

/// `open` with the save's text taken already (`Slot::text`): for a module
/// that must prepare before it can read it (unseal a secret, asynchronously).
pub fn open_text<G: ModuleGame>(
    spec: &'static ModuleSpec,
    (text, from_hand_over): (Option<String>, bool),
) -> (ModuleCtx<G>, Option<Damage>) {
    let (game, damaged) = match spec.slot.load_text::<G>(text) {
        Loaded::Fresh => (G::blank(), spec.slot.kept_damage::<G>()),
        Loaded::Restored(game) => (Some(game), None),
        Loaded::Damaged(error) => (G::blank(), Some(error)),
    };
    let ctx = ModuleCtx {
        game: RwSignal::new(game),
        now: RwSignal::new(clock::now_ms()),
        notice: RwSignal::new(None),
        unsaved: RwSignal::new(false),
        muted: RwSignal::new(storage::get(spec.muted_key).as_deref() == Some("1")),
        i18n: use_i18n(),
        epoch: RwSignal::new(0),
        spec,
    };
    provide_context(ctx);
    ticker::start(ctx);
    // A handed-over game is not in storage yet: try again, and say so if not.
    if from_hand_over {
        ctx.game.with_untracked(|g| {
            if let Some(g) = g {
                ctx.unsaved.set(!spec.slot.save(g));
            }
        });
    }
    // A take-over hands the game in memory to the other window, not what
    // storage holds: storage may have refused the latest saves.
    one_window::hand_over_with(move || ctx.game.with_untracked(|g| g.as_ref().map(G::to_json)));
    (ctx, damaged)
}

impl<G: ModuleGame> ModuleCtx<G> {
    /// Which screen the game calls for (tracks the game).
    pub fn screen(&self) -> Memo<Screen> {
        let game = self.game;
        Memo::new(move |_| game.with(|g| g.as_ref().map_or(Screen::Setup, G::screen)))
    }

    /// The drawn game's commitment while the play screen shows it (until
    /// move one); `None` for every other game and state.
    pub fn commitment_before_move_one(&self) -> Signal<Option<ShownCommitment>> {
        let game = self.game;
        Signal::derive(move || game.with(|g| g.as_ref().and_then(G::commitment_before_move_one)))
    }

    /// A finished game's record as tonight's table keeps it, with its kind:
    /// what its end screen's code takes home (CE-5).
    pub fn take_home(&self) -> Signal<Option<(&'static str, String)>> {
        let game = self.game;
        Signal::derive(move || {
            game.with(|g| {
                let end = g.as_ref().filter(|g| g.is_over())?.club_end()?;
                Some((end.game.id(), end.result.record))
            })
        })
    }

    /// The storage warning, or the export button in the play screen's strip.
    pub fn unsaved_warning(&self, compact: bool) -> impl IntoView + use<G> {
        let game = self.game;
        view! {
            <UnsavedWarning
                unsaved=self.unsaved
                file_name=self.spec.export_file
                export=move |()| game.with_untracked(|g| g.as_ref().map(G::export_text))
                compact=compact
            />
        }
    }
}

impl<G: ModuleGame> ModuleCtx<G> {
    /// `f` of the game at the screen's time (tracks both); `None` with no game.
    /// A module's view of its game: `ctx.at_now(Game::view)`.
    pub fn at_now<T>(&self, f: impl FnOnce(&G, u64) -> T) -> Option<T> {
        let now = self.now.get();
        self.game.with(|g| g.as_ref().map(|g| f(g, now)))
    }

    /// What the screen-reader live region says: `words` for a finished game,
    /// nothing otherwise. Derived from the game (and read in the current
    /// language by `words`), so a new game, another screen or a language
    /// switch never leaves an old message.
    pub fn when_over(&self, words: impl FnOnce(&G) -> Option<String>) -> String {
        self.game
            .with(|g| g.as_ref().filter(|g| g.is_over()).and_then(words))
            .unwrap_or_default()
    }

    /// The module's whole page: [`ModulePage`] with the module's three
    /// screens, what screen readers are told (`live`, re-announced only
    /// when its words change) and the storage warning.
    pub fn page(
        self,
        class: &'static str,
        damaged: Option<Damage>,
        live: impl Fn() -> String + Send + Sync + 'static,
        setup: impl Into<ViewFn>,
        play: impl Into<ViewFn>,
        end: impl Into<ViewFn>,
    ) -> impl IntoView {
        let (setup, play, end) = (setup.into(), play.into(), end.into());
        view! {
            <ModulePage
                class=class
                save=self.spec.slot
                damaged=damaged
                screen=self.screen()
                live=Memo::new(move |_| live())
                unsaved=move || self.unsaved_warning(false)
                take_home=self.take_home()
                setup=setup
                play=play
                end=end
            />
        }
    }
}

/// A module's page: the live region, a damaged save's notice, the storage
/// warning off the play screen, and the screen the game calls for.
#[component]
pub fn ModulePage(
    /// The page's CSS classes.
    class: &'static str,
    /// The module's slot (`slot` is a reserved attribute name in `view!`).
    save: Slot,
    /// The damaged save found at load, if any.
    damaged: Option<Damage>,
    screen: Memo<Screen>,
    /// What screen readers are told (a finished game's result).
    live: Memo<String>,
    /// The storage warning (`ModuleCtx::unsaved_warning`).
    #[prop(into)]
    unsaved: ViewFn,
    /// The finished game's record and kind (`ModuleCtx::take_home`): its
    /// code is shown under every end screen.
    take_home: Signal<Option<(&'static str, String)>>,
    #[prop(into)] setup: ViewFn,
    #[prop(into)] play: ViewFn,
    #[prop(into)] end: ViewFn,
) -> impl IntoView {
    let damaged = RwSignal::new(damaged);
    top_on_change(screen);
    // What screen readers are told is what the voice says (never more):
    // spoken when it changes, not when a page opens on it.
    let i18n = use_i18n();
    Effect::new(move |previous: Option<String>| {
        let text = live.get();
        if previous.is_some_and(|p| p != text) {
            let news = if screen.get_untracked() == Screen::End {
                voice::News::End
            } else {
                voice::News::Swap
            };
            voice::announce(&i18n, news, &text);
        }
        text
    });
    view! {
        <div class=class>
            <div class="sr-only" aria-live="assertive" role="status">
                {move || live.get()}
            </div>
            {move || damaged.get().map(|damage| view! {
                <DamagedSave save=save damage=damage on_close=move |()| damaged.set(None)/>
            })}
            {move || (screen.get() != Screen::Play).then(|| unsaved.run())}
            {move || match screen.get() {
                Screen::Setup => setup.run(),
                Screen::Play => play.run(),
                Screen::End => view! {
                    {end.run()}
                    <div class="page-narrow"><TakeHome record=take_home/></div>
                }.into_any(),
            }}
        </div>
    }
}

/// A new screen starts at its top, not where the last one's button was:
/// scrolls up whenever `screen` changes (a module's steps within a screen too).
pub fn top_on_change<S: Clone + PartialEq + Send + Sync + 'static>(screen: Memo<S>) {
    Effect::new(move |previous: Option<S>| {
        let current = screen.get();
        if previous.is_some_and(|p| p != current)
            && let Some(window) = web_sys::window()
        {
            window.scroll_to_with_x_and_y(0.0, 0.0);
        }
        current
    });
}

/// The redraw timer (`ui::ticker`) for every module game.
impl<G: ModuleGame> ticker::ClockScreen for ModuleCtx<G> {
    fn now(&self) -> RwSignal<u64> {
        self.now
    }

    fn epoch(&self) -> RwSignal<u64> {
        self.epoch
    }

    fn last_event_ms(&self) -> Option<u64> {
        self.game
            .try_with_untracked(|g| g.as_ref().map_or(0, G::last_event_ms))
    }

    fn running_ms(&self, now: u64) -> Option<u64> {
        self.game.with_untracked(|g| {
            let faces = g.as_ref().filter(|g| !g.is_over())?.running_ms(now);
            faces.into_iter().flatten().min()
        })
    }

    fn lone_running_ms(&self, now: u64) -> Option<u64> {
        self.game.with_untracked(|g| {
            match g
                .as_ref()
                .filter(|g| !g.is_over() && !g.delay_running(now))?
                .running_ms(now)
            {
                [Some(ms), None] | [None, Some(ms)] => Some(ms),
                _ => None,
            }
        })
    }

    fn next_change_ms(&self, now: u64) -> Option<u64> {
        self.game
            .with_untracked(|g| g.as_ref().filter(|g| !g.is_over())?.next_change_ms(now))
    }

    fn record_flag(&self, now: u64) -> bool {
        ModuleCtx::record_flag(self, now)
    }

    fn low_time_ms(&self) -> u64 {
        G::low_time_ms()
    }

    fn low_time_cue(&self, remaining_ms: u64) {
        self.play(sound::Cue::LowTime);
        // The warning's first second is said once, when results are asked for too.
        if remaining_ms + 1000 > G::low_time_ms() {
            let t = &self.i18n.t().game.controls;
            let text = super::format::spoken_duration(remaining_ms, t);
            voice::announce(&self.i18n, voice::News::LowTime, &text);
        }
    }

    fn playing(&self) -> bool {
        self.game
            .with_untracked(|g| g.as_ref().is_some_and(|g| g.screen() == Screen::Play))
    }

    fn track_game(&self) {
        self.game.track();
    }

    fn save_if_missing(&self) {
        let slot = self.spec.slot;
        if storage::get(slot.key).is_none() && one_window::may_record() {
            self.game.with_untracked(|g| {
                g.as_ref()
                    .filter(|g| !g.is_blank())
                    .map(|g| self.unsaved.set(!slot.save(g)))
            });
        }
    }
}

/// The low-time warning starts here (colour, and a tick each second).
pub const LOW_TIME_MS: u64 = 10_000;

/// A module's entry in the app (`ENTRY`, for `ui::games::GAMES`) and its
/// fixed facts (`SPEC`), from its id, its strings (`TEXTS`) and its root
/// component. A module whose save is `<id>.<noun>` (a game, a match) names
/// the noun, and its keys and file names follow from it: `<id>.<noun>`,
/// `<id>.<noun>.damaged`, `<id>-save.json`, `<id>.muted`, `<id>-<noun>.json`
/// (phones hold saves under these names: never change one). A module with
/// a slot of its own gives it (and the rest follows), or gives all three.
macro_rules! module_entry {
    ($id:literal, $noun:literal, $table:ident) => {
        $crate::ui::module::module_entry!(
            $id,
            $noun,
            $table,
            slot = $crate::ui::saved::Slot {
                key: concat!($id, ".", $noun),
                damaged_key: concat!($id, ".", $noun, ".damaged"),
                file_name: concat!($id, "-save.json"),
            }
        );
    };
    ($id:literal, $noun:literal, $table:ident, slot = $slot:expr) => {
        $crate::ui::module::module_entry!(
            $id,
            $table,
            slot = $slot,
            muted = concat!($id, ".muted"),
            export = concat!($id, "-", $noun, ".json")
        );
    };
    ($id:literal, $table:ident, slot = $slot:expr, muted = $muted:expr, export = $export:expr) => {
        /// This module's one entry in the app (`ui::games::GAMES`).
        pub const ENTRY: $crate::ui::games::GameEntry = $crate::ui::games::GameEntry {
            id: $id,
            href: concat!("#/", $id),
            name: |t| TEXTS.get(t.lang).game_name,
            summary: |t| TEXTS.get(t.lang).game_summary,
            save_key: SPEC.slot.key,
            view: || view! { <$table/> }.into_any(),
        };

        static SPEC: $crate::ui::module::ModuleSpec = $crate::ui::module::ModuleSpec {
            slot: $slot,
            muted_key: $muted,
            export_file: $export,
            refused: |i18n| i18n.of(&TEXTS).refused,
        };
    };
}
pub(crate) use module_entry;
