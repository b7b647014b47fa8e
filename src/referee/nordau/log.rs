//! Nordau Shift's log: the shared envelope with its setup record and events.

use crate::referee::commitment::{HexError, parse_hex32};
use crate::referee::json::{self, FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::log::{Envelope, HeaderError, LOG_FORMAT, LOG_VERSION, check_header};
use crate::referee::nordau::game::{Game, GameError, InputMode, Timed};
use crate::referee::nordau::setup::{Setup, SetupError, SetupTextError};
use serde_json::Value;
use std::fmt;

/// Game module id of Nordau Shift logs.
pub const GAME_NORDAU_SHIFT: &str = "nordau-shift";

/// Nordau Shift's setup record in the log: canonical setup text and input mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NordauSetup {
    pub setup: String,
    pub mode: InputMode,
}

impl ToJson for NordauSetup {
    fn to_json(&self) -> Json {
        obj([("setup", f(&self.setup)), ("mode", f(&self.mode))])
    }
}

impl FromJson for NordauSetup {
    fn from_json(v: &Value) -> JsonResult<NordauSetup> {
        let o = Obj::of(v)?;
        Ok(NordauSetup {
            setup: o.req("setup")?,
            mode: o.req("mode")?,
        })
    }
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

impl From<HeaderError> for LogError {
    fn from(e: HeaderError) -> LogError {
        match e {
            HeaderError::Json(e) => LogError::Json(e),
            HeaderError::WrongFormat(s) => LogError::WrongFormat(s),
            HeaderError::NewerVersion { found, supported } => {
                LogError::NewerVersion { found, supported }
            }
            HeaderError::WrongGame(g) => LogError::WrongGame(g),
        }
    }
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
        json::to_string(&self.to_log())
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
        let value = json::parse(json).map_err(|e| LogError::Json(e.0))?;
        check_header(&value, GAME_NORDAU_SHIFT)?;
        let log = NordauLog::from_json(&value).map_err(|e| LogError::Json(e.0))?;
        Game::from_log(&log)
    }
}
