//! The controls in the strip between the two clock halves, shared by every
//! game module: Pause/Resume, "Undo last tap/move" behind a second question,
//! Sun mode, and the game menu. They are small and away from the halves, so a hand
//! slapping a clock cannot hit them by accident.

use leptos::prelude::*;

use crate::ui::clicks;

use super::i18n::{I18n, use_i18n};
use super::module::LOW_TIME_MS;
use super::theme::SunToggle;
use crate::referee::Colour;

/// A game's view as its clock halves read it. Each game says its own facts
/// about a seat; what follows from them (the face, the low-time warning,
/// which tap counts) is `HalfState::of`, the same in every game.
pub trait ClockView {
    /// A seat at the clock: a colour, or a colour on a board (bughouse).
    type Seat: Copy;
    /// The low-time warning starts at this many ms (`ModuleGame::low_time_ms`).
    const LOW_MS: u64 = LOW_TIME_MS;
    /// The player in the seat.
    fn player(&self, seat: Self::Seat) -> String;
    /// The seat's time (`None`: the game is played without a clock).
    fn remaining_ms(&self, seat: Self::Seat) -> Option<u64>;
    /// The seat's time as its half shows it (`4:59`, `9.3`).
    fn face(&self, seat: Self::Seat) -> String {
        self.remaining_ms(seat)
            .map(super::format::clock_face)
            .unwrap_or_default()
    }
    /// The seat's clock runs for its move.
    fn to_move(&self, seat: Self::Seat) -> bool;
    /// The seat's tap starts the game.
    fn starts(&self, seat: Self::Seat) -> bool;
    /// Moves are entered by tapping the clock, not on the on-screen board.
    fn clock_mode(&self) -> bool;
    /// A tap of the seat's half ends its move now.
    fn taps(&self, seat: Self::Seat) -> bool {
        self.to_move(seat) && self.clock_mode()
    }
    /// The half's status line, in the current language.
    fn status(&self, seat: Self::Seat, i18n: I18n) -> String;
}

/// What one seat's half shows, computed from the game's view in one go.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HalfState {
    pub name: String,
    /// The time as shown (`4:59`, `9.3`).
    pub face: String,
    /// The time as screen readers say it ("4 minutes 59 seconds").
    pub spoken: String,
    pub status: String,
    pub to_move: bool,
    pub low: bool,
    /// This half's tap starts the game.
    pub starts: bool,
    /// A tap counts: it starts the game, or ends the move.
    pub tappable: bool,
}

impl HalfState {
    /// The seat's half in `view`; with no game, an empty half.
    pub fn of<V: ClockView>(view: Option<&V>, seat: V::Seat, i18n: I18n) -> Self {
        let Some(view) = view else {
            return Self::default();
        };
        let (to_move, starts) = (view.to_move(seat), view.starts(seat));
        Self {
            name: view.player(seat),
            face: view.face(seat),
            spoken: view
                .remaining_ms(seat)
                .map(|ms| super::format::spoken_duration(ms, &i18n.t().game.controls))
                .unwrap_or_default(),
            status: view.status(seat, i18n),
            low: to_move && view.remaining_ms(seat).is_some_and(|ms| ms <= V::LOW_MS),
            tappable: starts || view.taps(seat),
            to_move,
            starts,
        }
    }
}

