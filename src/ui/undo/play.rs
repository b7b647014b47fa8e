//! Play with the phone flat between the players: White's half faces White,
//! Black's half (turned 180°) faces Black; both halves show their tokens. In
//! clock mode a half is that side's clock button and the middle shows the
//! back rank to set up (large before the start); in board mode the Chess960
//! board sits in the middle (castling: tap the king, then its rook). The
//! undo (UC-3) is offered to the side to move only when the referee allows
//! it; after one, clock mode says which two moves to take back on the board.

use crate::referee::module::GameModule;
use leptos::prelude::*;

use super::menu::GameMenu;
use super::strings::{TEXTS, UndoTexts};
use super::{current_view, name_of, use_uc};
use crate::referee::undo::{MoveRef, UcEvent, UcPhase, UcView};
use crate::referee::{Colour, InputMode};
use crate::ui::board::{ViewBoard, glyph, position};
use crate::ui::clock_controls::{ClockControls, ClockHalf, ClockView, ExtraUndo, HalfState};
use crate::ui::commit_parts::PlayCommitment;
use crate::ui::confirm::ConfirmButton;
use crate::ui::format;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::play_parts::PlayFrame;

#[component]
pub fn PlayScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_uc();
    let running = move || current_view(&ctx).is_some_and(|v| v.running.is_some() && !v.paused);
    let board_mode = move || current_view(&ctx).is_some_and(|v| v.mode == InputMode::Board);
    view! {
        <PlayFrame
            heading=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name))
            class="game-play zh-play uc-play"
            board_mode=Signal::derive(board_mode)
            running=Signal::derive(running)
            paused=Signal::derive(move || current_view(&ctx).is_some_and(|v| v.paused))
            on_pause=move |()| ctx.send(UcEvent::Pause)
            on_resume=move |()| { ctx.send(UcEvent::Resume); }
            half=|colour: Colour| view! { <Half colour=colour/> }.into_any()
            middle=|menu_open| view! { <Middle menu_open=menu_open/> }.into_any()
            board=|| view! { <UcBoard/> }
            menu=|(open, held)| view! { <GameMenu open=open held=held/> }.into_any()
        />
    }
}

/// The shared board on the Chess960 position; a move is the press.
#[component]
fn UcBoard() -> impl IntoView {
    let ctx = use_uc();
    let i18n = use_i18n();
    let view_now = Memo::new(move |_| current_view(&ctx));
    let waits = move || {
        view_now.with(|v| {
            v.as_ref()
                .filter(|v| v.phase == UcPhase::AwaitingStart)
                .map(|v| v.side_to_move)
        })
    };
    view! {
        <ViewBoard position=move || view_now.with(|v| v.as_ref().map(|v| position!(v)))
            notice=Signal::derive(move || waits().map(|side| i18n.of(&TEXTS).board_waits[side.index()]))
            on_move=move |mv: String| { ctx.send(UcEvent::Move { mv }); }/>
    }
}

/// What a half shows of a side (`ClockHalf`).
impl ClockView for UcView {
    type Seat = Colour;

    fn player(&self, colour: Colour) -> String {
        name_of(self, colour).to_owned()
    }

    fn remaining_ms(&self, colour: Colour) -> Option<u64> {
        Some(self.remaining_ms[colour.index()])
    }

    fn to_move(&self, colour: Colour) -> bool {
        self.side_to_move == colour
            && !self.paused
            && matches!(self.phase, UcPhase::Playing | UcPhase::Decision { .. })
    }

    fn starts(&self, colour: Colour) -> bool {
        self.phase == UcPhase::AwaitingStart && self.side_to_move != colour
    }

    fn clock_mode(&self) -> bool {
        self.mode == InputMode::Clock
    }

    // During UC-7's decision the clock runs, but a tap ends no move.
    fn taps(&self, colour: Colour) -> bool {
        self.to_move(colour) && self.phase == UcPhase::Playing && self.clock_mode()
    }

    fn status(&self, colour: Colour, i18n: I18n) -> String {
        let t = i18n.of(&TEXTS);
        let state = match self.phase {
            UcPhase::AwaitingStart if self.side_to_move == colour => {
                t.wait_for_start[colour.other().index()]
            }
            UcPhase::AwaitingStart => t.tap_to_start[self.side_to_move.index()],
            _ if self.paused => t.paused,
            UcPhase::Decision { colour: c, .. } if c == colour => t.decision_status,
            _ if self.side_to_move == colour && self.clock_mode() => t.tap_when_moved,
            _ if self.side_to_move == colour => t.your_move,
            _ => t.waiting,
        };
        match self.delay_ms[colour.index()] {
            0 => state.to_owned(),
            ms => format!("{state} · {} {}", t.delay, format::tenths(ms)),
        }
    }
}

