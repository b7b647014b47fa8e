//! The save with its secrets sealed (docs/cards.md, "Where the secret
//! lives"). A game that holds a secret has one 32-byte key: the seed of blind
//! stacks, or a random key for secret stacks. The browser seals that key
//! once, asynchronously (`web::vault`, before move one); every save after it
//! is written synchronously from the game, the key and the sealed key's text:
//!
//! * blind stacks: the envelope's `seed` is `"sealed"` (the key is the seed);
//! * secret stacks: each `set_stack` event's stack is `x` and 12 hex digits:
//!   the six letters XOR the ChaCha20 keystream of the key on stream
//!   `2^32 + k` for the game's k-th stack (one stream per stack, so no
//!   keystream is used for two plaintexts);
//! * `"vault"`: the sealed key's text, to be unsealed at load.
//!
//! Everything else (setup, moves, times) stays readable. The fields are
//! changed in the log's text, so no JSON serializer beyond `referee::json`
//! is linked into the app for this. A save whose
//! secret cannot be sealed (no WebCrypto) is written readable, and an export
//! of it withholds the secret instead ([`withheld_json`]).
//!
//! Pure: no browser code here; `ui::cards::store` does the sealing.

use crate::referee::module::GameModule;
use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::Value;

use crate::referee::cards::game::{CsGame, CsLogError};
use crate::referee::cards::setup::StackSource;
use crate::referee::module::Logged;

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

fn keystream(key: &[u8; 32], k: usize) -> [u8; 6] {
    let mut rng = ChaCha20Rng::from_seed(*key);
    rng.set_stream(STREAM_BASE + k as u64);
    let mut out = [0u8; 6];
    rng.fill_bytes(&mut out);
    out
}

fn encrypt_stack(key: &[u8; 32], k: usize, stack: &str) -> String {
    let pad = keystream(key, k);
    let bytes: Vec<u8> = stack.bytes().zip(pad).map(|(b, p)| b ^ p).collect();
    format!("x{}", hex::encode(bytes))
}

fn decrypt_stack(key: &[u8; 32], k: usize, text: &str) -> Option<String> {
    let bytes = hex::decode(text.strip_prefix('x')?).ok()?;
    if bytes.len() != 6 {
        return None;
    }
    let pad = keystream(key, k);
    String::from_utf8(bytes.iter().zip(pad).map(|(b, p)| b ^ p).collect()).ok()
}

/// Each `set_stack` event's stack in the log text, changed by
/// `change(k, stack)` (k counts the stacks, 0 first). The log is written by
/// `referee::json`, which escapes every quote inside a string, so `"stack":"`
/// occurs only as the key.
fn map_stacks(
    log: &str,
    mut change: impl FnMut(usize, &str) -> Option<String>,
) -> Result<String, SealError> {
    const KEY: &str = "\"stack\":\"";
    let mut out = String::with_capacity(log.len() + 64);
    let mut rest = log;
    let mut k = 0;
    while let Some(at) = rest.find(KEY) {
        let start = at + KEY.len();
        out.push_str(&rest[..start]);
        let len = rest[start..]
            .find('"')
            .ok_or(SealError("a stack is not closed"))?;
        let next = change(k, &rest[start..start + len])
            .ok_or(SealError("a sealed stack does not open"))?;
        out.push_str(&next);
        rest = &rest[start + len..];
        k += 1;
    }
    out.push_str(rest);
    Ok(out)
}

/// The log text with `extra` fields (already JSON, each led by a comma) at its end.
fn with_fields(log: String, extra: &str) -> String {
    match log.strip_suffix('}') {
        Some(body) if !extra.is_empty() => format!("{body}{extra}}}"),
        _ => log,
    }
}

fn awaiting_field(awaiting_words: bool) -> &'static str {
    if awaiting_words {
        ",\"awaiting_words\":true"
    } else {
        ""
    }
}

/// The seed's field as the log writes it.
fn seed_field(value: &str) -> String {
    format!("\"seed\":\"{value}\"")
}

/// The save with the game's secrets under `key` and `vault` (the key's
/// sealed text). `key` must be the game's (the seed for blind stacks).
pub fn sealed_json(game: &CsGame, awaiting_words: bool, key: &[u8; 32], vault: &str) -> String {
    let log = game.to_json();
    let log = match game.setup().stacks {
        StackSource::Blind => {
            log.replacen(&seed_field(&hex::encode(key)), &seed_field(SEALED_SEED), 1)
        }
        // Cannot fail: the closure always answers and the writer closes every string.
        StackSource::Secret => {
            map_stacks(&log, |k, s| Some(encrypt_stack(key, k, s))).unwrap_or_default()
        }
    };
    // The vault text is `aesgcm1.<hex>.<hex>`: nothing to escape.
    let vault: String = vault
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '.')
        .collect();
    let extra = format!(
        "{},\"{VAULT_FIELD}\":\"{vault}\"",
        awaiting_field(awaiting_words)
    );
    with_fields(log, &extra)
}

