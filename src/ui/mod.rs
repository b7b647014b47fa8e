//! The Leptos UI: thin components that render referee state and send it events.
//! No rule logic lives here.

/// Declares modules only the games with a chess clock use (all but Nordau
/// Shift), under one feature gate.
macro_rules! clocked_games_only {
    ($($name:ident),*) => {$(
        #[cfg(any(
            feature = "crazyhouse",
            feature = "bughouse",
            feature = "cards",
            feature = "undo"
        ))]
        pub mod $name;
    )*};
}

pub mod about;
pub mod app_bar;
pub mod board;
#[cfg(feature = "bughouse")]
pub mod bughouse;
#[cfg(feature = "cards")]
pub mod cards;
pub mod clicks;
pub mod clock_controls;
pub mod club;
#[cfg(any(feature = "cards", feature = "undo"))]
pub mod commit_parts;
pub mod confirm;
pub mod copy_button;
#[cfg(feature = "crazyhouse")]
pub mod crazyhouse;
pub mod evening;
pub mod format;
pub mod games;
pub mod home;
pub mod i18n;
pub mod input_mode;
#[cfg(any(feature = "crazyhouse", feature = "bughouse", feature = "undo"))]
pub mod menu_parts;
pub mod module;
pub mod names;
#[cfg(feature = "nordau")]
pub mod nordau;
pub mod number_field;
pub mod offline_status;
pub mod one_window;
pub mod play_parts;
pub mod qr;
#[cfg(any(feature = "nordau", feature = "cards", feature = "undo"))]
pub mod reveal;
pub mod route;
pub mod saved;
pub mod setup_parts;
pub mod theme;
pub mod ticker;
#[cfg(feature = "undo")]
pub mod undo;
pub mod update_notice;
pub mod verifier;
pub mod voice;
pub mod witness;
clocked_games_only!(end_parts, time_setup);

use leptos::prelude::*;

use crate::web;
use i18n::I18n;
use route::Route;

/// Mounts the app on `<body>`, in a task after the one that compiled the wasm
/// (see [`App`] for the tasks that follow).
pub fn start() {
    web::panic::install();
    web::task::next_task(|| leptos::mount::mount_to_body(App));
}

#[component]
pub fn App() -> impl IntoView {
    I18n::provide();
    theme::Themes::provide();
    let sw = web::service_worker::register();
    let route = route::provide();
    // The start in tasks, not one long one that blocks a first tap
    // (docs/performance.md, Lighthouse; the browser compiles each wasm function
    // when it first runs, so what runs first costs most): the frame; its bar;
    // the page, still hidden behind index.html's static copy of it; then the
    // swap of the two, in one task so they are never painted together or both
    // missing.
    let step = RwSignal::new(StartStep::Frame);
    step_on(step);
    let reached = move |wanted| Memo::new(move |_| step.get() >= wanted);
    let (bar, page_built, shown) = (
        reached(StartStep::Bar),
        reached(StartStep::Page),
        reached(StartStep::Shown),
    );
    view! {
        <div class="app" hidden=move || !shown.get()>
            {move || bar.get().then(|| view! {
                <app_bar::AppBar/>
                <update_notice::UpdateNotice sw=sw/>
            })}
            <main class="page" id="main">
                {move || page_built.get().then(|| page(route.get(), sw))}
            </main>
        </div>
    }
}

/// How far the start has come, one task per step.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum StartStep {
    Frame,
    Bar,
    Page,
    Shown,
}

/// Moves `step` on by one in each following task until the app is shown.
fn step_on(step: RwSignal<StartStep>) {
    web::task::next_task(move || {
        let next = match step.get_untracked() {
            StartStep::Frame => StartStep::Bar,
            StartStep::Bar => StartStep::Page,
            StartStep::Page | StartStep::Shown => StartStep::Shown,
        };
        step.set(next);
        if next == StartStep::Shown {
            web::remove_static_shell();
        } else {
            step_on(step);
        }
    });
}

/// The page a route shows. Each arm is a function of its own, never inlined
/// (`#[inline(never)]` for the compiler; for wasm-opt, which inlines a
/// function's only call, `-ocimfs` in index.html): the browser compiles a wasm
/// function when it first runs, so a start compiles the page it shows, not
/// every page.
fn page(route: Route, sw: web::service_worker::SwStatus) -> AnyView {
    match route {
        Route::Home => home_page(sw),
        Route::About => about_page(),
        Route::Game(game) => game_page(game),
        Route::Verify(query) => verify_page(query),
        Route::Tonight => tonight_page(),
        Route::Open(payload) => review_page(payload),
        Route::NotFound => not_found_page(),
    }
}

#[inline(never)]
fn home_page(sw: web::service_worker::SwStatus) -> AnyView {
    view! { <home::Home sw=sw/> }.into_any()
}

#[inline(never)]
fn about_page() -> AnyView {
    view! { <about::About/> }.into_any()
}

#[inline(never)]
fn game_page(game: &'static games::GameEntry) -> AnyView {
    // Saved games must outlive storage pressure; ask when one is in use.
    web::persistence::request_once();
    view! {
        <one_window::OneWindow game=game.id save_key=game.save_key>
            {(game.view)()}
        </one_window::OneWindow>
    }
    .into_any()
}

#[inline(never)]
fn verify_page(query: route::Query) -> AnyView {
    view! { <verifier::Verifier query=query/> }.into_any()
}

#[inline(never)]
fn tonight_page() -> AnyView {
    web::persistence::request_once();
    view! { <club::tonight::TonightPage/> }.into_any()
}

#[inline(never)]
fn review_page(payload: String) -> AnyView {
    view! { <club::review::Review payload=payload/> }.into_any()
}

#[inline(never)]
fn not_found_page() -> AnyView {
    let i18n = i18n::use_i18n();
    view! { <p class="notice">{i18n.word(|i| i.t().shell.not_found)}</p> }.into_any()
}