/// One side's half: name, colour, time, tokens, status. Black's is turned 180°.
#[component]
fn Half(colour: Colour) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_uc();
    let state = Memo::new(move |_| HalfState::of(current_view(&ctx).as_ref(), colour, i18n));
    let tokens = move || {
        current_view(&ctx)
            .map(|v| {
                i18n.of(&TEXTS)
                    .tokens
                    .count(u64::from(v.tokens[colour.index()]))
            })
            .unwrap_or_default()
    };
    view! {
        <ClockHalf colour=colour state=state on_start=move |()| { ctx.send(UcEvent::Start); }
            on_tap=move |()| { ctx.send(UcEvent::Press); }>
            <span class="uc-tokens" data-colour=if colour == Colour::White { "white" } else { "black" }>
                " · " <strong>{tokens}</strong>
            </span>
        </ClockHalf>
    }
}

/// The back rank to set up on the physical board: Black's rank 8 above
/// White's rank 1, files a–h, and the position's number.
#[component]
pub fn BackRank(
    number: u32,
    rank: String,
    drawn: bool,
    #[prop(optional)] compact: bool,
) -> impl IntoView {
    let i18n = use_i18n();
    let label = move || super::position_label(i18n.of(&TEXTS), number, drawn);
    let pieces: Vec<char> = rank.chars().collect();
    let row = move |white: bool| {
        let pieces = pieces.clone();
        view! {
            <div class="uc-rank" class:w-rank=white class:b-rank=!white>
                <span class="uc-rank-label">{move || i18n.of(&TEXTS).rank_of[usize::from(!white)]}</span>
                <span class="uc-rank-squares">
                    {pieces.into_iter().enumerate().map(|(file, p)| view! {
                        <span class="uc-sq" class:dark=(file % 2 == 0) == white>
                            <span class="piece" class:w=white class:b=!white>{glyph(p)}</span>
                        </span>
                    }).collect_view()}
                </span>
            </div>
        }
    };
    let letters = rank.clone();
    view! {
        <div class="uc-diagram" class:compact=compact role="img"
            aria-label=move || format!("{} {letters}", label())>
            <p class="uc-position-no">{label}
                " · " <span class="uc-letters">{rank.clone()}</span></p>
            {(!compact).then(|| view! { <p class="uc-setup-hint">{i18n.word(|i| i.of(&TEXTS).set_up_board)}</p> })}
            {row(false)}
            <div class="uc-files">{"abcdefgh".chars().map(|c| view! { <span>{c.to_string()}</span> }).collect_view()}</div>
            {row(true)}
        </div>
    }
}

/// `12. Bxf7+`, or in clock mode `12... Black` in the current language.
fn move_label(t: &UndoTexts, m: &MoveRef) -> String {
    if m.san.is_some() {
        return m.label();
    }
    let (dots, side) = match m.colour {
        Colour::White => (".", t.white),
        Colour::Black => ("...", t.black),
    };
    format!("{}{dots} {side}", m.number)
}

/// What the middle says about undos: the last one (clock mode: which moves
/// to take back on the board) or what one would take back now.
fn undo_line(t: &UndoTexts, v: &UcView, just_undone: bool) -> Option<(bool, String)> {
    if just_undone && let Some(u) = &v.last_undo {
        let [first, second] = [&u.took_back[0], &u.took_back[1]];
        return Some((
            true,
            if v.mode == InputMode::Clock {
                format::fill(
                    t.take_back,
                    &[
                        ("first", &move_label(t, first)),
                        ("second", &move_label(t, second)),
                    ],
                )
            } else {
                format::fill(
                    t.undone,
                    &[
                        ("name", name_of(v, u.by)),
                        ("other", name_of(v, u.by.other())),
                        (
                            "moves",
                            &format!("{}, {}", move_label(t, first), move_label(t, second)),
                        ),
                    ],
                )
            },
        ));
    }
    let [a, b] = v.undo_would_take_back.as_ref()?;
    Some((
        false,
        format::fill(
            t.undo_would,
            &[(
                "moves",
                &format!("{}, {}", move_label(t, a), move_label(t, b)),
            )],
        ),
    ))
}

/// C-4a in clock mode: "Undo last tap" for the player who just tapped,
/// offered exactly when the referee takes it (never in board mode).
fn tap_correction(ctx: super::UcCtx, view_now: Memo<Option<UcView>>, i18n: I18n) -> ExtraUndo {
    ExtraUndo {
        available: Signal::derive(move || {
            view_now.with(|v| v.as_ref().is_some_and(|v| v.can_correct_tap))
        }),
        label: Signal::derive(i18n.word(|i| i.t().game.controls.undo_tap)),
        question: Signal::derive(move || {
            view_now.with(|v| {
                v.as_ref().map_or_else(String::new, |v| {
                    let tapper = v.side_to_move.other();
                    format::fill(
                        i18n.t().game.controls.undo_tap_confirm,
                        &[
                            ("name", name_of(v, tapper)),
                            ("other", name_of(v, tapper.other())),
                        ],
                    )
                })
            })
        }),
        on_undo: Callback::new(move |()| {
            ctx.send(UcEvent::UndoTap);
        }),
    }
}

