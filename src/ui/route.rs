//! Pages live in the URL fragment (`#/about`): the service worker serves one
//! shell for every URL, and a shared link still opens the right page offline.

use leptos::prelude::*;

use crate::web;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    About,
    NotFound,
}

impl Route {
    /// Parses a fragment such as `/about` or `/about?x=1` (query kept for later pages).
    pub fn parse(fragment: &str) -> Route {
        let path = fragment.split('?').next().unwrap_or_default();
        match path.trim_end_matches('/') {
            "" => Route::Home,
            "/about" => Route::About,
            _ => Route::NotFound,
        }
    }

    pub fn href(&self) -> &'static str {
        match self {
            Route::Home | Route::NotFound => "#/",
            Route::About => "#/about",
        }
    }
}

/// The current route as a signal that follows `hashchange`.
pub fn provide() -> ReadSignal<Route> {
    let (route, set_route) = signal(Route::parse(&web::location_hash()));
    web::on_window_event("hashchange", move || {
        set_route.set(Route::parse(&web::location_hash()))
    });
    provide_context(route);
    route
}

pub fn use_route() -> ReadSignal<Route> {
    expect_context::<ReadSignal<Route>>()
}
