//! The one JSON codec of every stored and exchanged record (issue #12).
//!
//! serde's derives generate a visitor per type and serde_json instantiates its
//! parser per type; for our dozen record types that was ~150 KB of wasm. Here
//! text is parsed into a serde_json [`Value`] by our own reader
//! ([`crate::referee::json_text`]), each type reads itself from that tree
//! ([`FromJson`]) and writes itself as an ordered [`Json`] tree
//! ([`ToJson`]), which [`Json::write`] prints exactly as serde_json did
//! (same escapes, same number forms, same pretty layout), so no stored or
//! exchanged byte changes. The fixtures in `tests/fixtures/codec/` and the
//! property tests in `tests/codec_props.rs` hold it to that.

use serde_json::{Map, Value};
use std::fmt;

use super::json_text;

/// A JSON value to write: objects keep their fields in the order given (a
/// `serde_json::Value` would sort them).
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    U64(u64),
    F64(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(&'static str, Json)>),
}

/// Why a JSON text does not hold the expected record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonError(pub String);

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for JsonError {}

impl JsonError {
    fn new(what: impl Into<String>) -> JsonError {
        JsonError(what.into())
    }

    /// The same error, located in field or element `at` of the enclosing value.
    fn within(self, at: &str) -> JsonError {
        JsonError(format!("{at}: {}", self.0))
    }
}

pub type JsonResult<T> = Result<T, JsonError>;

/// A type written as JSON.
pub trait ToJson {
    fn to_json(&self) -> Json;
}

/// A type read back from parsed JSON.
pub trait FromJson: Sized {
    fn from_json(v: &Value) -> JsonResult<Self>;
}

/// Compact JSON text, as `serde_json::to_string` writes it.
pub fn to_string<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    value.to_json().write(&mut out, None);
    out
}

/// Indented JSON text, as `serde_json::to_string_pretty` writes it.
pub fn to_string_pretty<T: ToJson + ?Sized>(value: &T) -> String {
    let mut out = String::new();
    value.to_json().write(&mut out, Some(0));
    out
}

/// Parses JSON text (any syntax error, nesting of 128 levels or more, or a number out of
/// range is an `Err`) and reads `T` from it.
pub fn from_str<T: FromJson>(text: &str) -> JsonResult<T> {
    T::from_json(&parse(text)?)
}

/// Parses JSON text into a tree (`referee::json_text`): every record is read
/// through here.
pub fn parse(text: &str) -> JsonResult<Value> {
    json_text::parse(text).map_err(|e| {
        JsonError::new(format!(
            "not JSON: {} at line {}, column {}",
            e.reason, e.line, e.column
        ))
    })
}

// ---- writing --------------------------------------------------------------

impl Json {
    /// Appends this value; `indent` is `None` for compact text, or the current
    /// depth for pretty text (two spaces a level, `": "`, as serde_json).
    pub fn write(&self, out: &mut String, indent: Option<usize>) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::U64(n) => out.push_str(&n.to_string()),
            // As serde_json writes floats (`5.0`, `1e+21`, non-finite ones as null),
            // with ryu's small tables: serde_json's own formatter (zmij) costs the
            // wasm 2.6 kB gzip more, and differs from ryu only by the `+`.
            Json::F64(x) if x.is_finite() => {
                let mut buffer = ryu::Buffer::new();
                let text = buffer.format_finite(*x);
                match text.split_once('e') {
                    Some((digits, power)) if !power.starts_with('-') => {
                        out.push_str(digits);
                        out.push_str("e+");
                        out.push_str(power);
                    }
                    _ => out.push_str(text),
                }
            }
            Json::F64(_) => out.push_str("null"),
            Json::Str(s) => write_str(out, s),
            Json::Arr(items) => write_seq(out, indent, ('[', ']'), items.iter(), |out, item, i| {
                item.write(out, i)
            }),
            Json::Obj(fields) => {
                write_seq(out, indent, ('{', '}'), fields.iter(), |out, (k, v), i| {
                    write_str(out, k);
                    out.push_str(if i.is_some() { ": " } else { ":" });
                    v.write(out, i);
                })
            }
        }
    }
}

