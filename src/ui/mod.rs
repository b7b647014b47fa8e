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

/// Mounts the app on `<body>`.
pub fn start() {
    web::panic::install();
    leptos::mount::mount_to_body(App);
    web::remove_static_shell();
}

#[component]
pub fn App() -> impl IntoView {
    let i18n = I18n::provide();
    theme::Themes::provide();
    let sw = web::service_worker::register();
    let route = route::provide();
    view! {
        <div class="app">
            <app_bar::AppBar/>
            <update_notice::UpdateNotice sw=sw/>
            <main class="page" id="main">
                {move || match route.get() {
                    Route::Home => view! { <home::Home sw=sw/> }.into_any(),
                    Route::About => view! { <about::About/> }.into_any(),
                    Route::Game(game) => {
                        // Saved games must outlive storage pressure; ask when one is in use.
                        web::persistence::request_once();
                        view! {
                            <one_window::OneWindow game=game.id save_key=game.save_key>
                                {(game.view)()}
                            </one_window::OneWindow>
                        }.into_any()
                    }
                    Route::Verify(query) => view! { <verifier::Verifier query=query/> }.into_any(),
                    Route::Tonight => {
                        web::persistence::request_once();
                        view! { <club::tonight::TonightPage/> }.into_any()
                    }
                    Route::Open(payload) => view! { <club::review::Review payload=payload/> }.into_any(),
                    Route::NotFound => view! {
                        <p class="notice">{move || i18n.t().shell.not_found}</p>
                    }.into_any(),
                }}
            </main>
        </div>
    }
}
