//! The Nordau Shift table in the browser: setup → commitment → play (with swap
//! announcements) → end and reveal → next game. Every screen renders the
//! referee's `Table` and sends it events; the rules live in the referee.

mod board;
mod commit;
mod draws;
mod end;
mod menu;
mod play;
mod setup;
pub mod store;
mod strings;
mod swap;

use crate::referee::module::GameModule;
use leptos::prelude::*;

use crate::ui::games::GameEntry;

use super::i18n::{I18n, use_i18n};
use super::saved::{DamagedSave, Loaded, UnsavedWarning};
use super::{format, ticker};
use crate::referee::{Event, Game, Stage, Table, TableError, ViewPhase};
use crate::web::{clock, device, sound, storage};

use strings::TEXTS;

/// This module's one entry in the app (`ui::games::GAMES`).
pub const ENTRY: GameEntry = GameEntry {
    id: "nordau",
    href: "#/nordau",
    name: |t| TEXTS.get(t.lang).game_name,
    summary: |t| TEXTS.get(t.lang).game_summary,
    save_key: store::SLOT.key,
    view: || view! { <NordauTable/> }.into_any(),
};

const MUTED_KEY: &str = "nordau-shift.muted";

/// Shared by the table's screens.
#[derive(Clone, Copy)]
pub struct TableCtx {
    pub table: RwSignal<Table>,
    /// The time the screen shows (ms); advanced by the redraw timer.
    pub now: RwSignal<u64>,
    /// A short notice (a refused event), cleared on the next success.
    pub notice: RwSignal<Option<&'static str>>,
    /// The last save failed: the table lives only in this page for now.
    pub unsaved: RwSignal<bool>,
    pub muted: RwSignal<bool>,
    /// The secret seed's sealed form (`store::Sealed`); `None` or another
    /// seed's when this browser cannot seal (the commitment screen says so).
    pub sealed: RwSignal<Option<store::Sealed>>,
    /// The language, captured once: timer callbacks (a flag falling) run
    /// outside any reactive owner, where `use_i18n()` would panic.
    i18n: I18n,
    /// Bumped whenever the timer must be re-planned (an event changed the banks).
    epoch: RwSignal<u64>,
    /// The game's public view at `now`, computed once per redraw for every
    /// screen part (building it formats the position and lists legal moves
    /// and claims: far too much to redo in each closure ten times a second).
    view: Memo<Option<crate::referee::PublicView>>,
}

pub fn use_table() -> TableCtx {
    expect_context::<TableCtx>()
}

impl TableCtx {
    /// The time for a new event: now, but never before the last recorded event.
    fn event_time(&self) -> u64 {
        let floor = self
            .table
            .with_untracked(|t| t.game().map_or(0, Game::last_event_ms));
        clock::now_at_least(floor)
    }

    /// Changes the table through `change`; stores the result before the screen
    /// shows it. A refused change leaves everything as it was.
    pub fn update(&self, change: impl FnOnce(&mut Table) -> Result<(), TableError>) -> bool {
        if !crate::ui::one_window::may_record() {
            return false;
        }
        let mut next = self.table.get_untracked();
        if change(&mut next).is_err() {
            self.notice.set(Some(self.i18n.of(&TEXTS).refused));
            return false;
        }
        let saved = self
            .sealed
            .with_untracked(|sealed| store::save(&next, sealed.as_ref()));
        self.notice.set(None);
        self.unsaved.set(!saved);
        let before = self.table.with_untracked(phase_of);
        let after = phase_of(&next);
        self.now
            .set(self.event_time().max(self.now.get_untracked()));
        self.table.set(next);
        self.epoch.update(|e| *e += 1);
        self.cue(before, after);
        true
    }

    /// Draws a fresh seed, seals it for storage, then commits it through
    /// `change` (a new commitment or the next game).
    pub fn commit_fresh(
        &self,
        change: impl FnOnce(&mut Table, [u8; 32]) -> Result<(), TableError> + 'static,
    ) -> bool {
        let Some(seed) = device::random_seed() else {
            self.notice.set(Some(self.i18n.of(&TEXTS).refused));
            return false;
        };
        let ctx = *self;
        wasm_bindgen_futures::spawn_local(async move {
            ctx.sealed.set(store::Sealed::of(seed).await);
            ctx.update(|table| change(table, seed));
        });
        true
    }

    /// Whether the secret seed is stored readable (no sealing in this browser).
    pub fn seed_unsealed(&self) -> bool {
        let secret = self.table.with(Table::secret_seed);
        let sealed = self.sealed.with(|s| s.as_ref().map(|s| s.seed));
        secret.is_some() && secret != sealed
    }

