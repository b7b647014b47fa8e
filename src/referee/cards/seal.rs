//! The save with its secrets sealed (docs/cards.md, "Where the secret
//! lives"). A game that holds a secret has one 32-byte key: the seed of blind
//! stacks, or a random key for secret stacks. The browser seals that key
//! once, asynchronously (`web::vault`, before move one); every save after it
//! is written synchronously from the game, the key and the sealed key's text:
//!
//! * blind stacks: the envelope's `seed` is `"sealed"` (the key is the seed);
//! * secret stacks: each `set_stack` event's stack is `x` and 12 hex digits:
//!   the six letters XOR the ChaCha20 keystream of the key on stream
//!   `2^32 + event index` (one stream per event, so no keystream is used for
//!   two plaintexts);
//! * `"vault"`: the sealed key's text, to be unsealed at load.
//!
//! Everything else (setup, moves, times) stays readable. A save whose
//! secret cannot be sealed (no WebCrypto) is written readable, and an export
//! of it withholds the secret instead ([`withheld_json`]).
//!
//! Pure: no browser code here; `ui::cards::store` does the sealing.

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::Value;

use crate::referee::cards::game::{CsGame, CsLogError};
use crate::referee::cards::setup::StackSource;
use crate::referee::log::HeaderError;

/// The field holding the sealed key's text.
pub const VAULT_FIELD: &str = "vault";
/// Set on a blind game whose words are not yet locked.
pub const AWAITING_WORDS_FIELD: &str = "awaiting_words";
/// What replaces a withheld secret in an export.
pub const WITHHELD: &str = "withheld";
const SEALED_SEED: &str = "sealed";
const STREAM_BASE: u64 = 1 << 32;

/// Why a save cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// The log itself (header, setup, an event).
    Log(CsLogError),
    /// The sealed part: the key is gone, or a sealed stack does not open.
    Sealed(&'static str),
}

