//! Play. With secret stacks the arranger's private screen comes first (pass
//! the phone: the mover looks away, the opponent lays the six cards, the
//! order is gone from the page once confirmed). Then the table: the phone
//! flat between the players, White's half facing White, Black's turned to
//! Black; the middle shows the series card by card, the last card big, and
//! the moves refused in this series (CS-4). In clock mode the mover taps
//! their half after each move (or "gives check"); in board mode the move on
//! the board is the tap, and a refused move is put back by the board.

use leptos::prelude::*;

use crate::ui::clicks;

use super::strings::{CardsTexts, TEXTS};
use super::{CardsCtx, current_view, name_of, use_cards};
use crate::referee::cards::{Attempt, Card, CsEvent, CsPhase, CsReport, CsView, Stack, TurnView};
use crate::referee::{Colour, InputMode};
use crate::ui::board::{ViewBoard, position};
use crate::ui::clock_controls::{
    AdjustRow, ClockControls, ClockHalf, ClockView, ExtraUndo, HalfState, Sheet, SoundAndDiscard,
};
use crate::ui::commit_parts::PlayCommitment;
use crate::ui::confirm::ConfirmButton;
use crate::ui::format;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::play_parts::PlayFrame;
use crate::ui::qr::escape;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    Words,
    Arrange(Colour),
    Table,
}

#[component]
pub fn PlayScreen() -> impl IntoView {
    let ctx = use_cards();
    // After a stack is set: the phone goes back to this mover.
    let hand_back = RwSignal::new(None::<Colour>);
    let stage = Memo::new(move |_| {
        ctx.game.with(|g| match g {
            Some(g) if g.awaiting_words => Stage::Words,
            Some(g) => match g.game.view(g.game.last_event_ms()).phase {
                CsPhase::AwaitingStack { mover } => Stage::Arrange(mover),
                _ => Stage::Table,
            },
            None => Stage::Table,
        })
    });
    move || match stage.get() {
        Stage::Words => view! { <super::commit::CommitScreen/> }.into_any(),
        Stage::Arrange(mover) => view! { <Arrange mover=mover hand_back=hand_back/> }.into_any(),
        Stage::Table => match hand_back.get() {
            Some(mover) => view! { <HandBack mover=mover hand_back=hand_back/> }.into_any(),
            None => view! { <Table/> }.into_any(),
        },
    }
}

/// The last turned card of the game: (series number, card number, attempt).
fn last_card(ctx: &CardsCtx) -> Option<(usize, usize, Attempt)> {
    ctx.game.with(|g| {
        g.as_ref()?
            .game
            .history()
            .into_iter()
            .rev()
            .find_map(|t| match t {
                TurnView::Series(s) => {
                    let n = s.attempts.len();
                    s.attempts.last().cloned().map(|a| (s.number, n, a))
                }
                TurnView::Reply(_) => None,
            })
    })
}

/// The last card, big: Yes — the move stands; No — take it back.
fn reveal_html(t: &CardsTexts, board: bool, card: Option<(usize, usize, Attempt)>) -> String {
    let Some((series, number, a)) = card else {
        return String::new();
    };
    let yes = a.card == Card::Yes;
    let which = format::fill(
        t.card_of_series,
        &[
            ("card", &number.to_string()),
            ("series", &series.to_string()),
        ],
    );
    let moved = a
        .text
        .clone()
        .unwrap_or_else(|| format::fill(t.move_n, &[("n", &number.to_string())]));
    let verdict = match (yes, board) {
        (true, _) if a.check => t.yes_check,
        (true, _) => t.yes_stands,
        (false, true) => t.no_board,
        (false, false) => t.no_clock,
    };
    format!(
        "<div class=\"cs-reveal {}\" data-card=\"{}\"><span class=\"cs-reveal-word\">{}</span>\
         <span class=\"cs-reveal-text\">{}: <strong>{}</strong></span><span class=\"cs-reveal-which\">{}</span></div>",
        if yes { "yes" } else { "no" },
        if yes { "yes" } else { "no" },
        if yes { t.yes } else { t.no },
        escape(verdict),
        escape(&moved),
        escape(&which),
    )
}

