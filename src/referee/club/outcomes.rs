//! How each game's end reads in tonight's table (CE-4): one
//! [`PlayerOutcome`] per player, in the seat order of
//! [`super::TableGame::players`].

use super::{BUGHOUSE_SEATS, ClubGame, GameEnd, PlayerOutcome, TableResult};
use crate::referee::bughouse::BhOutcome;
use crate::referee::nordau::{self, Seat};
use crate::referee::{Colour, Outcome};

/// A duel (Crazyhouse, the card duel, Undo Chess): White, Black.
pub fn duel(outcome: Outcome) -> Vec<PlayerOutcome> {
    [Colour::White, Colour::Black]
        .into_iter()
        .map(|colour| match outcome {
            Outcome::Draw => PlayerOutcome::Drawn,
            Outcome::Win(w) if w == colour => PlayerOutcome::Won,
            Outcome::Win(_) => PlayerOutcome::Lost,
        })
        .collect()
}

/// Swedish chess, seats A White, A Black, B White, B Black: partners share
/// their team's result.
pub fn bughouse(outcome: BhOutcome) -> Vec<PlayerOutcome> {
    BUGHOUSE_SEATS
        .into_iter()
        .map(|seat| match outcome {
            BhOutcome::Draw => PlayerOutcome::Drawn,
            BhOutcome::Win(w) if w == seat.team() => PlayerOutcome::Won,
            BhOutcome::Win(_) => PlayerOutcome::Lost,
        })
        .collect()
}

/// Nordau Shift, the three in the order of the setup's names: whoever sits
/// on the winning and the losing seat at the end wins and loses, the
/// Observer neither; a draw is drawn for all. With each one's seat points.
pub fn nordau(result: &nordau::GameResult) -> (Vec<PlayerOutcome>, Vec<u32>) {
    let outcomes = (0..3u8)
        .map(
            |person| match (result.outcome, result.seating.seat_of(person)) {
                (Outcome::Draw, _) => PlayerOutcome::Drawn,
                (_, Seat::Observer) => PlayerOutcome::Observed,
                (Outcome::Win(w), seat) if seat == Seat::of_colour(w) => PlayerOutcome::Won,
                (Outcome::Win(_), _) => PlayerOutcome::Lost,
            },
        )
        .collect();
    (outcomes, result.points.to_vec())
}

/// A duel's end (White, Black), with its record: the PGN where the game has
/// one, else its log (`log`: a game played on a physical board records no
/// moves).
pub fn duel_end<E>(
    game: ClubGame,
    names: [&str; 2],
    outcome: Outcome,
    pgn: Result<String, E>,
    log: impl FnOnce() -> String,
) -> GameEnd {
    GameEnd {
        game,
        names: names.map(str::to_owned).to_vec(),
        result: TableResult {
            outcomes: duel(outcome),
            seat_points: None,
            record: pgn.unwrap_or_else(|_| log()),
        },
    }
}
