//! A drawn start awaiting words ("undo.pending", UC-1, C-3): the setup whose
//! commitment is shown and its seed at rest (`referee::secret`), kept until
//! the words are locked and the game is made.
//!
//! Written as versioned JSON (`{"format":"undo-pending","version":1,
//! "mode":…,"setup":…,"secret":…}`); the unversioned lines of older versions
//! (`<b|c>\n<setup text>\n<secret text>`) are still read.

use std::fmt;

use serde_json::Value;

use super::setup::{UcSetup, UcSetupTextError};
use crate::referee::common::InputMode;
use crate::referee::json::{self, FromJson, Json, JsonResult, Obj, ToJson, f, obj};
use crate::referee::secret::{SealsSecret, SecretAtRest, SecretTextError};

pub const PENDING_FORMAT: &str = "undo-pending";
pub const PENDING_VERSION: u32 = 1;

/// A drawn setup whose commitment is shown, with its seed at rest.
#[derive(Clone, Debug, PartialEq)]
pub struct UcPending {
    pub setup: UcSetup,
    pub secret: SecretAtRest,
}

/// Why a stored pending start cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcPendingError {
    /// Not JSON of this format, or not the older lines.
    Corrupt(String),
    NewerVersion {
        found: u64,
        supported: u32,
    },
    BadSetup(UcSetupTextError),
    BadSecret(SecretTextError),
}