/// Pass the phone, then the arranger lays the six cards of `mover`'s stack.
#[component]
fn Arrange(mover: Colour, hand_back: RwSignal<Option<Colour>>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let private = RwSignal::new(false);
    // `None` face down, Some(true) Yes, Some(false) No.
    let cards = RwSignal::new([None::<bool>; 6]);
    let names = move || {
        current_view(&ctx)
            .map(|v| (name_of(&v, mover), name_of(&v, mover.other())))
            .unwrap_or_default()
    };
    let count = move |yes: bool| cards.with(|c| c.iter().filter(|&&x| x == Some(yes)).count());
    let toggle = move |i: usize| {
        let (yes, no) = (count(true), count(false));
        cards.update(|c| {
            c[i] = match c[i] {
                None if yes < 3 => Some(true),
                None if no < 3 => Some(false),
                Some(true) if no < 3 => Some(false),
                Some(false) if yes < 3 => Some(true),
                _ => None,
            }
        });
    };
    let confirm = move |_| {
        let laid = cards.get_untracked();
        let faces = laid.map(|c| if c == Some(true) { Card::Yes } else { Card::No });
        let Ok(stack) = Stack::new(faces) else {
            return;
        };
        if laid.iter().any(Option::is_none) {
            return;
        }
        // The order leaves the page before anything else happens.
        cards.set([None; 6]);
        private.set(false);
        if ctx.send(CsEvent::SetStack { stack }) {
            hand_back.set(Some(mover));
        }
    };
    let unsealed = move || ctx.game.with(|g| g.as_ref().is_some_and(|g| g.unsealed()));
    view! {
        <section class="cs-arrange page-narrow">
            <Show
                when=move || private.get()
                fallback=move || view! {
                    <div class="cs-pass" data-testid="cs-pass">
                        <div inner_html=move || {
                            let t = i18n.of(&TEXTS);
                            let (m, a) = names();
                            format!(
                                "<p class=\"end-kicker\">{}</p><h1>{}</h1><p class=\"lead\">{}</p>{}",
                                escape(t.private_kicker),
                                escape(&format::fill(t.hand_to, &[("arranger", &a), ("mover", &m)])),
                                escape(&format::fill(t.look_away, &[("mover", &m)])),
                                reveal_html(t, false, last_card(&ctx)),
                            )
                        }></div>
                        <button type="button" class="button primary big cs-open-private" on:click=clicks::sets(private, true)>
                            {move || { let (_, a) = names(); format::fill(i18n.of(&TEXTS).i_am, &[("arranger", &a)]) }}
                        </button>
                    </div>
                }
            >
                <h1>{move || { let (m, _) = names(); format::fill(i18n.of(&TEXTS).arrange_title, &[("mover", &m)]) }}</h1>
                <p class="hint">{i18n.word(|i| i.of(&TEXTS).arrange_hint)}</p>
                <ol class="cs-lay">
                    {(0..6).map(|i| view! {
                        <li>
                            <button type="button" class="cs-card-button"
                                class:yes=move || cards.with(|c| c[i] == Some(true))
                                class:no=move || cards.with(|c| c[i] == Some(false))
                                on:click=move |_| toggle(i)>
                                <span class="cs-card-pos">{i + 1}</span>
                                <span class="cs-card-face">{move || {
                                    let t = i18n.of(&TEXTS);
                                    match cards.with(|c| c[i]) { Some(true) => t.yes, Some(false) => t.no, None => "?" }
                                }}</span>
                            </button>
                        </li>
                    }).collect_view()}
                </ol>
                <p class="cs-count" aria-live="polite">{move || format::fill(i18n.of(&TEXTS).count, &[("yes", &count(true).to_string()), ("no", &count(false).to_string())])}</p>
                <Show when=unsealed>
                    <p class="hint unsealed-warning" role="note">{i18n.word(|i| i.of(&TEXTS).unsealed)}</p>
                </Show>
                <button type="button" class="button primary big cs-confirm-stack"
                    disabled=move || count(true) != 3 || count(false) != 3
                    on:click=confirm>
                    {i18n.word(|i| i.of(&TEXTS).confirm_stack)}
                </button>
            </Show>
            {move || ctx.notice.get().map(|text| view! { <p class="form-error" role="alert">{text}</p> })}
        </section>
    }
}