/// One side's half of the clock: colour chip, name, time face and a status
/// line; the whole half is the clock button. Black's half is turned 180° (CSS
/// `.far`) to face the player across the table. Children are appended to the
/// status line (e.g. a running delay). A tap runs `on_start` on the half that
/// starts the game, `on_tap` while the half is tappable, nothing otherwise.
#[component]
pub fn ClockHalf(
    colour: Colour,
    #[prop(into)] state: Signal<HalfState>,
    #[prop(into)] on_start: Callback<()>,
    #[prop(into)] on_tap: Callback<()>,
    #[prop(optional)] children: Option<ChildrenFn>,
) -> impl IntoView {
    let i18n = use_i18n();
    let is_white = colour == Colour::White;
    let press = move || {
        let (starts, tappable) = state.with_untracked(|s| (s.starts, s.tappable));
        if starts {
            on_start.run(());
        } else if tappable {
            on_tap.run(());
        }
    };
    // The face is written by this effect on every change, never diffed: the
    // redraw timer writes a running bank's tenths straight into it between
    // reactive updates (`ui::ticker`), so it may hold a newer face than the
    // last one rendered here.
    let bank = NodeRef::<leptos::html::Span>::new();
    Effect::new(move |_| {
        let face = state.with(|s| s.face.clone());
        if let Some(bank) = bank.get() {
            crate::web::set_text(&bank, &face);
        }
    });
    view! {
        <button
            type="button"
            class="half"
            class:far=!is_white
            class:white-seat=is_white
            class:black-seat=!is_white
            class:to-move=move || state.with(|s| s.to_move)
            class:low=move || state.with(|s| s.low)
            class:starts=move || state.with(|s| s.starts)
            aria-disabled=move || (!state.with(|s| s.tappable)).to_string()
            // Pressed as the finger lands, like a clock's button (`web::press`);
            // a keyboard's or screen reader's click presses too.
            on:pointerdown=move |ev| if crate::web::press::by_pointer(&ev) { press() }
            on:click=move |_| press()
        >
            // No aria-label: the name is the visible text in reading order, so it
            // always holds the time shown (WCAG 2.5.3); the hidden words make it
            // read "White clock: Dana, 0:14. Tap when you have moved".
            <span class="half-head">
                <span class="seat-chip" class:white=is_white class:black=!is_white>
                    {move || if is_white { i18n.t().game.board.white } else { i18n.t().game.board.black }}
                </span>
                <span class="sr-only">{move || format!(" {}: ", i18n.t().game.controls.clock)}</span>
                <span class="half-name">{move || state.with(|s| s.name.clone())}</span>
            </span>
            <span class="sr-only">", "</span>
            // An hour face (h:mm:ss) is wider: its own size budget (app.css).
            // Read as minutes and seconds, not as the face (a time of day to a screen reader).
            <span class="bank" class:hours=move || state.with(|s| s.face.len() > 5) aria-hidden="true"
                node_ref=bank>{state.with_untracked(|s| s.face.clone())}</span>
            <span class="sr-only">{move || state.with(|s| s.spoken.clone())}</span>
            <span class="sr-only">". "</span>
            <span class="half-status">{move || state.with(|s| s.status.clone())} {children.map(|children| children())}</span>
        </button>
    }
}

/// A second undo beside a game's own (Undo Chess: the token undo is the
/// game's, C-4a's "Undo last tap" this one), behind its own question. Shown
/// only while `available`.
#[derive(Clone, Copy)]
pub struct ExtraUndo {
    pub available: Signal<bool>,
    pub label: Signal<&'static str>,
    pub question: Signal<String>,
    pub on_undo: Callback<()>,
}

