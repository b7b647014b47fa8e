//! Web glue: the few places that touch browser APIs directly. Small and isolated,
//! so the referee stays pure and the UI stays thin.

pub mod clock;
pub mod deflate;
pub mod device;
pub mod panic;
pub mod persistence;
pub mod press;
pub mod service_worker;
pub mod sound;
pub mod speech;
pub mod storage;
pub mod task;
pub mod theme;
pub mod vault;
pub mod window_lock;

use wasm_bindgen::JsCast;

/// The browser's preferred language tag (e.g. "ru-RU"), if it tells.
pub fn browser_language() -> Option<String> {
    web_sys::window()?.navigator().language()
}

/// Keeps `<html lang>` and `<html dir>` in step with the chosen language
/// (screen readers, hyphenation, right-to-left layout).
pub fn set_document_lang(tag: &str, dir: &str) {
    if let Some(root) = document().and_then(|doc| doc.document_element()) {
        let _ = root.set_attribute("lang", tag);
        let _ = root.set_attribute("dir", dir);
    }
}

pub fn document() -> Option<web_sys::Document> {
    // Looked up once: the redraw timer asks for it ten times a second, and
    // every lookup is a few calls out of the wasm.
    thread_local! {
        static DOCUMENT: Option<web_sys::Document> = web_sys::window().and_then(|w| w.document());
    }
    DOCUMENT.with(Clone::clone)
}

/// Replaces the text of the one element `selector` matches by `text`, only
/// where it now reads `expected`: whether it did (it changes nothing when
/// none or more than one match, or the element says something else).
pub fn replace_only_text(selector: &str, expected: &str, text: &str) -> bool {
    let Some(list) = document().and_then(|doc| doc.query_selector_all(selector).ok()) else {
        return false;
    };
    let Some(node) = list.get(0).filter(|_| list.length() == 1) else {
        return false;
    };
    if node.text_content().as_deref() != Some(expected) {
        return false;
    }
    set_text(&node, text);
    true
}

/// Sets (`on`) or removes the empty attribute `name` on every element
/// `selector` matches.
pub fn mark_all(selector: &str, name: &str, on: bool) {
    let Some(list) = document().and_then(|doc| doc.query_selector_all(selector).ok()) else {
        return;
    };
    for i in 0..list.length() {
        if let Some(element) = list
            .get(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        {
            let _ = if on {
                element.set_attribute(name, "")
            } else {
                element.remove_attribute(name)
            };
        }
    }
}

/// Sets `node`'s text. A lone text child keeps its node and only its data
/// changes: replacing the node instead makes the browser recompute far more
/// style (a child-list change) ten times a second on a running clock.
pub fn set_text(node: &web_sys::Node, text: &str) {
    match node.first_child() {
        Some(child)
            if child.node_type() == web_sys::Node::TEXT_NODE && child.next_sibling().is_none() =>
        {
            if child.node_value().as_deref() != Some(text) {
                child.set_node_value(Some(text));
            }
        }
        _ => node.set_text_content(Some(text)),
    }
}

/// The part of the URL after `#`, without the `#`.
pub fn location_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|hash| hash.trim_start_matches('#').to_owned())
        .unwrap_or_default()
}

pub fn set_location_hash(hash: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_hash(hash);
    }
}

/// Removes index.html's static first screen (home or splash): the app that
/// replaces it has just been mounted, so both are never painted together.
pub fn remove_static_shell() {
    if let Some(shell) = document().and_then(|doc| doc.get_element_by_id("static-shell")) {
        shell.remove();
    }
}

/// Runs `f` once the page's DOM event `name` fires on `window`.
pub fn on_window_event(name: &str, f: impl Fn() + 'static) {
    if let Some(window) = web_sys::window() {
        let closure = wasm_bindgen::closure::Closure::<dyn Fn()>::new(f);
        let _ = window.add_event_listener_with_callback(name, closure.as_ref().unchecked_ref());
        closure.forget(); // lives as long as the page
    }
}

/// The absolute URL of an in-app fragment such as `#/verify?c=…`: this page's
/// address without its own fragment, then `fragment`. For QR codes and sharing.
pub fn absolute_url(fragment: &str) -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}{fragment}")
}

/// A listener on the document or the window; dropping it removes it.
pub struct Listener {
    target: web_sys::EventTarget,
    name: String,
    closure: wasm_bindgen::closure::Closure<dyn Fn()>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        let _ = self
            .target
            .remove_event_listener_with_callback(&self.name, self.closure.as_ref().unchecked_ref());
    }
}

fn listen(target: web_sys::EventTarget, name: &str, f: impl Fn() + 'static) -> Option<Listener> {
    let closure = wasm_bindgen::closure::Closure::<dyn Fn()>::new(f);
    target
        .add_event_listener_with_callback(name, closure.as_ref().unchecked_ref())
        .ok()?;
    Some(Listener {
        target,
        name: name.to_owned(),
        closure,
    })
}

/// Runs `f` whenever the document's event `name` fires, until the returned
/// listener is dropped (tie it to the component that needs it).
pub fn on_document_event(name: &str, f: impl Fn() + 'static) -> Option<Listener> {
    listen(document()?.into(), name, f)
}

/// Runs `f` whenever the window's event `name` fires (`storage`: another
/// window changed this origin's storage), until the listener is dropped.
pub fn while_window_event(name: &str, f: impl Fn() + 'static) -> Option<Listener> {
    listen(web_sys::window()?.into(), name, f)
}

/// Whether the page is on screen (not a background tab or a locked phone).
pub fn page_visible() -> bool {
    document().is_none_or(|doc| !doc.hidden())
}
