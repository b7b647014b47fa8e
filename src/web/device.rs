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
pub(crate) fn call(target: &JsValue, name: &str, args: &[JsValue]) -> Option<JsValue> {
    let method: Function = Reflect::get(target, &name.into()).ok()?.dyn_into().ok()?;
    let args: js_sys::Array = args.iter().collect();
    method.apply(target, &args).ok()
}

async fn settle(value: Option<JsValue>) -> Option<JsValue> {
    let promise: Promise = value?.dyn_into().ok()?;
    JsFuture::from(promise).await.ok()
}

/// Whether the browser offers a feature the game uses when it can.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Support {
    Available,
    /// The API is not there (vibration on iOS, wake lock before iOS 16.4).
    Missing,
    /// The API is there but the browser turned the request down.
    Refused,
}

thread_local! {
    static WAKE_LOCK: RefCell<WakeLock> = const { RefCell::new(WakeLock { wanted: false, lock: None, pending: false, refused: false }) };
}

struct WakeLock {
    /// What the game last asked for.
    wanted: bool,
    /// The sentinel the browser gave; it turns `released` when the page hides.
    lock: Option<JsValue>,
    /// A request is on its way (the answer is awaited, never left unhandled).
    pending: bool,
    /// The last request was turned down (iOS home-screen apps before 18.4, a hidden page).
    refused: bool,
}

fn wake_lock_api() -> Option<JsValue> {
    let api = Reflect::get(&navigator()?, &"wakeLock".into()).ok()?;
    (!api.is_undefined() && !api.is_null()).then_some(api)
}

fn released(lock: &JsValue) -> bool {
    Reflect::get(lock, &"released".into()).is_ok_and(|r| r.as_bool() == Some(true))
}

/// Keeps the screen on while a game runs. The browser drops the lock when the
/// page is hidden, so call this again when it becomes visible. Where there is
/// no wake lock, or the browser refuses it, nothing happens (About says so).
pub fn keep_screen_on(on: bool) {
    let request = WAKE_LOCK.with(|cell| {
        let mut state = cell.borrow_mut();
        state.wanted = on;
        if !on {
            if let Some(lock) = state.lock.take() {
                let _ = call(&lock, "release", &[]);
            }
            return None;
        }
        if state.pending || state.lock.as_ref().is_some_and(|lock| !released(lock)) {
            return None;
        }
        let request = call(&wake_lock_api()?, "request", &["screen".into()]);
        state.pending = true;
        Some(request)
    });
    let Some(request) = request else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        let lock = settle(request).await;
        WAKE_LOCK.with(|cell| {
            let mut state = cell.borrow_mut();
            state.pending = false;
            state.refused = lock.is_none();
            match lock {
                // The game ended while the browser was answering.
                Some(lock) if !state.wanted => {
                    let _ = call(&lock, "release", &[]);
                }
                lock => state.lock = lock,
            }
        });
    });
}

/// Whether the screen can be kept on here.
pub fn wake_lock_support() -> Support {
    if wake_lock_api().is_none() {
        Support::Missing
    } else if WAKE_LOCK.with(|cell| cell.borrow().refused) {
        Support::Refused
    } else {
        Support::Available
    }
}

/// Whether the phone can vibrate from a web page (never on iOS).
pub fn can_vibrate() -> bool {
    navigator().is_some_and(|n| Reflect::get(&n, &"vibrate".into()).is_ok_and(|f| f.is_function()))
}

/// A vibration pattern in milliseconds (on, off, on, …), where supported.
pub fn vibrate(pattern: &[u32]) {
    if !can_vibrate() {
        return;
    }
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
        let document = super::document()?;
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
