//! Our JSON reader (`referee::json_text`, issue #25) against serde_json's, a
//! stranger's code: every save and record the app keeps is read by it, so
//! it must take exactly the texts serde_json takes and build the same tree.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::json;
use nordau_shift::referee::json_text::parse;
use proptest::prelude::*;
use serde_json::Value;

/// serde_json's reading, the oracle.
fn oracle(text: &str) -> Option<Value> {
    serde_json::from_str(text).ok()
}

/// Equal trees; two floats beyond the exact range (see json_text) may differ
/// in their last few units, as serde_json's default reading is not exact there.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() && y.is_f64() => {
            let (x, y) = (x.as_f64().unwrap(), y.as_f64().unwrap());
            x == y || (x - y).abs() <= 1e-14 * x.abs().max(y.abs())
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((ka, a), (kb, b))| ka == kb && same(a, b))
        }
        _ => a == b,
    }
}

fn agrees(text: &str) -> Result<(), TestCaseError> {
    let ours = parse(text).ok();
    let theirs = oracle(text);
    prop_assert_eq!(
        ours.is_some(),
        theirs.is_some(),
        "verdicts differ on {:?}",
        text
    );
    if let (Some(a), Some(b)) = (&ours, &theirs) {
        prop_assert!(same(a, b), "{:?}: ours {:?}, serde_json {:?}", text, a, b);
    }
    Ok(())
}

// ---- generated trees ---------------------------------------------------------

/// A decimal as the app writes one (a number field's value: `m / 10^k`).
fn app_decimal() -> impl Strategy<Value = f64> {
    (0u64..1_000_000_000_000, 0u32..12).prop_map(|(m, k)| m as f64 / 10f64.powi(k as i32))
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<u64>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        app_decimal().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(Value::from),
        any::<u64>()
            .prop_map(f64::from_bits)
            .prop_filter("finite", |x| x.is_finite())
            .prop_map(Value::from),
    ]
}

/// Strings with every kind of character: escapes, controls, BMP, astral.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z ]{0,8}",
        "\\PC{0,12}",
        proptest::collection::vec(any::<char>(), 0..8).prop_map(|c| c.into_iter().collect()),
        "[\"\\\\/\u{0}-\u{1f}\u{7f}ж€😀]{0,6}",
    ]
}

fn tree() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::btree_map(text(), inner, 0..6)
                .prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A text damaged at `at` (a byte offset, taken modulo its length, moved to
/// a character boundary): a character cut, doubled or replaced by one that
/// matters to JSON.
fn damage(text: &str, at: usize, how: u8, with: char) -> String {
    let mut at = at % (text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let rest = &text[at..];
    let next = rest.chars().next().map_or(0, char::len_utf8);
    match how % 3 {
        0 => format!("{}{}", &text[..at], &rest[next..]),
        1 => format!("{}{}{}", &text[..at], with, rest),
        _ => format!("{}{}{}", &text[..at], with, &rest[next..]),
    }
}

/// Characters that make and break JSON.
fn json_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '{', '}', '[', ']', ',', ':', '"', '\\', 'u', 'e', 'E', '+', '-', '.', '0', '1', '9',
            ' ', '\n', '\t', '\r', 'n', 't', 'f', 'x', '\u{0}', '\u{1f}', '\u{feff}', 'D', '8',
        ]),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Any tree, as serde_json writes it (compact and pretty) and as our
    /// codec writes it, reads back as serde_json reads it.
    #[test]
    fn issue_25_written_trees_read_as_serde_json_reads_them(v in tree()) {
        agrees(&serde_json::to_string(&v).unwrap())?;
        agrees(&serde_json::to_string_pretty(&v).unwrap())?;
    }

    /// A damaged text is taken exactly when serde_json takes it, and then
    /// read the same.
    #[test]
    fn issue_25_damaged_texts_are_taken_exactly_when_serde_json_takes_them(
        v in tree(),
        pretty in any::<bool>(),
        cuts in proptest::collection::vec((any::<usize>(), any::<u8>(), json_char()), 1..4),
    ) {
        let mut text = if pretty {
            serde_json::to_string_pretty(&v).unwrap()
        } else {
            serde_json::to_string(&v).unwrap()
        };
        for (at, how, with) in cuts {
            text = damage(&text, at, how, with);
        }
        agrees(&text)?;
    }

    /// Short texts of JSON's own characters: mostly not JSON, every verdict
    /// as serde_json's.
    #[test]
    fn issue_25_texts_of_json_characters_get_serde_json_verdicts(
        chars in proptest::collection::vec(json_char(), 0..14),
    ) {
        agrees(&chars.into_iter().collect::<String>())?;
    }

    /// Every decimal the app writes reads back as exactly the double written,
    /// as serde_json reads it (not merely close).
    #[test]
    fn issue_25_app_decimals_read_back_exactly(x in app_decimal(), negative in any::<bool>()) {
        let x = if negative { -x } else { x };
        let text = serde_json::to_string(&x).unwrap();
        prop_assert_eq!(parse(&text).unwrap(), oracle(&text).unwrap());
        prop_assert_eq!(parse(&text).unwrap().as_f64(), Some(x));
    }
}

