//! The on-screen board shared by the game modules (C-1 in Nordau Shift): tap a
//! piece of the side to move, its legal targets show as dots, tap one to play.
//! With pockets (Crazyhouse) each side's captured pieces sit next to its
//! owner: tap one, its legal drop squares show, tap one to drop it.
//!
//! The module's referee lists the legal moves in UCI (drops as `N@f3`); this
//! only draws them and hands the chosen one to `on_move`. It knows no rules.

use leptos::prelude::*;

use super::i18n::game::BoardTexts;
use super::i18n::use_i18n;
use crate::referee::{Colour, Pocket};

/// Both sides' pockets of pieces to drop (Crazyhouse).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pockets {
    pub white: Pocket,
    pub black: Pocket,
}

impl Pockets {
    pub fn of(&self, colour: Colour) -> Pocket {
        match colour {
            Colour::White => self.white,
            Colour::Black => self.black,
        }
    }
}

/// The roles a pocket holds, in display order, as UCI drop letters.
const POCKET_ROLES: [char; 5] = ['P', 'N', 'B', 'R', 'Q'];

fn pocket_count(pocket: &Pocket, role: char) -> u8 {
    match role {
        'P' => pocket.pawn,
        'N' => pocket.knight,
        'B' => pocket.bishop,
        'R' => pocket.rook,
        _ => pocket.queen,
    }
}

/// A square's contents from the FEN's placement field: (is_white, piece letter).
/// A Crazyhouse FEN's pocket (`[Nn]` or `/Nn` after the eighth rank) is ignored.
fn placement(fen: &str) -> [Option<(bool, char)>; 64] {
    let mut squares = [None; 64];
    let field = fen.split(' ').next().unwrap_or_default();
    for (row, rank_text) in field.split('/').enumerate().take(8) {
        let rank = 7 - row;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(skip) = c.to_digit(10) {
                file += skip as usize;
            } else if c.is_ascii_alphabetic() && file < 8 {
                squares[rank * 8 + file] = Some((c.is_ascii_uppercase(), c.to_ascii_lowercase()));
                file += 1;
            }
        }
    }
    squares
}

fn square_name(index: usize) -> String {
    format!("{}{}", (b'a' + (index % 8) as u8) as char, index / 8 + 1)
}

/// The destination square of a UCI move (`e2e4`, `e7e8q`, `N@f3`).
fn destination(uci: &str) -> Option<&str> {
    uci.get(2..4)
}

/// Solid glyphs for both colours (coloured by CSS), with the text-presentation
/// selector so no phone draws the pawn as an emoji. Shared with the
/// set-up diagram of Undo Chess.
pub fn glyph(piece: char) -> &'static str {
    match piece.to_ascii_lowercase() {
        'k' => "\u{265A}\u{FE0E}",
        'q' => "\u{265B}\u{FE0E}",
        'r' => "\u{265C}\u{FE0E}",
        'b' => "\u{265D}\u{FE0E}",
        'n' => "\u{265E}\u{FE0E}",
        _ => "\u{265F}\u{FE0E}",
    }
}

/// The piece's own symbol for an accessible name: outlined for White, solid
/// for Black, so a screen reader says "white chess knight" for White's.
fn spoken_glyph(piece: char, white: bool) -> char {
    let index = "kqrbnp".find(piece.to_ascii_lowercase()).unwrap_or(5) as u32;
    let base = if white { 0x2654 } else { 0x265A };
    char::from_u32(base + index).unwrap_or('?')
}

fn piece_name(t: &BoardTexts, piece: char) -> &'static str {
    let index = "kqrbnp".find(piece.to_ascii_lowercase()).unwrap_or(5);
    t.pieces[index]
}

