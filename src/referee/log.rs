//! The event log (C-4), one envelope for every game module: the header
//! (format, version, game), the game's setup record, for a game with a draw
//! its seed and words, and the timestamped events. A state is always the
//! replay of its log ([`crate::referee::module::Logged`]).

use crate::referee::commitment::HexError;
use crate::referee::json::{FromJson, Json, JsonError, JsonResult, Obj, ToJson, f, obj};
use serde_json::Value;
use std::fmt;

/// Identifies our logs among other JSON.
pub const LOG_FORMAT: &str = "nordau-shift-referee-log";
/// The newest log version this build reads and the one it writes.
pub const LOG_VERSION: u32 = 1;

/// An event and the time (ms) it happened at. JSON: `{"t_ms":…,"event":…}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timed<E> {
    pub t_ms: u64,
    pub event: E,
}

/// The seed and the players' words of a game with a draw, as the log holds
/// them (the seed as hex, `""` where a game of that module drew nothing).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DrawRecord {
    pub seed: String,
    pub words: Vec<String>,
}

impl DrawRecord {
    /// The record of a game of a module with a draw: its seed and words, or,
    /// where this game drew nothing, the empty seed and no words.
    pub fn of(drawn: Option<(&[u8; 32], &[String])>) -> DrawRecord {
        drawn.map_or_else(DrawRecord::default, |(seed, words)| DrawRecord {
            seed: hex::encode(seed),
            words: words.to_vec(),
        })
    }
}

/// A game's log: `S` is its setup record, `E` its event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Log<S, E> {
    pub format: String,
    pub version: u32,
    /// Which game module replays this log.
    pub game: String,
    pub setup: S,
    /// Written only by modules with a committed draw (revealed after the
    /// game: keep a running game's log private).
    pub draw: Option<DrawRecord>,
    pub events: Vec<Timed<E>>,
}

impl<S, E> Log<S, E> {
    /// A log of this build's format and version.
    pub fn new(game: &str, setup: S, draw: Option<DrawRecord>, events: Vec<Timed<E>>) -> Self {
        Log {
            format: LOG_FORMAT.to_owned(),
            version: LOG_VERSION,
            game: game.to_owned(),
            setup,
            draw,
            events,
        }
    }
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

/// Why a log cannot be loaded, for every game module: `S` is the module's
/// setup refusal, `E` its event refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogError<S, E> {
    /// Not ours, corrupt, newer, or of another game.
    Header(HeaderError),
    /// The seed is not 64 hex digits.
    Seed(HexError),
    /// A seed where the setup draws nothing, or none where it draws.
    SeedMismatch,
    /// The setup is refused.
    Setup(S),
    /// Event `index` (0-based) cannot be replayed.
    Event { index: usize, error: E },
}

impl<S, E> LogError<S, E> {
    /// Written by a newer version of the app (update rather than discard).
    pub fn is_newer_version(&self) -> bool {
        matches!(self, LogError::Header(HeaderError::NewerVersion { .. }))
    }

    /// A log that is not JSON of the expected shape.
    pub fn corrupt(what: impl fmt::Display) -> Self {
        LogError::Header(HeaderError::Json(what.to_string()))
    }
}

impl<S: fmt::Display, E: fmt::Display> fmt::Display for LogError<S, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogError::Header(e) => write!(f, "{e}"),
            LogError::Seed(e) => write!(f, "log seed: {e}"),
            LogError::SeedMismatch => {
                write!(f, "the log's seed does not fit its setup's draw")
            }
            LogError::Setup(e) => write!(f, "log setup refused: {e}"),
            LogError::Event { index, error } => {
                write!(f, "event {} cannot be replayed: {error}", index + 1)
            }
        }
    }
}

impl<S: fmt::Display + fmt::Debug, E: fmt::Display + fmt::Debug> std::error::Error
    for LogError<S, E>
{
}

/// The header fields, checked before the body so a newer log is reported as
/// such rather than as corrupt.
pub(crate) fn check_header(value: &Value, game: &str) -> Result<(), HeaderError> {
    let obj = value
        .as_object()
        .ok_or_else(|| HeaderError::Json("not a JSON object".into()))?;
    let text = |key| obj.get(key).and_then(|v| v.as_str()).unwrap_or("");
    let version = obj.get("version").and_then(|v| v.as_u64());
    check_fields(text("format"), version, text("game"), game)
}

/// The header of a log already read, checked as [`check_header`] does.
pub(crate) fn check_read_header<S, E>(log: &Log<S, E>, game: &str) -> Result<(), HeaderError> {
    check_fields(&log.format, Some(u64::from(log.version)), &log.game, game)
}

/// One header check for a log as text or as read: ours, not newer than
/// this build, a version that exists, and of `expected`'s game.
fn check_fields(
    format: &str,
    version: Option<u64>,
    game: &str,
    expected: &str,
) -> Result<(), HeaderError> {
    if format != LOG_FORMAT {
        return Err(HeaderError::WrongFormat(format.to_owned()));
    }
    let version = version.ok_or_else(|| HeaderError::Json("missing version".into()))?;
    if version > u64::from(LOG_VERSION) {
        return Err(HeaderError::NewerVersion {
            found: version,
            supported: LOG_VERSION,
        });
    }
    if version == 0 {
        return Err(HeaderError::Json("version 0 does not exist".into()));
    }
    if game != expected {
        return Err(HeaderError::WrongGame(game.to_owned()));
    }
    Ok(())
}

// ---- JSON ------------------------------------------------------------------

impl<E: ToJson> ToJson for Timed<E> {
    fn to_json(&self) -> Json {
        obj([("t_ms", f(&self.t_ms)), ("event", f(&self.event))])
    }
}

impl<E: FromJson> FromJson for Timed<E> {
    fn from_json(v: &Value) -> JsonResult<Self> {
        let o = Obj::of(v)?;
        Ok(Timed {
            t_ms: o.req("t_ms")?,
            event: o.req("event")?,
        })
    }
}

/// Field order as every shipped save has it: format, version, game, setup,
/// (seed, words), events.
impl<S: ToJson, E: ToJson> ToJson for Log<S, E> {
    fn to_json(&self) -> Json {
        let draw = self.draw.as_ref();
        obj([
            ("format", f(&self.format)),
            ("version", f(&self.version)),
            ("game", f(&self.game)),
            ("setup", f(&self.setup)),
            ("seed", draw.and_then(|d| f(&d.seed))),
            ("words", draw.and_then(|d| f(&d.words))),
            ("events", f(&self.events)),
        ])
    }
}

impl<S: FromJson, E: FromJson> FromJson for Log<S, E> {
    fn from_json(v: &Value) -> JsonResult<Self> {
        let o = Obj::of(v)?;
        // A draw's two fields come together: one without the other is damage.
        let draw = match o.opt::<String>("seed")? {
            Some(seed) => Some(DrawRecord {
                seed,
                words: o.req("words")?,
            }),
            None if o.opt::<Vec<String>>("words")?.is_some() => {
                return Err(JsonError("missing field `seed`".into()));
            }
            None => None,
        };
        Ok(Log {
            format: o.req("format")?,
            version: o.req("version")?,
            game: o.req("game")?,
            setup: o.req("setup")?,
            draw,
            events: o.req("events")?,
        })
    }
}