    /// Sends one game event, timestamped now.
    pub fn send(&self, event: Event) -> bool {
        let t = self.event_time();
        self.update(|table| table.apply(t, event))
    }

    /// Sound and vibration on a swap or the end; screen readers get the same
    /// news from the live region (`live_text`).
    fn cue(&self, before: Option<ViewPhase>, after: Option<ViewPhase>) {
        let seated = |p: &Option<ViewPhase>| matches!(p, Some(ViewPhase::AwaitingSeated { .. }));
        if seated(&after) && !seated(&before) {
            self.play(sound::Cue::Swap);
            device::vibrate(&[300, 120, 300, 120, 600]);
        }
        let ended = |p: &Option<ViewPhase>| matches!(p, Some(ViewPhase::Over { .. }));
        if ended(&after) && !ended(&before) {
            self.play(sound::Cue::End);
            device::vibrate(&[500]);
        }
    }

    pub fn play(&self, cue: sound::Cue) {
        if !self.muted.get_untracked() {
            sound::play(cue);
        }
    }

    pub fn set_muted(&self, muted: bool) {
        storage::set(MUTED_KEY, if muted { "1" } else { "0" });
        self.muted.set(muted);
    }
}

/// What the screen-reader live region says: the swap being announced or the
/// result, derived from the game as it stands and in the current language, so
/// a new game, another screen or a language switch never leaves an old message.
fn live_text(ctx: &TableCtx) -> String {
    let t = ctx.i18n.of(&TEXTS);
    ctx.table
        .with(|table| {
            let game = table.game()?;
            let view = game.view(game.last_event_ms());
            match &view.phase {
                ViewPhase::AwaitingSeated {
                    stood_up,
                    sat_down,
                    colour,
                } => Some(format::fill(
                    t.swap_announce,
                    &[
                        ("out", stood_up),
                        ("in", sat_down),
                        ("colour", t.colour(*colour)),
                    ],
                )),
                ViewPhase::Over { .. } => {
                    end::headline(t, &view).map(|(result, reason)| format!("{result}: {reason}"))
                }
                _ => None,
            }
        })
        .unwrap_or_default()
}

fn phase_of(table: &Table) -> Option<ViewPhase> {
    table.game().map(|g| g.view(g.last_event_ms()).phase)
}

/// The whole table at `#/nordau`.
#[component]
pub fn NordauTable() -> impl IntoView {
    let table = RwSignal::new(Table::default());
    let now = RwSignal::new(clock::now_ms());
    let ctx = TableCtx {
        table,
        now,
        view: Memo::new(move |_| {
            let now = now.get();
            table.with(|t| t.game().map(|g| g.view(now)))
        }),
        notice: RwSignal::new(None),
        unsaved: RwSignal::new(false),
        muted: RwSignal::new(storage::get(MUTED_KEY).as_deref() == Some("1")),
        sealed: RwSignal::new(None),
        i18n: use_i18n(),
        epoch: RwSignal::new(0),
    };
    provide_context(ctx);
    ticker::start(ctx);
    let damaged = RwSignal::new(None);
    // Unsealing the seed is asynchronous: the screens wait for the table.
    let loaded = RwSignal::new(false);
    super::one_window::hand_over_with(move || {
        let sealed = ctx.sealed.get_untracked();
        loaded
            .get_untracked()
            .then(|| table.with_untracked(|t| store::save_text(t, sealed.as_ref())))
    });
    wasm_bindgen_futures::spawn_local(async move {
        let (found, sealed) = store::load().await;
        let (table, kept) = match found {
            Loaded::Fresh => (Table::default(), store::SLOT.kept_damage::<Table>()),
            // An unreadable save set aside earlier is offered again (download or
            // delete) whenever no game is in progress, so "Start fresh" loses nothing.
            Loaded::Restored(table) => {
                let in_game = table.game().is_some_and(|g| !g.is_over());
                let kept = if in_game {
                    None
                } else {
                    store::SLOT.kept_damage::<Table>()
                };
                (table, kept)
            }
            Loaded::Damaged(damage) => (Table::default(), Some(damage)),
        };
        // A seed saved readable (older version) is sealed now.
        let sealed = match (sealed, table.secret_seed()) {
            (None, Some(seed)) => store::Sealed::of(seed).await,
            (sealed, _) => sealed,
        };
        if sealed.is_some() {
            store::save(&table, sealed.as_ref());
        }
        if ctx.table.try_set(table).is_none() {
            ctx.sealed.set(sealed);
            ctx.now.set(clock::now_ms());
            ctx.epoch.update(|e| *e += 1);
            damaged.set(kept);
            loaded.set(true);
        }
    });
    // A memo: the region changes (and is read out) only when its words do.
    let live = Memo::new(move |_| live_text(&ctx));
    let stage = Memo::new(move |_| {
        ctx.table.with(|t| match &t.stage {
            Stage::Setup => 0u8,
            Stage::Committed { .. } | Stage::Drawn(_) => 1,
            Stage::Playing(game) if game.is_over() => 3,
            Stage::Playing(_) => 2,
        })
    });
    // A new screen starts at its top, not where the last one's button was.
    Effect::new(move |previous: Option<u8>| {
        let current = stage.get();
        if previous.is_some_and(|p| p != current)
            && let Some(window) = web_sys::window()
        {
            window.scroll_to_with_x_and_y(0.0, 0.0);
        }
        current
    });

    view! {
        <div class="ns-table">
            <div class="sr-only" aria-live="assertive" role="status">
                {move || live.get()}
            </div>
            {move || damaged.get().map(|damage| view! {
                <DamagedSave save=store::SLOT damage=damage on_close=move |()| damaged.set(None)/>
            })}
            {move || (stage.get() != 2).then(|| view! { <Unsaved compact=false/> })}
            {move || loaded.get().then(|| {
                match stage.get() {
                    0 => view! { <setup::SetupScreen/> }.into_any(),
                    1 => view! { <commit::CommitScreen/> }.into_any(),
                    2 => view! { <play::PlayScreen/> }.into_any(),
                    _ => view! { <end::EndScreen/> }.into_any(),
                }
            })}
        </div>
    }
}