/// The board. Every input is a plain signal, so any module can feed it:
/// `fen` (`None`: nothing to show), `legal` (UCI moves of the side to move;
/// empty when no move may be made), `last_move` (UCI), `in_check`,
/// `side_to_move`, `last_san` (the status line), and `on_move`, which gets the
/// chosen legal UCI move. `pockets` adds drop pockets (Crazyhouse).
/// `bottom` is the side drawn at the bottom (White unless said): Black's
/// player sees rank 1 at the top and the h-file on the left, and each
/// pocket stays by its owner — the far one first, turned to face across
/// the table (CSS `.pocket.far`). Squares keep their names and labels.
///
/// The selection is kept as the prefix of the legal moves it allows: a square
/// (`e2`) or a drop (`N@`), so squares and drops share one path.
#[component]
pub fn Board(
    #[prop(into)] fen: Signal<Option<String>>,
    #[prop(into)] legal: Signal<Vec<String>>,
    #[prop(into)] last_move: Signal<Option<String>>,
    #[prop(into)] in_check: Signal<bool>,
    #[prop(into)] side_to_move: Signal<Colour>,
    #[prop(into)] last_san: Signal<Option<String>>,
    #[prop(into)] on_move: Callback<String>,
    #[prop(optional, into)] pockets: Option<Signal<Pockets>>,
    /// Why the board takes no move now (the clock has not started): shown in
    /// place of the status line, so a tap that does nothing is explained.
    #[prop(optional, into)]
    notice: Option<Signal<Option<&'static str>>>,
    #[prop(default = Colour::White)] bottom: Colour,
) -> impl IntoView {
    let i18n = use_i18n();
    let flipped = bottom == Colour::Black;
    let selected = RwSignal::new(None::<String>);
    let promotion = RwSignal::new(None::<Vec<String>>);
    let squares = move || fen.with(|f| f.as_deref().map(placement));
    let play = move |mv: String| {
        promotion.set(None);
        selected.set(None);
        on_move.run(mv);
    };

    let targets = move || -> Vec<String> {
        let Some(from) = selected.get() else {
            return Vec::new();
        };
        legal.with(|legal| {
            legal
                .iter()
                .filter(|m| m.starts_with(&from))
                .filter_map(|m| destination(m).map(str::to_owned))
                .collect()
        })
    };
    let king_in_check = move || {
        if !in_check.get() {
            return None;
        }
        let white = side_to_move.get() == Colour::White;
        let placed = squares()?;
        placed
            .iter()
            .position(|s| *s == Some((white, 'k')))
            .map(square_name)
    };

    let tap = move |square: String| {
        if let Some(from) = selected.get_untracked() {
            let moves: Vec<String> = legal.with_untracked(|legal| {
                legal
                    .iter()
                    .filter(|m| m.starts_with(&from) && destination(m) == Some(square.as_str()))
                    .cloned()
                    .collect()
            });
            match moves.len() {
                0 => {}
                1 => {
                    play(moves[0].clone());
                    return;
                }
                _ => {
                    promotion.set(Some(moves));
                    return;
                }
            }
        }
        let has_moves = legal.with_untracked(|legal| legal.iter().any(|m| m.starts_with(&square)));
        selected.set(has_moves.then_some(square));
    };

    // One side's pocket: a button per role, the count beside the glyph.
    let pocket_row = move |colour: Colour| {
        let pockets = pockets?;
        let white = colour == Colour::White;
        let colour_tag = if white { "white" } else { "black" };
        let far = colour != bottom;
        Some(view! {
            <div class="pocket" class:white=white class:black=!white class:far=far class:near=!far role="group"
                aria-label=move || i18n.t().game.board.pockets[usize::from(!white)]>
                {move || {
                    let pocket = pockets.get().of(colour);
                    let t = &i18n.t().game.board;
                    let sel = selected.get();
                    let movable = side_to_move.get() == colour;
                    POCKET_ROLES.into_iter().map(|role| {
                        let count = pocket_count(&pocket, role);
                        let prefix = format!("{role}@");
                        let can_drop = movable
                            && count > 0
                            && legal.with(|legal| legal.iter().any(|m| m.starts_with(&prefix)));
                        // Drops are `N@f3` for both colours: only the side to move's is selected.
                        let is_selected = movable && sel.as_deref() == Some(prefix.as_str());
                        // "♘ 2 — Drop knight (2)": the name starts with what the
                        // button shows, a glyph and a count (WCAG 2.5.3).
                        let label = format!(
                            "{} {count} — {}",
                            spoken_glyph(role, white),
                            t.drop
                                .replace("{piece}", piece_name(t, role))
                                .replace("{count}", &count.to_string())
                        );
                        view! {
                            <button type="button" class="pocket-piece"
                                class:selected=is_selected
                                class:empty=count == 0
                                data-piece=role.to_string()
                                data-colour=colour_tag
                                aria-label=label
                                aria-pressed=is_selected.to_string()
                                disabled=!can_drop
                                on:click=move |_| {
                                    promotion.set(None);
                                    let again = selected.get_untracked().as_deref() == Some(prefix.as_str());
                                    selected.set((!again).then(|| prefix.clone()));
                                }>
                                <span class="piece" class:w=white class:b=!white aria-hidden="true">{glyph(role)}</span>
                                <span class="pocket-count" aria-hidden="true">{count}</span>
                            </button>
                        }
                    }).collect_view()
                }}
            </div>
        })
    };

    view! {
        <div class="board-wrap" class:with-pockets=pockets.is_some()>
            {pocket_row(bottom.other())}
            <div class="board" class:flipped=flipped role="grid" aria-label=i18n.word(|i| i.t().game.board.board_label)>
                {move || {
                    let placed = squares()?;
                    let targets = targets();
                    let check = king_in_check();
                    let last = last_move.get();
                    let sel = selected.get();
                    // Top row first: rank 8 from White's side, rank 1 from Black's.
                    let ranks: Vec<usize> = if flipped { (0..8).collect() } else { (0..8).rev().collect() };
                    Some(ranks.into_iter().map(|rank| view! {
                        <div class="board-rank" role="row">
                            {(0..8).map(|column| if flipped { 7 - column } else { column }).map(|file| {
                                let index = rank * 8 + file;
                                let name = square_name(index);
                                let piece = placed[index];
                                let dark = (rank + file) % 2 == 0;
                                let is_target = targets.contains(&name);
                                let is_last = last.as_ref().is_some_and(|m| m.len() >= 4 && (m[0..2] == name || m[2..4] == name));
                                let t = &i18n.t().game.board;
                                let label = match piece {
                                    Some((white, p)) => format!("{name} {} ({})", piece_name(t, p), if white { t.white } else { t.black }),
                                    None => name.clone(),
                                };
                                let tapped = name.clone();
                                view! {
                                    <button type="button" role="gridcell" class="sq"
                                        class:dark=dark
                                        class:selected=sel.as_ref() == Some(&name)
                                        class:target=is_target
                                        class:occupied=piece.is_some()
                                        class:last=is_last
                                        class:check=check.as_ref() == Some(&name)
                                        data-square=name.clone()
                                        aria-label=label
                                        on:click=move |_| tap(tapped.clone())>
                                        {piece.map(|(white, p)| view! {
                                            <span class="piece" class:w=white class:b=!white aria-hidden="true">{glyph(p)}</span>
                                        })}
                                    </button>
                                }
                            }).collect_view()}
                        </div>
                    }).collect_view())
                }}
            </div>
            {pocket_row(bottom)}
            {move || promotion.get().map(|moves| view! {
                <div class="promotion" role="dialog" aria-label=i18n.word(|i| i.t().game.board.promote_to)>
                    <p>{i18n.word(|i| i.t().game.board.promote_to)}</p>
                    <div class="button-row">
                        {moves.into_iter().map(|mv| {
                            let piece = mv.chars().nth(4).unwrap_or('q');
                            view! {
                                <button type="button" class="button promo" aria-label=move || piece_name(&i18n.t().game.board, piece)
                                    on:click=move |_| play(mv.clone())>
                                    {glyph(piece)}
                                </button>
                            }
                        }).collect_view()}
                    </div>
                </div>
            })}
            // Over the board, not under it: it changes no layout, and taps
            // go through it (the squares take none until the clock starts).
            {move || notice.and_then(|n| n.get()).map(|text| view! {
                <p class="board-notice" role="status">{text}</p>
            })}
            <p class="board-status">
                {move || {
                    let t = &i18n.t().game.board;
                    let mut text = String::new();
                    if let Some(san) = last_san.get() {
                        text = format!("{}: {san}", t.last_move);
                    }
                    if in_check.get() {
                        text = format!("{text} · {}", t.check);
                    }
                    text
                }}
            </p>
        </div>
    }
}

