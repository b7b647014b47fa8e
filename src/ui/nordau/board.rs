//! Board mode's on-screen board (C-1): tap a piece of the side to move, its
//! legal targets show as dots, tap one to play — that move is the clock press.
//! The referee lists the legal moves; this only draws them.

use leptos::prelude::*;

use super::{current_view, use_table};
use crate::referee::{Colour, Event, PublicView};
use crate::ui::i18n::nordau::NordauTexts;
use crate::ui::i18n::use_i18n;

/// A square's contents from the FEN's placement field: (is_white, piece letter).
fn placement(fen: &str) -> [Option<(bool, char)>; 64] {
    let mut squares = [None; 64];
    let field = fen.split(' ').next().unwrap_or_default();
    for (row, rank_text) in field.split('/').enumerate().take(8) {
        let rank = 7 - row;
        let mut file = 0usize;
        for c in rank_text.chars() {
            if let Some(skip) = c.to_digit(10) {
                file += skip as usize;
            } else if file < 8 {
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

/// Solid glyphs for both colours (coloured by CSS), with the text-presentation
/// selector so no phone draws the pawn as an emoji.
fn glyph(piece: char) -> &'static str {
    match piece {
        'k' => "\u{265A}\u{FE0E}",
        'q' => "\u{265B}\u{FE0E}",
        'r' => "\u{265C}\u{FE0E}",
        'b' => "\u{265D}\u{FE0E}",
        'n' => "\u{265E}\u{FE0E}",
        _ => "\u{265F}\u{FE0E}",
    }
}

fn piece_name(t: &NordauTexts, piece: char) -> &'static str {
    let index = "kqrbnp".find(piece).unwrap_or(5);
    t.pieces[index]
}

#[component]
pub fn Board() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_table();
    let selected = RwSignal::new(None::<String>);
    let promotion = RwSignal::new(None::<Vec<String>>);
    let view_now = Memo::new(move |_| current_view(&ctx));
    let squares =
        move || view_now.with(|v| v.as_ref().and_then(|v| v.fen.as_deref().map(placement)));
    let legal = move || {
        view_now.with(|v| {
            v.as_ref()
                .map(|v| v.legal_moves_uci.clone())
                .unwrap_or_default()
        })
    };

    let targets = move || -> Vec<String> {
        let Some(from) = selected.get() else {
            return Vec::new();
        };
        legal()
            .into_iter()
            .filter(|m| m.starts_with(&from))
            .map(|m| m[2..4].to_owned())
            .collect()
    };
    let king_in_check = move || {
        view_now.with(|v| {
            let v: &PublicView = v.as_ref()?;
            if !v.in_check {
                return None;
            }
            let white = v.side_to_move == Colour::White;
            let placed = placement(v.fen.as_deref()?);
            placed
                .iter()
                .position(|s| *s == Some((white, 'k')))
                .map(square_name)
        })
    };
    let last = move || view_now.with(|v| v.as_ref().and_then(|v| v.last_move_uci.clone()));

    let tap = move |square: String| {
        if let Some(from) = selected.get_untracked() {
            let moves: Vec<String> = legal()
                .into_iter()
                .filter(|m| m.starts_with(&from) && m[2..4] == square)
                .collect();
            match moves.len() {
                0 => {}
                1 => {
                    selected.set(None);
                    ctx.send(Event::Move {
                        mv: moves[0].clone(),
                    });
                    return;
                }
                _ => {
                    promotion.set(Some(moves));
                    return;
                }
            }
        }
        let has_moves = legal().iter().any(|m| m.starts_with(&square));
        selected.set(has_moves.then_some(square));
    };

    view! {
        <div class="board-wrap">
            <div class="board" role="grid" aria-label=move || i18n.t().nordau.board_label>
                {move || {
                    let placed = squares()?;
                    let targets = targets();
                    let check = king_in_check();
                    let last = last();
                    let sel = selected.get();
                    Some((0..8).rev().map(|rank| view! {
                        <div class="board-rank" role="row">
                            {(0..8).map(|file| {
                                let index = rank * 8 + file;
                                let name = square_name(index);
                                let piece = placed[index];
                                let dark = (rank + file) % 2 == 0;
                                let is_target = targets.contains(&name);
                                let is_last = last.as_ref().is_some_and(|m| m.len() >= 4 && (m[0..2] == name || m[2..4] == name));
                                let t = i18n.t().nordau;
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
            {move || promotion.get().map(|moves| view! {
                <div class="promotion" role="dialog" aria-label=move || i18n.t().nordau.promote_to>
                    <p>{move || i18n.t().nordau.promote_to}</p>
                    <div class="button-row">
                        {moves.into_iter().map(|mv| {
                            let piece = mv.chars().nth(4).unwrap_or('q');
                            view! {
                                <button type="button" class="button promo" aria-label=move || piece_name(i18n.t().nordau, piece)
                                    on:click=move |_| {
                                        promotion.set(None);
                                        selected.set(None);
                                        ctx.send(Event::Move { mv: mv.clone() });
                                    }>
                                    {glyph(piece)}
                                </button>
                            }
                        }).collect_view()}
                    </div>
                </div>
            })}
            <p class="board-status">
                {move || view_now.with(|v| v.as_ref().map(|v| {
                    let t = i18n.t().nordau;
                    let mut text = String::new();
                    if let Some(san) = &v.last_move_san {
                        text = format!("{}: {san}", t.last_move);
                    }
                    if v.in_check {
                        text = format!("{text} · {}", t.check);
                    }
                    text
                }))}
            </p>
        </div>
    }
}
