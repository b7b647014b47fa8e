//! A 32-byte secret at rest (docs/fairness.md "Threat model"): the seed or
//! key a game must keep unreadable until it is revealed. The browser seals it
//! with `web::vault` (AES-GCM under a non-extractable key); where it cannot,
//! the secret is stored readable and the game says so. Every stored format
//! that holds such a secret writes and reads its text here, one codec:
//!
//! * sealed: `aesgcm1.<iv hex>.<ciphertext and tag hex>` (`web::vault`'s text);
//! * readable: `plain:<64 lower-case hex digits>`.
//!
//! Pure: the sealing itself is the browser's (`web::vault::{seal_secret,
//! open_secret}`).

use std::fmt;

use crate::referee::commitment::{HexError, parse_hex32};
use crate::referee::json::{FromJson, Json, JsonError, JsonResult, ToJson};
use serde_json::Value;

/// The lead of a sealed text, as `web::vault` writes it.
pub const SEALED_PREFIX: &str = "aesgcm1";
/// The lead of a secret stored readable.
pub const PLAIN_PREFIX: &str = "plain:";

/// A secret as stored: sealed by this browser, or readable where it cannot seal.
#[derive(Clone, PartialEq, Eq)]
pub enum SecretAtRest {
    /// `web::vault`'s text (opened only by the browser that sealed it).
    Sealed(String),
    /// No sealing in this browser: the secret itself.
    Plain([u8; 32]),
}

/// The secret is never printed.
impl fmt::Debug for SecretAtRest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SecretAtRest::Sealed(_) => "Sealed",
            SecretAtRest::Plain(_) => "Plain",
        })
    }
}

/// Why a stored text is not a secret at rest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecretTextError {
    /// Neither `aesgcm1.<hex>.<hex>` nor `plain:<hex>`.
    Unknown,
    /// `plain:` and not 64 lower-case hex digits.
    Plain(HexError),
}

impl fmt::Display for SecretTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SecretTextError::Unknown => {
                f.write_str("the stored secret is neither sealed nor plain text")
            }
            SecretTextError::Plain(e) => write!(f, "the stored secret is damaged: {e}"),
        }
    }
}

impl std::error::Error for SecretTextError {}

/// Whether `text` has the shape of a sealed text: `aesgcm1.<hex>.<hex>`.
fn is_sealed_text(text: &str) -> bool {
    let mut parts = text.split('.');
    let hex_part = |p: Option<&str>| {
        p.is_some_and(|p| {
            !p.is_empty() && p.len() % 2 == 0 && p.bytes().all(|b| b.is_ascii_hexdigit())
        })
    };
    parts.next() == Some(SEALED_PREFIX)
        && hex_part(parts.next())
        && hex_part(parts.next())
        && parts.next().is_none()
}

impl SecretAtRest {
    /// The one text of this secret at rest.
    pub fn to_text(&self) -> String {
        match self {
            SecretAtRest::Sealed(text) => text.clone(),
            SecretAtRest::Plain(seed) => format!("{PLAIN_PREFIX}{}", hex::encode(seed)),
        }
    }

    /// Reads [`SecretAtRest::to_text`]'s text back.
    pub fn from_text(text: &str) -> Result<SecretAtRest, SecretTextError> {
        if let Some(hex_text) = text.strip_prefix(PLAIN_PREFIX) {
            return parse_hex32(hex_text)
                .map(SecretAtRest::Plain)
                .map_err(SecretTextError::Plain);
        }
        SecretAtRest::sealed(text)
    }

    /// A sealed text only (formats that store a readable secret elsewhere).
    pub fn sealed(text: &str) -> Result<SecretAtRest, SecretTextError> {
        if is_sealed_text(text) {
            Ok(SecretAtRest::Sealed(text.to_owned()))
        } else {
            Err(SecretTextError::Unknown)
        }
    }

    pub fn is_sealed(&self) -> bool {
        matches!(self, SecretAtRest::Sealed(_))
    }

    /// The sealed text, if sealed.
    pub fn sealed_text(&self) -> Option<&str> {
        match self {
            SecretAtRest::Sealed(text) => Some(text),
            SecretAtRest::Plain(_) => None,
        }
    }
}

/// Written as its one text.
impl ToJson for SecretAtRest {
    fn to_json(&self) -> Json {
        Json::Str(self.to_text())
    }
}

impl FromJson for SecretAtRest {
    fn from_json(v: &Value) -> JsonResult<SecretAtRest> {
        let text = String::from_json(v)?;
        SecretAtRest::from_text(&text).map_err(|e| JsonError(e.to_string()))
    }
}

/// What a stored record that keeps a secret at rest offers: the secret found
/// in its stored text, so the browser can open it (asynchronously) before the
/// record is read (synchronously) with it.
pub trait SealsSecret {
    /// The secret `stored` keeps at rest; `None` if it keeps none (or only a
    /// damaged one, which the record's own reader then refuses).
    fn secret_at_rest(stored: &str) -> Option<SecretAtRest>;
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEALED: &str = "aesgcm1.00112233445566778899aabb.0f1e2d3c";

    #[test]
    fn both_forms_round_trip() {
        for secret in [
            SecretAtRest::Sealed(SEALED.to_owned()),
            SecretAtRest::Plain([7u8; 32]),
        ] {
            assert_eq!(
                SecretAtRest::from_text(&secret.to_text()),
                Ok(secret.clone())
            );
            let json = crate::referee::json::to_string(&secret);
            assert_eq!(
                crate::referee::json::from_str::<SecretAtRest>(&json),
                Ok(secret)
            );
        }
        assert_eq!(
            SecretAtRest::Plain([0xab; 32]).to_text(),
            format!("plain:{}", "ab".repeat(32))
        );
    }

    #[test]
    fn damaged_texts_are_refused() {
        for bad in [
            "",
            "plain:",
            "plain:00",
            &format!("plain:{}", "AB".repeat(32)),
            "aesgcm1",
            "aesgcm1..",
            "aesgcm1.00",
            "aesgcm1.0.11",
            "aesgcm1.zz.11",
            "aesgcm1.00.11.22",
            "aesgcm2.00.11",
            "withheld",
            "sealed",
        ] {
            assert!(SecretAtRest::from_text(bad).is_err(), "{bad:?}");
            assert!(
                !SecretAtRest::from_text(bad)
                    .unwrap_err()
                    .to_string()
                    .is_empty()
            );
        }
        assert!(SecretAtRest::sealed(&format!("plain:{}", "00".repeat(32))).is_err());
    }

    #[test]
    fn never_printed() {
        let text = format!("{:?}", SecretAtRest::Plain([0xcd; 32]));
        assert!(!text.contains("cd"), "{text}");
    }

    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        #[test]
        fn any_text_reads_or_is_refused_never_panics(text in ".{0,200}") {
            if let Ok(secret) = SecretAtRest::from_text(&text) {
                proptest::prop_assert_eq!(secret.to_text(), text);
            }
        }
    }
}
