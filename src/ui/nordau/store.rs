//! Where the table lives between page loads: the shared saved-state slot
//! (`ui::saved`), written after every event and before the screen shows it.
//! The keys are the ones every earlier version used, so existing saves load.
//! The secret seed is written sealed (`web::vault`) wherever the browser can.

use crate::referee::{Table, TableLoadError};
use crate::ui::saved::{Loaded, Saved, Slot};
use crate::web::{storage, vault};

pub const SLOT: Slot = Slot {
    key: "nordau-shift.table",
    // An unreadable save is kept here until the user deletes it.
    damaged_key: "nordau-shift.table.damaged",
    file_name: "nordau-shift-save.json",
};

/// A seed and its sealed text, made once per commitment: saves stay
/// synchronous although sealing is not.
#[derive(Clone, Debug, PartialEq)]
pub struct Sealed {
    pub seed: [u8; 32],
    pub text: String,
}

impl Sealed {
    pub async fn of(seed: [u8; 32]) -> Option<Sealed> {
        Some(Sealed {
            seed,
            text: vault::seal(&seed).await?,
        })
    }
}

/// The table with its secret seed sealed, when `sealed` is that seed's.
fn sealed_json(table: &Table, sealed: Option<&Sealed>) -> Option<String> {
    let s = sealed.filter(|s| table.secret_seed() == Some(s.seed))?;
    Some(table.to_sealed_json(&s.text))
}

/// Writes the table; its secret seed sealed when `sealed` is that seed's.
/// Returns whether it was stored.
pub fn save(table: &Table, sealed: Option<&Sealed>) -> bool {
    storage::set(SLOT.key, &save_text(table, sealed))
}

/// The text `save` writes (also what a take-over hands to another window).
pub fn save_text(table: &Table, sealed: Option<&Sealed>) -> String {
    sealed_json(table, sealed).unwrap_or_else(|| table.to_json())
}

/// The table as a file for the players ("export the game now" when the phone
/// will not store it). A seed not yet revealed is never in it readable: it is
/// sealed as in storage, or withheld where this browser cannot seal.
pub fn export_text(table: &Table, sealed: Option<&Sealed>) -> String {
    sealed_json(table, sealed).unwrap_or_else(|| match table.secret_seed() {
        Some(_) => table.to_sealed_json("withheld"),
        None => table.to_json(),
    })
}

/// Reads the table, unsealing its seed; a save that cannot be unsealed is
/// handled like any unreadable save (kept aside, downloadable).
pub async fn load() -> (Loaded<Table>, Option<Sealed>) {
    let (text, _) = SLOT.text();
    if let Some(text) = &text
        && let Some(sealed) = Table::sealed_seed_of(text)
        && let Some(seed) = vault::unseal(&sealed).await
        && let Ok(table) = Table::from_json_with_seed(text, Some(seed))
    {
        let sealed = Sealed { seed, text: sealed };
        return (Loaded::Restored(table), Some(sealed));
    }
    (SLOT.load_text::<Table>(text), None)
}

impl Saved for Table {
    type Error = TableLoadError;

    fn to_json(&self) -> String {
        Table::to_json(self)
    }

    fn from_json(text: &str) -> Result<Table, TableLoadError> {
        Table::from_json(text)
    }

    fn is_newer(error: &TableLoadError) -> bool {
        matches!(error, TableLoadError::NewerVersion { .. })
    }
}
