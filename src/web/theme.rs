//! The page's colour theme: `<html data-theme>`, which switches the CSS custom
//! properties in assets/app.css; the browser bar's colour and the colour
//! scheme of built-in controls (`<meta>`); and the system's light/dark setting.

use wasm_bindgen::JsCast;

const LIGHT_QUERY: &str = "(prefers-color-scheme: light)";

fn light_query() -> Option<web_sys::MediaQueryList> {
    web_sys::window()?.match_media(LIGHT_QUERY).ok()?
}

/// Whether the system asks for light colours (false when it cannot tell).
pub fn prefers_light() -> bool {
    light_query().is_some_and(|query| query.matches())
}

/// Runs `f` with the new answer of [`prefers_light`] whenever the system's
/// setting changes (phones switch at sunset). Lives as long as the page.
pub fn on_preference_change(f: impl Fn(bool) + 'static) {
    let Some(query) = light_query() else {
        return;
    };
    let watched = query.clone();
    let closure = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || f(watched.matches()));
    // Safari before 14 has no addEventListener here: the app then follows the
    // setting only at start, which is all that matters at a table.
    let _ = query.add_event_listener_with_callback("change", closure.as_ref().unchecked_ref());
    closure.forget();
}

/// Sets `<html data-theme=name>` (no attribute: the default, dark) and the
/// `<meta>` tags `theme-color` and `color-scheme` to match it.
pub fn apply(name: Option<&str>, theme_color: &str, color_scheme: &str) {
    let Some(document) = super::document() else {
        return;
    };
    if let Some(root) = document.document_element() {
        let _ = match name {
            Some(name) => root.set_attribute("data-theme", name),
            None => root.remove_attribute("data-theme"),
        };
    }
    for (meta, content) in [("theme-color", theme_color), ("color-scheme", color_scheme)] {
        if let Ok(Some(tag)) = document.query_selector(&format!("meta[name=\"{meta}\"]")) {
            let _ = tag.set_attribute("content", content);
        }
    }
}
