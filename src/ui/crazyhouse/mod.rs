//! The Crazyhouse module in the browser: setup (or PGN import) → play with the
//! two-player clock, in clock mode or on the board with pockets → end with the
//! PGN record. Every screen renders the referee's `ZhGame` and sends it
//! events; the rules live in the referee.

mod end;
mod menu;
mod play;
mod setup;
mod strings;

use leptos::prelude::*;

use crate::ui::games::GameEntry;

use crate::referee::{Outcome, ZhError, ZhEvent, ZhGame, ZhLogError, ZhReason, ZhView};
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::saved::{DamagedSave, Loaded, Saved, Slot, UnsavedWarning};
use crate::ui::{format, ticker};
use crate::web::{clock, device, sound, storage};
use strings::{CrazyhouseTexts, TEXTS};

/// This module's one entry in the app (`ui::games::GAMES`).
pub const ENTRY: GameEntry = GameEntry {
    id: "crazyhouse",
    href: "#/crazyhouse",
    name: |t| TEXTS.get(t.lang).game_name,
    summary: |t| TEXTS.get(t.lang).game_summary,
    save_key: SLOT.key,
    view: || view! { <CrazyhouseTable/> }.into_any(),
};

/// The game in progress (or just finished) lives here between page loads.
const SLOT: Slot = Slot {
    key: "crazyhouse.game",
    damaged_key: "crazyhouse.game.damaged",
    file_name: "crazyhouse-save.json",
};
const MUTED_KEY: &str = "crazyhouse.muted";
/// The low-time warning starts here (colour, and a tick each second).
pub const LOW_TIME_MS: u64 = 10_000;

impl Saved for ZhGame {
    type Error = ZhLogError;

    fn to_json(&self) -> String {
        ZhGame::to_json(self)
    }

    fn from_json(text: &str) -> Result<Self, ZhLogError> {
        ZhGame::from_json(text)
    }

    fn is_newer(error: &ZhLogError) -> bool {
        error.is_newer_version()
    }
}

/// Shared by the module's screens.
#[derive(Clone, Copy)]
pub struct ZhCtx {
    pub game: RwSignal<Option<ZhGame>>,
    /// The time the screen shows (ms); advanced by the redraw timer.
    pub now: RwSignal<u64>,
    /// A short notice (a refused event), cleared on the next success.
    pub notice: RwSignal<Option<&'static str>>,
    /// The last save failed: the game lives only in this page for now.
    pub unsaved: RwSignal<bool>,
    pub muted: RwSignal<bool>,
    /// Captured once: timer callbacks run outside any reactive owner.
    i18n: I18n,
    /// Bumped whenever the timer must be re-planned.
    epoch: RwSignal<u64>,
}

pub fn use_zh() -> ZhCtx {
    expect_context::<ZhCtx>()
}

