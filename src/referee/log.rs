//! The event log (C-4): a versioned, serde-serialisable envelope holding the
//! setup, the seed, the words and the timestamped events. Any game module can
//! use [`Envelope`] with its own setup and event types; a state is always the
//! replay of its log.

use crate::referee::commitment::{HexError, parse_hex32};
use crate::referee::nordau::{Game, GameError, InputMode, Timed};
use crate::referee::setup::{Setup, SetupError, SetupTextError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Identifies our logs among other JSON.
pub const LOG_FORMAT: &str = "nordau-shift-referee-log";
/// The newest log version this build reads and the one it writes.
pub const LOG_VERSION: u32 = 1;
/// Game module id of Nordau Shift logs.
pub const GAME_NORDAU_SHIFT: &str = "nordau-shift";

/// A game-agnostic log: `S` is the game's setup record, `E` its timed event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Envelope<S, E> {
    pub format: String,
    pub version: u32,
    /// Which game module replays this log.
    pub game: String,
    pub setup: S,
    /// The 32-byte seed as hex (revealed only after the game; keep the log private).
    pub seed: String,
    /// Player entropy as typed.
    pub words: Vec<String>,
    pub events: Vec<E>,
}

/// Nordau Shift's setup record in the log: canonical setup text and input mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NordauSetup {
    pub setup: String,
    pub mode: InputMode,
}

pub type NordauLog = Envelope<NordauSetup, Timed>;

/// Why a log cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogError {
    /// Not JSON, or JSON of the wrong shape.
    Json(String),
    /// The `format` field is not ours.
    WrongFormat(String),
    /// Written by a newer version of the app.
    NewerVersion {
        found: u64,
        supported: u32,
    },
    /// A log of another game module.
    WrongGame(String),
    BadSetup(SetupTextError),
    BadSeed(HexError),
    /// The setup or words are refused by the game.
    Refused(SetupError),
    /// Event `index` (0-based) cannot be replayed.
    IllegalEvent {
        index: usize,
        error: GameError,
    },
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Json(e) => write!(f, "corrupt log: {e}"),
            LogError::WrongFormat(s) => write!(f, "not a referee log (format '{s}')"),
            LogError::NewerVersion { found, supported } => write!(
                f,
                "log version {found} is newer than this app understands ({supported}); update the app"
            ),
            LogError::WrongGame(g) => write!(f, "log of another game: '{g}'"),
            LogError::BadSetup(e) => write!(f, "log setup: {e}"),
            LogError::BadSeed(e) => write!(f, "log seed: {e}"),
            LogError::Refused(e) => write!(f, "log setup refused: {e}"),
            LogError::IllegalEvent { index, error } => {
                write!(f, "event {} cannot be replayed: {error}", index + 1)
            }
        }
    }
}

impl std::error::Error for LogError {}

/// The header fields, checked before the body so a newer log is reported as
/// such rather than as corrupt.
pub(crate) fn check_header(value: &serde_json::Value, game: &str) -> Result<(), LogError> {
    let obj = value
        .as_object()
        .ok_or_else(|| LogError::Json("not a JSON object".into()))?;
    let format = obj.get("format").and_then(|v| v.as_str()).unwrap_or("");
    if format != LOG_FORMAT {
        return Err(LogError::WrongFormat(format.to_owned()));
    }
    let version = obj
        .get("version")
        .and_then(|v| v.as_u64())
        .ok_or_else(|| LogError::Json("missing version".into()))?;
    if version > u64::from(LOG_VERSION) {
        return Err(LogError::NewerVersion {
            found: version,
            supported: LOG_VERSION,
        });
    }
    if version == 0 {
        return Err(LogError::Json("version 0 does not exist".into()));
    }
    let g = obj.get("game").and_then(|v| v.as_str()).unwrap_or("");
    if g != game {
        return Err(LogError::WrongGame(g.to_owned()));
    }
    Ok(())
}

impl Game {
    /// The log of this game; `Game::from_log(&g.to_log())` equals `g`.
    pub fn to_log(&self) -> NordauLog {
        Envelope {
            format: LOG_FORMAT.to_owned(),
            version: LOG_VERSION,
            game: GAME_NORDAU_SHIFT.to_owned(),
            setup: NordauSetup {
                setup: self.setup().to_text(),
                mode: self.mode(),
            },
            seed: hex::encode(self.seed()),
            words: self.words().to_vec(),
            events: self.events().to_vec(),
        }
    }

    /// The log as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.to_log()).expect("the log always serialises")
    }

    /// Replays a log; refuses newer versions and anything that does not replay.
    pub fn from_log(log: &NordauLog) -> Result<Game, LogError> {
        if log.format != LOG_FORMAT {
            return Err(LogError::WrongFormat(log.format.clone()));
        }
        if log.version > LOG_VERSION {
            return Err(LogError::NewerVersion {
                found: u64::from(log.version),
                supported: LOG_VERSION,
            });
        }
        if log.game != GAME_NORDAU_SHIFT {
            return Err(LogError::WrongGame(log.game.clone()));
        }
        let setup = Setup::from_text(&log.setup.setup).map_err(LogError::BadSetup)?;
        let seed = parse_hex32(&log.seed).map_err(LogError::BadSeed)?;
        let mut game =
            Game::new(setup, seed, log.words.clone(), log.setup.mode).map_err(LogError::Refused)?;
        for (index, timed) in log.events.iter().enumerate() {
            game.apply(timed.t_ms, timed.event.clone())
                .map_err(|error| LogError::IllegalEvent { index, error })?;
        }
        Ok(game)
    }

    /// Replays a JSON log.
    pub fn from_json(json: &str) -> Result<Game, LogError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| LogError::Json(e.to_string()))?;
        check_header(&value, GAME_NORDAU_SHIFT)?;
        let log: NordauLog =
            serde_json::from_value(value).map_err(|e| LogError::Json(e.to_string()))?;
        Game::from_log(&log)
    }
}