/// The readable save (no sealing here, or nothing secret left).
pub fn plain_json(game: &CsGame, awaiting_words: bool) -> String {
    with_fields(game.to_json(), awaiting_field(awaiting_words))
}

/// An export that holds no secret: the seed or the stacks withheld.
pub fn withheld_json(game: &CsGame, awaiting_words: bool) -> String {
    let log = game.to_json();
    let log = match game.setup().stacks {
        StackSource::Blind => {
            let seed = game.log_draw().unwrap_or_default().seed;
            log.replacen(&seed_field(&seed), &seed_field(WITHHELD), 1)
        }
        StackSource::Secret => {
            map_stacks(&log, |_, _| Some(WITHHELD.to_owned())).unwrap_or_default()
        }
    };
    with_fields(log, awaiting_field(awaiting_words))
}

/// The sealed key's text of a sealed save.
pub fn vault_of(save: &str) -> Option<String> {
    let log = crate::referee::json::parse(save).ok()?;
    log.get(VAULT_FIELD)?.as_str().map(str::to_owned)
}

/// The sealed key (`"vault"`), read with the one codec of a secret at rest.
impl crate::referee::secret::SealsSecret for CsGame {
    fn secret_at_rest(stored: &str) -> Option<crate::referee::secret::SecretAtRest> {
        crate::referee::secret::SecretAtRest::sealed(&vault_of(stored)?).ok()
    }
}

/// A save read back: the game and whether its words are still to be locked.
pub fn open_json(save: &str, key: Option<&[u8; 32]>) -> Result<(CsGame, bool), OpenError> {
    let log: Value =
        crate::referee::json::parse(save).map_err(|e| OpenError::Log(CsLogError::corrupt(e)))?;
    let awaiting = log
        .get(AWAITING_WORDS_FIELD)
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let mut text = save.to_owned();
    if log.get(VAULT_FIELD).is_some() {
        let key = key.ok_or(OpenError::Sealed("the key of this save is gone"))?;
        text = if log.get("seed").and_then(Value::as_str) == Some(SEALED_SEED) {
            text.replacen(&seed_field(SEALED_SEED), &seed_field(&hex::encode(key)), 1)
        } else {
            map_stacks(&text, |k, s| decrypt_stack(key, k, s))
                .map_err(|SealError(why)| OpenError::Sealed(why))?
        };
    }
    let game = CsGame::from_json(&text).map_err(OpenError::Log)?;
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
    fn names_that_look_like_stacks_stay_names() {
        let name = "x\"stack\":\"YNNYYN\"";
        let setup = CsSetup::new(name, "B", InputMode::Clock, StackSource::Secret);
        let mut g = CsGame::new(setup).unwrap();
        for (i, order) in ["NNNYYY", "YNYNYN"].iter().enumerate() {
            let stack = Stack::from_text(order).unwrap();
            g.apply(0, CsEvent::SetStack { stack }).unwrap();
            if i == 0 {
                g.apply(0, CsEvent::Start).unwrap();
                for _ in 0..6 {
                    let played = CsEvent::Played {
                        check: false,
                        note: None,
                    };
                    g.apply(0, played).unwrap();
                }
            }
        }
        let key = [9u8; 32];
        let text = sealed_json(&g, false, &key, "aesgcm1.00.11");
        assert!(!text.contains("YNYNYN"), "{text}");
        assert_eq!(open_json(&text, Some(&key)).unwrap().0, g);
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

    // proptest is a native-only dev-dependency (wasm32 builds the lib tests too).
    #[cfg(not(target_arch = "wasm32"))]
    proptest::proptest! {
        /// A save is text anyone can edit: opening any text, with or without
        /// a key, refuses it or opens a game; it never panics.
        #[test]
        fn opening_any_text_never_panics(text in ".{0,300}", key in proptest::option::of(proptest::array::uniform32(0u8..))) {
            let _ = open_json(&text, key.as_ref());
            let _ = vault_of(&text);
        }

        /// A sealed save, cut or changed anywhere, still never panics.
        #[test]
        fn damaged_sealed_saves_never_panic(cut in 0usize..400, at in 0usize..400, byte in 0u8..128) {
            let key = [5u8; 32];
            let mut text = sealed_json(&secret_game(), false, &key, "aesgcm1.00.11").into_bytes();
            if at < text.len() {
                text[at] = byte;
            }
            text.truncate(cut.max(1));
            let text = String::from_utf8_lossy(&text);
            let _ = open_json(&text, Some(&key));
        }
    }
}
