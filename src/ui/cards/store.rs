//! Where a card duel lives between page loads, with its secrets sealed
//! (docs/cards.md, "Where the secret lives"). One 32-byte key per game (the
//! seed of blind stacks, a random key for secret stacks) is sealed once with
//! `web::vault` before move one; every save after that is synchronous
//! (`referee::cards::seal`). A sealed save is unsealed before the module
//! opens it ([`prepare`]).

use crate::referee::module::GameModule;
use std::cell::RefCell;
use std::fmt;

use crate::referee::cards::CsGame;
use crate::referee::cards::seal::{self, OpenError};
use crate::referee::secret::SealsSecret;
use crate::ui::saved::{Saved, Slot};
use crate::web::{device, vault};

pub const SLOT: Slot = Slot {
    key: "cards.game",
    damaged_key: "cards.game.damaged",
    file_name: "cards-save.json",
};

/// The game's key and its sealed text. Never printed.
#[derive(Clone, PartialEq)]
pub struct Secret {
    pub key: [u8; 32],
    pub vault: String,
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret")
    }
}

impl Secret {
    /// `key` sealed by this browser, or `None` where it cannot seal.
    pub async fn of(key: [u8; 32]) -> Option<Secret> {
        let vault = vault::seal(&key).await?;
        remember(&vault, key);
        Some(Secret { key, vault })
    }

    /// A fresh random key, sealed (secret stacks).
    pub async fn fresh() -> Option<Secret> {
        Secret::of(device::random_seed()?).await
    }
}

thread_local! {
    /// Keys unsealed in this page, by their sealed text.
    static KEYS: RefCell<Vec<(String, [u8; 32])>> = const { RefCell::new(Vec::new()) };
}

fn remember(vault: &str, key: [u8; 32]) {
    KEYS.with_borrow_mut(|k| {
        if !k.iter().any(|(v, _)| v == vault) {
            k.push((vault.to_owned(), key));
        }
    });
}

fn known(vault: &str) -> Option<[u8; 32]> {
    KEYS.with_borrow(|k| k.iter().find(|(v, _)| v == vault).map(|(_, key)| *key))
}

/// Unseals the key of the save in storage, so that the synchronous load finds it.
pub async fn prepare() {
    let Some(text) = crate::web::storage::get(SLOT.key) else {
        return;
    };
    let Some(secret) = CsGame::secret_at_rest(&text) else {
        return;
    };
    let vault_text = secret.sealed_text().unwrap_or_default();
    if known(vault_text).is_none()
        && let Some(key) = vault::open_secret(&secret).await
    {
        remember(vault_text, key);
    }
}

/// A game in the browser: the referee's game, whether the words of a blind
/// game are still to be locked, and its sealed key.
#[derive(Clone, Debug, PartialEq)]
pub struct CardsGame {
    pub game: CsGame,
    /// Blind stacks: the commitment is shown, the words are not locked.
    pub awaiting_words: bool,
    pub secret: Option<Secret>,
}

impl CardsGame {
    /// Whether a secret is stored readable (this browser cannot seal).
    pub fn unsealed(&self) -> bool {
        self.secret.is_none() && !self.game.is_over()
    }

    /// The file for "Export the game now": a secret sealed as in storage, or
    /// withheld where this browser cannot seal.
    pub fn export_text(&self) -> String {
        if self.secret.is_none() && self.game.save_holds_secret() {
            seal::withheld_json(&self.game, self.awaiting_words)
        } else {
            self.to_json()
        }
    }
}

impl Saved for CardsGame {
    type Error = OpenError;

    fn to_json(&self) -> String {
        match &self.secret {
            Some(s) if !self.game.is_over() => {
                seal::sealed_json(&self.game, self.awaiting_words, &s.key, &s.vault)
            }
            _ => seal::plain_json(&self.game, self.awaiting_words),
        }
    }

    fn from_json(text: &str) -> Result<Self, OpenError> {
        let vault_text =
            CsGame::secret_at_rest(text).and_then(|s| s.sealed_text().map(str::to_owned));
        let key = vault_text.as_deref().and_then(known);
        let (game, awaiting_words) = seal::open_json(text, key.as_ref())?;
        let secret = match (vault_text, key) {
            (Some(vault), Some(key)) => Some(Secret { key, vault }),
            _ => None,
        };
        Ok(CardsGame {
            game,
            awaiting_words,
            secret,
        })
    }

    fn is_newer(error: &OpenError) -> bool {
        error.is_newer_version()
    }
}