/// The stack is set and hidden: the phone goes back to the mover.
#[component]
fn HandBack(mover: Colour, hand_back: RwSignal<Option<Colour>>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let name = move || {
        current_view(&ctx)
            .map(|v| name_of(&v, mover))
            .unwrap_or_default()
    };
    view! {
        <section class="cs-arrange cs-handback page-narrow" data-testid="cs-handback">
            <div inner_html=move || {
                let t = i18n.of(&TEXTS);
                format!(
                    "<p class=\"end-kicker\">{}</p><h1>{}</h1>",
                    escape(t.stack_set),
                    escape(&format::fill(t.hand_back, &[("mover", &name())]))
                )
            }></div>
            <button type="button" class="button primary big cs-continue" on:click=move |_| hand_back.set(None)>
                {move || format::fill(i18n.of(&TEXTS).i_am_mover, &[("mover", &name())])}
            </button>
        </section>
    }
}

/// Sends a clock-mode move with the typed note, if any.
fn played(ctx: CardsCtx, note: RwSignal<String>, check: bool) {
    let typed = note.get_untracked();
    let mut text = typed.trim().to_owned();
    while text.len() > crate::referee::cards::game::MAX_NOTE_BYTES {
        text.pop();
    }
    let note_sent = (!text.is_empty()).then_some(text);
    if ctx.send(CsEvent::Played {
        check,
        note: note_sent,
    }) {
        note.set(String::new());
    }
}

#[component]
fn Table() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let note = RwSignal::new(String::new());
    let view_now = Memo::new(move |_| current_view(&ctx));
    let running =
        move || view_now.with(|v| v.as_ref().is_some_and(|v| v.running.is_some() && !v.paused));
    let board_mode =
        move || view_now.with(|v| v.as_ref().is_some_and(|v| v.mode == InputMode::Board));
    view! {
        <PlayFrame
            heading=Signal::derive(i18n.word(|i| i.of(&TEXTS).game_name))
            class="game-play zh-play cs-play"
            board_mode=Signal::derive(board_mode)
            running=Signal::derive(running)
            paused=Signal::derive(move || view_now.with_untracked(|v| v.as_ref().is_some_and(|v| v.paused)))
            on_pause=move |()| ctx.send(CsEvent::Pause)
            on_resume=move |()| { ctx.send(CsEvent::Resume); }
            half=move |colour: Colour| view! { <Half colour=colour view_now=view_now note=note/> }.into_any()
            middle=move |menu_open| view! { <Middle view_now=view_now note=note menu_open=menu_open/> }.into_any()
            board=move || view! { <CsBoard view_now=view_now/> }
            menu=move |(open, held)| view! { <Menu open=open held=held view_now=view_now/> }.into_any()
        />
    }
}

fn wants_move(v: &CsView) -> bool {
    matches!(v.phase, CsPhase::Series | CsPhase::Reply) && !v.paused
}

/// What a half shows of a side (`ClockHalf`).
impl ClockView for CsView {
    type Seat = Colour;

    fn player(&self, colour: Colour) -> String {
        name_of(self, colour)
    }

    fn remaining_ms(&self, colour: Colour) -> Option<u64> {
        self.remaining_ms.map(|ms| ms[colour.index()])
    }

    fn to_move(&self, colour: Colour) -> bool {
        self.side_to_move == colour && wants_move(self)
    }

    fn starts(&self, colour: Colour) -> bool {
        self.phase == CsPhase::AwaitingStart && self.side_to_move != colour
    }

    fn clock_mode(&self) -> bool {
        self.mode == InputMode::Clock
    }

