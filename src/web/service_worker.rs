//! Service-worker registration and the "update ready" hand-over.
//!
//! sw.js never takes over by itself while a page is open: a new version waits
//! until the next launch, or until the user accepts the update notice (then this
//! page asks it to skip waiting and reloads once it controls the page).

use leptos::prelude::*;
use wasm_bindgen::{JsCast, closure::Closure};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorker, ServiceWorkerRegistration};

/// What the UI needs to know about the service worker.
#[derive(Clone, Copy)]
pub struct SwStatus {
    /// A new version has installed and waits for the user's go-ahead.
    pub update_waiting: RwSignal<bool>,
    registration: StoredValue<Option<ServiceWorkerRegistration>, LocalStorage>,
}

impl SwStatus {
    /// Asks the waiting worker to take over; the page reloads when it does.
    pub fn accept_update(&self) {
        let waiting = self
            .registration
            .with_value(|reg| reg.as_ref().and_then(|reg| reg.waiting()));
        if let Some(worker) = waiting {
            let _ = worker.post_message(&"SKIP_WAITING".into());
        }
    }
}

/// Registers sw.js (release builds only: `trunk serve` must never be cached).
pub fn register() -> SwStatus {
    let status = SwStatus {
        update_waiting: RwSignal::new(false),
        registration: StoredValue::new_local(None),
    };
    if cfg!(debug_assertions) {
        return status;
    }
    let Some(container) = web_sys::window().map(|w| w.navigator().service_worker()) else {
        return status;
    };
    // Reload once the accepted update controls the page, so every file is the new version.
    let had_controller = container.controller().is_some();
    let on_change = Closure::<dyn Fn()>::new(move || {
        if had_controller {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
    });
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();

    let promise = container.register("sw.js");
    wasm_bindgen_futures::spawn_local(async move {
        let Ok(reg) = JsFuture::from(promise).await else {
            return;
        };
        let reg: ServiceWorkerRegistration = reg.unchecked_into();
        status.registration.set_value(Some(reg.clone()));
        watch_for_update(&reg, status);
    });
    status
}

fn watch_for_update(reg: &ServiceWorkerRegistration, status: SwStatus) {
    let has_controller = web_sys::window()
        .map(|w| w.navigator().service_worker().controller().is_some())
        .unwrap_or(false);
    // A first install is not an update: nothing older is running.
    if !has_controller {
        return;
    }
    if reg.waiting().is_some() {
        status.update_waiting.set(true);
    }
    let reg_for_found = reg.clone();
    let on_found = Closure::<dyn Fn()>::new(move || {
        let Some(worker) = reg_for_found.installing() else {
            return;
        };
        let watched: ServiceWorker = worker.clone();
        let on_state = Closure::<dyn Fn()>::new(move || {
            if watched.state() == web_sys::ServiceWorkerState::Installed {
                status.update_waiting.set(true);
            }
        });
        worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    reg.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
}
