//! UI components rendered by Leptos in headless Chromium (wasm-bindgen-test).
//! Run by .ci/test: `cargo test --target wasm32-unknown-unknown --test ui_components`.
#![cfg(target_arch = "wasm32")]

use gloo_timers::future::TimeoutFuture;
use nordau_shift::ui::i18n::{EN, Lang, RU};
use nordau_shift::ui::route::Route;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// Mounts the whole app in a fresh container and lets its effects run.
async fn mount_app(lang: Lang) -> web_sys::HtmlElement {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("nordau-shift.lang", lang.tag()).unwrap();
    let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&host).unwrap();
    leptos::mount::mount_to(host.clone(), nordau_shift::ui::App).forget();
    settle().await;
    host
}

async fn settle() {
    TimeoutFuture::new(20).await;
}

fn text_of(host: &web_sys::HtmlElement, selector: &str) -> String {
    host.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .text_content()
        .unwrap_or_default()
}

#[wasm_bindgen_test]
fn language_tags_round_trip_and_accept_regions() {
    for lang in Lang::ALL {
        assert_eq!(Lang::from_tag(lang.tag()), Some(lang));
    }
    assert_eq!(Lang::from_tag("ru-RU"), Some(Lang::Ru));
    assert_eq!(Lang::from_tag("EN_gb"), Some(Lang::En));
    assert_eq!(Lang::from_tag("he-IL"), None);
}

#[wasm_bindgen_test]
fn routes_come_from_the_url_fragment() {
    assert_eq!(Route::parse(""), Route::Home);
    assert_eq!(Route::parse("/"), Route::Home);
    assert_eq!(Route::parse("/about"), Route::About);
    assert_eq!(Route::parse("/about?from=home"), Route::About);
    assert_eq!(Route::parse("/nonsense"), Route::NotFound);
}

#[wasm_bindgen_test]
async fn home_renders_in_the_remembered_language() {
    let host = mount_app(Lang::Ru).await;
    assert_eq!(text_of(&host, ".tagline"), RU.shell.tagline);
    assert_eq!(
        document()
            .document_element()
            .unwrap()
            .get_attribute("lang")
            .as_deref(),
        Some("ru")
    );
    host.remove();
}

#[wasm_bindgen_test]
async fn language_switch_changes_every_string_and_is_remembered() {
    let host = mount_app(Lang::En).await;
    assert_eq!(text_of(&host, ".tagline"), EN.shell.tagline);
    assert_eq!(text_of(&host, "#games-heading"), EN.shell.choose_game);

    let russian: web_sys::HtmlElement = host
        .query_selector("button.lang-option[lang=ru]")
        .unwrap()
        .expect("a Russian button")
        .unchecked_into();
    assert_eq!(
        russian.get_attribute("aria-label").as_deref(),
        Some(RU.shell.language_name)
    );
    russian.click();
    settle().await;

    assert_eq!(text_of(&host, ".tagline"), RU.shell.tagline);
    assert_eq!(text_of(&host, "#games-heading"), RU.shell.choose_game);
    assert_eq!(
        russian.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    let stored = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    assert_eq!(
        stored.get_item("nordau-shift.lang").unwrap().as_deref(),
        Some("ru")
    );
    host.remove();
}

#[wasm_bindgen_test]
fn verifier_links_carry_their_inputs_in_the_query() {
    use nordau_shift::ui::route::{Query, percent_encode};
    let words = "tel aviv & nordau";
    let fragment = format!("/verify?c=ab12&w={}", percent_encode(words));
    let Route::Verify(query) = Route::parse(&fragment) else {
        panic!("not the verifier: {fragment}");
    };
    assert_eq!(query.get("c"), Some("ab12"));
    assert_eq!(query.get("w"), Some(words));
    assert_eq!(query.get("s"), None);
    assert_eq!(Query::parse("x=a+b%2Bc").get("x"), Some("a b+c"));
}