/// One board's position as a game's view gives it. Every chess view names
/// these fields alike (`fen`, `legal_moves_uci`, …), so `position!(view)`
/// reads any of them; `position!(view, pockets)` takes its pockets too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub fen: Option<String>,
    pub legal: Vec<String>,
    pub last_move: Option<String>,
    pub last_san: Option<String>,
    pub in_check: bool,
    pub side_to_move: Colour,
    pub pockets: Option<[Pocket; 2]>,
}

macro_rules! position {
    ($view:expr) => {
        $crate::ui::board::position!($view, None)
    };
    ($view:expr, pockets) => {
        $crate::ui::board::position!($view, $view.pockets)
    };
    ($view:expr, $pockets:expr) => {
        $crate::ui::board::Position {
            fen: $view.fen.clone(),
            legal: $view.legal_moves_uci.clone(),
            last_move: $view.last_move_uci.clone(),
            last_san: $view.last_move_san.clone(),
            in_check: $view.in_check,
            side_to_move: $view.side_to_move,
            pockets: $pockets,
        }
    };
}
pub(crate) use position;

/// The board fed from a game's view (`position`: `None` with no game); each
/// input is its own memo, so the board redraws when the position changes,
/// not with every clock tick. `with_pockets` draws the drop pockets.
#[component]
pub fn ViewBoard(
    #[prop(into)] position: Signal<Option<Position>>,
    #[prop(into)] on_move: Callback<String>,
    #[prop(optional)] with_pockets: bool,
    #[prop(optional, into)] notice: Option<Signal<Option<&'static str>>>,
    #[prop(default = Colour::White)] bottom: Colour,
) -> impl IntoView {
    fn field<T: Clone + PartialEq + Send + Sync + 'static>(
        position: Signal<Option<Position>>,
        get: fn(&Position) -> T,
        none: T,
    ) -> Signal<T> {
        Memo::new(move |_| position.with(|p| p.as_ref().map_or_else(|| none.clone(), get))).into()
    }
    let pockets = with_pockets.then(|| {
        let pocket = |p: &Position| {
            let [white, black] = p.pockets.unwrap_or_default();
            Pockets { white, black }
        };
        field(position, pocket, Pockets::default())
    });
    Board(BoardProps {
        fen: field(position, |p| p.fen.clone(), None),
        legal: field(position, |p| p.legal.clone(), Vec::new()),
        last_move: field(position, |p| p.last_move.clone(), None),
        in_check: field(position, |p| p.in_check, false),
        side_to_move: field(position, |p| p.side_to_move, Colour::White),
        last_san: field(position, |p| p.last_san.clone(), None),
        on_move,
        pockets,
        notice,
        bottom,
    })
}