impl OpenError {
    /// Written by a newer version of the app.
    pub fn is_newer_version(&self) -> bool {
        matches!(self, OpenError::Log(e) if e.is_newer_version())
    }
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Log(e) => write!(f, "{e}"),
            OpenError::Sealed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for OpenError {}

struct SealError(&'static str);

fn keystream(key: &[u8; 32], index: usize) -> [u8; 6] {
    let mut rng = ChaCha20Rng::from_seed(*key);
    rng.set_stream(STREAM_BASE + index as u64);
    let mut out = [0u8; 6];
    rng.fill_bytes(&mut out);
    out
}

fn encrypt_stack(key: &[u8; 32], index: usize, stack: &str) -> String {
    let pad = keystream(key, index);
    let bytes: Vec<u8> = stack.bytes().zip(pad).map(|(b, k)| b ^ k).collect();
    format!("x{}", hex::encode(bytes))
}

fn decrypt_stack(key: &[u8; 32], index: usize, text: &str) -> Option<String> {
    let bytes = hex::decode(text.strip_prefix('x')?).ok()?;
    if bytes.len() != 6 {
        return None;
    }
    let pad = keystream(key, index);
    String::from_utf8(bytes.iter().zip(pad).map(|(b, k)| b ^ k).collect()).ok()
}

/// Each `set_stack` event's stack, changed by `change(index, stack)`.
fn map_stacks(
    log: &mut Value,
    mut change: impl FnMut(usize, &str) -> Option<String>,
) -> Result<(), SealError> {
    let Some(events) = log.get_mut("events").and_then(Value::as_array_mut) else {
        return Ok(());
    };
    for (index, timed) in events.iter_mut().enumerate() {
        let Some(event) = timed.get_mut("event") else {
            continue;
        };
        if event.get("type").and_then(Value::as_str) != Some("set_stack") {
            continue;
        }
        let Some(stack) = event.get("stack").and_then(Value::as_str) else {
            continue;
        };
        let next = change(index, stack).ok_or(SealError("a sealed stack does not open"))?;
        event["stack"] = Value::String(next);
    }
    Ok(())
}

fn log_value(game: &CsGame, awaiting_words: bool) -> Value {
    let mut log: Value =
        serde_json::from_str(&game.to_json()).unwrap_or(Value::Object(Default::default()));
    if awaiting_words {
        log[AWAITING_WORDS_FIELD] = Value::Bool(true);
    }
    log
}

/// The save with the game's secrets under `key` and `vault` (the key's
/// sealed text). `key` must be the game's (the seed for blind stacks).
pub fn sealed_json(game: &CsGame, awaiting_words: bool, key: &[u8; 32], vault: &str) -> String {
    let mut log = log_value(game, awaiting_words);
    match game.setup().stacks {
        StackSource::Blind => log["seed"] = Value::String(SEALED_SEED.to_owned()),
        StackSource::Secret => {
            // Cannot fail: the closure always returns a value.
            let _ = map_stacks(&mut log, |i, s| Some(encrypt_stack(key, i, s)));
        }
    }
    log[VAULT_FIELD] = Value::String(vault.to_owned());
    log.to_string()
}

/// The readable save (no sealing here, or nothing secret left).
pub fn plain_json(game: &CsGame, awaiting_words: bool) -> String {
    log_value(game, awaiting_words).to_string()
}

/// An export that holds no secret: the seed or the stacks withheld.
pub fn withheld_json(game: &CsGame, awaiting_words: bool) -> String {
    let mut log = log_value(game, awaiting_words);
    match game.setup().stacks {
        StackSource::Blind => log["seed"] = Value::String(WITHHELD.to_owned()),
        StackSource::Secret => {
            let _ = map_stacks(&mut log, |_, _| Some(WITHHELD.to_owned()));
        }
    }
    log.to_string()
}

/// The sealed key's text of a sealed save.
pub fn vault_of(save: &str) -> Option<String> {
    let log: Value = serde_json::from_str(save).ok()?;
    log.get(VAULT_FIELD)?.as_str().map(str::to_owned)
}

/// A save read back: the game and whether its words are still to be locked.
pub fn open_json(save: &str, key: Option<&[u8; 32]>) -> Result<(CsGame, bool), OpenError> {
    let mut log: Value = serde_json::from_str(save)
        .map_err(|e| OpenError::Log(CsLogError::Header(HeaderError::Json(e.to_string()))))?;
    let awaiting = log
        .get(AWAITING_WORDS_FIELD)
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if let Some(map) = log.as_object_mut() {
        map.remove(AWAITING_WORDS_FIELD);
        if map.remove(VAULT_FIELD).is_some() {
            let key = key.ok_or(OpenError::Sealed("the key of this save is gone"))?;
            let blind = map
                .get("seed")
                .and_then(Value::as_str)
                .is_some_and(|s| s == SEALED_SEED);
            if blind {
                map.insert("seed".to_owned(), Value::String(hex::encode(key)));
            } else {
                map_stacks(&mut log, |i, s| decrypt_stack(key, i, s))
                    .map_err(|SealError(why)| OpenError::Sealed(why))?;
            }
        }
    }
    let game = CsGame::from_json(&log.to_string()).map_err(OpenError::Log)?;
    if awaiting && (game.setup().stacks != StackSource::Blind || !game.events().is_empty()) {
        return Err(OpenError::Sealed(
            "only an unstarted blind game awaits words",
        ));
    }
    Ok((game, awaiting))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::cards::{CsEvent, CsSetup, Stack};
    use crate::referee::common::InputMode;

    fn secret_game() -> CsGame {
        let setup = CsSetup::new("Anna", "Boris", InputMode::Clock, StackSource::Secret);
        let mut g = CsGame::new(setup).unwrap();
        let stack = Stack::from_text("YNNYYN").unwrap();
        g.apply(0, CsEvent::SetStack { stack }).unwrap();
        g.apply(0, CsEvent::Start).unwrap();
        g
    }

    #[test]
    fn secret_stacks_sealed_and_opened() {
        let g = secret_game();
        let key = [7u8; 32];
        let text = sealed_json(&g, false, &key, "aesgcm1.aa.bb");
        assert!(!text.contains("YNNYYN"), "{text}");
        assert_eq!(vault_of(&text).as_deref(), Some("aesgcm1.aa.bb"));
        let (back, awaiting) = open_json(&text, Some(&key)).unwrap();
        assert_eq!(back, g);
        assert!(!awaiting);
        assert!(open_json(&text, None).is_err());
        assert!(
            open_json(&text, Some(&[8u8; 32])).is_err()
                || open_json(&text, Some(&[8u8; 32])).unwrap().0 != g
        );
        let withheld = withheld_json(&g, false);
        assert!(!withheld.contains("YNNYYN"));
    }

    #[test]
    fn blind_seed_sealed_and_opened() {
        let setup = CsSetup::new("A", "B", InputMode::Board, StackSource::Blind);
        let seed = [3u8; 32];
        let g = CsGame::new_blind(setup, seed, &[] as &[&str]).unwrap();
        let text = sealed_json(&g, true, &seed, "v");
        assert!(!text.contains(&hex::encode(seed)));
        let (back, awaiting) = open_json(&text, Some(&seed)).unwrap();
        assert_eq!(back, g);
        assert!(awaiting);
        assert!(!withheld_json(&g, true).contains(&hex::encode(seed)));
        let worded = g.with_words(&["apple", "pear"]).unwrap();
        assert_eq!(worded.commitment_hex(), g.commitment_hex());
        assert_eq!(
            worded,
            CsGame::new_blind(g.setup().clone(), seed, &["apple", "pear"]).unwrap()
        );
        let plain = plain_json(&g, true);
        assert_eq!(open_json(&plain, None).unwrap(), (g, true));
    }
}
