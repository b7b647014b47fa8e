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

use leptos::prelude::*;

use super::format;
use super::module::{self, Alert, ModuleCtx, ModuleGame, ModulePage, Screen};
use crate::referee::club::GameEnd;
use crate::referee::{Event, Game, PublicView, Stage, Table, TableError, ViewPhase};
use crate::web::device;

use strings::TEXTS;

module::module_entry!(
    "nordau",
    NordauTable,
    slot = store::SLOT,
    muted = "nordau-shift.muted",
    export = "nordau-shift-table.json"
);

/// The low-time warning starts at 5 s left in a bank (NS-6).
const LOW_MS: u64 = 5_000;

/// NS-10: the seats turn over.
const SWAP_ALERT: Alert = Alert {
    cue: crate::web::sound::Cue::Swap,
    vibration: &[300, 120, 300, 120, 600],
};

/// The table is the module's state: setup, commitment and draw are steps of
/// the setup screen; the game in play and its end are the other two.
impl ModuleGame for Table {
    type Event = Event;
    type Refusal = TableError;

    fn apply(&mut self, t: u64, event: Event) -> Result<(), TableError> {
        Table::apply(self, t, event)
    }

    fn tick(&mut self, now: u64) -> bool {
        Table::tick(self, now)
    }

    fn last_event_ms(&self) -> u64 {
        self.game().map_or(0, Game::last_event_ms)
    }

    fn is_over(&self) -> bool {
        self.game().is_some_and(Game::is_over)
    }

    fn ended_here(&self) -> bool {
        self.game().is_some_and(Game::ended_here)
    }

    fn running_ms(&self, now: u64) -> [Option<u64>; 2] {
        self.game().map_or([None; 2], |g| g.running_ms(now))
    }

    fn export_text(&self) -> String {
        store::export_text(self)
    }

    fn club_end(&self) -> Option<GameEnd> {
        module::club_end_of(self.game()?)
    }

    fn screen(&self) -> Screen {
        match &self.stage {
            Stage::Setup | Stage::Committed { .. } | Stage::Drawn(_) => Screen::Setup,
            Stage::Playing(game) if game.is_over() => Screen::End,
            Stage::Playing(_) => Screen::Play,
        }
    }

    /// The swap call; screen readers get the same news from the live region
    /// (`live_text`).
    fn alert(&self, before: Option<&Table>) -> Option<Alert> {
        let seated = |t: &Table| matches!(phase_of(t), Some(ViewPhase::AwaitingSeated { .. }));
        (seated(self) && !before.is_some_and(seated)).then_some(SWAP_ALERT)
    }

    /// NS-6: the warning ticks in a bank's last five seconds.
    fn low_time_ms() -> u64 {
        LOW_MS
    }

    fn blank() -> Option<Table> {
        Some(Table::default())
    }

    fn is_blank(&self) -> bool {
        *self == Table::default()
    }
}

/// Shared by the table's screens: the shared module context, plus the game's
/// public view at `now`, computed once per redraw for every screen part
/// (building it formats the position and lists legal moves and claims: far
/// too much to redo in each closure ten times a second).
#[derive(Clone, Copy)]
pub struct TableCtx {
    base: ModuleCtx<Table>,
    view: Memo<Option<PublicView>>,
}

impl std::ops::Deref for TableCtx {
    type Target = ModuleCtx<Table>;

    fn deref(&self) -> &Self::Target {
        &self.base
    }
}

pub fn use_table() -> TableCtx {
    expect_context::<TableCtx>()
}

impl TableCtx {
    /// Reads the table (tracked). It always exists (`Table::blank`).
    pub fn with_table<R>(&self, f: impl FnOnce(&Table) -> R) -> R {
        self.game.with(|t| match t {
            Some(table) => f(table),
            None => f(&Table::default()),
        })
    }

    /// Reads the table, untracked.
    pub fn with_table_untracked<R>(&self, f: impl FnOnce(&Table) -> R) -> R {
        self.game.with_untracked(|t| match t {
            Some(table) => f(table),
            None => f(&Table::default()),
        })
    }

