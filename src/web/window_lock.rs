//! One window holds a game (`ui::one_window`): the Web Locks API, which the
//! browser releases by itself when a window closes or crashes, so a dead tab
//! never keeps a game. A BroadcastChannel carries the take-over handshake
//! between live windows. Browsers without Web Locks (before Safari 15.4)
//! let every window play, as before.

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use web_sys::{BroadcastChannel, MessageEvent};

/// A held lock; dropping it lets another window take it.
pub struct HeldLock {
    release: Function,
}

impl Drop for HeldLock {
    fn drop(&mut self) {
        let _ = self.release.call0(&JsValue::NULL);
    }
}

fn lock_manager() -> Option<Object> {
    let navigator = web_sys::window()?.navigator();
    let locks = Reflect::get(&navigator, &"locks".into()).ok()?;
    locks.dyn_into().ok()
}

/// Whether this browser has Web Locks.
pub fn supported() -> bool {
    lock_manager().is_some()
}

/// Asks for the lock `name`. `on_answer` gets the lock, or `None` when
/// another window holds it (never when `steal`: stealing always wins).
/// `on_lost` runs if another window steals it later. Returns `false` (and
/// calls nothing) where Web Locks are missing.
pub fn request(
    name: &str,
    steal: bool,
    on_answer: impl FnOnce(Option<HeldLock>) + 'static,
    on_lost: impl FnOnce() + 'static,
) -> bool {
    let Some(locks) = lock_manager() else {
        return false;
    };
    let Ok(request) =
        Reflect::get(&locks, &"request".into()).and_then(|f| f.dyn_into::<Function>())
    else {
        return false;
    };
    let options = Object::new();
    let mode = if steal { "steal" } else { "ifAvailable" };
    let _ = Reflect::set(&options, &mode.into(), &JsValue::TRUE);
    let granted = Closure::once_into_js(move |lock: JsValue| -> JsValue {
        if lock.is_null() {
            on_answer(None);
            return JsValue::UNDEFINED;
        }
        // The lock is held until this promise settles: `HeldLock` settles it.
        let mut release = None;
        let held = Promise::new(&mut |resolve, _| release = Some(resolve));
        if let Some(release) = release {
            on_answer(Some(HeldLock { release }));
        }
        held.into()
    });
    let Ok(promise) = request.call3(&locks, &name.into(), &options, &granted) else {
        return false;
    };
    // Stolen: the request's promise rejects (AbortError).
    if let Ok(promise) = promise.dyn_into::<Promise>() {
        wasm_bindgen_futures::spawn_local(async move {
            if wasm_bindgen_futures::JsFuture::from(promise).await.is_err() {
                on_lost();
            }
        });
    }
    true
}

/// The windows' shared channel; closed when dropped.
pub struct Channel {
    channel: BroadcastChannel,
    _on_message: Closure<dyn Fn(MessageEvent)>,
}

impl Channel {
    /// Opens the channel `name`; `on_message` gets every text another
    /// window posts on it.
    pub fn open(name: &str, on_message: impl Fn(String) + 'static) -> Option<Channel> {
        let channel = BroadcastChannel::new(name).ok()?;
        let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            if let Some(text) = event.data().as_string() {
                on_message(text);
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some(Channel {
            channel,
            _on_message: on_message,
        })
    }

    pub fn post(&self, text: &str) {
        let _ = self.channel.post_message(&text.into());
    }
}

impl Drop for Channel {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}
