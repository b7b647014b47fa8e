//! A clock half is pressed when the finger lands (`pointerdown`), as a chess
//! clock's button is: the press's own length is not charged to the player
//! who pressed, and the change reaches the screen sooner than at the
//! `click` a tap ends with. That click must then not press anything: it
//! comes after the screen under the finger may have changed (a swap notice's
//! "Seated" button where the half was). Clicks from the keyboard or a screen
//! reader (no pointer: `detail` 0) still press, through the half's own click.

use std::cell::Cell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

thread_local! {
    // A pointer pressed a half, and that pointer's click has not come yet.
    static ARMED: Cell<bool> = const { Cell::new(false) };
    static GUARD: bool = guard();
}

/// Whether this `pointerdown` presses a half now: a finger, a pen or the
/// main mouse button, where the click it makes next can be dropped before
/// anything sees it (then it will be). Otherwise the half's click presses.
/// A second finger presses too: two players tap two boards at once (Swedish
/// chess), and a touch that lands while another is down makes no click.
pub fn by_pointer(event: &web_sys::PointerEvent) -> bool {
    let presses = event.button() == 0 && GUARD.with(|installed| *installed);
    if presses {
        ARMED.with(|armed| armed.set(true));
    }
    presses
}

/// The two listeners on the window, in its capture phase (before any other),
/// for the page's life. A new main pointer's `pointerdown` disarms: a tap with
/// no click (the finger slid away, a long press) never leaves the next tap's
/// click dropped.
fn guard() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let on_click = Closure::<dyn Fn(web_sys::MouseEvent)>::new(|click: web_sys::MouseEvent| {
        if ARMED.with(|armed| armed.replace(false)) && click.detail() > 0 {
            click.stop_immediate_propagation();
            click.prevent_default();
        }
    });
    let on_down = Closure::<dyn Fn(web_sys::PointerEvent)>::new(|down: web_sys::PointerEvent| {
        if down.is_primary() {
            ARMED.with(|armed| armed.set(false));
        }
    });
    let added = window
        .add_event_listener_with_callback_and_bool("click", on_click.as_ref().unchecked_ref(), true)
        .is_ok()
        && window
            .add_event_listener_with_callback_and_bool(
                "pointerdown",
                on_down.as_ref().unchecked_ref(),
                true,
            )
            .is_ok();
    on_click.forget(); // lives as long as the page
    on_down.forget();
    added
}