impl fmt::Display for UcPendingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UcPendingError::Corrupt(why) => write!(f, "the drawn start is damaged: {why}"),
            UcPendingError::NewerVersion { found, supported } => write!(
                f,
                "the drawn start is from a newer version of the app (format {found}, this app reads up to {supported})"
            ),
            UcPendingError::BadSetup(e) => write!(f, "the drawn start's setup is damaged: {e}"),
            UcPendingError::BadSecret(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for UcPendingError {}

struct PendingFile {
    format: String,
    version: u64,
    mode: InputMode,
    setup: String,
    secret: String,
}

impl ToJson for PendingFile {
    fn to_json(&self) -> Json {
        obj([
            ("format", f(&self.format)),
            ("version", f(&self.version)),
            ("mode", f(&self.mode)),
            ("setup", f(&self.setup)),
            ("secret", f(&self.secret)),
        ])
    }
}

impl FromJson for PendingFile {
    fn from_json(v: &Value) -> JsonResult<PendingFile> {
        let o = Obj::of(v)?;
        Ok(PendingFile {
            format: o.req("format")?,
            version: o.req("version")?,
            mode: o.req("mode")?,
            setup: o.req("setup")?,
            secret: o.req("secret")?,
        })
    }
}

impl UcPending {
    /// The stored text.
    pub fn to_json(&self) -> String {
        json::to_string(&PendingFile {
            format: PENDING_FORMAT.to_owned(),
            version: PENDING_VERSION.into(),
            mode: self.setup.mode,
            setup: self.setup.to_text(),
            secret: self.secret.to_text(),
        })
    }

    /// Reads [`UcPending::to_json`]'s text, or the lines older versions wrote.
    pub fn from_text(text: &str) -> Result<UcPending, UcPendingError> {
        if text.trim_start().starts_with('{') {
            return UcPending::from_json(text);
        }
        let mut lines = text.lines();
        let mut next = |what: &str| {
            lines
                .next()
                .ok_or_else(|| UcPendingError::Corrupt(format!("no {what} line")))
        };
        let mode = match next("mode")? {
            "b" => InputMode::Board,
            _ => InputMode::Clock,
        };
        let setup = next("setup")?;
        let secret = next("secret")?;
        UcPending::read(mode, setup, secret)
    }

    fn from_json(text: &str) -> Result<UcPending, UcPendingError> {
        let corrupt = |e: json::JsonError| UcPendingError::Corrupt(e.to_string());
        let value = json::parse(text).map_err(corrupt)?;
        let o = Obj::of(&value).map_err(corrupt)?;
        let format: String = o.req("format").map_err(corrupt)?;
        if format != PENDING_FORMAT {
            return Err(UcPendingError::Corrupt(format!(
                "not a drawn start: {format}"
            )));
        }
        let version: u64 = o.req("version").map_err(corrupt)?;
        if version > u64::from(PENDING_VERSION) {
            return Err(UcPendingError::NewerVersion {
                found: version,
                supported: PENDING_VERSION,
            });
        }
        let file = PendingFile::from_json(&value).map_err(corrupt)?;
        UcPending::read(file.mode, &file.setup, &file.secret)
    }

    fn read(mode: InputMode, setup: &str, secret: &str) -> Result<UcPending, UcPendingError> {
        Ok(UcPending {
            setup: UcSetup::from_text(setup, mode).map_err(UcPendingError::BadSetup)?,
            secret: SecretAtRest::from_text(secret).map_err(UcPendingError::BadSecret)?,
        })
    }
}

impl SealsSecret for UcPending {
    fn secret_at_rest(stored: &str) -> Option<SecretAtRest> {
        UcPending::from_text(stored).ok().map(|p| p.secret)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::undo::StartChoice;

    fn setup(mode: InputMode) -> UcSetup {
        UcSetup::new(
            "Lena",
            "Omar",
            mode,
            StartChoice::Drawn,
            crate::referee::TimeControl::fischer(300_000, 3_000),
        )
    }

    const SEALED: &str = "aesgcm1.00112233445566778899aabb.0f1e2d3c";

    #[test]
    fn round_trip() {
        for (mode, secret) in [
            (InputMode::Board, SecretAtRest::Plain([3u8; 32])),
            (InputMode::Clock, SecretAtRest::Sealed(SEALED.to_owned())),
        ] {
            let pending = UcPending {
                setup: setup(mode),
                secret,
            };
            let text = pending.to_json();
            assert!(
                text.starts_with(r#"{"format":"undo-pending","version":1,"#),
                "{text}"
            );
            assert_eq!(UcPending::from_text(&text), Ok(pending.clone()));
            assert_eq!(UcPending::secret_at_rest(&text), Some(pending.secret));
        }
    }

    #[test]
    fn the_old_lines_still_read() {
        let s = setup(InputMode::Board);
        let text = format!("b\n{}\nplain:{}", s.to_text(), "0b".repeat(32));
        let pending = UcPending::from_text(&text).unwrap();
        assert_eq!(pending.setup, s);
        assert_eq!(pending.secret, SecretAtRest::Plain([0x0b; 32]));
        let text = format!("c\n{}\n{SEALED}", setup(InputMode::Clock).to_text());
        assert!(UcPending::from_text(&text).unwrap().secret.is_sealed());
    }

    #[test]
    fn damaged_texts_are_refused() {
        let s = setup(InputMode::Board).to_text();
        let good = UcPending {
            setup: setup(InputMode::Board),
            secret: SecretAtRest::Plain([1u8; 32]),
        }
        .to_json();
        for bad in [
            String::new(),
            "b".to_owned(),
            format!("b\n{s}"),
            format!("b\n{s}\nplain:00"),
            format!("b\nnot a setup\nplain:{}", "00".repeat(32)),
            format!("b\n{s}\nsomething"),
            "{".to_owned(),
            "{}".to_owned(),
            good.replace("undo-pending", "nordau-shift-table"),
            good.replace("\"version\":1", "\"version\":\"1\""),
            good.replace("\"board\"", "\"paper\""),
            good.replace("plain:", "plain"),
            good[..good.len() / 2].to_owned(),
        ] {
            let e = UcPending::from_text(&bad).expect_err(&bad);
            assert!(!e.to_string().is_empty());
        }
        assert!(matches!(
            UcPending::from_text(&good.replace("\"version\":1", "\"version\":2")),
            Err(UcPendingError::NewerVersion { found: 2, .. })
        ));
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_text_never_panics(text in ".{0,300}") {
            let _ = UcPending::from_text(&text);
        }
    }
}
