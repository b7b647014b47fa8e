//! Device services a game uses: a fresh seed, the screen wake lock, vibration,
//! copy/share and file download. Each fails quietly where the browser lacks it;
//! the game never depends on them.

use std::cell::RefCell;

use js_sys::{Function, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// 32 bytes from the platform's CSPRNG (`crypto.getRandomValues`, RULES.md v1).
pub fn random_seed() -> Option<[u8; 32]> {
    let crypto = web_sys::window()?.crypto().ok()?;
    let mut seed = [0u8; 32];
    crypto.get_random_values_with_u8_array(&mut seed).ok()?;
    Some(seed)
}

fn navigator() -> Option<JsValue> {
    web_sys::window().map(|w| w.navigator().into())
}

/// Calls `target.name(args…)` if such a method exists.
fn call(target: &JsValue, name: &str, args: &[JsValue]) -> Option<JsValue> {
    let method: Function = Reflect::get(target, &name.into()).ok()?.dyn_into().ok()?;
    let args: js_sys::Array = args.iter().collect();
    method.apply(target, &args).ok()
}

async fn settle(value: Option<JsValue>) -> Option<JsValue> {
    let promise: Promise = value?.dyn_into().ok()?;
    JsFuture::from(promise).await.ok()
}

thread_local! {
    static WAKE_LOCK: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Keeps the screen on while a game runs. The browser drops the lock when the
/// page is hidden, so call this again when it becomes visible.
pub fn keep_screen_on(on: bool) {
    if !on {
        if let Some(lock) = WAKE_LOCK.with(|cell| cell.borrow_mut().take()) {
            let _ = call(&lock, "release", &[]);
        }
        return;
    }
    let Some(wake_lock) = navigator().and_then(|n| Reflect::get(&n, &"wakeLock".into()).ok())
    else {
        return;
    };
    if wake_lock.is_undefined() {
        return;
    }
    let request = call(&wake_lock, "request", &["screen".into()]);
    wasm_bindgen_futures::spawn_local(async move {
        if let Some(lock) = settle(request).await {
            WAKE_LOCK.with(|cell| *cell.borrow_mut() = Some(lock));
        }
    });
}

/// A vibration pattern in milliseconds (on, off, on, …), where supported.
pub fn vibrate(pattern: &[u32]) {
    if let Some(navigator) = navigator() {
        let pattern: js_sys::Array = pattern.iter().map(|&ms| JsValue::from(ms)).collect();
        let _ = call(&navigator, "vibrate", &[pattern.into()]);
    }
}

/// Copies text to the clipboard; resolves to whether it worked.
pub async fn copy_text(text: &str) -> bool {
    let Some(clipboard) = navigator().and_then(|n| Reflect::get(&n, &"clipboard".into()).ok())
    else {
        return false;
    };
    if clipboard.is_undefined() {
        return false;
    }
    settle(call(&clipboard, "writeText", &[text.into()]))
        .await
        .is_some()
}

/// Whether the Web Share API is there (phones, mostly).
pub fn can_share() -> bool {
    navigator().is_some_and(|n| Reflect::get(&n, &"share".into()).is_ok_and(|f| f.is_function()))
}

/// Opens the system share sheet with a title, text and URL (empty ones left out).
pub async fn share(title: &str, text: &str, url: &str) -> bool {
    let Some(navigator) = navigator() else {
        return false;
    };
    let data = js_sys::Object::new();
    for (key, value) in [("title", title), ("text", text), ("url", url)] {
        if value.is_empty() {
            continue;
        }
        let _ = Reflect::set(&data, &key.into(), &value.into());
    }
    settle(call(&navigator, "share", &[data.into()]))
        .await
        .is_some()
}

/// Offers `text` as a file download named `file_name`.
pub fn download(file_name: &str, mime: &str, text: &str) -> bool {
    let result = (|| -> Option<()> {
        let parts: js_sys::Array = std::iter::once(JsValue::from(text)).collect();
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
        let document = web_sys::window()?.document()?;
        let link: web_sys::HtmlAnchorElement =
            document.create_element("a").ok()?.dyn_into().ok()?;
        link.set_href(&url);
        link.set_download(file_name);
        document.body()?.append_child(&link).ok()?;
        link.click();
        link.remove();
        // Some browsers (Safari) read the blob after click() returns: free it later.
        gloo_timers::callback::Timeout::new(60_000, move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        })
        .forget();
        Some(())
    })();
    result.is_some()
}
