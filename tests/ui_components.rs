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

/// A fresh container in the page's body, for one test to mount into.
fn new_host() -> web_sys::HtmlElement {
    let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&host).unwrap();
    host
}

/// Mounts the whole app in a fresh container and lets its effects run.
async fn mount_app(lang: Lang) -> web_sys::HtmlElement {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("nordau-shift.lang", lang.tag()).unwrap();
    // The test runner's page has a fragment of its own; the app must start at home.
    web_sys::window().unwrap().location().set_hash("/").unwrap();
    let host = new_host();
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
    assert_eq!(Lang::from_tag("he-IL"), Some(Lang::He));
    // Older Android and Java still say `iw` for Hebrew.
    assert_eq!(Lang::from_tag("iw-IL"), Some(Lang::He));
    assert_eq!(Lang::from_tag("fr-FR"), None);
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

/// What a home screen says: headings, tagline, and each card's link and words.
fn home_words(home: &web_sys::Element) -> Vec<String> {
    let mut words: Vec<String> = [".hero h1", ".tagline", ".games h2"]
        .iter()
        .map(|selector| {
            let found = home.query_selector(selector).unwrap();
            found
                .map(|e| e.text_content().unwrap_or_default())
                .unwrap_or_default()
        })
        .collect();
    let cards = home.get_elements_by_class_name("game-card");
    for i in 0..cards.length() {
        let card = cards.item(i).unwrap();
        words.push(card.get_attribute("href").unwrap_or_default());
        for part in [".game-name", ".game-summary"] {
            let text = card
                .query_selector(part)
                .unwrap()
                .and_then(|e| e.text_content());
            words.push(text.unwrap_or_default());
        }
    }
    words
}

/// index.html shows a static home screen while the wasm loads (the first
/// paint, issue #12): it must say what the app's home says, link for link, in
/// both languages, so nothing changes under a finger when the app takes over.
#[wasm_bindgen_test]
async fn static_first_screen_matches_the_apps_home_in_both_languages() {
    let html = include_str!("../index.html");
    let start = html
        .find("<div id=\"static-shell\"")
        .expect("index.html has a static shell");
    let end = html.rfind("</body>").expect("index.html has a body");
    let shell: web_sys::Element = document().create_element("div").unwrap();
    shell.set_inner_html(&html[start..end]);
    for lang in Lang::ALL {
        let host = mount_app(lang).await;
        let selector = format!(".static-home[lang={}]", lang.tag());
        let static_home = shell
            .query_selector(&selector)
            .unwrap()
            .expect("a static home per language");
        let app_home = host.query_selector(".page").unwrap().unwrap();
        let expected = home_words(&app_home);
        assert!(expected.len() > 5, "the app's home has its cards");
        assert_eq!(home_words(&static_home), expected, "{selector}");
        host.remove();
    }
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
    // The visible code first (WCAG 2.5.3: the name contains the visible text).
    assert_eq!(
        russian.get_attribute("aria-label"),
        Some(format!("RU — {}", RU.shell.language_name))
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
async fn home_says_a_debug_build_is_not_kept_offline() {
    // Debug builds register no service worker (`trunk serve` must never be cached).
    let host = mount_app(Lang::En).await;
    assert_eq!(
        text_of(&host, ".offline-status"),
        EN.shell.offline_unsupported
    );
    host.remove();
}

#[wasm_bindgen_test]
fn offline_state_follows_the_worker() {
    use nordau_shift::web::service_worker::{Heard, OfflineState};
    let saving = |done, total| OfflineState::Saving { done, total };
    let failed = |done, total| OfflineState::Failed { done, total };
    let progress = |done, total| Heard::Progress { done, total };

    let state = OfflineState::Checking.next(progress(3, 11));
    assert_eq!(state, saving(3, 11));
    assert_eq!(state.next(Heard::Lost), failed(3, 11));
    assert_eq!(
        state.next(Heard::Failed { done: 4, total: 11 }),
        failed(4, 11)
    );
    assert_eq!(OfflineState::Checking.next(Heard::Lost), failed(0, 0));
    // A retry counts again; a count past the total is clamped.
    assert_eq!(failed(4, 11).next(progress(12, 11)), saving(11, 11));
    assert_eq!(saving(11, 11).next(Heard::Active), OfflineState::Ready);
    // An update installing (or failing) beside a running version changes nothing.
    assert_eq!(
        OfflineState::Ready.next(progress(1, 11)),
        OfflineState::Ready
    );
    assert_eq!(OfflineState::Ready.next(Heard::Lost), OfflineState::Ready);
    assert_eq!(
        OfflineState::Unsupported.next(Heard::Active),
        OfflineState::Unsupported
    );
}

#[wasm_bindgen_test]
fn worker_messages_are_read_defensively() {
    use nordau_shift::web::service_worker::{Heard, parse_message, retry_delay_secs};
    let message = |json: &str| parse_message(&js_sys::JSON::parse(json).unwrap());
    assert_eq!(
        message(r#"{"type":"precache-progress","version":"ab","done":4,"total":11}"#),
        Some(Heard::Progress { done: 4, total: 11 })
    );
    assert_eq!(
        message(r#"{"type":"precache-failed","done":2,"total":11,"reason":"x: HTTP 404"}"#),
        Some(Heard::Failed { done: 2, total: 11 })
    );
    assert_eq!(
        message(r#"{"type":"precache-progress","done":-1,"total":11}"#),
        None
    );
    assert_eq!(
        message(r#"{"type":"precache-progress","done":"4","total":11}"#),
        None
    );
    assert_eq!(
        message(r#"{"type":"something-else","done":1,"total":2}"#),
        None
    );
    assert_eq!(message(r#""SKIP_WAITING""#), None);
    assert_eq!(message("null"), None);
    assert_eq!(
        message(r#"{"type":"precache-progress","done":1e30,"total":1e30}"#),
        Some(Heard::Progress {
            done: u32::MAX,
            total: u32::MAX
        })
    );
    let delays: Vec<u32> = (1..=6).map(retry_delay_secs).collect();
    assert_eq!(delays, [5, 15, 30, 60, 60, 60]);
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

// ---------------------------------------------------------------------------
// The verifier page and the QR code (src/ui/verifier.rs, src/ui/qr.rs).

/// "doc example with words" from tests/vectors/nordau-v1.json.
const VEC_COMMITMENT: &str = "aa286047c8b918277e1b9aa33ad60a4a3ebcb9a9811a013dce56937ba2bf069d";
const VEC_SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const VEC_SETUP: &str = "ns1.f.3-6.15000.500.2-1-0-1.Anna_Boris_Chen";
const VEC_LENGTHS: [u32; 30] = [
    4, 6, 4, 3, 6, 6, 3, 3, 4, 6, 3, 5, 3, 6, 5, 3, 3, 5, 4, 5, 6, 3, 6, 5, 6, 4, 3, 5, 4, 6,
];

fn vec_words() -> Vec<String> {
    vec![
        "  Blue   WHALE ".to_owned(),
        "7 оранжевых Ёжиков".to_owned(),
    ]
}

/// Mounts the verifier page alone, opened by the link `fragment`
/// (`#/verify?…`); the page's location is left alone, so tests can run side by side.
async fn mount_at(lang: Lang, fragment: &str) -> web_sys::HtmlElement {
    use leptos::prelude::*;
    use nordau_shift::ui::i18n::I18n;
    use nordau_shift::ui::verifier::Verifier;
    let Route::Verify(query) = Route::parse(fragment.trim_start_matches('#')) else {
        panic!("not a verifier link: {fragment}");
    };
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("nordau-shift.lang", lang.tag()).unwrap();
    // The test runner's page has a fragment of its own; the app must start at home.
    web_sys::window().unwrap().location().set_hash("/").unwrap();
    let host = new_host();
    leptos::mount::mount_to(host.clone(), move || {
        I18n::provide();
        view! { <Verifier query=query.clone()/> }
    })
    .forget();
    settle().await;
    host
}

fn exists(host: &web_sys::HtmlElement, selector: &str) -> bool {
    host.query_selector(selector).unwrap().is_some()
}

/// The rows of the schedule table.
fn schedule_rows(host: &web_sys::HtmlElement) -> web_sys::HtmlCollection {
    host.query_selector(".schedule tbody")
        .unwrap()
        .expect("a schedule table")
        .children()
}

fn textarea(host: &web_sys::HtmlElement, id: &str) -> web_sys::HtmlTextAreaElement {
    host.query_selector(&format!("#{id}"))
        .unwrap()
        .unwrap_or_else(|| panic!("no #{id}"))
        .unchecked_into()
}

#[wasm_bindgen_test]
fn verifier_fragment_round_trips_through_the_route() {
    use nordau_shift::ui::verifier::verifier_fragment;
    let spaced = "AA28 6047 c8b9 1827\n7e1b9aa33ad60a4a3ebcb9a9811a013dce56937ba2bf069d";
    let fragment = verifier_fragment(spaced, VEC_SETUP, Some(VEC_SEED), &vec_words());
    assert!(fragment.starts_with("#/verify?c="), "{fragment}");
    let Route::Verify(query) = Route::parse(fragment.trim_start_matches('#')) else {
        panic!("not the verifier: {fragment}");
    };
    assert_eq!(query.get("c"), Some(VEC_COMMITMENT));
    assert_eq!(query.get("s"), Some(VEC_SEED));
    assert_eq!(query.get("setup"), Some(VEC_SETUP));
    assert_eq!(query.get("w"), Some("blue whale\n7 оранжевых Ёжиков"));

    // Before the reveal: no seed, no words key.
    let early = verifier_fragment(VEC_COMMITMENT, VEC_SETUP, None, &[]);
    let Route::Verify(query) = Route::parse(early.trim_start_matches('#')) else {
        panic!("not the verifier: {early}");
    };
    assert_eq!(query.get("s"), None);
    assert_eq!(query.get("w"), None);
    // Names with escapes survive the URL's own encoding.
    let setup = "ns1.f.3-6.15000.500.2-1-0-1.A%2EB_C%5FD_E%2DF%25";
    let f = verifier_fragment(VEC_COMMITMENT, setup, None, &[]);
    let Route::Verify(query) = Route::parse(f.trim_start_matches('#')) else {
        panic!();
    };
    assert_eq!(query.get("setup"), Some(setup));
}

#[wasm_bindgen_test]
fn qr_path_draws_a_square_code() {
    use nordau_shift::ui::qr::qr_path;
    let (width, path) = qr_path("http://127.0.0.1:8080/#/verify?c=00").unwrap();
    assert!(width >= 21 && (width - 17) % 4 == 0, "width {width}");
    assert!(
        path.starts_with("M0 0h7v1h-7z"),
        "finder pattern first: {}",
        &path[..40]
    );
    assert!(qr_path(&"x".repeat(5000)).is_none());
}

#[wasm_bindgen_test]
async fn verifier_link_shows_match_seating_and_schedule() {
    use nordau_shift::ui::verifier::verifier_fragment;
    let fragment = verifier_fragment(VEC_COMMITMENT, VEC_SETUP, Some(VEC_SEED), &vec_words());
    let host = mount_at(Lang::En, &fragment).await;
    assert!(text_of(&host, ".banner-ok").contains(EN.verifier.match_title));
    assert_eq!(text_of(&host, ".seat-white dd"), "Chen");
    assert_eq!(text_of(&host, ".seat-black dd"), "Anna");
    assert_eq!(text_of(&host, ".seat-observer dd"), "Boris");
    let rows = schedule_rows(&host);
    assert!(rows.length() >= 30, "{} rows", rows.length());
    for (i, want) in VEC_LENGTHS.iter().enumerate() {
        let row = rows.item(i as u32).unwrap();
        let length = row.query_selector(".shift-length").unwrap().unwrap();
        assert_eq!(
            length.text_content().unwrap(),
            want.to_string(),
            "shift {}",
            i + 1
        );
    }
    assert!(exists(&host, ".share-code svg.qr-code path"));
    // The inputs show what the link carried.
    assert_eq!(textarea(&host, "verify-seed").value(), VEC_SEED);
    host.remove();
}

#[wasm_bindgen_test]
async fn verifier_bad_seed_is_explained_and_the_input_kept() {
    use nordau_shift::ui::verifier::fill;
    let bad_seed = format!("{}g{}", &VEC_SEED[..12], &VEC_SEED[13..]);
    let fragment = format!("#/verify?c={VEC_COMMITMENT}&s={bad_seed}&setup={VEC_SETUP}");
    let host = mount_at(Lang::Ru, &fragment).await;
    let problem = text_of(&host, ".banner-bad .problem[data-field=seed]");
    assert_eq!(
        problem,
        format!(
            "{}: {}",
            RU.verifier.field_seed,
            fill(RU.verifier.hex_not_hex, &["13", "g"])
        )
    );
    assert!(!exists(&host, ".banner-ok"));
    assert!(!exists(&host, ".schedule"));
    let seed = textarea(&host, "verify-seed");
    assert_eq!(seed.value(), bad_seed);
    assert_eq!(seed.get_attribute("aria-invalid").as_deref(), Some("true"));

    // Fix the digit by hand and verify again.
    seed.set_value(VEC_SEED);
    // As typing does: an `input` event that bubbles to the page.
    js_sys::Function::new_with_args(
        "el",
        "el.dispatchEvent(new Event('input', { bubbles: true }))",
    )
    .call1(&wasm_bindgen::JsValue::NULL, &seed)
    .unwrap();
    let button: web_sys::HtmlElement = host
        .query_selector(".verify-button")
        .unwrap()
        .unwrap()
        .unchecked_into();
    button.click();
    settle().await;
    assert!(text_of(&host, ".banner-ok").contains(RU.verifier.match_title));
    // No words now, so the draw is the plain seed's ("doc example" vector).
    assert_eq!(text_of(&host, ".seat-white dd"), "Chen");
    assert_eq!(schedule_rows(&host).length(), 30);
    host.remove();
}

#[wasm_bindgen_test]
async fn verifier_without_seed_shows_the_commitment_to_keep() {
    let fragment = format!(
        "#/verify?c={}&setup={VEC_SETUP}",
        VEC_COMMITMENT.to_uppercase()
    );
    let host = mount_at(Lang::En, &fragment).await;
    assert!(text_of(&host, ".banner-pending").contains(EN.verifier.pending_title));
    assert_eq!(
        text_of(&host, ".verify-result .hex-display").replace(' ', ""),
        VEC_COMMITMENT
    );
    assert!(exists(&host, ".share-code svg.qr-code"));
    host.remove();
}

#[wasm_bindgen_test]
fn verifier_messages_name_what_is_wrong() {
    use nordau_shift::ui::verifier::{Outcome, Problem, check, problem_text};
    let t = &EN.verifier;
    let Outcome::Invalid(problems) = check("abc", VEC_SEED, "ns1.f.3-6.15000.500", "") else {
        panic!("expected problems");
    };
    let texts: Vec<String> = problems
        .iter()
        .map(|p| problem_text(t, p, ["abc", VEC_SEED]))
        .collect();
    assert_eq!(
        texts,
        [
            "Commitment: found 3 hex digits, need 64.",
            "Setup code: needs 7 parts separated by dots, found 5."
        ]
    );
    let setup = "ns1.f.3-6.15000.500.2-1.Anna_Boris_Chen";
    let Outcome::Invalid(problems) = check(VEC_COMMITMENT, VEC_SEED, setup, "") else {
        panic!();
    };
    assert_eq!(
        problem_text(t, &problems[0], [VEC_COMMITMENT, VEC_SEED]),
        "Setup code: the points (6th) part is malformed."
    );
    let many = "w\n".repeat(17);
    let Outcome::Invalid(problems) = check(VEC_COMMITMENT, VEC_SEED, VEC_SETUP, &many) else {
        panic!();
    };
    assert_eq!(problems, [Problem::TooManyWords { found: 17 }]);
    let flipped = format!("{}0", &VEC_SEED[..63]);
    assert!(matches!(
        check(VEC_COMMITMENT, &flipped, VEC_SETUP, ""),
        Outcome::Mismatch { .. }
    ));
}

/// The verifier keeps every word entry the draw keeps (RULES.md "one promise
/// for every drawn game"; issue #21, 3): a line of no-break or ideographic
/// spaces is an entry and changes the draw; a line of ASCII spaces is not.
#[wasm_bindgen_test]
fn verifier_keeps_an_entry_of_non_ascii_spaces() {
    use nordau_shift::ui::verifier::{Outcome, check};
    let words_of = |text: &str| match check(VEC_COMMITMENT, VEC_SEED, VEC_SETUP, text) {
        Outcome::Verified { drawing, .. } => drawing.words,
        _ => panic!("{text:?} does not verify"),
    };
    assert_eq!(words_of(""), Vec::<String>::new());
    assert_eq!(words_of("   \n\t"), Vec::<String>::new());
    assert_eq!(words_of("\u{a0}"), ["\u{a0}"]);
    assert_eq!(words_of("\u{3000}\n\n pear"), ["\u{3000}", "pear"]);
}

/// Card-duel and Undo Chess setup codes are refused in the screen's language,
/// with their numbers, like Nordau's (no referee `Display` text).
#[cfg(all(feature = "cards", feature = "undo"))]
#[wasm_bindgen_test]
fn verifier_names_card_duel_and_undo_setup_problems_in_each_language() {
    use nordau_shift::ui::verifier::{Outcome, check, problem_text};
    for (setup, en, ru) in [
        (
            "cs1.none",
            "Setup code: needs 3 parts separated by dots, found 2.",
            "Код настроек: нужно 3 части через точку, найдено частей: 2.",
        ),
        (
            "cs1.300000-300000-3000.Anna",
            "Setup code: the names (3rd) part is malformed.",
            "Код настроек: неверная часть: имена (3-я).",
        ),
        (
            "cs1.300000-300000-3000.Anna_%20Boris",
            "Setup code: name 2 starts or ends with a space.",
            "Код настроек: имя № 2 начинается или кончается пробелом.",
        ),
        (
            "uc1.r.2-2.300000-300000.0-0-f3000",
            "Setup code: needs 6 parts separated by dots, found 5.",
            "Код настроек: нужно 6 частей через точку, найдено частей: 5.",
        ),
        (
            "uc1.r.2-02.300000-300000.0-0-f3000.Anna_Boris",
            "Setup code: the tokens (3rd) part has a number with a leading zero; the app never writes a setup code that way.",
            "Код настроек: в части «жетоны (3-я)» число с ведущим нулём; приложение так код настроек не пишет.",
        ),
        (
            "uc1.r.2-2.300000-300000.0-0-f3000.Anna_Boris_Chen",
            "Setup code: the names (6th) part is malformed.",
            "Код настроек: неверная часть: имена (6-я).",
        ),
    ] {
        let Outcome::Invalid(problems) = check(VEC_COMMITMENT, "", setup, "") else {
            panic!("{setup}: expected problems");
        };
        for (t, want) in [(&EN.verifier, en), (&RU.verifier, ru)] {
            let texts: Vec<String> = problems
                .iter()
                .map(|p| problem_text(t, p, [VEC_COMMITMENT, ""]))
                .collect();
            assert_eq!(texts, [want], "{setup}");
        }
    }
}

#[wasm_bindgen_test]
fn counted_nouns_follow_each_languages_plural_rules() {
    use nordau_shift::ui::format::Plural;
    let ru = Plural::Ru {
        one: "ход",
        few: "хода",
        many: "ходов",
    };
    let en = Plural::En {
        one: "move",
        other: "moves",
    };
    for (n, want) in [
        (0, "ходов"),
        (1, "ход"),
        (2, "хода"),
        (3, "хода"),
        (4, "хода"),
        (5, "ходов"),
        (11, "ходов"),
        (12, "ходов"),
        (14, "ходов"),
        (21, "ход"),
        (22, "хода"),
        (101, "ход"),
        (111, "ходов"),
    ] {
        assert_eq!(ru.of(n), want, "{n}");
    }
    assert_eq!(ru.count(3), "3 хода");
    assert_eq!(en.count(1), "1 move");
    assert_eq!(en.count(21), "21 moves");
    assert_eq!(en.count(0), "0 moves");
}

#[wasm_bindgen_test]
fn number_fields_accept_only_plain_numbers_in_range() {
    use nordau_shift::ui::number_field::NumberRange;
    let block = NumberRange::whole(1, 600);
    assert_eq!(block.parse("15"), Some(15.0));
    assert_eq!(block.parse(" 600 "), Some(600.0));
    for bad in [
        "", "0", "-5", "2.5", "601", "99999999", "1e3", "+5", "0x10", "abc", "5 5",
    ] {
        assert_eq!(block.parse(bad), None, "{bad:?}");
    }
    let minutes = NumberRange::decimal(0.5, 600.0);
    assert_eq!(minutes.parse("1,5"), Some(1.5));
    assert_eq!(minutes.parse("0.5"), Some(0.5));
    assert_eq!(minutes.parse(".5"), Some(0.5));
    for bad in ["0.4", "1..5", "1.5.2", "1.", "NaN", "inf", "1e1"] {
        assert_eq!(minutes.parse(bad), None, "{bad:?}");
    }
}

/// The field reads a decimal to the same `f64` as core's parser (its own
/// integer reading keeps that parser out of the wasm): every value a player
/// may type with up to three decimals, and long ones at the 12-character limit.
#[wasm_bindgen_test]
fn number_fields_read_decimals_as_std_does() {
    use nordau_shift::ui::number_field::NumberRange;
    let any = NumberRange::decimal(0.0, 1e12);
    let mut typed: Vec<String> = Vec::new();
    for whole in (0..=600).chain([999, 1000, 4096, 99_999]) {
        typed.push(whole.to_string());
        for (width, count) in [(1, 10), (2, 100), (3, 1000)] {
            typed.extend((0..count).map(|f| format!("{whole}.{f:0width$}")));
        }
    }
    typed.extend(
        [
            ".1",
            ".000001",
            "0.3",
            "2.675",
            "1234567.8901",
            "99999999999",
            "0.0000000001",
            "123456.78901",
            "8.0000000005",
        ]
        .map(String::from),
    );
    for text in &typed {
        let std: f64 = text.parse().unwrap();
        assert_eq!(any.parse(text), Some(std), "{text}");
        assert_eq!(
            any.parse(&text.replace('.', ",")),
            any.parse(text),
            "{text}"
        );
    }
}

/// A stored value comes back into its field as the player would type it.
#[wasm_bindgen_test]
fn number_fields_show_values_as_typed() {
    use nordau_shift::ui::number_field::show;
    for (value, shown) in [
        (15.0, "15"),
        (600.0, "600"),
        (0.5, "0.5"),
        (1.25, "1.25"),
        (2.1, "2.1"),
        (0.000001, "0.000001"),
        (3.0000004, "3"),
    ] {
        assert_eq!(show(value), shown, "{value}");
    }
}

/// A clock is said as minutes and seconds (issue #24), never "4:58", which a
/// screen reader reads as a time of day; each language counts its own way.
#[wasm_bindgen_test]
fn clock_times_are_said_as_durations_in_every_language() {
    use nordau_shift::ui::format::spoken_duration;
    use nordau_shift::ui::i18n::HE;
    let en = &EN.game.controls;
    assert_eq!(spoken_duration(298_400, en), "4 minutes 58 seconds");
    assert_eq!(spoken_duration(61_000, en), "1 minute 1 second");
    assert_eq!(spoken_duration(9_900, en), "9 seconds");
    assert_eq!(spoken_duration(3_725_000, en), "1 hour 2 minutes 5 seconds");
    let ru = &RU.game.controls;
    assert_eq!(spoken_duration(298_000, ru), "4 минуты 58 секунд");
    assert_eq!(spoken_duration(1_341_000, ru), "22 минуты 21 секунда");
    assert_eq!(spoken_duration(11_000, ru), "11 секунд");
    let he = &HE.game.controls;
    assert_eq!(spoken_duration(61_000, he), "1 דקה 1 שנייה");
    assert_eq!(spoken_duration(122_000, he), "2 דקות 2 שניות");
}

/// Issue #25: below ten seconds the redraw timer writes a running bank's
/// tenths straight into its half, and only those: a whole second, the
/// low-time edge, a flag or the m:ss face go through the screen's redraw.
#[wasm_bindgen_test]
fn only_a_tenth_within_the_same_second_is_written_straight() {
    use nordau_shift::ui::ticker::tenths_only;
    assert!(tenths_only(9_999, 9_899), "9.9 → 9.8");
    assert!(
        tenths_only(5_899, 5_001),
        "5.8 → 5.0, still above the 5 s warning"
    );
    assert!(!tenths_only(9_099, 8_999), "9.0 → 8.9: a new second");
    assert!(
        !tenths_only(5_099, 5_000),
        "5.0 → 5.0 at the warning's edge: a redraw"
    );
    assert!(!tenths_only(10_000, 9_950), "0:10 → 9.9: a new face");
    assert!(!tenths_only(799, 0), "the flag");
    assert!(!tenths_only(9_850, 9_820), "the same face (a delay's tick)");
    assert!(
        !tenths_only(9_300, 9_800),
        "time going back (an undo): a redraw"
    );
}

/// A face the timer wrote straight never sticks: the half's next state, even
/// one equal to the last it rendered (an undo back into the same second),
/// writes its own face over it.
#[wasm_bindgen_test]
async fn a_face_written_straight_gives_way_to_the_next_state() {
    use leptos::prelude::*;
    use nordau_shift::referee::Colour;
    use nordau_shift::ui::clock_controls::{ClockHalf, HalfState};
    use nordau_shift::ui::ticker::RUNNING_BANK;
    let host = new_host();
    let half = |face: &str| HalfState {
        face: face.into(),
        to_move: true,
        ..HalfState::default()
    };
    let state = RwSignal::new(half("9.9"));
    leptos::mount::mount_to(host.clone(), move || {
        nordau_shift::ui::i18n::I18n::provide();
        view! { <ClockHalf colour=Colour::White state=state on_start=|()| {} on_tap=|()| {}/> }
    })
    .forget();
    settle().await;
    assert_eq!(text_of(&host, ".bank"), "9.9");
    // Only over the face it is known to show (a running delay's "1.6" never
    // lands on a standing "9.9").
    assert!(!nordau_shift::web::replace_only_text(
        RUNNING_BANK,
        "2.0",
        "1.6"
    ));
    assert_eq!(text_of(&host, ".bank"), "9.9");
    assert!(nordau_shift::web::replace_only_text(
        RUNNING_BANK,
        "9.9",
        "9.4"
    ));
    assert_eq!(text_of(&host, ".bank"), "9.4");
    state.set(half("9.9"));
    settle().await;
    assert_eq!(
        text_of(&host, ".bank"),
        "9.9",
        "the state's face, not the one written"
    );
    state.set(half("8.9"));
    settle().await;
    assert_eq!(text_of(&host, ".bank"), "8.9");
    host.remove();
}
