//! The running table over a session of several games with the same three
//! people (NS-8). Each game has its own seed and commitment, and every
//! commitment shown at the table is kept here with its fate and its seed, so a
//! draw given up and drawn again is visible to all three players.

pub use crate::referee::evening::{DrawFate, DrawRecord};
use crate::referee::json::{self, FromJson, Json, JsonResult, Obj, ToJson, f, obj, serde_via_json};
use crate::referee::nordau::game::{EndReason, Game, Outcome};
use serde_json::Value;
use std::fmt;

/// One finished game in the table.
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub names: [String; 3],
    pub games: Vec<SessionGame>,
    /// Every commitment of the evening, in the order shown (older saves have none).
    pub draws: Vec<DrawRecord>,
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
            draws: Vec::new(),
        }
    }

    /// Keeps a revealed commitment in the evening's record.
    pub fn record_draw(&mut self, record: DrawRecord) {
        self.draws.push(record);
    }

    /// The session as JSON, for the players to keep: scores and every
    /// commitment with its fate and seed (nothing secret is left by then).
    pub fn to_json(&self) -> String {
        json::to_string_pretty(self)
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
        self.draws.push(DrawRecord::of(game, DrawFate::Played));
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

impl DrawRecord {
    /// The record of `game`'s commitment, revealed with `fate`.
    pub fn of(game: &Game, fate: DrawFate) -> DrawRecord {
        DrawRecord::revealed(
            game.commitment_hex(),
            game.setup().to_text(),
            game.seed(),
            game.words(),
            fate,
        )
    }
}

// ---- JSON ------------------------------------------------------------------

impl ToJson for SessionGame {
    fn to_json(&self) -> Json {
        obj([
            ("commitment_hex", f(&self.commitment_hex)),
            ("outcome", f(&self.outcome)),
            ("reason", f(&self.reason)),
            ("final_seats", f(&self.final_seats)),
            ("points", f(&self.points)),
        ])
    }
}

impl FromJson for SessionGame {
    fn from_json(v: &Value) -> JsonResult<SessionGame> {
        let o = Obj::of(v)?;
        Ok(SessionGame {
            commitment_hex: o.req("commitment_hex")?,
            outcome: o.req("outcome")?,
            reason: o.req("reason")?,
            final_seats: o.req("final_seats")?,
            points: o.req("points")?,
        })
    }
}

impl ToJson for Session {
    fn to_json(&self) -> Json {
        obj([
            ("names", f(&self.names)),
            ("games", f(&self.games)),
            ("draws", f(&self.draws)),
        ])
    }
}

impl FromJson for Session {
    fn from_json(v: &Value) -> JsonResult<Session> {
        let o = Obj::of(v)?;
        Ok(Session {
            names: o.req("names")?,
            games: o.req("games")?,
            draws: o.or("draws", Vec::new())?,
        })
    }
}

serde_via_json!(Session);