/// The strip between the halves: move number and position, the undo, the
/// UC-7 decision, the set-up diagram in clock mode, and the controls.
#[component]
fn Middle(menu_open: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_uc();
    let view_now = Memo::new(move |_| current_view(&ctx));
    let just_undone = Memo::new(move |_| {
        ctx.game.with(|g| {
            g.as_ref()
                .and_then(|g| {
                    g.events()
                        .iter()
                        .rev()
                        .find(|e| !matches!(e.event, UcEvent::Pause | UcEvent::Resume))
                })
                .is_some_and(|e| matches!(e.event, UcEvent::Undo { .. }))
        })
    });
    let deciding = Memo::new(move |_| {
        view_now.with(|v| {
            v.as_ref()
                .is_some_and(|v| matches!(v.phase, UcPhase::Decision { .. }))
        })
    });
    // UC-7's question, kept apart from the ticking clock: the panel (and the
    // first tap of its two-tap buttons) must outlive every clock tick.
    let decision = Memo::new(move |_| {
        view_now.with(|v| {
            v.as_ref().and_then(|v| match v.phase {
                UcPhase::Decision { colour, end } => {
                    Some((colour, end, name_of(v, colour).to_owned()))
                }
                _ => None,
            })
        })
    });
    // Before the clock starts there is nothing to undo and no move to count:
    // the strip keeps its room for the back rank to set up.
    let before_start = Memo::new(move |_| {
        view_now.with(|v| {
            v.as_ref()
                .is_some_and(|v| v.phase == UcPhase::AwaitingStart)
        })
    });
    let get = move |f: fn(&UcView) -> bool| move || view_now.with(|v| v.as_ref().is_some_and(f));
    let undo_by = move || {
        if let Some(by) = view_now.with(|v| v.as_ref().map(|v| v.side_to_move)) {
            ctx.send(UcEvent::Undo { by });
        }
    };
    view! {
        <div class="middle uc-middle">
            <div class="middle-info">
                {move || view_now.get().filter(|v| !deciding.get() && (v.mode == InputMode::Board || !before_start.get())).map(|v| {
                    let t = i18n.of(&TEXTS);
                    view! {
                        <span class="counter">{t.move_no} " " <strong>{v.move_number}</strong></span>
                        // Clock mode's diagram says it already.
                        {(v.mode == InputMode::Board).then(|| view! {
                            <span class="counter uc-position">{super::position_label(t, v.start_number, v.commitment_hex.is_some())}</span>
                        })}
                    }
                })}
            </div>
            <PlayCommitment texts=Signal::derive(i18n.word(|i| &i.of(&TEXTS).commit)) shown=ctx.commitment_before_move_one()/>
            {move || view_now.get().filter(|v| v.mode == InputMode::Clock).map(|v| {
                let compact = v.phase != UcPhase::AwaitingStart;
                view! { <BackRank number=v.start_number rank=v.start_back_rank drawn=v.commitment_hex.is_some() compact=compact/> }
            })}
            {move || view_now.get().filter(|v| !matches!(v.phase, UcPhase::Decision { .. }))
                .and_then(|v| undo_line(i18n.of(&TEXTS), &v, just_undone.get()).map(|line| (line, v.side_to_move)))
                .map(|((done, text), side)| view! {
                    // What the side to move may do faces that side; a move to
                    // take back is for both, and faces White as the strip does.
                    <p class="uc-undo-line" class:uc-take-back=done class:far=!done && side == Colour::Black
                        role=if done { "alert" } else { "note" }>{text}</p>
                })}
            {move || decision.get().map(|(colour, end, name)| {
                let t = i18n.of(&TEXTS);
                // Turned to the decider, who sits across the table if Black.
                view! {
                    <div class="uc-decision" class:far=colour == Colour::Black role="alert">
                        <p class="uc-decision-title">{format::fill(t.decision.of(end), &[("name", &name)])}</p>
                        <p class="uc-decision-clock">{t.decision_clock}</p>
                        <div class="button-row">
                            <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).undo_button))
                                on_confirm=move |()| undo_by()/>
                            <ConfirmButton label=Signal::derive(move || i18n.of(&TEXTS).accept.of(end).to_owned())
                                on_confirm=move |()| { ctx.send(UcEvent::Accept); }/>
                        </div>
                    </div>
                }
            })}
            {move || ctx.notice.get().map(|text| view! { <p class="middle-notice" role="alert">{text}</p> })}
            {ctx.unsaved_warning(true)}
            // While UC-7's decision is open its own buttons undo or accept, so
            // the strip leaves out its Undo and stays one row high; so too
            // before the start.
            <ClockControls
                paused=Signal::derive(get(|v| v.paused))
                can_pause=Signal::derive(get(|v| v.running.is_some() && !v.paused))
                undo_available=Signal::derive(get(|v| v.can_undo && v.phase == UcPhase::Playing))
                undo_label=Signal::derive(i18n.word(|i| i.of(&TEXTS).undo_button))
                undo_question=Signal::derive(i18n.word(|i| i.of(&TEXTS).undo_confirm))
                on_pause=move |()| { ctx.send(UcEvent::Pause); }
                on_resume=move |()| { ctx.send(UcEvent::Resume); }
                on_undo=move |()| undo_by()
                on_menu=move |()| menu_open.set(true)
                no_undo=Signal::derive(move || deciding.get() || before_start.get())
                extra_undo=tap_correction(ctx, view_now, i18n)
            />
        </div>
    }
}