// ---- the edges, one by one ---------------------------------------------------

#[test]
fn issue_25_edges_read_as_serde_json_reads_them() {
    let cases = [
        "",
        " ",
        "null",
        "nul",
        "nulll",
        "true",
        "false",
        "True",
        "0",
        "-0",
        "-",
        "01",
        "1.",
        ".5",
        "1.5",
        "-1.5e3",
        "1e",
        "1e+",
        "1E-2",
        "1e400",
        "-1e400",
        "1e-400",
        "0e999999",
        "1.7976931348623157e308",
        "2.2250738585072014e-308",
        "5e-324",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "123456789012345678901234567890",
        "0.1",
        "0.30000000000000004",
        "[]",
        "[1,]",
        "[,1]",
        "[1 2]",
        "{}",
        "{\"a\":1,}",
        "{\"a\" 1}",
        "{a:1}",
        "{\"a\":1,\"a\":2}",
        "{\"b\":1,\"a\":[true,{\"c\":null}]}",
        "\"\\u0000\"",
        "\"\\ud83d\\ude00\"",
        "\"\\ud83d\"",
        "\"\\ude00\"",
        "\"\\ud83dx\"",
        "\"\\ud83d\\u0041\"",
        "\"\\u00e9\\u00E9\"",
        "\"\\x\"",
        "\"\\u12\"",
        "\"a\nb\"",
        "\"a\u{7f}b\"",
        "\"unterminated",
        "\u{feff}{}",
        " \t\r\n[ 1 ] \n",
        "[1] x",
        "\"ж€😀\"",
    ];
    for text in cases {
        agrees(text).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn issue_25_nesting_is_refused_past_serde_jsons_limit() {
    for depth in [1, 127, 128, 129, 1000, 100_000] {
        for (open, close) in [("[", "]"), ("{\"k\":", "}")] {
            let inner = if open == "[" { "" } else { "0" };
            let text = format!("{}{inner}{}", open.repeat(depth), close.repeat(depth));
            assert_eq!(
                parse(&text).is_ok(),
                oracle(&text).is_some(),
                "depth {depth} of {open}"
            );
        }
    }
    assert!(parse(&format!("{}{}", "[".repeat(127), "]".repeat(127))).is_ok());
    assert!(parse(&format!("{}{}", "[".repeat(128), "]".repeat(128))).is_err());
}

/// Every stored and exchanged record the tests keep reads as serde_json
/// reads it.
#[test]
fn issue_25_every_fixture_reads_as_serde_json_reads_it() {
    let mut files = 0;
    let mut dirs = vec![std::path::PathBuf::from("tests/fixtures")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).unwrap();
                let theirs = oracle(&text).unwrap_or_else(|| panic!("{path:?} is not JSON"));
                assert_eq!(parse(&text).unwrap(), theirs, "{path:?}");
                files += 1;
            }
        }
    }
    assert!(files >= 50, "only {files} fixtures found");
}

/// What a user sees of a text that is not JSON: what and where.
#[test]
fn issue_25_errors_say_what_and_where() {
    let e = json::parse("{\n  \"a\": [1, 2,]\n}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "not JSON: a value expected at line 2, column 14"
    );
    let e = json::parse("").unwrap_err();
    assert_eq!(
        e.to_string(),
        "not JSON: unexpected end of text, a value expected at line 1, column 1"
    );
    let e = json::parse("[1] x").unwrap_err();
    assert_eq!(
        e.to_string(),
        "not JSON: trailing characters at line 1, column 5"
    );
}