fn write_seq<'a, T: 'a>(
    out: &mut String,
    indent: Option<usize>,
    (open, close): (char, char),
    items: impl ExactSizeIterator<Item = &'a T>,
    mut each: impl FnMut(&mut String, &'a T, Option<usize>),
) {
    out.push(open);
    let empty = items.len() == 0;
    let inner = indent.map(|d| d + 1);
    for (n, item) in items.enumerate() {
        if n > 0 {
            out.push(',');
        }
        newline(out, inner);
        each(out, item, inner);
    }
    if !empty {
        newline(out, indent);
    }
    out.push(close);
}

fn newline(out: &mut String, indent: Option<usize>) {
    if let Some(depth) = indent {
        out.push('\n');
        for _ in 0..depth {
            out.push_str("  ");
        }
    }
}

/// A JSON string with serde_json's escapes: `\"`, `\\`, the short forms of
/// backspace, tab, newline, form feed and return, `\u00xx` for other controls.
fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            c if c < ' ' => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let b = c as usize;
                out.push_str("\\u00");
                out.push(HEX[b >> 4] as char);
                out.push(HEX[b & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

// ---- reading --------------------------------------------------------------

/// The kind of a parsed value, for error messages.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn expected(what: &str, v: &Value) -> JsonError {
    JsonError(format!("expected {what}, found {}", kind(v)))
}

/// The fields of a JSON object, read by name. Unknown fields are ignored.
pub struct Obj<'a>(&'a Map<String, Value>);

impl<'a> Obj<'a> {
    pub fn of(v: &'a Value) -> JsonResult<Obj<'a>> {
        v.as_object()
            .map(Obj)
            .ok_or_else(|| expected("an object", v))
    }

    /// A field that must be present.
    pub fn req<T: FromJson>(&self, key: &str) -> JsonResult<T> {
        match self.0.get(key) {
            Some(v) => T::from_json(v).map_err(|e| e.within(key)),
            None => Err(JsonError(format!("missing field `{key}`"))),
        }
    }

    /// An optional field: absent or `null` is `None`.
    pub fn opt<T: FromJson>(&self, key: &str) -> JsonResult<Option<T>> {
        match self.0.get(key) {
            Some(v) => Option::<T>::from_json(v).map_err(|e| e.within(key)),
            None => Ok(None),
        }
    }

    /// A field that takes `default` when absent (serde's `#[serde(default)]`).
    pub fn or<T: FromJson>(&self, key: &str, default: T) -> JsonResult<T> {
        match self.0.get(key) {
            Some(v) => T::from_json(v).map_err(|e| e.within(key)),
            None => Ok(default),
        }
    }

    /// The variant name in tag field `key` of an internally or adjacently
    /// tagged enum.
    pub fn tag(&self, key: &str) -> JsonResult<&'a str> {
        match self.0.get(key) {
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(expected("a variant name", v).within(key)),
            None => Err(JsonError(format!("missing field `{key}`"))),
        }
    }
}

pub fn unknown_variant(name: &str) -> JsonError {
    JsonError(format!("unknown variant `{name}`"))
}

/// Reads a number that must fit `T` (serde's "invalid value" for the rest).
fn unsigned<T: TryFrom<u64>>(v: &Value, what: &str) -> JsonResult<T> {
    let n = v.as_u64().ok_or_else(|| expected(what, v))?;
    T::try_from(n).map_err(|_| JsonError(format!("{n} is out of range for {what}")))
}

impl FromJson for u64 {
    fn from_json(v: &Value) -> JsonResult<u64> {
        unsigned(v, "a whole number")
    }
}

impl FromJson for u32 {
    fn from_json(v: &Value) -> JsonResult<u32> {
        unsigned(v, "a 32-bit whole number")
    }
}

impl FromJson for u8 {
    fn from_json(v: &Value) -> JsonResult<u8> {
        unsigned(v, "a small whole number")
    }
}

impl FromJson for usize {
    fn from_json(v: &Value) -> JsonResult<usize> {
        unsigned(v, "an index")
    }
}

impl FromJson for f64 {
    fn from_json(v: &Value) -> JsonResult<f64> {
        v.as_f64().ok_or_else(|| expected("a number", v))
    }
}

impl FromJson for bool {
    fn from_json(v: &Value) -> JsonResult<bool> {
        v.as_bool().ok_or_else(|| expected("a boolean", v))
    }
}

impl FromJson for String {
    fn from_json(v: &Value) -> JsonResult<String> {
        v.as_str()
            .map(str::to_owned)
            .ok_or_else(|| expected("a string", v))
    }
}

impl<T: FromJson> FromJson for Option<T> {
    fn from_json(v: &Value) -> JsonResult<Option<T>> {
        match v {
            Value::Null => Ok(None),
            v => T::from_json(v).map(Some),
        }
    }
}

impl<T: FromJson> FromJson for Vec<T> {
    fn from_json(v: &Value) -> JsonResult<Vec<T>> {
        let items = v.as_array().ok_or_else(|| expected("an array", v))?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| T::from_json(item).map_err(|e| e.within(&format!("[{i}]"))))
            .collect()
    }
}

