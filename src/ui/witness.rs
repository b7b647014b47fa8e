//! Witness mode (docs/fairness.md "Threat model"): a second phone that opened
//! the commitment link before move one keeps that commitment itself, so after
//! the game the reveal is checked against this phone's own record, not against
//! what the phone being checked says it showed.

use crate::referee::json::{self, FromJson, Json, JsonResult, Obj, ToJson, f, obj};

use crate::web::storage;

const KEY: &str = "nordau-shift.witnessed";
/// Enough for many evenings; the oldest go first.
const KEEP: usize = 100;

/// A commitment this phone saw before move one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witnessed {
    /// Wall-clock time it was witnessed (ms since 1970).
    pub at_ms: u64,
    pub commitment_hex: String,
    pub setup_text: String,
}

impl ToJson for Witnessed {
    fn to_json(&self) -> Json {
        obj([
            ("at_ms", f(&self.at_ms)),
            ("commitment_hex", f(&self.commitment_hex)),
            ("setup_text", f(&self.setup_text)),
        ])
    }
}

impl FromJson for Witnessed {
    fn from_json(v: &serde_json::Value) -> JsonResult<Witnessed> {
        let o = Obj::of(v)?;
        Ok(Witnessed {
            at_ms: o.req("at_ms")?,
            commitment_hex: o.req("commitment_hex")?,
            setup_text: o.req("setup_text")?,
        })
    }
}

/// The commitments witnessed on this phone, oldest first.
pub fn list() -> Vec<Witnessed> {
    storage::get(KEY)
        .and_then(|text| json::from_str(&text).ok())
        .unwrap_or_default()
}

/// Records a commitment (once: witnessing it again keeps the first time).
/// Returns the list as stored, or `None` if this phone cannot store it.
pub fn add(record: Witnessed) -> Option<Vec<Witnessed>> {
    let mut all = list();
    if find(&all, &record.commitment_hex).is_none() {
        all.push(record);
    }
    let start = all.len().saturating_sub(KEEP);
    let all = all.split_off(start);
    storage::set(KEY, &json::to_string(&all)).then_some(all)
}

/// This phone's record of `commitment_hex`, if it witnessed it.
pub fn find<'a>(all: &'a [Witnessed], commitment_hex: &str) -> Option<&'a Witnessed> {
    all.iter()
        .find(|w| w.commitment_hex.eq_ignore_ascii_case(commitment_hex))
}

/// "19:32" in this phone's time zone, with the date when not today.
pub fn time_text(at_ms: u64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(at_ms as f64));
    let today = js_sys::Date::new_0();
    let time = format!("{:02}:{:02}", date.get_hours(), date.get_minutes());
    if date.to_date_string() == today.to_date_string() {
        time
    } else {
        format!(
            "{}-{:02}-{:02} {time}",
            date.get_full_year(),
            date.get_month() + 1,
            date.get_date()
        )
    }
}