/// The phone will not store the table (`ui::saved::UnsavedWarning`).
#[component]
pub fn Unsaved(compact: bool) -> impl IntoView {
    let ctx = use_table();
    view! {
        <UnsavedWarning
            unsaved=ctx.unsaved
            file_name="nordau-shift-table.json"
            export=move |()| Some(ctx.sealed.with_untracked(|sealed| {
                ctx.table.with_untracked(|table| store::export_text(table, sealed.as_ref()))
            }))
            compact=compact
        />
    }
}

/// The block bank's redraw timer (`ui::ticker`): a flag falls through
/// `Table::tick`, the warning ticks in a bank's last five seconds (NS-6).
impl ticker::ClockScreen for TableCtx {
    fn now(&self) -> RwSignal<u64> {
        self.now
    }

    fn epoch(&self) -> RwSignal<u64> {
        self.epoch
    }

    fn last_event_ms(&self) -> Option<u64> {
        self.table
            .try_with_untracked(|t| t.game().map_or(0, Game::last_event_ms))
    }

    fn running_ms(&self, now: u64) -> Option<u64> {
        self.table.with_untracked(|t| {
            let game = t.game()?;
            let colour = game.view(now).clock_running?;
            Some(game.remaining_ms(colour, now))
        })
    }

    fn record_flag(&self, now: u64) -> bool {
        let flagged = self.table.with_untracked(|t| {
            let mut probe = t.clone();
            probe.tick(now).then_some(probe)
        });
        match flagged {
            Some(next) => self.update(move |table| {
                *table = next;
                Ok(())
            }),
            None => false,
        }
    }

    fn low_time_ms(&self) -> u64 {
        5_000
    }

    fn low_time_cue(&self) {
        self.play(sound::Cue::LowTime);
    }

    fn playing(&self) -> bool {
        self.table
            .with_untracked(|t| t.game().is_some_and(|g| !g.is_over()))
    }

    fn track_game(&self) {
        self.table.track();
    }

    fn save_if_missing(&self) {
        let fresh = self.table.with_untracked(|t| *t == Table::default());
        if !fresh && storage::get(store::SLOT.key).is_none() && crate::ui::one_window::may_record()
        {
            let saved = self.sealed.with_untracked(|sealed| {
                self.table
                    .with_untracked(|table| store::save(table, sealed.as_ref()))
            });
            self.unsaved.set(!saved);
        }
    }
}

/// The game's public view at the screen's time (tracks both, through the
/// one memo all parts of the screen share).
pub fn current_view(ctx: &TableCtx) -> Option<crate::referee::PublicView> {
    ctx.view.get()
}

pub fn with_game<R>(ctx: &TableCtx, f: impl FnOnce(&Game) -> R) -> Option<R> {
    ctx.table.with(|t| t.game().map(f))
}
