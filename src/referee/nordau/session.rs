//! The running table over a session of several games with the same three
//! people (NS-8). Each game has its own seed and commitment.

use crate::referee::nordau::game::{EndReason, Game, Outcome};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One finished game in the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionGame {
    pub commitment_hex: String,
    pub outcome: Outcome,
    pub reason: EndReason,
    /// Names on White, Black, Observer when the game ended.
    pub final_seats: [String; 3],
    /// Points per person (same order as the session's names).
    pub points: [u32; 3],
}

/// A session table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    pub names: [String; 3],
    pub games: Vec<SessionGame>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SessionError {
    /// Only finished games enter the table.
    NotOver,
    /// The game's people are not this session's people.
    DifferentPeople,
    /// This game (same commitment) is already in the table.
    AlreadyRecorded,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SessionError::NotOver => "the game is not over",
            SessionError::DifferentPeople => "the game has other people than this session",
            SessionError::AlreadyRecorded => "the game is already in the table",
        })
    }
}

impl std::error::Error for SessionError {}

impl Session {
    pub fn new(names: [String; 3]) -> Session {
        Session {
            names,
            games: Vec::new(),
        }
    }

    /// Adds a finished game; its names must be this session's names in the
    /// same order (so person indices agree).
    pub fn add(&mut self, game: &Game) -> Result<(), SessionError> {
        let result = game.result().ok_or(SessionError::NotOver)?;
        if game.names() != &self.names {
            return Err(SessionError::DifferentPeople);
        }
        let commitment_hex = game.commitment_hex();
        if self
            .games
            .iter()
            .any(|g| g.commitment_hex == commitment_hex)
        {
            return Err(SessionError::AlreadyRecorded);
        }
        self.games.push(SessionGame {
            commitment_hex,
            outcome: result.outcome,
            reason: result.reason,
            final_seats: result
                .seating
                .people
                .map(|p| self.names[usize::from(p)].clone()),
            points: result.points,
        });
        Ok(())
    }

    /// Total points per person.
    pub fn totals(&self) -> [u32; 3] {
        let mut t = [0u32; 3];
        for g in &self.games {
            for (sum, p) in t.iter_mut().zip(g.points) {
                *sum += p;
            }
        }
        t
    }
}