    fn status(&self, colour: Colour, i18n: I18n) -> String {
        let t = i18n.of(&TEXTS);
        let mover = name_of(self, self.side_to_move);
        match self.phase {
            CsPhase::AwaitingStart if self.side_to_move == colour => t.wait_start.to_owned(),
            CsPhase::AwaitingStart => format::fill(t.tap_to_start, &[("mover", &mover)]),
            _ if self.paused => t.paused.to_owned(),
            CsPhase::Reply if self.side_to_move == colour => if self.clock_mode() {
                t.reply_clock
            } else {
                t.reply_board
            }
            .to_owned(),
            CsPhase::Series if self.side_to_move == colour => {
                let left = self.series.as_ref().map_or(0, |s| s.cards_left);
                let card = (7 - left.max(1)).to_string();
                format::fill(
                    if self.clock_mode() {
                        t.tap_after_move
                    } else {
                        t.your_series
                    },
                    &[("card", &card)],
                )
            }
            _ => t.waiting.to_owned(),
        }
    }
}

#[component]
fn Half(colour: Colour, view_now: Memo<Option<CsView>>, note: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let state = Memo::new(move |_| view_now.with(|v| HalfState::of(v.as_ref(), colour, i18n)));
    view! {
        <ClockHalf colour=colour state=state on_start=move |()| { ctx.send(CsEvent::Start); }
            on_tap=move |()| played(ctx, note, false)/>
    }
}

/// The `k`th turned card of a series as a list item: its word and the move
/// tried (or its number), then `mark` (the end screen's " +" for a check).
/// `show_check` marks a counted check: SAN carries its own `+`/`#`, a clock-mode
/// note or number gets one.
pub(super) fn turned_card(t: &CardsTexts, k: usize, a: &Attempt, show_check: bool) -> String {
    let (class, word) = if a.card == Card::Yes {
        ("yes", t.yes)
    } else {
        ("no", t.no)
    };
    let text = a.text.clone().unwrap_or_else(|| (k + 1).to_string());
    let mark = if show_check && a.check && !text.ends_with(['+', '#']) {
        "\u{a0}+"
    } else {
        ""
    };
    format!(
        "<li class=\"cs-card {class}\"><span>{}</span><small>{}{mark}</small></li>",
        escape(word),
        escape(&text)
    )
}

/// The series card by card: turned cards face up, the rest face down.
fn series_html(t: &CardsTexts, v: &CsView) -> String {
    let Some(s) = v.series.as_ref() else {
        return String::new();
    };
    let mut out = format!(
        "<p class=\"cs-series-title\">{}</p><ol class=\"cs-cards\">",
        escape(&format::fill(
            t.series_title,
            &[
                ("n", &s.number.to_string()),
                ("mover", &name_of(v, s.mover))
            ],
        ))
    );
    for (k, a) in s.attempts.iter().enumerate() {
        out.push_str(&turned_card(t, k, a, false));
    }
    let unused = if s.end.is_some() {
        "cs-card unused"
    } else {
        "cs-card down"
    };
    for _ in s.attempts.len()..6 {
        out.push_str(&format!(
            "<li class=\"{unused}\" aria-hidden=\"true\"><span>·</span></li>"
        ));
    }
    out.push_str("</ol>");
    let refused: Vec<String> = s
        .attempts
        .iter()
        .enumerate()
        .filter(|(_, a)| a.card == Card::No)
        .map(|(k, a)| {
            a.text
                .clone()
                .unwrap_or_else(|| format::fill(t.move_n, &[("n", &(k + 1).to_string())]))
        })
        .collect();
    if s.end.is_none() && !refused.is_empty() {
        out.push_str(&format!(
            "<p class=\"cs-refused\"><strong>{}</strong> {}</p>",
            escape(t.refused_list),
            escape(&refused.join(", "))
        ));
    }
    out
}