impl<T: FromJson, const N: usize> FromJson for [T; N] {
    fn from_json(v: &Value) -> JsonResult<[T; N]> {
        let items = Vec::<T>::from_json(v)?;
        let found = items.len();
        items
            .try_into()
            .map_err(|_| JsonError(format!("expected {N} elements, found {found}")))
    }
}

impl ToJson for u64 {
    fn to_json(&self) -> Json {
        Json::U64(*self)
    }
}

impl ToJson for u32 {
    fn to_json(&self) -> Json {
        Json::U64(u64::from(*self))
    }
}

impl ToJson for u8 {
    fn to_json(&self) -> Json {
        Json::U64(u64::from(*self))
    }
}

impl ToJson for usize {
    fn to_json(&self) -> Json {
        Json::U64(*self as u64)
    }
}

impl ToJson for f64 {
    fn to_json(&self) -> Json {
        Json::F64(*self)
    }
}

impl ToJson for bool {
    fn to_json(&self) -> Json {
        Json::Bool(*self)
    }
}

impl ToJson for String {
    fn to_json(&self) -> Json {
        Json::Str(self.clone())
    }
}

impl ToJson for str {
    fn to_json(&self) -> Json {
        Json::Str(self.to_owned())
    }
}

impl<T: ToJson> ToJson for Option<T> {
    fn to_json(&self) -> Json {
        self.as_ref().map_or(Json::Null, T::to_json)
    }
}

impl<T: ToJson> ToJson for [T] {
    fn to_json(&self) -> Json {
        Json::Arr(self.iter().map(T::to_json).collect())
    }
}

impl<T: ToJson> ToJson for Vec<T> {
    fn to_json(&self) -> Json {
        self.as_slice().to_json()
    }
}

impl<T: ToJson, const N: usize> ToJson for [T; N] {
    fn to_json(&self) -> Json {
        self.as_slice().to_json()
    }
}

