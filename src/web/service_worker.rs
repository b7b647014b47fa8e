//! Service-worker registration, "ready for offline", and the "update ready" hand-over.
//!
//! sw.js never takes over by itself while a page is open: a new version waits
//! until the next launch, or until the user accepts the update notice (then this
//! page asks it to skip waiting and reloads once it controls the page).
//!
//! People open the URL once on a street connection and then go offline, so the
//! page also follows the first install file by file (sw.js posts its progress)
//! and says when every file is stored.

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration,
    ServiceWorkerState,
};

/// Whether this page can run with no network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfflineState {
    /// No service worker: an old or locked-down browser, plain http, or a debug build.
    Unsupported,
    /// Registering; nothing heard from the worker yet.
    Checking,
    /// The first install is storing this build's files.
    Saving { done: u32, total: u32 },
    /// The install failed; another attempt follows while the page is open.
    Failed { done: u32, total: u32 },
    /// A worker is active, so its cache is complete (sw.js fails the install otherwise).
    Ready,
}

/// What the page learns about the worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    Progress {
        done: u32,
        total: u32,
    },
    Failed {
        done: u32,
        total: u32,
    },
    /// The install ended with no active worker (or sw.js could not be fetched).
    Lost,
    Active,
}

impl OfflineState {
    pub fn next(self, heard: Heard) -> OfflineState {
        match (self, heard) {
            // A running version is already stored: an update installing or
            // failing beside it changes nothing for this page.
            (OfflineState::Ready | OfflineState::Unsupported, _) => self,
            (_, Heard::Active) => OfflineState::Ready,
            (_, Heard::Progress { done, total }) => OfflineState::Saving {
                done: done.min(total),
                total,
            },
            (_, Heard::Failed { done, total }) => OfflineState::Failed {
                done: done.min(total),
                total,
            },
            (
                OfflineState::Saving { done, total } | OfflineState::Failed { done, total },
                Heard::Lost,
            ) => OfflineState::Failed { done, total },
            (OfflineState::Checking, Heard::Lost) => OfflineState::Failed { done: 0, total: 0 },
        }
    }
}

/// Reads a message sw.js posts (`precache-progress` / `precache-failed`); anything else is None.
pub fn parse_message(data: &JsValue) -> Option<Heard> {
    let field = |name: &str| js_sys::Reflect::get(data, &JsValue::from_str(name)).ok();
    let count = |name: &str| {
        let n = field(name)?.as_f64()?;
        // `as` saturates; NaN and negatives are refused first.
        (n >= 0.0).then_some(n as u32)
    };
    let kind = field("type")?.as_string()?;
    let (done, total) = (count("done")?, count("total")?);
    match kind.as_str() {
        "precache-progress" => Some(Heard::Progress { done, total }),
        "precache-failed" => Some(Heard::Failed { done, total }),
        _ => None,
    }
}

/// Seconds before the next install attempt after `failures` failed ones.
pub fn retry_delay_secs(failures: u32) -> u32 {
    match failures {
        0 | 1 => 5,
        2 => 15,
        3 => 30,
        _ => 60,
    }
}

/// What the UI needs to know about the service worker.
#[derive(Clone, Copy)]
pub struct SwStatus {
    /// A new version has installed and waits for the user's go-ahead.
    pub update_waiting: RwSignal<bool>,
    /// Whether the app is stored for use with no network.
    pub offline: RwSignal<OfflineState>,
    registration: StoredValue<Option<ServiceWorkerRegistration>, LocalStorage>,
    accepted: StoredValue<Rc<Cell<bool>>, LocalStorage>,
    retry: StoredValue<Retry, LocalStorage>,
}

#[derive(Default)]
struct Retry {
    failures: Cell<u32>,
    pending: Cell<bool>,
}

impl SwStatus {
    /// Asks the waiting worker to take over; the page reloads when it does.
    pub fn accept_update(&self) {
        let waiting = self
            .registration
            .with_value(|reg| reg.as_ref().and_then(|reg| reg.waiting()));
        if let Some(worker) = waiting {
            self.accepted.with_value(|accepted| accepted.set(true));
            let _ = worker.post_message(&"SKIP_WAITING".into());
        }
    }

    fn hear(self, heard: Heard) {
        let Some(before) = self.offline.try_get_untracked() else {
            return;
        };
        let state = before.next(heard);
        if state != before {
            self.offline.set(state);
        }
        if matches!(state, OfflineState::Failed { .. }) {
            self.schedule_retry();
        }
    }

