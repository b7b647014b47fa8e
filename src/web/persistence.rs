//! Persistent storage: asking the browser not to clear this site's data (the
//! saved games and the offline copy of the app) when space runs low.

use std::cell::Cell;

use wasm_bindgen_futures::JsFuture;
use web_sys::StorageManager;

/// What the browser says about keeping this site's data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Persistence {
    /// Kept until the person clears it.
    Persistent,
    /// May be cleared under storage pressure.
    BestEffort,
    /// The browser does not say (no `navigator.storage`, or it refused to answer).
    Unknown,
}

/// `navigator.storage`, if this browser has it here (only in secure contexts).
fn manager() -> Option<StorageManager> {
    let manager = web_sys::window()?.navigator().storage();
    (!manager.is_undefined() && !manager.is_null()).then_some(manager)
}

thread_local! {
    static ASKED: Cell<bool> = const { Cell::new(false) };
}

/// Asks once per page load, when a game opens: a site that is in use is the
/// one browsers grant it to (Chrome decides by itself, Firefox asks the person).
pub fn request_once() {
    if ASKED.with(|asked| asked.replace(true)) {
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        if status().await == Persistence::BestEffort
            && let Some(promise) = manager().and_then(|manager| manager.persist().ok())
        {
            let _ = JsFuture::from(promise).await;
        }
    });
}

pub async fn status() -> Persistence {
    let Some(promise) = manager().and_then(|manager| manager.persisted().ok()) else {
        return Persistence::Unknown;
    };
    match JsFuture::from(promise).await.ok().and_then(|v| v.as_bool()) {
        Some(true) => Persistence::Persistent,
        Some(false) => Persistence::BestEffort,
        None => Persistence::Unknown,
    }
}
