//! Nordau Shift's log: the shared envelope with its setup record and events.

use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::log::{self, DrawRecord};
use crate::referee::module::{Logged, logged_seed};
use crate::referee::nordau::game::{Event, Game, GameError, InputMode};
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

pub type NordauLog = log::Log<NordauSetup, Event>;

/// Why a logged setup is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogSetupError {
    /// The setup text is not canonical.
    Text(SetupTextError),
    /// The setup or words are refused by the game.
    Refused(SetupError),
}

impl fmt::Display for LogSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogSetupError::Text(e) => write!(f, "{e}"),
            LogSetupError::Refused(e) => write!(f, "{e}"),
        }
    }
}

/// Why a log cannot be loaded.
pub type LogError = log::LogError<LogSetupError, GameError>;

impl Logged for Game {
    type LogSetup = NordauSetup;
    type SetupError = LogSetupError;

    fn log_setup(&self) -> NordauSetup {
        NordauSetup {
            setup: self.setup().to_text(),
            mode: self.mode(),
        }
    }

    fn log_draw(&self) -> Option<DrawRecord> {
        Some(DrawRecord::of(Some((self.seed(), self.words()))))
    }

    fn restore(setup: NordauSetup, draw: Option<&DrawRecord>) -> Result<Game, LogError> {
        let text =
            Setup::from_text(&setup.setup).map_err(|e| LogError::Setup(LogSetupError::Text(e)))?;
        let seed = logged_seed(draw, true)?.ok_or(LogError::SeedMismatch)?;
        let words = draw.map(|d| d.words.clone()).unwrap_or_default();
        Game::new(text, seed, words, setup.mode)
            .map_err(|e| LogError::Setup(LogSetupError::Refused(e)))
    }
}
