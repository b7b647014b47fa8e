//! Tonight's table (CE-4): per person and per game, the games played, won,
//! drawn and lost, and Nordau Shift's seat points (NS-8) as a column of their
//! own. Nothing is added across games: a duel's win and a seat's 2 points are
//! different scales.

use super::{ClubGame, PersonId, PlayerOutcome, Tonight};

/// One person's line for one game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Line {
    pub played: usize,
    pub won: usize,
    pub drawn: usize,
    pub lost: usize,
    /// Nordau Shift only: the seat points taken (NS-8).
    pub seat_points: u32,
}

/// Tonight's table: one line per person who finished a game of `game`, in
/// the order people arrived.
pub fn table(tonight: &Tonight, game: ClubGame) -> Vec<(PersonId, Line)> {
    let mut lines: Vec<(PersonId, Line)> = Vec::new();
    for g in tonight.games.iter().filter(|g| g.game == game) {
        let Some(result) = &g.result else {
            continue;
        };
        for (seat, (id, outcome)) in g.players.iter().zip(&result.outcomes).enumerate() {
            let at = match lines.iter().position(|(p, _)| p == id) {
                Some(at) => at,
                None => {
                    lines.push((*id, Line::default()));
                    lines.len() - 1
                }
            };
            let line = &mut lines[at].1;
            line.played += 1;
            match outcome {
                PlayerOutcome::Won => line.won += 1,
                PlayerOutcome::Drawn => line.drawn += 1,
                PlayerOutcome::Lost => line.lost += 1,
                PlayerOutcome::Observed => {}
            }
            line.seat_points += result.seat_points.as_ref().map_or(0, |p| p[seat]);
        }
    }
    crate::referee::small_sort::sort_by_key(&mut lines, |(id, _)| *id);
    lines
}

/// The games that have a line tonight, in [`ClubGame::ALL`]'s order.
pub fn games_played(tonight: &Tonight) -> Vec<ClubGame> {
    ClubGame::ALL
        .into_iter()
        .filter(|game| {
            tonight
                .games
                .iter()
                .any(|g| g.game == *game && g.finished())
        })
        .collect()
}
