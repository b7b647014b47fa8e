//! A QR code as inline SVG: one `<path>` of dark modules on a white square with
//! the 4-module quiet zone, so it stays crisp at any size and scans even inside
//! the dark theme. No `style=` attributes (the CSP forbids them): size it with
//! the `qr-code` class or a class of your own.
//!
//! ```ignore
//! view! { <QrCode text=url label="QR code: link to this verification"/> }
//! ```

use leptos::prelude::*;
use qrcodegen::{QrCode as Encoder, QrCodeEcc, QrSegment, Version};

/// Modules of light margin around the code, as the QR standard asks.
const QUIET_ZONE: usize = 4;

/// The code's size in modules (without the quiet zone) and the SVG path of its
/// dark modules, one `M x y h w v 1 h -w z` per horizontal run. `None` when the
/// text is too long for any QR code.
pub fn qr_path(text: &str) -> Option<(usize, String)> {
    let code = encode(text.as_bytes())?;
    let width = code.size() as usize;
    let dark = |x: usize, y: usize| code.get_module(x as i32, y as i32);
    let mut path = String::with_capacity(width * width);
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if dark(x, y) {
                let start = x;
                while x < width && dark(x, y) {
                    x += 1;
                }
                let run = x - start;
                path.push_str(&format!("M{start} {y}h{run}v1h-{run}z"));
            } else {
                x += 1;
            }
        }
    }
    Some((width, path))
}

/// Byte mode in the smallest version that fits, error correction M (never
/// raised: a code stays the size the text needs), the mask the standard's
/// penalty rule picks.
fn encode(data: &[u8]) -> Option<Encoder> {
    let segments = [QrSegment::make_bytes(data)];
    Encoder::encode_segments_advanced(
        &segments,
        QrCodeEcc::Medium,
        Version::MIN,
        Version::MAX,
        None,
        false,
    )
    .ok()
}

/// The whole `<svg>` element as markup: the code, its white quiet zone and its
/// accessible name. `None` when the text is too long for any QR code.
pub fn qr_svg(text: &str, label: &str, class: &str) -> Option<String> {
    let (width, path) = qr_path(text)?;
    let outer = width + 2 * QUIET_ZONE;
    let q = QUIET_ZONE;
    Some(format!(
        concat!(
            r#"<svg class="qr-code {class}" xmlns="http://www.w3.org/2000/svg" viewBox="-{q} -{q} {outer} {outer}""#,
            r#" role="img" aria-label="{label}" shape-rendering="crispEdges" data-modules="{width}">"#,
            r#"<rect x="-{q}" y="-{q}" width="{outer}" height="{outer}" fill="white"/>"#,
            r#"<path d="{path}" fill="black"/></svg>"#
        ),
        class = escape(class.trim()),
        label = escape(label),
        q = q,
        outer = outer,
        width = width,
        path = path,
    ))
}

/// Escapes text for HTML/SVG content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Renders `text` (usually an absolute URL) as a QR code: an `<svg class="qr-code …">`
/// (with `role="img"` and `aria-label`) inside a `<span class="qr-box">`.
///
/// * `text`: what the code encodes; reactive.
/// * `label`: the accessible name; reactive, so it can follow the language.
/// * `class`: extra classes for the `<svg>` (the `qr-code` class is always set).
///
/// The markup is built as a string and set with `inner_html`: the same DOM as a
/// `view!`, at a fraction of the wasm (docs/performance.md).
#[component]
pub fn QrCode(
    #[prop(into)] text: Signal<String>,
    #[prop(into)] label: Signal<String>,
    #[prop(optional, into)] class: String,
) -> impl IntoView {
    let markup = move || qr_svg(&text.get(), &label.get(), &class).unwrap_or_default();
    view! { <span class="qr-box" inner_html=markup></span> }
}
