//! The shared on-screen board with Crazyhouse pockets (C-1, ZH-1), rendered by
//! Leptos in headless Chromium.
#![cfg(target_arch = "wasm32")]

use std::sync::{Arc, Mutex};

use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use nordau_shift::referee::{Colour, Pocket};
use nordau_shift::ui::board::{Board, Pockets};
use nordau_shift::ui::i18n::I18n;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

async fn settle() {
    TimeoutFuture::new(20).await;
}

fn tap(host: &web_sys::HtmlElement, selector: &str) {
    host.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .unchecked_into::<web_sys::HtmlElement>()
        .click();
}

/// The `attr` of every element matching `selector`, in document order.
fn attrs(host: &web_sys::HtmlElement, selector: &str, attr: &str) -> Vec<String> {
    // `querySelectorAll` through JS: the app does not enable web-sys' NodeList.
    let query: js_sys::Function = js_sys::Reflect::get(host, &"querySelectorAll".into())
        .unwrap()
        .unchecked_into();
    let list = query.call1(host, &selector.into()).unwrap();
    js_sys::Array::from(&list)
        .iter()
        .map(|n| {
            n.unchecked_into::<web_sys::Element>()
                .get_attribute(attr)
                .unwrap_or_default()
        })
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn disabled(host: &web_sys::HtmlElement, selector: &str) -> bool {
    host.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
        .unchecked_into::<web_sys::HtmlButtonElement>()
        .disabled()
}

#[wasm_bindgen_test]
async fn zh_1_pockets_sit_by_their_owners_and_a_drop_is_two_taps() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("nordau-shift.lang", "en").unwrap();
    let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&host).unwrap();
    let sent = Arc::new(Mutex::new(Vec::<String>::new()));
    let record = sent.clone();
    // White to move with P, 3 N in hand; Black holds 2 Q (not its turn).
    let legal = ["N@f3", "N@e4", "P@e4", "e2e4", "e2e3"].map(String::from);
    let pockets = RwSignal::new(Pockets {
        white: Pocket {
            pawn: 1,
            knight: 3,
            ..Pocket::default()
        },
        black: Pocket {
            queen: 2,
            ..Pocket::default()
        },
    });
    leptos::mount::mount_to(host.clone(), move || {
        let _ = I18n::provide();
        view! {
            <Board
                fen=Signal::derive(|| Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NNNPqq] w KQkq - 0 1".to_owned()))
                legal=Signal::derive(move || legal.to_vec())
                last_move=Signal::derive(|| None::<String>)
                in_check=Signal::derive(|| false)
                side_to_move=Signal::derive(|| Colour::White)
                last_san=Signal::derive(|| None::<String>)
                on_move=move |mv: String| record.lock().unwrap().push(mv)
                pockets=pockets
            />
        }
    })
    .forget();
    settle().await;

    // The pocket part of the FEN places nothing on the board.
    assert_eq!(attrs(&host, ".sq.occupied", "data-square").len(), 32);
    // Black's pocket above the board, White's below.
    let wrap = host.query_selector(".board-wrap").unwrap().unwrap();
    let order: Vec<String> = (0..wrap.children().length())
        .map(|i| wrap.children().item(i).unwrap().class_name())
        .collect();
    assert!(
        order[0].contains("pocket") && order[0].contains("black"),
        "{order:?}"
    );
    assert!(
        order[2].contains("pocket") && order[2].contains("white"),
        "{order:?}"
    );
    let white = "button.pocket-piece[data-colour=white]";
    assert_eq!(attrs(&host, white, "data-piece"), ["P", "N", "B", "R", "Q"]);
    // The name starts with what the button shows: glyph and count (WCAG 2.5.3).
    assert_eq!(
        attrs(&host, white, "aria-label")[1],
        "\u{2658} 3 — Drop knight (3)"
    );
    // Not your turn, or none in hand: the button does nothing.
    assert!(disabled(
        &host,
        "button.pocket-piece[data-colour=black][data-piece=Q]"
    ));
    assert!(disabled(
        &host,
        "button.pocket-piece[data-colour=white][data-piece=B]"
    ));

    // Knight from the pocket: its legal drop squares are the targets.
    tap(
        &host,
        "button.pocket-piece[data-colour=white][data-piece=N]",
    );
    settle().await;
    assert_eq!(
        sorted(attrs(&host, ".sq.target", "data-square")),
        ["e4", "f3"]
    );
    tap(&host, "[data-square=f3]");
    settle().await;
    assert_eq!(*sent.lock().unwrap(), ["N@f3"]);
    assert!(attrs(&host, ".sq.target", "data-square").is_empty());

    // A pocket pawn, then a board piece instead: the selection follows.
    tap(
        &host,
        "button.pocket-piece[data-colour=white][data-piece=P]",
    );
    settle().await;
    assert_eq!(attrs(&host, ".sq.target", "data-square"), ["e4"]);
    tap(&host, "[data-square=e2]");
    settle().await;
    assert_eq!(
        sorted(attrs(&host, ".sq.target", "data-square")),
        ["e3", "e4"]
    );
    tap(&host, "[data-square=e4]");
    settle().await;
    assert_eq!(*sent.lock().unwrap(), ["N@f3", "e2e4"]);

    // Tapping the selected pocket piece again lets go of it; a tap on an
    // empty non-target square sends nothing.
    tap(
        &host,
        "button.pocket-piece[data-colour=white][data-piece=P]",
    );
    settle().await;
    tap(
        &host,
        "button.pocket-piece[data-colour=white][data-piece=P]",
    );
    settle().await;
    assert!(attrs(&host, ".sq.target", "data-square").is_empty());
    tap(&host, "[data-square=d5]");
    settle().await;
    assert_eq!(sent.lock().unwrap().len(), 2);

    // Empty pockets show as such.
    pockets.set(Pockets::default());
    settle().await;
    assert_eq!(
        attrs(&host, "button.pocket-piece.empty", "data-piece").len(),
        10
    );
}

