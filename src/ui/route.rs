//! Pages live in the URL fragment (`#/about`): the service worker serves one
//! shell for every URL, and a shared link still opens the right page offline.

use leptos::prelude::*;

use super::games::{self, GameEntry};
use crate::web;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    About,
    /// A game module's screens (`#/<id>`), one of [`games::GAMES`].
    Game(&'static GameEntry),
    /// The verifier; its inputs may come in the query (`#/verify?c=…&s=…`).
    Verify(Query),
    /// The club evening's screen (`#/tonight`).
    Tonight,
    /// A record opened from a code (`#/open/<payload>`, CE-5).
    Open(String),
    NotFound,
}

/// The `key=value&…` part of a fragment, percent-decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query(Vec<(String, String)>);

impl Query {
    pub fn parse(text: &str) -> Query {
        Query(
            text.split('&')
                .filter(|pair| !pair.is_empty())
                .map(|pair| {
                    let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
                    (percent_decode(key), percent_decode(value))
                })
                .collect(),
        )
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Decodes `%XX` escapes and `+` (as a space, as forms send it).
pub fn percent_decode(text: &str) -> String {
    percent_encoding::percent_decode_str(&text.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

/// Encodes everything but RFC 3986 unreserved characters as `%XX`.
pub fn percent_encode(text: &str) -> String {
    const RESERVED: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
        .remove(b'-')
        .remove(b'.')
        .remove(b'_')
        .remove(b'~');
    percent_encoding::utf8_percent_encode(text, RESERVED).to_string()
}

impl Route {
    /// Parses a fragment such as `/about` or `/verify?c=…`.
    pub fn parse(fragment: &str) -> Route {
        let (path, query) = fragment.split_once('?').unwrap_or((fragment, ""));
        match path.trim_end_matches('/') {
            "" => Route::Home,
            "/about" => Route::About,
            "/verify" => Route::Verify(Query::parse(query)),
            "/tonight" => Route::Tonight,
            other if other.starts_with("/open/") => Route::Open(other["/open/".len()..].to_owned()),
            other => other
                .strip_prefix('/')
                .and_then(games::find)
                .map_or(Route::NotFound, Route::Game),
        }
    }

    pub fn href(&self) -> &'static str {
        match self {
            Route::Home | Route::NotFound => "#/",
            Route::About => "#/about",
            Route::Game(game) => game.href,
            Route::Verify(_) => "#/verify",
            Route::Tonight => "#/tonight",
            Route::Open(_) => "#/open/",
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