    /// Draws a fresh seed, seals it for storage, then commits it through
    /// `change` (a new commitment or the next game).
    pub fn commit_fresh(
        &self,
        change: impl FnOnce(&mut Table, [u8; 32]) -> Result<(), TableError> + 'static,
    ) -> bool {
        let Some(seed) = device::random_seed() else {
            self.notice.set(Some((SPEC.refused)(&self.i18n).to_owned()));
            return false;
        };
        let ctx = *self;
        wasm_bindgen_futures::spawn_local(async move {
            store::seal(seed).await;
            ctx.update(|table| change(table, seed));
        });
        true
    }

    /// Whether the secret seed is stored readable (no sealing in this browser).
    pub fn seed_unsealed(&self) -> bool {
        self.with_table(store::seed_unsealed)
    }
}

/// What the screen-reader live region says: the swap being announced or the
/// result, derived from the game as it stands and in the current language, so
/// a new game, another screen or a language switch never leaves an old message.
fn live_text(ctx: &TableCtx) -> String {
    let t = ctx.i18n.of(&TEXTS);
    ctx.with_table(|table| {
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

/// The whole table at `#/nordau`: opened once its seed is unsealed.
#[component]
pub fn NordauTable() -> impl IntoView {
    let prepared = RwSignal::new(None);
    // Until the table is open, a take-over hands over what storage holds.
    super::one_window::hand_over_with(|| None);
    wasm_bindgen_futures::spawn_local(async move {
        let text = store::SLOT.text();
        store::prepare(text.0.as_deref()).await;
        // The page may be gone by now (another game chosen meanwhile).
        let _ = prepared.try_set(Some(text));
    });
    move || {
        prepared
            .get()
            .map(|text| view! { <NordauModule text=text/> })
    }
}

#[component]
fn NordauModule(text: (Option<String>, bool)) -> impl IntoView {
    let (base, damaged) = module::open_text::<Table>(&SPEC, text);
    // An unreadable save set aside earlier is offered again (download or
    // delete) whenever no game is in progress, so "Start fresh" loses nothing.
    let in_game = base
        .game
        .with_untracked(|t| t.as_ref().is_some_and(|t| t.screen() == Screen::Play));
    let damaged = damaged.or_else(|| {
        if in_game {
            None
        } else {
            store::SLOT.kept_damage::<Table>()
        }
    });
    let (game, now) = (base.game, base.now);
    let ctx = TableCtx {
        base,
        view: Memo::new(move |_| {
            let now = now.get();
            game.with(|t| t.as_ref()?.game().map(|g| g.view(now)))
        }),
    };
    provide_context(ctx);
    // A memo: the region changes (and is read out) only when its words do.
    let live = Memo::new(move |_| live_text(&ctx));
    view! {
        <ModulePage
            class="game-table"
            save=SPEC.slot
            damaged=damaged
            screen=ctx.screen()
            live=live
            unsaved=move || ctx.unsaved_warning(false)
            take_home=base.take_home()
            setup=|| view! { <BeforePlay/> }
            play=|| view! { <play::PlayScreen/> }
            end=|| view! { <end::EndScreen/> }
        />
    }
}

/// The setup screen's steps: the setup, then the commitment and the draw.
#[component]
fn BeforePlay() -> impl IntoView {
    let ctx = use_table();
    let committed = Memo::new(move |_| ctx.with_table(|t| !matches!(t.stage, Stage::Setup)));
    module::top_on_change(committed);
    move || {
        if committed.get() {
            view! { <commit::CommitScreen/> }.into_any()
        } else {
            view! { <setup::SetupScreen/> }.into_any()
        }
    }
}

/// The game's public view at the screen's time (tracks both, through the
/// one memo all parts of the screen share).
pub fn current_view(ctx: &TableCtx) -> Option<PublicView> {
    ctx.view.get()
}

pub fn with_game<R>(ctx: &TableCtx, f: impl FnOnce(&Game) -> R) -> Option<R> {
    ctx.with_table(|t| t.game().map(f))
}
