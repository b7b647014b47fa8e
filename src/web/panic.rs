//! A panic is never the end of the evening. The browser build aborts on a
//! panic (`panic = "abort"`), so the app cannot carry on; before it stops,
//! this hook puts a plain notice over the page — no Leptos, no closures into
//! the dying module — with a link that reloads. Every game is saved before
//! its screen changes, so the reload resumes the last good state.

use crate::ui::i18n::Lang;
use crate::ui::qr::escape;

/// Installs the hook; call once, first thing.
pub fn install() {
    std::panic::set_hook(Box::new(|info| {
        show_notice();
        web_sys::console::error_1(&format!("nordau-shift: {info}").into());
    }));
}

fn show_notice() {
    let Some(doc) = super::document() else {
        return;
    };
    let lang = doc
        .document_element()
        .and_then(|root| root.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or(Lang::En);
    let t = lang.texts().shell;
    let Ok(notice) = doc.create_element("div") else {
        return;
    };
    notice.set_class_name("crash-notice");
    let _ = notice.set_attribute("role", "alertdialog");
    let _ = notice.set_attribute("aria-labelledby", "crash-title");
    // A link to the same address only scrolls to its fragment; a query makes
    // it a real load (the service worker serves the shell whatever the query).
    let href = web_sys::window()
        .map(|w| w.location())
        .and_then(|l| Some(format!("{}?restart{}", l.pathname().ok()?, l.hash().ok()?)))
        .unwrap_or_else(|| "./".into());
    // The same escaping as every other markup string the app writes.
    notice.set_inner_html(&format!(
        r#"<div class="crash-box"><h1 id="crash-title">{}</h1><p>{}</p><a class="button primary big" href="{}">{}</a></div>"#,
        escape(t.crash_title),
        escape(t.crash_detail),
        escape(&href),
        escape(t.crash_reload)
    ));
    if let Some(body) = doc.body() {
        let _ = body.append_child(&notice);
    }
}

/// Forces a panic, so the e2e tests can prove the notice and the resume.
/// Reachable only from the module's exports (devtools), never from the UI.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn force_panic_for_tests() {
    panic!("forced by a test");
}