/// An object with `fields` in order; a field whose value is `None` is left
/// out (serde's `skip_serializing_if`).
pub fn obj<const N: usize>(fields: [(&'static str, Option<Json>); N]) -> Json {
    Json::Obj(
        fields
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect(),
    )
}

/// `Some(value.to_json())`: a field that is always written.
pub fn f<T: ToJson + ?Sized>(value: &T) -> Option<Json> {
    Some(value.to_json())
}

/// An internally tagged variant (`#[serde(tag = ...)]`): the tag first, then
/// the variant's own fields.
pub fn tagged<const N: usize>(
    tag: &'static str,
    name: &str,
    fields: [(&'static str, Option<Json>); N],
) -> Json {
    let mut all = vec![(tag, Json::Str(name.to_owned()))];
    if let Json::Obj(rest) = obj(fields) {
        all.extend(rest);
    }
    Json::Obj(all)
}

/// Unit enums written as their snake_case names, both ways.
macro_rules! json_names {
    ($($ty:ty { $($variant:ident = $name:literal),+ $(,)? })+) => {$(
        impl $crate::referee::json::ToJson for $ty {
            fn to_json(&self) -> $crate::referee::json::Json {
                $crate::referee::json::Json::Str(
                    match self { $(<$ty>::$variant => $name),+ }.to_owned(),
                )
            }
        }
        impl $crate::referee::json::FromJson for $ty {
            fn from_json(v: &serde_json::Value) -> $crate::referee::json::JsonResult<$ty> {
                match v.as_str() {
                    $(Some($name) => Ok(<$ty>::$variant),)+
                    Some(other) => Err($crate::referee::json::unknown_variant(other)),
                    None => Err($crate::referee::json::JsonError(
                        "expected a variant name".into(),
                    )),
                }
            }
        }
    )+};
}
pub(crate) use json_names;

/// serde's `Serialize`/`Deserialize` for a type through this codec, so a
/// caller outside the app (tests) may still use serde_json on it. Generic
/// code: it adds nothing to the wasm unless something calls it.
macro_rules! serde_via_json {
    (ser $($ty:ty),+) => {$(
        impl serde::Serialize for $ty {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $crate::referee::json::ToJson::to_json(self).serialize(s)
            }
        }
    )+};
    ($($ty:ty),+) => {$(
        $crate::referee::json::serde_via_json!(ser $ty);
        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                let v = <serde_json::Value as serde::Deserialize>::deserialize(d)?;
                <$ty as $crate::referee::json::FromJson>::from_json(&v)
                    .map_err(<D::Error as serde::de::Error>::custom)
            }
        }
    )+};
}
pub(crate) use serde_via_json;

impl serde::Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::U64(n) => s.serialize_u64(*n),
            Json::F64(x) => s.serialize_f64(*x),
            Json::Str(v) => s.serialize_str(v),
            Json::Arr(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Json::Obj(fields) => {
                let mut map = s.serialize_map(Some(fields.len()))?;
                for (k, v) in fields {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_numbers_and_layout_match_serde_json() {
        let text: String = (0u8..=0x7f).map(char::from).collect::<String>() + "Жé😀\u{2028}";
        let v = Json::Obj(vec![
            ("s", Json::Str(text.clone())),
            ("n", Json::U64(u64::MAX)),
            (
                "f",
                Json::Arr([5.0, 0.1, 1e21, -2.5e-7, f64::NAN].map(Json::F64).to_vec()),
            ),
            ("e", Json::Arr(vec![])),
            ("o", Json::Obj(vec![])),
            (
                "x",
                Json::Arr(vec![Json::Obj(vec![("a", Json::Null)]), Json::Bool(true)]),
            ),
        ]);
        let mut compact = String::new();
        v.write(&mut compact, None);
        assert_eq!(compact, serde_json::to_string(&v).unwrap());
        let mut pretty = String::new();
        v.write(&mut pretty, Some(0));
        assert_eq!(pretty, serde_json::to_string_pretty(&v).unwrap());
        // And serde_json writes the same through its own Value.
        let reread: Value = serde_json::from_str(&compact).unwrap();
        assert_eq!(reread["s"], Value::String(text));
    }

    #[test]
    fn numbers_out_of_range_and_wrong_types_are_errors() {
        let v: Value = serde_json::from_str("[256, -1, 1.5, 4294967296, \"7\", null]").unwrap();
        let items = v.as_array().unwrap();
        assert!(u8::from_json(&items[0]).is_err());
        assert!(u64::from_json(&items[1]).is_err());
        assert!(u64::from_json(&items[2]).is_err());
        assert!(u32::from_json(&items[3]).is_err());
        assert_eq!(u64::from_json(&items[3]), Ok(4_294_967_296));
        assert!(u64::from_json(&items[4]).is_err());
        assert_eq!(Option::<u64>::from_json(&items[5]), Ok(None));
        assert!(<[u64; 2]>::from_json(&v).is_err());
        assert!(parse("1e400").is_err());
        assert!(parse(&"[".repeat(200)).is_err());
    }
}
