//! Click handlers that every button of a kind shares. Each `move |_| …`
//! written in a view is a type of its own, for which Leptos builds its event
//! code again; each of these is one type for all its buttons (issue #25,
//! docs/lean-modules.md rule 8).

use leptos::prelude::*;
use web_sys::MouseEvent;

/// A click that runs `callback`.
pub fn runs(callback: Callback<()>) -> impl FnMut(MouseEvent) + Clone + 'static {
    move |_| callback.run(())
}

/// A click that sets `flag` to `value` (opens or closes a panel).
pub fn sets(flag: RwSignal<bool>, value: bool) -> impl FnMut(MouseEvent) + Clone + 'static {
    move |_| flag.set(value)
}
