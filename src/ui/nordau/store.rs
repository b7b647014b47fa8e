//! Where the table lives between page loads: the shared saved-state slot
//! (`ui::saved`), written after every event and before the screen shows it.
//! The keys are the ones every earlier version used, so existing saves load.
//! The secret seed is written sealed (`web::vault`) wherever the browser can:
//! it is sealed once per commitment ([`seal`]), and unsealed before the
//! module opens the save ([`prepare`]), so that every save and load after
//! that is synchronous.

use std::cell::RefCell;

use crate::referee::secret::SealsSecret;
use crate::referee::{Table, TableLoadError};
use crate::ui::saved::{Saved, Slot};
use crate::web::vault;

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

thread_local! {
    /// The secret seed's sealed form; `None` or another seed's when this
    /// browser cannot seal (the commitment screen says so).
    static SEALED: RefCell<Option<Sealed>> = const { RefCell::new(None) };
}

/// Seals a fresh commitment's seed for every save of it (`None` where this
/// browser cannot seal).
pub async fn seal(seed: [u8; 32]) {
    let sealed = vault::seal(&seed).await.map(|text| Sealed { seed, text });
    SEALED.set(sealed);
}

/// Whether `table`'s secret seed is stored readable (no sealing here).
pub fn seed_unsealed(table: &Table) -> bool {
    let secret = table.secret_seed();
    secret.is_some() && secret != SEALED.with_borrow(|s| s.as_ref().map(|s| s.seed))
}

/// Readies the save about to be opened (`text`, from `Slot::text`): its
/// sealed seed is unsealed, or a seed an older version saved readable is
/// sealed now and the table stored again with it sealed. A save whose seed
/// cannot be unsealed is left to the load, which keeps it aside like any
/// unreadable save (downloadable).
pub async fn prepare(text: Option<&str>) {
    let Some(text) = text else {
        return;
    };
    let found = match Table::secret_at_rest(text) {
        Some(secret) => match vault::open_secret(&secret).await {
            Some(seed) => Table::from_json_with_seed(text, Some(seed))
                .ok()
                .map(|table| {
                    let text = secret.sealed_text().unwrap_or_default().to_owned();
                    (table, Some(Sealed { seed, text }))
                }),
            None => None,
        },
        None => match Table::from_json(text).ok() {
            Some(table) => match table.secret_seed() {
                Some(seed) => {
                    let sealed = vault::seal(&seed).await.map(|text| Sealed { seed, text });
                    Some((table, sealed))
                }
                None => None,
            },
            None => None,
        },
    };
    if let Some((table, sealed @ Some(_))) = found {
        SEALED.set(sealed);
        SLOT.save(&table);
    }
}

/// The table with its secret seed sealed, when the seal is that seed's.
fn sealed_json(table: &Table) -> Option<String> {
    SEALED.with_borrow(|sealed| {
        let s = sealed
            .as_ref()
            .filter(|s| table.secret_seed() == Some(s.seed))?;
        Some(table.to_sealed_json(&s.text))
    })
}

/// The table as a file for the players ("export the game now" when the phone
/// will not store it). A seed not yet revealed is never in it readable: it is
/// sealed as in storage, or withheld where this browser cannot seal.
pub fn export_text(table: &Table) -> String {
    sealed_json(table).unwrap_or_else(|| match table.secret_seed() {
        Some(_) => table.to_sealed_json("withheld"),
        None => table.to_json(),
    })
}

/// Saved with its secret seed sealed where the browser can; a sealed save is
/// read with the seed `prepare` unsealed (else it is refused as sealed).
impl Saved for Table {
    type Error = TableLoadError;

    fn to_json(&self) -> String {
        sealed_json(self).unwrap_or_else(|| Table::to_json(self))
    }

    fn from_json(text: &str) -> Result<Table, TableLoadError> {
        let seed = Table::secret_at_rest(text).and_then(|sealed| {
            SEALED.with_borrow(|s| {
                s.as_ref()
                    .filter(|s| sealed.sealed_text() == Some(&s.text))
                    .map(|s| s.seed)
            })
        });
        Table::from_json_with_seed(text, seed)
    }

    fn is_newer(error: &TableLoadError) -> bool {
        matches!(error, TableLoadError::NewerVersion { .. })
    }
}
