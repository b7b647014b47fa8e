//! The bughouse module in the browser (issue #14): setup (or BPGN import) →
//! play with four clocks, in clock mode (four quadrants, the phone between
//! the boards) or on the two on-screen boards with their pockets → end with
//! the winning team, the rule and the BPGN record. Every screen renders the
//! referee's `BhGame` and sends it events; the rules live in the referee.

mod boards;
mod end;
mod menu;
mod play;
mod setup;
mod strings;

use leptos::prelude::*;

use crate::referee::Colour;
use crate::referee::bughouse::{
    BhError, BhEvent, BhGame, BhLogError, BhOutcome, BhReason, BhView, BoardId, Seat,
};
use crate::ui::games::GameEntry;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::saved::{DamagedSave, Loaded, Saved, Slot, UnsavedWarning};
use crate::ui::{format, ticker};
use crate::web::{clock, device, sound, storage};
use strings::{BughouseTexts, TEXTS};

/// This module's one entry in the app (`ui::games::GAMES`).
pub const ENTRY: GameEntry = GameEntry {
    id: "bughouse",
    href: "#/bughouse",
    name: |t| TEXTS.get(t.lang).game_name,
    summary: |t| TEXTS.get(t.lang).game_summary,
    save_key: SLOT.key,
    view: || view! { <BughouseTable/> }.into_any(),
};

/// The match in progress (or just finished) lives here between page loads.
const SLOT: Slot = Slot {
    key: "bughouse.match",
    damaged_key: "bughouse.match.damaged",
    file_name: "bughouse-save.json",
};
const MUTED_KEY: &str = "bughouse.muted";
/// The low-time warning starts here (colour, and a tick each second).
pub const LOW_TIME_MS: u64 = 10_000;

/// The four seats in the order of `BhSetup::names`.
pub const SEATS: [Seat; 4] = [
    Seat {
        board: BoardId::A,
        colour: Colour::White,
    },
    Seat {
        board: BoardId::A,
        colour: Colour::Black,
    },
    Seat {
        board: BoardId::B,
        colour: Colour::White,
    },
    Seat {
        board: BoardId::B,
        colour: Colour::Black,
    },
];

impl Saved for BhGame {
    type Error = BhLogError;

    fn to_json(&self) -> String {
        BhGame::to_json(self)
    }

    fn from_json(text: &str) -> Result<Self, BhLogError> {
        BhGame::from_json(text)
    }

    fn is_newer(error: &BhLogError) -> bool {
        error.is_newer_version()
    }
}

/// Shared by the module's screens.
#[derive(Clone, Copy)]
pub struct BhCtx {
    pub game: RwSignal<Option<BhGame>>,
    /// The time the screen shows (ms); advanced by the redraw timer.
    pub now: RwSignal<u64>,
    /// A short notice (a refused event), cleared on the next success.
    pub notice: RwSignal<Option<&'static str>>,
    /// The last save failed: the match lives only in this page for now.
    pub unsaved: RwSignal<bool>,
    pub muted: RwSignal<bool>,
    /// The match as the screen shows it now: one view for every part of the
    /// screen (computing it once per redraw, not once per quadrant).
    pub view: Memo<Option<BhView>>,
    /// Captured once: timer callbacks run outside any reactive owner.
    i18n: I18n,
    /// Bumped whenever the timer must be re-planned.
    epoch: RwSignal<u64>,
}

pub fn use_bh() -> BhCtx {
    expect_context::<BhCtx>()
}

