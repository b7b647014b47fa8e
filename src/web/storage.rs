//! Small settings in localStorage. A browser that refuses storage (private mode,
//! quota) must not break the app: reads then find nothing and writes are dropped.

fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

pub fn get(key: &str) -> Option<String> {
    local_storage()?.get_item(key).ok()?
}

/// Returns whether the value was stored.
pub fn set(key: &str, value: &str) -> bool {
    local_storage().is_some_and(|storage| storage.set_item(key, value).is_ok())
}

pub fn remove(key: &str) {
    if let Some(storage) = local_storage() {
        let _ = storage.remove_item(key);
    }
}

/// A setting stored as JSON (a setup form's values), or the default when
/// there is none or it does not read.
pub fn get_json<T: crate::referee::json::FromJson + Default>(key: &str) -> T {
    get(key)
        .and_then(|text| crate::referee::json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Stores a setting as JSON; returns whether it was stored.
pub fn set_json<T: crate::referee::json::ToJson>(key: &str, value: &T) -> bool {
    set(key, &crate::referee::json::to_string(value))
}
