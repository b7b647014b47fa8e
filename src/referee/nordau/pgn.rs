//! PGN export of a finished board-mode game. The seven-tag roster names the
//! people who started on White and Black; custom tags carry the fairness data,
//! and `{comments}` mark the seats, every shift end and every swap, and every
//! correction after an announced swap (C-4b).

use crate::referee::common::InputMode;
use crate::referee::nordau::game::{EndReason, Game};
use crate::referee::nordau::seats::Seat;
use crate::referee::pgn::{Movetext, PgnInfo, TagSection, record, result_token};
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
    let token = result_token(Some(result.outcome));
    let [white, black, observer] = Seat::ALL.map(|seat| name_at(start, seat));
    let mut tags = TagSection::new(info, "Nordau Shift", &white, &black, token);
    tags.tag("Variant", "Nordau Shift");
    tags.tag("Observer", &observer);
    tags.tag("Commitment", &reveal.commitment_hex);
    tags.tag("Seed", &reveal.seed_hex);
    tags.tag("Setup", &reveal.setup_text);
    tags.words(&reveal.words);
    tags.termination(result.reason == EndReason::Flag);
    let points: Vec<String> = (0..3)
        .map(|p| format!("{} {}", names[p], result.points[p]))
        .collect();
    tags.tag("Points", &points.join(", "));

    let mut mt = Movetext::new(0);
    mt.comment(&format!(
        "Seats: White {white}, Black {black}, Observer {observer}"
    ));
    for (i, san) in board.sans().iter().enumerate() {
        mt.push_move(san);
        let ply = i as u32 + 1;
        // C-4b: the move that replaced one taken back after its swap was announced.
        for c in game.corrections().iter().filter(|c| c.ply == ply) {
            mt.comment(&format!(
                "Correction after an announced swap: {} taken back, allowed by {}.",
                c.taken_back.as_deref().unwrap_or("?"),
                names[usize::from(c.allowed_by)]
            ));
        }
        if let Some(shift) = reveal.shifts.iter().find(|s| s.ended_at_ply == Some(ply)) {
            let mut c = format!(
                "End of shift {} ({} half-moves).",
                shift.index + 1,
                shift.plies
            );
            match &shift.swap {
                Some(swap) => c.push_str(&format!(
                    " Coin: {} seat. {} stands up; {} sits down as {}.",
                    swap.colour.name(),
                    swap.stood_up,
                    swap.sat_down,
                    swap.colour.name()
                )),
                None => c.push_str(" The game is over: no swap."),
            }
            mt.comment(&c);
        }
    }
    let [white, black, observer] = Seat::ALL.map(|seat| name_at(result.seating, seat));
    mt.comment(&format!(
        "{}. Final seats: White {white}, Black {black}, Observer {observer}",
        result.reason.describe()
    ));
    Ok(record(tags, mt, token))
}