#[component]
fn Middle(
    view_now: Memo<Option<CsView>>,
    note: RwSignal<String>,
    menu_open: RwSignal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let has_clock = move || view_now.with(|v| v.as_ref().is_some_and(|v| v.remaining_ms.is_some()));
    let paused = move || view_now.with(|v| v.as_ref().is_some_and(|v| v.paused));
    let can_pause =
        move || view_now.with(|v| v.as_ref().is_some_and(|v| v.running.is_some() && !v.paused));
    let clock_move = move || {
        view_now.with(|v| {
            v.as_ref()
                .is_some_and(|v| v.mode == InputMode::Clock && wants_move(v))
        })
    };
    let board = move || view_now.with(|v| v.as_ref().is_some_and(|v| v.mode == InputMode::Board));
    // In clock mode the strip faces the player whose turn it is.
    let faces_black = move || {
        view_now.with(|v| {
            v.as_ref()
                .is_some_and(|v| v.mode == InputMode::Clock && v.side_to_move == Colour::Black)
        })
    };
    view! {
        <div class="middle cs-middle" class:faces-black=faces_black>
            <div class="cs-series" inner_html=move || {
                let t = i18n.of(&TEXTS);
                let series = view_now.with(|v| v.as_ref().map(|v| series_html(t, v)).unwrap_or_default());
                let reply = view_now.with(|v| v.as_ref().filter(|v| v.phase == CsPhase::Reply).map(|v| {
                    format!("<p class=\"cs-reply\">{}</p>", crate::ui::qr::escape(&format::fill(t.reply_banner, &[("name", &name_of(v, v.side_to_move))])))
                }).unwrap_or_default());
                format!("{}{}{}", reveal_html(t, board(), last_card(&ctx)), series, reply)
            }></div>
            <PlayCommitment texts=Signal::derive(i18n.word(|i| &i.of(&TEXTS).commit)) shown=ctx.commitment_before_move_one()/>
            {move || ctx.notice.get().map(|text| view! { <p class="middle-notice" role="alert">{text}</p> })}
            <Show when=clock_move>
                <div class="cs-clock-move">
                    <input type="text" class="text-input cs-note" autocomplete="off" maxlength="32"
                        placeholder=i18n.word(|i| i.of(&TEXTS).note_placeholder)
                        aria-label=i18n.word(|i| i.of(&TEXTS).note_label)
                        prop:value=move || note.get()
                        on:input=move |ev| note.set(event_target_value(&ev))/>
                    <button type="button" class="button cs-check" on:click=move |_| played(ctx, note, true)>
                        {i18n.word(|i| i.of(&TEXTS).moved_check)}
                    </button>
                </div>
            </Show>
            {ctx.unsaved_warning(true)}
            <Show when=has_clock fallback=move || view! {
                <div class="button-row"><button type="button" class="button menu-button" on:click=clicks::sets(menu_open, true)>{i18n.word(|i| i.t().game.controls.menu)}</button></div>
            }>
                <ClockControls
                    paused=Signal::derive(paused)
                    can_pause=Signal::derive(can_pause)
                    undo_available=Signal::stored(false)
                    undo_label=Signal::stored("")
                    undo_question=Signal::stored("")
                    on_pause=move |()| { ctx.send(CsEvent::Pause); }
                    on_resume=move |()| { ctx.send(CsEvent::Resume); }
                    on_undo=move |()| {}
                    on_menu=move |()| menu_open.set(true)
                    no_undo=true
                    extra_undo=tap_correction(ctx, view_now, i18n)
                />
            </Show>
        </div>
    }
}

/// C-4a: "Undo last tap" (board mode: "Undo last move") for a reply to a
/// check, offered only before the next card is turned, as the referee says.
fn tap_correction(ctx: CardsCtx, view_now: Memo<Option<CsView>>, i18n: I18n) -> ExtraUndo {
    let c = move || &i18n.t().game.controls;
    ExtraUndo {
        available: Signal::derive(move || {
            view_now.with(|v| v.as_ref().is_some_and(|v| v.can_correct_tap))
        }),
        label: Signal::derive(move || {
            let board = view_now.with(|v| v.as_ref().is_some_and(|v| v.mode == InputMode::Board));
            if board { c().undo_move } else { c().undo_tap }
        }),
        question: Signal::derive(move || {
            view_now.with(|v| {
                v.as_ref().map_or_else(String::new, |v| {
                    let tapper = v.side_to_move.other();
                    format::fill(
                        c().undo_tap_confirm,
                        &[
                            ("name", &name_of(v, tapper)),
                            ("other", &name_of(v, tapper.other())),
                        ],
                    )
                })
            })
        }),
        on_undo: Callback::new(move |()| {
            ctx.send(CsEvent::UndoTap);
        }),
    }
}