/// A finished game's last position, next to its result (end screens, board
/// mode): the same board, taking no moves, with the pockets where the variant
/// has them.
#[component]
pub fn FinalPosition(
    #[prop(into)] fen: Signal<Option<String>>,
    #[prop(into)] last_move: Signal<Option<String>>,
    #[prop(into)] last_san: Signal<Option<String>>,
    #[prop(into)] in_check: Signal<bool>,
    #[prop(into)] side_to_move: Signal<Colour>,
    #[prop(optional, into)] pockets: Option<Signal<Pockets>>,
    /// The side drawn at the bottom, as on the play screen.
    #[prop(default = Colour::White)]
    bottom: Colour,
) -> impl IntoView {
    let i18n = use_i18n();
    let no_moves = Signal::derive(Vec::new);
    let board = match pockets {
        Some(pockets) => view! {
            <Board fen=fen legal=no_moves last_move=last_move in_check=in_check
                side_to_move=side_to_move last_san=last_san pockets=pockets bottom=bottom on_move=|_| {}/>
        }
        .into_any(),
        None => view! {
            <Board fen=fen legal=no_moves last_move=last_move in_check=in_check
                side_to_move=side_to_move last_san=last_san bottom=bottom on_move=|_| {}/>
        }
        .into_any(),
    };
    view! {
        <div class="group final-position">
            <h2 class="card-title">{i18n.word(|i| i.t().game.board.final_position)}</h2>
            {board}
        </div>
    }
}
