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

/// How many unreadable copies of one record are kept aside.
const ASIDE_KEEP: usize = 9;

/// The record under `key` read by `parse`, or `Ok(None)` when there is none.
/// An unreadable one (`unreadable` says which refusals mean damage, not a
/// newer app) is moved aside to the first free of `aside`, `aside.2` …
/// `aside.9`, never overwritten, and `Ok(None)` lets a new one begin. With
/// every aside key taken, the damaged record stays where it is and its
/// refusal is returned: the caller stores nothing over it.
pub fn read_or_set_aside<T, E>(
    key: &str,
    aside: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
    unreadable: impl FnOnce(&E) -> bool,
) -> Result<Option<T>, E> {
    let Some(text) = get(key) else {
        return Ok(None);
    };
    match parse(&text) {
        Ok(read) => Ok(Some(read)),
        Err(error) if unreadable(&error) => {
            let free = (1..=ASIDE_KEEP)
                .map(|n| match n {
                    1 => aside.to_owned(),
                    n => format!("{aside}.{n}"),
                })
                .find(|key| get(key).is_none());
            match free {
                Some(free) if set(&free, &text) => {
                    remove(key);
                    Ok(None)
                }
                _ => Err(error),
            }
        }
        Err(error) => Err(error),
    }
}