#[component]
fn CsBoard(view_now: Memo<Option<CsView>>) -> impl IntoView {
    let ctx = use_cards();
    let i18n = use_i18n();
    let waits = move || {
        view_now.with(|v| {
            v.as_ref()
                .filter(|v| v.phase == CsPhase::AwaitingStart)
                .map(|v| v.side_to_move)
        })
    };
    view! {
        <ViewBoard position=move || view_now.with(|v| v.as_ref().map(|v| position!(v)))
            notice=Signal::derive(move || waits().map(|side| i18n.of(&TEXTS).board_waits[side.index()]))
            on_move=move |mv: String| { ctx.send(CsEvent::Move { mv }); }/>
    }
}

#[component]
fn Menu(open: RwSignal<bool>, held: Signal<bool>, view_now: Memo<Option<CsView>>) -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_cards();
    let send_and_close = move |event: CsEvent| {
        if ctx.send(event) {
            open.set(false);
        }
    };
    let v = move || view_now.get();
    let started = move || {
        v().is_some_and(|v| {
            !matches!(
                v.phase,
                CsPhase::AwaitingStart | CsPhase::AwaitingStack { .. }
            )
        })
    };
    let clock_mode = move || v().is_some_and(|v| v.mode == InputMode::Clock);
    let who = move |colour: Colour| v().map(|v| name_of(&v, colour)).unwrap_or_default();
    let claims = move || v().map(|v| v.claimable).unwrap_or_default();
    view! {
        <Sheet title=Signal::derive(i18n.word(|i| i.t().game.controls.menu)) open=open held=held>
            <h3>{i18n.word(|i| i.of(&TEXTS).resign)}</h3>
            <div class="button-row">
                {[Colour::White, Colour::Black].map(|colour| view! {
                    <ConfirmButton
                        label=Signal::derive(move || format::fill(i18n.of(&TEXTS).resigns, &[("name", &who(colour))]))
                        on_confirm=move |()| send_and_close(CsEvent::Resign { colour })
                    />
                }).collect_view()}
            </div>
            <h3>{i18n.word(|i| i.of(&TEXTS).draw)}</h3>
            <div class="button-row">
                <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).agree_draw))
                    on_confirm=move |()| send_and_close(CsEvent::AgreeDraw) />
                {move || claims().into_iter().map(|claim| {
                    let label = match claim {
                        crate::referee::DrawClaim::Threefold => i18n.of(&TEXTS).claim_threefold,
                        crate::referee::DrawClaim::FiftyMoves => i18n.of(&TEXTS).claim_fifty,
                    };
                    view! { <ConfirmButton label=Signal::derive(move || label.to_owned())
                        on_confirm=move |()| send_and_close(CsEvent::Claim(claim)) /> }
                }).collect_view()}
            </div>
            <Show when=move || clock_mode() && started()>
                <h3>{i18n.word(|i| i.of(&TEXTS).report)}</h3>
                <div class="button-row">
                    {[Colour::White, Colour::Black].map(|winner| view! {
                        <ConfirmButton
                            label=Signal::derive(move || format::fill(i18n.of(&TEXTS).mated, &[("name", &who(winner.other()))]))
                            on_confirm=move |()| send_and_close(CsEvent::Report(CsReport::Checkmate { winner }))
                        />
                    }).collect_view()}
                    <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).stalemate))
                        on_confirm=move |()| send_and_close(CsEvent::Report(CsReport::Stalemate)) />
                </div>
            </Show>
            <Show when=move || v().is_some_and(|v| v.paused)>
                <h3>{i18n.word(|i| i.t().game.menu.adjust_title)}</h3>
                {[Colour::White, Colour::Black].map(|colour| view! {
                    <AdjustRow
                        who=Signal::derive(move || who(colour))
                        remaining_ms=Signal::derive(move || v().and_then(|v| v.remaining_ms).map(|ms| ms[colour.index()]))
                        on_adjust=move |remaining_ms| { ctx.send(CsEvent::Adjust { colour, remaining_ms }); }
                    />
                }).collect_view()}
            </Show>
            <SoundAndDiscard
                muted=ctx.muted.into()
                on_mute=move |m| ctx.set_muted(m)
                discard_label=Signal::derive(i18n.word(|i| i.of(&TEXTS).discard))
                on_discard=move |()| { open.set(false); ctx.clear(); }
            />
        </Sheet>
    }
}