#[component]
pub fn ClockControls(
    #[prop(into)] paused: Signal<bool>,
    #[prop(into)] can_pause: Signal<bool>,
    #[prop(into)] undo_available: Signal<bool>,
    /// "Undo last tap" or "Undo last move", in the current language.
    #[prop(into)]
    undo_label: Signal<&'static str>,
    /// The question asked before undoing.
    #[prop(into)]
    undo_question: Signal<&'static str>,
    #[prop(into)] on_pause: Callback<()>,
    #[prop(into)] on_resume: Callback<()>,
    #[prop(into)] on_undo: Callback<()>,
    #[prop(into)] on_menu: Callback<()>,
    /// Leave out the undo button: a module with more than one undo (one per
    /// bughouse board) places its own beside these controls; a module whose
    /// undo is sometimes another's says when, and the controls stay built.
    #[prop(optional, into)]
    no_undo: Signal<bool>,
    /// A second undo (`ExtraUndo`), after the first.
    #[prop(optional)]
    extra_undo: Option<ExtraUndo>,
) -> impl IntoView {
    let i18n = use_i18n();
    // Which question is open: the undo's (false) or the extra one's (true).
    let confirming = RwSignal::new(None::<bool>);
    let confirming_undo = Signal::derive(move || confirming.get().is_some());
    let extra_open = move || confirming.get() == Some(true);
    // The undo's question goes when the undo does (C-4b: once a swap is known
    // the undo is the opponent's to allow, and the plain one is refused).
    Effect::new(move |_| {
        if no_undo.get() && confirming.get_untracked() == Some(false) {
            confirming.set(None);
        }
    });
    view! {
        <Show
            when=move || confirming_undo.get()
            fallback=move || view! {
                <div class="middle-controls">
                    <Show
                        when=move || paused.get()
                        fallback=move || view! {
                            <button type="button" class="button" disabled=move || !can_pause.get()
                                on:click=clicks::runs(on_pause)>
                                {i18n.word(|i| i.t().game.controls.pause)}
                            </button>
                        }
                    >
                        <button type="button" class="button primary" on:click=clicks::runs(on_resume)>
                            {i18n.word(|i| i.t().game.controls.resume)}
                        </button>
                    </Show>
                    // Sun mode one tap from the clocks (the sun comes out mid-game),
                    // kept beside the menu when the strip wraps; Undo comes last, so
                    // on a narrow strip it is Undo that takes a row of its own.
                    <div class="middle-icons">
                        <SunToggle class="button icon-button"/>
                        <button type="button" class="button icon-button menu-button" aria-label=i18n.word(|i| i.t().game.controls.menu)
                            on:click=clicks::runs(on_menu)>
                            "⋯"
                        </button>
                    </div>
                    <Show when=move || !no_undo.get()>
                        <button type="button" class="button undo" disabled=move || !undo_available.get()
                            on:click=move |_| confirming.set(Some(false))>
                            {move || undo_label.get()}
                        </button>
                    </Show>
                    {extra_undo.map(|extra| view! {
                        <Show when=move || extra.available.get()>
                            <button type="button" class="button undo-tap"
                                on:click=move |_| confirming.set(Some(true))>
                                {move || extra.label.get()}
                            </button>
                        </Show>
                    })}
                </div>
            }
        >
            <div class="middle-confirm" role="group">
                <p>{move || match extra_undo.filter(|_| extra_open()) {
                    Some(extra) => extra.question.get(),
                    None => undo_question.get().to_owned(),
                }}</p>
                <div class="button-row">
                    <button type="button" class="button danger" on:click=move |_| {
                        match extra_undo.filter(|_| extra_open()) {
                            Some(extra) => extra.on_undo.run(()),
                            None => on_undo.run(()),
                        }
                        confirming.set(None);
                    }>{i18n.word(|i| i.t().game.confirm)}</button>
                    <button type="button" class="button" on:click=move |_| confirming.set(None)>
                        {i18n.word(|i| i.t().game.controls.cancel)}
                    </button>
                </div>
            </div>
        </Show>
    }
}

/// Opening the game menu stops the clocks and closing it starts them again:
/// no flag falls while three people agree a draw in the menu (C-4). Only a
/// pause the menu made is undone on close; a game paused before, or ended
/// from the menu, stays as it is. Returns whether the menu holds the clocks.
pub fn pause_while_open(
    open: RwSignal<bool>,
    running: impl Fn() -> bool + 'static,
    pause: impl Fn() -> bool + 'static,
    resume_if_paused: impl Fn() + 'static,
) -> Signal<bool> {
    let held = RwSignal::new(false);
    Effect::new(move |was_open: Option<bool>| {
        let is_open = open.get();
        if is_open && was_open != Some(true) && running() && pause() {
            held.set(true);
        } else if !is_open && was_open == Some(true) && held.get_untracked() {
            held.set(false);
            resume_if_paused();
        }
        is_open
    });
    held.into()
}

