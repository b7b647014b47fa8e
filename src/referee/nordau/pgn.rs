//! PGN export of a finished board-mode game. The seven-tag roster names the
//! people who started on White and Black; custom tags carry the fairness data,
//! and `{comments}` mark the seats, every shift end and every swap.

use crate::referee::common::{InputMode, Outcome};
use crate::referee::nordau::game::{EndReason, Game};
use crate::referee::nordau::seats::Seat;
use crate::referee::pgn::{PgnInfo, comment_text, push_movetext, tag};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// Only board-mode games have moves to export.
    NotBoardMode,
    /// The seed and the swaps are revealed only after the game (NS-9).
    NotOver,
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PgnError::NotBoardMode => "only board-mode games can be exported as PGN",
            PgnError::NotOver => "the game is not over yet",
        })
    }
}

impl std::error::Error for PgnError {}

/// The PGN of a finished board-mode game.
pub fn to_pgn(game: &Game, info: &PgnInfo) -> Result<String, PgnError> {
    if game.mode() != InputMode::Board {
        return Err(PgnError::NotBoardMode);
    }
    let result = game.result().ok_or(PgnError::NotOver)?;
    let reveal = game.reveal().ok_or(PgnError::NotOver)?;
    let board = game.board().ok_or(PgnError::NotBoardMode)?;
    let names = game.names();
    let name_at = |s: crate::referee::nordau::seats::Seating, seat: Seat| {
        names[usize::from(s.person_at(seat))].clone()
    };
    let start = game.initial_seating();
    let result_token = match result.outcome {
        Outcome::Win(crate::referee::nordau::seats::Colour::White) => "1-0",
        Outcome::Win(crate::referee::nordau::seats::Colour::Black) => "0-1",
        Outcome::Draw => "1/2-1/2",
    };
    let mut out = String::new();
    let q = |o: &Option<String>, d: &str| o.clone().unwrap_or_else(|| d.to_owned());
    tag(&mut out, "Event", &q(&info.event, "Nordau Shift"));
    tag(&mut out, "Site", &q(&info.site, "?"));
    tag(&mut out, "Date", &q(&info.date, "????.??.??"));
    tag(&mut out, "Round", &q(&info.round, "?"));
    tag(&mut out, "White", &name_at(start, Seat::White));
    tag(&mut out, "Black", &name_at(start, Seat::Black));
    tag(&mut out, "Result", result_token);
    tag(&mut out, "Variant", "Nordau Shift");
    tag(&mut out, "Observer", &name_at(start, Seat::Observer));
    tag(&mut out, "Commitment", &reveal.commitment_hex);
    tag(&mut out, "Seed", &reveal.seed_hex);
    tag(&mut out, "Setup", &reveal.setup_text);
    if !reveal.words.is_empty() {
        tag(
            &mut out,
            "Words",
            &crate::referee::json::to_string(&reveal.words),
        );
    }
    let termination = if result.reason == EndReason::Flag {
        "time forfeit"
    } else {
        "normal"
    };
    tag(&mut out, "Termination", termination);
    let points: Vec<String> = (0..3)
        .map(|p| format!("{} {}", names[p], result.points[p]))
        .collect();
    tag(&mut out, "Points", &points.join(", "));
    out.push('\n');

    let mut tokens: Vec<String> = vec![format!(
        "{{Seats: White {}, Black {}, Observer {}}}",
        comment_text(&name_at(start, Seat::White)),
        comment_text(&name_at(start, Seat::Black)),
        comment_text(&name_at(start, Seat::Observer))
    )];
    let mut after_comment = true;
    for (i, san) in board.sans().iter().enumerate() {
        let ply = i as u32;
        if ply.is_multiple_of(2) {
            tokens.push(format!("{}.", ply / 2 + 1));
        } else if after_comment {
            tokens.push(format!("{}...", ply / 2 + 1));
        }
        tokens.push(san.clone());
        after_comment = false;
        if let Some(shift) = reveal
            .shifts
            .iter()
            .find(|s| s.ended_at_ply == Some(ply + 1))
        {
            let mut c = format!(
                "{{End of shift {} ({} half-moves).",
                shift.index + 1,
                shift.plies
            );
            match &shift.swap {
                Some(swap) => c.push_str(&format!(
                    " Coin: {} seat. {} stands up; {} sits down as {}.}}",
                    swap.colour.name(),
                    comment_text(&swap.stood_up),
                    comment_text(&swap.sat_down),
                    swap.colour.name()
                )),
                None => c.push_str(" The game is over: no swap.}"),
            }
            tokens.push(c);
            after_comment = true;
        }
    }
    tokens.push(format!(
        "{{{}. Final seats: White {}, Black {}, Observer {}}}",
        result.reason.describe(),
        comment_text(&name_at(result.seating, Seat::White)),
        comment_text(&name_at(result.seating, Seat::Black)),
        comment_text(&name_at(result.seating, Seat::Observer))
    ));
    tokens.push(result_token.to_owned());

    push_movetext(&mut out, tokens);
    Ok(out)
}
