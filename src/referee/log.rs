//! The event log (C-4): a versioned JSON envelope holding the
//! setup, the seed, the words and the timestamped events. Any game module can
//! use [`Envelope`] with its own setup and event types; a state is always the
//! replay of its log.

use crate::referee::json::{FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use serde_json::Value;
use std::fmt;

/// Identifies our logs among other JSON.
pub const LOG_FORMAT: &str = "nordau-shift-referee-log";
/// The newest log version this build reads and the one it writes.
pub const LOG_VERSION: u32 = 1;

/// A game-agnostic log: `S` is the game's setup record, `E` its timed event.
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// Why a log's header is refused, before any game-specific field is read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderError {
    /// Not JSON, or JSON of the wrong shape.
    Json(String),
    /// The `format` field is not ours.
    WrongFormat(String),
    /// Written by a newer version of the app.
    NewerVersion { found: u64, supported: u32 },
    /// A log of another game module.
    WrongGame(String),
}

impl fmt::Display for HeaderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HeaderError::Json(e) => write!(f, "corrupt log: {e}"),
            HeaderError::WrongFormat(s) => write!(f, "not a referee log (format '{s}')"),
            HeaderError::NewerVersion { found, supported } => write!(
                f,
                "log version {found} is newer than this app understands ({supported}); update the app"
            ),
            HeaderError::WrongGame(g) => write!(f, "log of another game: '{g}'"),
        }
    }
}

impl std::error::Error for HeaderError {}

/// The header fields, checked before the body so a newer log is reported as
/// such rather than as corrupt.
pub(crate) fn check_header(value: &Value, game: &str) -> Result<(), HeaderError> {
    let obj = value
        .as_object()
        .ok_or_else(|| HeaderError::Json("not a JSON object".into()))?;
    let format = obj.get("format").and_then(|v| v.as_str()).unwrap_or("");
    if format != LOG_FORMAT {
        return Err(HeaderError::WrongFormat(format.to_owned()));
    }
    let version = obj
        .get("version")
        .and_then(|v| v.as_u64())
        .ok_or_else(|| HeaderError::Json("missing version".into()))?;
    if version > u64::from(LOG_VERSION) {
        return Err(HeaderError::NewerVersion {
            found: version,
            supported: LOG_VERSION,
        });
    }
    if version == 0 {
        return Err(HeaderError::Json("version 0 does not exist".into()));
    }
    let g = obj.get("game").and_then(|v| v.as_str()).unwrap_or("");
    if g != game {
        return Err(HeaderError::WrongGame(g.to_owned()));
    }
    Ok(())
}

impl<S: ToJson, E: ToJson> ToJson for Envelope<S, E> {
    fn to_json(&self) -> Json {
        obj([
            ("format", f(&self.format)),
            ("version", f(&self.version)),
            ("game", f(&self.game)),
            ("setup", f(&self.setup)),
            ("seed", f(&self.seed)),
            ("words", f(&self.words)),
            ("events", f(&self.events)),
        ])
    }
}

impl<S: FromJson, E: FromJson> FromJson for Envelope<S, E> {
    fn from_json(v: &Value) -> JsonResult<Self> {
        let o = Obj::of(v)?;
        Ok(Envelope {
            format: o.req("format")?,
            version: o.req("version")?,
            game: o.req("game")?,
            setup: o.req("setup")?,
            seed: o.req("seed")?,
            words: o.req("words")?,
            events: o.req("events")?,
        })
    }
}