impl ZhCtx {
    fn texts(&self) -> &'static CrazyhouseTexts {
        self.i18n.of(&TEXTS)
    }

    /// The time for a new event: now, but never before the last recorded one.
    fn event_time(&self) -> u64 {
        let floor = self
            .game
            .with_untracked(|g| g.as_ref().map_or(0, ZhGame::last_event_ms));
        clock::now_at_least(floor)
    }

    /// Replaces the game (or clears it) after storing it; the screen shows the
    /// new state only once it is saved or the failure is on screen.
    fn store(&self, next: Option<ZhGame>) {
        if !crate::ui::one_window::may_record() {
            return;
        }
        let saved = match &next {
            Some(game) => SLOT.save(game),
            None => {
                SLOT.clear();
                true
            }
        };
        self.notice.set(None);
        self.unsaved.set(!saved);
        let was_over = self
            .game
            .with_untracked(|g| g.as_ref().is_some_and(ZhGame::is_over));
        let is_over = next.as_ref().is_some_and(ZhGame::is_over);
        self.now
            .set(self.event_time().max(self.now.get_untracked()));
        if let Some(game) = next.as_ref().filter(|_| is_over && !was_over) {
            self.announce_end(game);
        }
        self.game.set(next);
        self.epoch.update(|e| *e += 1);
    }

    /// Changes the game through `change`; a refused change leaves everything
    /// as it was and says so.
    pub fn update(&self, change: impl FnOnce(&mut ZhGame) -> Result<(), ZhError>) -> bool {
        let Some(mut next) = self
            .game
            .get_untracked()
            .filter(|_| crate::ui::one_window::may_record())
        else {
            return false;
        };
        if change(&mut next).is_err() {
            self.notice.set(Some(self.texts().refused));
            return false;
        }
        self.store(Some(next));
        true
    }

    /// Sends one event, timestamped now. A flag that fell in the meantime is
    /// recorded first (and then the event is refused: the game is over).
    pub fn send(&self, event: ZhEvent) -> bool {
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
    pub fn begin(&self, game: ZhGame) {
        self.notice.set(None);
        self.store(Some(game));
    }

    /// Forgets the game and returns to the setup screen.
    pub fn clear(&self) {
        self.store(None);
    }

    /// Sound and vibration at the end; screen readers get the result from
    /// the live region (`live_text`).
    fn announce_end(&self, game: &ZhGame) {
        // An imported record opened for review ends silently.
        if game.result().is_some_and(|r| r.played_here()) {
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

pub fn reason_text(t: &CrazyhouseTexts, reason: ZhReason) -> &'static str {
    let r = &t.reasons;
    match reason {
        ZhReason::Checkmate => r.checkmate,
        ZhReason::Stalemate => r.stalemate,
        ZhReason::Resignation => r.resignation,
        ZhReason::Agreement => r.agreement,
        ZhReason::ThreefoldClaim => r.threefold,
        ZhReason::FivefoldRepetition => r.fivefold,
        ZhReason::PlyLimit => r.ply_limit,
        ZhReason::Flag => r.flag,
        ZhReason::Recorded => r.recorded,
    }
}

/// "Dana wins" or "Draw".
pub fn result_text(t: &CrazyhouseTexts, view: &ZhView) -> String {
    match view.result.map(|r| r.outcome) {
        Some(Outcome::Win(colour)) => {
            let name = match colour {
                crate::referee::Colour::White => &view.white,
                crate::referee::Colour::Black => &view.black,
            };
            format::fill(t.wins, &[("name", name)])
        }
        Some(Outcome::Draw) => t.draw_result.to_owned(),
        None => String::new(),
    }
}

/// What the screen-reader live region says: the result of a finished game,
/// derived from the game and in the current language, so a new game, another
/// screen or a language switch never leaves an old message.
fn live_text(ctx: &ZhCtx) -> String {
    let t = ctx.texts();
    ctx.game
        .with(|g| {
            let game = g.as_ref().filter(|g| g.is_over())?;
            let view = game.view(game.last_event_ms());
            let r = view.result?;
            Some(format::fill(
                t.end_announce,
                &[
                    ("result", &result_text(t, &view)),
                    ("reason", reason_text(t, r.reason)),
                ],
            ))
        })
        .unwrap_or_default()
}

/// The game's view at the screen's time (tracks both).
pub fn current_view(ctx: &ZhCtx) -> Option<ZhView> {
    let now = ctx.now.get();
    ctx.game.with(|g| g.as_ref().map(|g| g.view(now)))
}

/// The whole module at `#/crazyhouse`.
#[component]
pub fn CrazyhouseTable() -> impl IntoView {
    let (game, damaged) = match SLOT.load::<ZhGame>() {
        Loaded::Fresh => (None, SLOT.kept_damage::<ZhGame>()),
        Loaded::Restored(game) => (Some(game), None),
        Loaded::Damaged(error) => (None, Some(error)),
    };
    let ctx = ZhCtx {
        game: RwSignal::new(game),
        now: RwSignal::new(clock::now_ms()),
        notice: RwSignal::new(None),
        unsaved: RwSignal::new(false),
        muted: RwSignal::new(storage::get(MUTED_KEY).as_deref() == Some("1")),
        i18n: use_i18n(),
        epoch: RwSignal::new(0),
    };
    provide_context(ctx);
    ticker::start(ctx);
    let damaged = RwSignal::new(damaged);
    // A memo: the region changes (and is read out) only when its words do.
    let live = Memo::new(move |_| live_text(&ctx));
    let screen = Memo::new(move |_| {
        ctx.game.with(|g| match g {
            None => 0u8,
            Some(g) if g.is_over() => 2,
            Some(_) => 1,
        })
    });
    Effect::new(move |previous: Option<u8>| {
        let current = screen.get();
        if previous.is_some_and(|p| p != current)
            && let Some(window) = web_sys::window()
        {
            window.scroll_to_with_x_and_y(0.0, 0.0);
        }
        current
    });

    view! {
        <div class="zh-table ns-table">
            <div class="sr-only" aria-live="assertive" role="status">
                {move || live.get()}
            </div>
            {move || damaged.get().map(|damage| view! {
                <DamagedSave save=SLOT damage=damage on_close=move |()| damaged.set(None)/>
            })}
            {move || (screen.get() != 1).then(|| view! { <Unsaved compact=false/> })}
            {move || match screen.get() {
                0 => view! { <setup::SetupScreen/> }.into_any(),
                1 => view! { <play::PlayScreen/> }.into_any(),
                _ => view! { <end::EndScreen/> }.into_any(),
            }}
        </div>
    }
}

/// The phone will not store the game (`ui::saved::UnsavedWarning`).
#[component]
pub fn Unsaved(compact: bool) -> impl IntoView {
    let ctx = use_zh();
    view! {
        <UnsavedWarning
            unsaved=ctx.unsaved
            file_name="crazyhouse-game.json"
            export=move |()| ctx.game.with_untracked(|g| g.as_ref().map(ZhGame::to_json))
            compact=compact
        />
    }
}

/// The chess clock's redraw timer (`ui::ticker`). The running delay counts
/// as displayed time, so the face changes when the delay runs out.
impl ticker::ClockScreen for ZhCtx {
    fn now(&self) -> RwSignal<u64> {
        self.now
    }

    fn epoch(&self) -> RwSignal<u64> {
        self.epoch
    }

    fn last_event_ms(&self) -> Option<u64> {
        self.game
            .try_with_untracked(|g| g.as_ref().map_or(0, ZhGame::last_event_ms))
    }

    fn running_ms(&self, now: u64) -> Option<u64> {
        self.game.with_untracked(|g| {
            let g = g.as_ref().filter(|g| !g.is_over())?;
            let colour = g.clock().running()?;
            match g.clock().delay_left_ms(colour, now) {
                0 => Some(g.clock().remaining_ms(colour, now)),
                delay => Some(delay),
            }
        })
    }

    fn record_flag(&self, now: u64) -> bool {
        ZhCtx::record_flag(self, now)
    }

    fn low_time_ms(&self) -> u64 {
        LOW_TIME_MS
    }

    fn low_time_cue(&self) {
        self.play(sound::Cue::LowTime);
    }

    fn playing(&self) -> bool {
        self.game
            .with_untracked(|g| g.as_ref().is_some_and(|g| !g.is_over()))
    }

    fn track_game(&self) {
        self.game.track();
    }

    fn save_if_missing(&self) {
        if storage::get(SLOT.key).is_none() && crate::ui::one_window::may_record() {
            self.game
                .with_untracked(|g| g.as_ref().map(|g| self.unsaved.set(!SLOT.save(g))));
        }
    }
}
