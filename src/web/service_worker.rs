//! Service-worker registration and the "update ready" hand-over.
//!
//! sw.js never takes over by itself while a page is open: a new version waits
//! until the next launch, or until the user accepts the update notice (then this
//! page asks it to skip waiting and reloads once it controls the page).

use std::cell::Cell;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::{JsCast, closure::Closure};
use wasm_bindgen_futures::JsFuture;
use web_sys::{ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState};

/// What the UI needs to know about the service worker.
#[derive(Clone, Copy)]
pub struct SwStatus {
    /// A new version has installed and waits for the user's go-ahead.
    pub update_waiting: RwSignal<bool>,
    registration: StoredValue<Option<ServiceWorkerRegistration>, LocalStorage>,
    accepted: StoredValue<Rc<Cell<bool>>, LocalStorage>,
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
}

fn container() -> Option<ServiceWorkerContainer> {
    Some(web_sys::window()?.navigator().service_worker())
}

fn page_is_controlled() -> bool {
    container().is_some_and(|c| c.controller().is_some())
}

/// Registers sw.js (release builds only: `trunk serve` must never be cached).
pub fn register() -> SwStatus {
    let accepted = Rc::new(Cell::new(false));
    let status = SwStatus {
        update_waiting: RwSignal::new(false),
        registration: StoredValue::new_local(None),
        accepted: StoredValue::new_local(accepted.clone()),
    };
    if cfg!(debug_assertions) {
        return status;
    }
    let Some(container) = container() else {
        return status;
    };
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

/// A worker that finishes installing while an older one controls the page is an
/// update; one that installs with no controller is the first install.
fn watch_for_update(reg: &ServiceWorkerRegistration, status: SwStatus) {
    if reg.waiting().is_some() && page_is_controlled() {
        status.update_waiting.set(true);
    }
    let watched_reg = reg.clone();
    let on_found = Closure::<dyn Fn()>::new(move || {
        let Some(worker) = watched_reg.installing() else {
            return;
        };
        let watched = worker.clone();
        let on_state = Closure::<dyn Fn()>::new(move || {
            if watched.state() == ServiceWorkerState::Installed && page_is_controlled() {
                status.update_waiting.set(true);
            }
        });
        worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    reg.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
}