impl BhCtx {
    fn texts(&self) -> &'static BughouseTexts {
        self.i18n.of(&TEXTS)
    }

    /// The time for a new event: now, but never before the last recorded one.
    fn event_time(&self) -> u64 {
        let floor = self
            .game
            .with_untracked(|g| g.as_ref().map_or(0, BhGame::last_event_ms));
        clock::now_at_least(floor)
    }

    /// Replaces the match (or clears it) after storing it; the screen shows
    /// the new state only once it is saved or the failure is on screen.
    fn store(&self, next: Option<BhGame>) {
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
            .with_untracked(|g| g.as_ref().is_some_and(BhGame::is_over));
        let is_over = next.as_ref().is_some_and(BhGame::is_over);
        self.now
            .set(self.event_time().max(self.now.get_untracked()));
        if let Some(game) = next.as_ref().filter(|_| is_over && !was_over) {
            self.announce_end(game);
        }
        self.game.set(next);
        self.epoch.update(|e| *e += 1);
    }

    /// Changes the match through `change`; a refused change leaves
    /// everything as it was and says so.
    pub fn update(&self, change: impl FnOnce(&mut BhGame) -> Result<(), BhError>) -> bool {
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
    /// recorded first (and then the event is refused: the match is over).
    pub fn send(&self, event: BhEvent) -> bool {
        let t = self.event_time();
        self.record_flag(t);
        self.update(|game| game.apply(t, event))
    }

    /// Records a fallen flag (the first on either board, BH-4); whether one was.
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

    /// Starts a new match.
    pub fn begin(&self, game: BhGame) {
        self.notice.set(None);
        self.store(Some(game));
    }

    /// Forgets the match and returns to the setup screen.
    pub fn clear(&self) {
        self.store(None);
    }

    /// Sound and vibration at the end; screen readers get the result from
    /// the live region (`live_text`).
    fn announce_end(&self, game: &BhGame) {
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

pub fn reason_text(t: &BughouseTexts, reason: BhReason) -> &'static str {
    let r = &t.reasons;
    match reason {
        BhReason::Checkmate => r.checkmate,
        BhReason::Resignation => r.resignation,
        BhReason::Flag => r.flag,
        BhReason::Agreement => r.agreement,
        BhReason::NobodyCanMove => r.nobody_can_move,
        BhReason::PlyLimit => r.ply_limit,
        BhReason::Recorded => r.recorded,
    }
}

/// The name of the player at `seat` in a view.
pub fn seat_name(view: &BhView, seat: Seat) -> &str {
    &view.boards[seat.board.index()].names[seat.colour.index()]
}

/// "Team 1 wins: Ann & Bob" or "Draw".
pub fn result_text(t: &BughouseTexts, view: &BhView) -> String {
    match view.result.map(|r| r.outcome) {
        Some(BhOutcome::Win(team)) => {
            let on = |board| {
                seat_name(
                    view,
                    Seat {
                        board,
                        colour: team.colour_on(board),
                    },
                )
            };
            let names = format!("{} & {}", on(BoardId::A), on(BoardId::B));
            let n = team.number().to_string();
            format::fill(t.team_wins, &[("n", &n), ("names", &names)])
        }
        Some(BhOutcome::Draw) => t.draw_result.to_owned(),
        None => String::new(),
    }
}

/// "the flag fell on board B: Dana (BH-4)".
pub fn reason_line(t: &BughouseTexts, view: &BhView) -> String {
    let Some(r) = view.result else {
        return String::new();
    };
    let mut line = reason_text(t, r.reason).to_owned();
    if let Some(seat) = r.seat
        && matches!(
            r.reason,
            BhReason::Checkmate | BhReason::Resignation | BhReason::Flag
        )
    {
        let b = seat.board.letter().to_string();
        line.push(' ');
        line.push_str(&format::fill(t.on_board, &[("b", &b)]));
        line.push_str(": ");
        line.push_str(seat_name(view, seat));
    }
    if r.played_here() {
        line.push_str(" (");
        line.push_str(r.reason.rule());
        line.push(')');
    }
    line
}

/// What the screen-reader live region says: the result of a finished match.
fn live_text(ctx: &BhCtx) -> String {
    let t = ctx.texts();
    ctx.game
        .with(|g| {
            let game = g.as_ref().filter(|g| g.is_over())?;
            let view = game.view(game.last_event_ms());
            view.result?;
            Some(format::fill(
                t.end_announce,
                &[
                    ("result", &result_text(t, &view)),
                    ("reason", &reason_line(t, &view)),
                ],
            ))
        })
        .unwrap_or_default()
}

/// The whole module at `#/bughouse`.
#[component]
pub fn BughouseTable() -> impl IntoView {
    let (game, damaged) = match SLOT.load::<BhGame>() {
        Loaded::Fresh => (None, SLOT.kept_damage::<BhGame>()),
        Loaded::Restored(game) => (Some(game), None),
        Loaded::Damaged(error) => (None, Some(error)),
    };
    let game = RwSignal::new(game);
    let now = RwSignal::new(clock::now_ms());
    let ctx = BhCtx {
        game,
        now,
        notice: RwSignal::new(None),
        unsaved: RwSignal::new(false),
        muted: RwSignal::new(storage::get(MUTED_KEY).as_deref() == Some("1")),
        view: Memo::new(move |_| {
            let now = now.get();
            game.with(|g| g.as_ref().map(|g| g.view(now)))
        }),
        i18n: use_i18n(),
        epoch: RwSignal::new(0),
    };
    provide_context(ctx);
    ticker::start(ctx);
    let damaged = RwSignal::new(damaged);
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
        <div class="bh-table ns-table">
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

/// The phone will not store the match (`ui::saved::UnsavedWarning`).
#[component]
pub fn Unsaved(compact: bool) -> impl IntoView {
    let ctx = use_bh();
    view! {
        <UnsavedWarning
            unsaved=ctx.unsaved
            file_name="bughouse-match.json"
            export=move |()| ctx.game.with_untracked(|g| g.as_ref().map(BhGame::to_json))
            compact=compact
        />
    }
}

/// What a running clock shows at `now`: its delay while one runs, else its time.
fn shown_ms(game: &BhGame, board: BoardId, now: u64) -> Option<u64> {
    let clock = game.clock(board);
    let colour = clock.running()?;
    match clock.delay_left_ms(colour, now) {
        0 => Some(clock.remaining_ms(colour, now)),
        delay => Some(delay),
    }
}

/// The redraw timer (`ui::ticker`): two clocks run at once (BH-2), so it
/// wakes for whichever face changes first.
impl ticker::ClockScreen for BhCtx {
    fn now(&self) -> RwSignal<u64> {
        self.now
    }

    fn epoch(&self) -> RwSignal<u64> {
        self.epoch
    }

    fn last_event_ms(&self) -> Option<u64> {
        self.game
            .try_with_untracked(|g| g.as_ref().map_or(0, BhGame::last_event_ms))
    }

    fn running_ms(&self, now: u64) -> Option<u64> {
        self.game.with_untracked(|g| {
            let g = g.as_ref().filter(|g| !g.is_over())?;
            BoardId::BOTH
                .into_iter()
                .filter_map(|b| shown_ms(g, b, now))
                .min()
        })
    }

    fn next_change_ms(&self, now: u64) -> Option<u64> {
        self.game.with_untracked(|g| {
            let g = g.as_ref().filter(|g| !g.is_over())?;
            BoardId::BOTH
                .into_iter()
                .filter_map(|b| shown_ms(g, b, now).map(format::next_change_in))
                .min()
        })
    }

    fn record_flag(&self, now: u64) -> bool {
        BhCtx::record_flag(self, now)
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