/// Bughouse board B is drawn from team 1's side (BH-1): Black at the bottom.
/// Rank 1 is the top row, the h-file on the left; White's pocket is the far
/// one, first and turned, Black's the near one; squares keep their names,
/// labels and taps.
#[wasm_bindgen_test]
async fn bh_1_a_board_drawn_from_blacks_side() {
    let storage = web_sys::window().unwrap().local_storage().unwrap().unwrap();
    storage.set_item("nordau-shift.lang", "en").unwrap();
    let host: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&host).unwrap();
    let sent = Arc::new(Mutex::new(Vec::<String>::new()));
    let record = sent.clone();
    // Black to move, a knight in Black's pocket.
    let legal = ["N@e4", "e7e5", "e7e6"].map(String::from);
    leptos::mount::mount_to(host.clone(), move || {
        let _ = I18n::provide();
        view! {
            <Board
                fen=Signal::derive(|| Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[n] b KQkq - 0 1".to_owned()))
                legal=Signal::derive(move || legal.to_vec())
                last_move=Signal::derive(|| Some("e2e4".to_owned()))
                in_check=Signal::derive(|| false)
                side_to_move=Signal::derive(|| Colour::Black)
                last_san=Signal::derive(|| Some("e4".to_owned()))
                on_move=move |mv: String| record.lock().unwrap().push(mv)
                pockets=Pockets {
                    black: Pocket { knight: 1, ..Pocket::default() },
                    ..Pockets::default()
                }
                bottom=Colour::Black
            />
        }
    })
    .forget();
    settle().await;

    let squares = attrs(&host, ".sq", "data-square");
    assert_eq!(squares.len(), 64);
    // Top row: rank 1 from h to a; bottom row: rank 8 from h to a.
    assert_eq!(
        &squares[..8],
        ["h1", "g1", "f1", "e1", "d1", "c1", "b1", "a1"]
    );
    assert_eq!(
        &squares[56..],
        ["h8", "g8", "f8", "e8", "d8", "c8", "b8", "a8"]
    );
    // a1 is still a dark square, and labelled as before.
    assert!(
        host.query_selector("[data-square=a1].dark")
            .unwrap()
            .is_some()
    );
    assert_eq!(
        attrs(&host, "[data-square=e8]", "aria-label"),
        ["e8 king (Black)"]
    );
    // The far pocket (White's) above the board and turned; Black's below.
    let wrap = host.query_selector(".board-wrap").unwrap().unwrap();
    let order: Vec<String> = (0..wrap.children().length())
        .map(|i| wrap.children().item(i).unwrap().class_name())
        .collect();
    assert!(
        order[0].contains("white") && order[0].contains("far"),
        "{order:?}"
    );
    assert!(order[1].contains("board"), "{order:?}");
    assert!(
        order[2].contains("black") && order[2].contains("near"),
        "{order:?}"
    );
    // Taps work as on an unturned board: a move, then a drop.
    tap(&host, "[data-square=e7]");
    settle().await;
    assert_eq!(
        sorted(attrs(&host, ".sq.target", "data-square")),
        ["e5", "e6"]
    );
    tap(&host, "[data-square=e5]");
    settle().await;
    tap(
        &host,
        "button.pocket-piece[data-colour=black][data-piece=N]",
    );
    settle().await;
    assert_eq!(attrs(&host, ".sq.target", "data-square"), ["e4"]);
    tap(&host, "[data-square=e4]");
    settle().await;
    assert_eq!(*sent.lock().unwrap(), ["e7e5", "N@e4"]);
}