/// A bottom sheet (the game menu): a title, a Close button, and the content.
/// A tap outside closes it. `held`: the menu stopped the clocks (it says so).
#[component]
pub fn Sheet(
    #[prop(into)] title: Signal<&'static str>,
    open: RwSignal<bool>,
    #[prop(optional, into)] held: Option<Signal<bool>>,
    children: Children,
) -> impl IntoView {
    let i18n = use_i18n();
    let held = move || held.is_some_and(|held| held.get());
    view! {
        <div class="sheet-backdrop" on:click=clicks::sets(open, false)>
            <div class="sheet" role="dialog" aria-modal="true" aria-label=move || title.get()
                on:click=|ev| ev.stop_propagation()>
                <div class="sheet-head">
                    <h2>{move || title.get()}</h2>
                    <button type="button" class="button" on:click=clicks::sets(open, false)>
                        {i18n.word(|i| i.t().game.controls.close)}
                    </button>
                </div>
                <Show when=held>
                    <p class="sheet-note" role="status">{i18n.word(|i| i.t().game.controls.menu_paused)}</p>
                </Show>
                {children()}
            </div>
        </div>
    }
}

/// Steps an arbiter can add to or take from a clock, in ms.
const ADJUST_STEPS: [i64; 4] = [-60_000, -10_000, 10_000, 60_000];

/// "−1 min", "+10 s" in the current language.
fn step_label(i18n: super::i18n::I18n, step: i64) -> String {
    let t = &i18n.t().game.menu;
    let sign = if step < 0 { '−' } else { '+' };
    let s = step.unsigned_abs() / 1000;
    // The sign goes with the number, inside the template's {n}: a
    // right-to-left template isolates the two together.
    if s >= 60 {
        super::format::fill(t.adjust_minutes, &[("n", &format!("{sign}{}", s / 60))])
    } else {
        super::format::fill(t.adjust_seconds, &[("n", &format!("{sign}{s}"))])
    }
}

/// One player's row of the game menu's time adjustment: who, the time, and
/// the four steps. `on_adjust` gets the new time (never below one second).
#[component]
pub fn AdjustRow(
    #[prop(into)] who: Signal<String>,
    /// The player's time now (`None` once the game is gone).
    #[prop(into)]
    remaining_ms: Signal<Option<u64>>,
    #[prop(into)] on_adjust: Callback<u64>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="adjust-row">
            <span class="adjust-name">
                {move || who.get()} " "
                <strong class="mono">{move || remaining_ms.get().map(super::format::clock_face)}</strong>
            </span>
            <div class="button-row">
                {ADJUST_STEPS.map(|step| view! {
                    <button type="button" class="button"
                        aria-label=move || format!("{} {}", who.get(), step_label(i18n, step))
                        on:click=move |_| {
                            if let Some(now) = remaining_ms.get_untracked() {
                                on_adjust.run((now as i64 + step).max(1_000) as u64);
                            }
                        }>
                        {move || step_label(i18n, step)}
                    </button>
                }).collect_view()}
            </div>
        </div>
    }
}

/// The game menu's last row: sound on/off, and ending the game for good.
#[component]
pub fn SoundAndDiscard(
    muted: Signal<bool>,
    #[prop(into)] on_mute: Callback<bool>,
    /// "End and discard this game".
    #[prop(into)]
    discard_label: Signal<&'static str>,
    #[prop(into)] on_discard: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="button-row">
            <button type="button" class="button" aria-pressed=move || muted.get().to_string()
                on:click=move |_| on_mute.run(!muted.get_untracked())>
                {move || if muted.get() { i18n.t().game.menu.unmute } else { i18n.t().game.menu.mute }}
            </button>
            <super::voice::VoiceSwitch/>
            <super::confirm::ConfirmButton
                label=Signal::derive(move || discard_label.get().to_owned())
                on_confirm=on_discard
            />
        </div>
    }
}
