//! A number field for every setup screen: it never changes what was typed
//! behind anyone's back. Text that is not a number in the field's range is
//! refused with a message naming the range, the last accepted value stays in
//! force, and the setup's Start waits until every field is accepted.

use leptos::prelude::*;

use super::format;
use super::i18n::use_i18n;

/// What a field accepts: `min..=max`, whole numbers only or with decimals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NumberRange {
    pub min: f64,
    pub max: f64,
    pub whole: bool,
}

impl NumberRange {
    pub const fn whole(min: u32, max: u32) -> NumberRange {
        NumberRange {
            min: min as f64,
            max: max as f64,
            whole: true,
        }
    }

    pub const fn decimal(min: f64, max: f64) -> NumberRange {
        NumberRange {
            min,
            max,
            whole: false,
        }
    }

    /// The value `text` stands for, if this field accepts it. Plain digits,
    /// and one decimal point (`.` or `,`) where decimals are allowed; no
    /// signs, exponents or hex, so "−5", "1e3" and "0x10" are refused.
    pub fn parse(&self, text: &str) -> Option<f64> {
        let text = text.trim();
        let mut parts = text.splitn(2, ['.', ',']);
        let int = parts.next().unwrap_or("");
        let frac = parts.next();
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let well_formed = match frac {
            None => digits(int),
            Some(frac) => !self.whole && digits(frac) && (int.is_empty() || digits(int)),
        };
        if !well_formed || text.len() > 12 {
            return None;
        }
        let value = decimal_value(int, frac.unwrap_or(""));
        (self.min..=self.max).contains(&value).then_some(value)
    }
}

/// The value of `int.frac`, both plain digits and at most 12 together. The
/// digits as one integer divided by a power of ten: both are exact in an
/// `f64`, so the one division rounds as `str::parse` does, without core's
/// float parser in the wasm (with its 21 kB table of powers of five).
fn decimal_value(int: &str, frac: &str) -> f64 {
    let mantissa = int
        .bytes()
        .chain(frac.bytes())
        .fold(0u64, |n, b| n * 10 + u64::from(b - b'0'));
    mantissa as f64 / 10u64.pow(frac.len() as u32) as f64
}

/// Shows a number without a needless ".0", to at most six decimals. Integer
/// arithmetic on purpose: core's float formatting costs the wasm ~9 KB.
pub fn show(value: f64) -> String {
    let millionths = (value.max(0.0) * 1e6).round() as u64;
    let (whole, fraction) = (millionths / 1_000_000, millionths % 1_000_000);
    if fraction == 0 {
        return whole.to_string();
    }
    let fraction = format!("{fraction:06}");
    format!("{whole}.{}", fraction.trim_end_matches('0'))
}

/// Whether a form may start: no number field on screen holds refused text
/// (a field off the screen refuses nothing).
pub fn all_accepted(refused: RwSignal<Vec<&'static str>>) -> bool {
    refused.with_untracked(|r| r.is_empty())
}

/// `refused` lists the ids of the fields whose text is refused right now.
#[component]
pub fn NumberField(
    /// Unique on the screen: the input's id and its entry in `refused`.
    id: &'static str,
    #[prop(into)] label: Signal<&'static str>,
    /// The accepted value (shown when the screen opens).
    #[prop(into)]
    value: Signal<f64>,
    range: NumberRange,
    #[prop(into)] on_valid: Callback<f64>,
    refused: RwSignal<Vec<&'static str>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let text = RwSignal::new(show(value.get_untracked()));
    let bad = move || refused.with(|r| r.contains(&id));
    let error_id = format!("{id}-error");
    let message = move || {
        let t = &i18n.t().game.numbers;
        let template = if range.whole { t.whole } else { t.decimal };
        format::fill(
            template,
            &[("min", &show(range.min)), ("max", &show(range.max))],
        )
    };
    // A field that leaves the screen (a hidden custom time, a start number
    // no longer chosen) refuses nothing: what it held is not used.
    on_cleanup(move || {
        refused.try_update(|r| r.retain(|other| *other != id));
    });
    let on_input = move |ev| {
        let typed = event_target_value(&ev);
        let accepted = range.parse(&typed);
        text.set(typed);
        refused.update(|r| {
            r.retain(|other| *other != id);
            if accepted.is_none() {
                r.push(id);
            }
        });
        if let Some(value) = accepted {
            on_valid.run(value);
        }
    };
    view! {
        <label class="field field-number" class:invalid=bad>
            <span class="field-label">{move || label.get()}</span>
            <input
                type="text"
                id=id
                class="text-input"
                inputmode=if range.whole { "numeric" } else { "decimal" }
                autocomplete="off"
                aria-invalid=move || bad().to_string()
                aria-describedby=error_id.clone()
                prop:value=move || text.get()
                on:input=on_input
            />
            <span class="field-error" id=error_id role="alert">{move || bad().then(message)}</span>
        </label>
    }
}
