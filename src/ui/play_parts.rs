//! The play screen's frame that every two-seat module shows the same way:
//! Black's half (turned to face Black), the middle strip, the board in board
//! mode, White's half, and the game menu while it is open. A module supplies
//! the pieces; nothing here knows a rule.

use leptos::prelude::*;

use super::clock_controls::pause_while_open;
use crate::referee::Colour;

/// The menu's open flag and whether it holds the clocks (`pause_while_open`).
pub type MenuState = (RwSignal<bool>, Signal<bool>);

#[component]
pub fn PlayFrame(
    /// The page's heading for screen readers (the game's name).
    #[prop(into)]
    heading: Signal<&'static str>,
    /// The section's classes.
    class: &'static str,
    #[prop(into)] board_mode: Signal<bool>,
    /// A clock runs (opening the menu pauses it).
    #[prop(into)]
    running: Signal<bool>,
    #[prop(into)] paused: Signal<bool>,
    /// Pauses the clocks; whether it did.
    #[prop(into)]
    on_pause: Callback<(), bool>,
    #[prop(into)] on_resume: Callback<()>,
    /// A seat's half (the clock button).
    #[prop(into)]
    half: Callback<Colour, AnyView>,
    /// The middle strip, given the menu's open flag (its Menu button).
    #[prop(into)]
    middle: Callback<RwSignal<bool>, AnyView>,
    /// The on-screen board, shown in board mode.
    #[prop(into)]
    board: ViewFn,
    /// Laid over the halves after White's (Nordau Shift's seat swap).
    #[prop(optional, into)]
    overlay: Option<ViewFn>,
    /// The game menu, shown while open.
    #[prop(into)]
    menu: Callback<MenuState, AnyView>,
) -> impl IntoView {
    let menu_open = RwSignal::new(false);
    let held = pause_while_open(
        menu_open,
        move || running.get(),
        move || on_pause.run(()),
        move || {
            if paused.get() {
                on_resume.run(());
            }
        },
    );
    view! {
        // The page's heading for screen readers: the play screen shows none. Not
        // inside the section, whose CSS places the halves by `:first-child`.
        <h1 class="sr-only">{move || heading.get()}</h1>
        <section class=class class:board-mode=move || board_mode.get()>
            {half.run(Colour::Black)}
            {middle.run(menu_open)}
            <Show when=move || board_mode.get()>
                {board.run()}
            </Show>
            {half.run(Colour::White)}
            {overlay.map(|overlay| overlay.run())}
            <Show when=move || menu_open.get()>
                {menu.run((menu_open, held))}
            </Show>
        </section>
    }
}