    /// One attempt at a time, further apart each time, while the page is open.
    fn schedule_retry(self) {
        let failures = self.retry.try_with_value(|retry| {
            (!retry.pending.replace(true)).then(|| {
                retry.failures.set(retry.failures.get().saturating_add(1));
                retry.failures.get()
            })
        });
        let Some(failures) = failures.flatten() else {
            return;
        };
        let millis = retry_delay_secs(failures) * 1000;
        gloo_timers::callback::Timeout::new(millis, move || {
            self.retry.try_with_value(|retry| retry.pending.set(false));
            if matches!(
                self.offline.try_get_untracked(),
                Some(OfflineState::Failed { .. })
            ) {
                register_and_attach(self);
            }
        })
        .forget();
    }
}

/// The page's `navigator.serviceWorker`, if this browser has one here (it is
/// missing outside secure contexts; calling into it then would throw).
fn container() -> Option<ServiceWorkerContainer> {
    let container = web_sys::window()?.navigator().service_worker();
    (!container.is_undefined() && !container.is_null()).then_some(container)
}

fn page_is_controlled() -> bool {
    container().is_some_and(|c| c.controller().is_some())
}

/// Registers sw.js (release builds only: `trunk serve` must never be cached).
pub fn register() -> SwStatus {
    let accepted = Rc::new(Cell::new(false));
    let status = SwStatus {
        update_waiting: RwSignal::new(false),
        offline: RwSignal::new(OfflineState::Unsupported),
        registration: StoredValue::new_local(None),
        accepted: StoredValue::new_local(accepted.clone()),
        retry: StoredValue::new_local(Retry::default()),
    };
    if cfg!(debug_assertions) {
        return status;
    }
    let Some(container) = container() else {
        return status;
    };
    // A controller is an active worker: this version is stored already.
    status.offline.set(if container.controller().is_some() {
        OfflineState::Ready
    } else {
        OfflineState::Checking
    });
    // The first install also changes the controller (clients.claim); only an
    // update the user accepted reloads, so every file is then the new version.
    let on_change = Closure::<dyn Fn()>::new(move || {
        if accepted.get()
            && let Some(window) = web_sys::window()
        {
            let _ = window.location().reload();
        }
    });
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();

    // Setting onmessage also starts the flow of messages from workers.
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        if let Some(heard) = parse_message(&event.data()) {
            status.hear(heard);
        }
    });
    container.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();

    register_and_attach(status);
    status
}

/// Registers sw.js and follows its workers. After a failed first install the
/// browser drops the registration, so a retry registers anew; a registration
/// that survived with no worker is asked to look for one.
fn register_and_attach(status: SwStatus) {
    let Some(container) = container() else {
        return;
    };
    let promise = container.register("sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(reg) = JsFuture::from(promise).await else {
            status.hear(Heard::Lost);
            return;
        };
        let reg: ServiceWorkerRegistration = reg.unchecked_into();
        status.registration.set_value(Some(reg.clone()));
        attach(&reg, status);
        if reg.installing().is_none() && reg.waiting().is_none() && reg.active().is_none() {
            let updated = match reg.update() {
                Ok(promise) => JsFuture::from(promise).await.is_ok(),
                Err(_) => false,
            };
            if !updated {
                status.hear(Heard::Lost);
            }
        }
    });
}

fn attach(reg: &ServiceWorkerRegistration, status: SwStatus) {
    if reg.active().is_some() {
        status.hear(Heard::Active);
    }
    if reg.waiting().is_some() && page_is_controlled() {
        status.update_waiting.set(true);
    }
    if let Some(worker) = reg.installing() {
        watch(reg, &worker, status);
        // A page that opens while the install runs missed its earlier progress.
        let ask = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&ask, &"type".into(), &"precache-status".into());
        let _ = worker.post_message(&ask);
    }
    let watched_reg = reg.clone();
    let on_found = Closure::<dyn Fn()>::new(move || {
        if let Some(worker) = watched_reg.installing() {
            watch(&watched_reg, &worker, status);
        }
    });
    reg.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
}

/// A worker that finishes installing while an older one controls the page is an
/// update; one that installs with no controller is the first install, and
/// activates at once.
fn watch(reg: &ServiceWorkerRegistration, worker: &ServiceWorker, status: SwStatus) {
    let (reg, watched) = (reg.clone(), worker.clone());
    let on_state = Closure::<dyn Fn()>::new(move || match watched.state() {
        ServiceWorkerState::Installed if page_is_controlled() => status.update_waiting.set(true),
        ServiceWorkerState::Activating | ServiceWorkerState::Activated => {
            status.hear(Heard::Active)
        }
        ServiceWorkerState::Redundant
            if reg.active().is_none() && reg.waiting().is_none() && reg.installing().is_none() =>
        {
            status.hear(Heard::Lost)
        }
        _ => {}
    });
    worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
    on_state.forget();
}
