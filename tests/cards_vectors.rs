//! Test vectors of the card-series duel's blind stacks (CS-8, C-3,
//! docs/fairness.md §11). `tests/vectors/cards-v1.json` is compared exactly;
//! regenerate it only on purpose with
//! `UPDATE_VECTORS=1 cargo test --features cards --test cards_vectors`.
//! `tests/verifier/cards.mjs` recomputes the same file independently in Node
//! (`crypto`'s chacha20), like `tests/verifier/verify.mjs` does for Nordau.
#![cfg(all(feature = "cards", not(target_arch = "wasm32")))]

use nordau_shift::referee::InputMode;
use nordau_shift::referee::cards::{
    CsClock, CsSetup, CsVerifyError, StackSource, cs_commitment_preimage, cs_schedule, cs_verify,
};
use nordau_shift::referee::draw::{DrawStream, STREAM_CARD_ORDER};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/cards-v1.json");
const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/fairness.md");
const STACKS: usize = 40;

fn counting_seed() -> [u8; 32] {
    std::array::from_fn(|i| i as u8)
}

fn seed_from_label(label: &str) -> [u8; 32] {
    Sha256::digest(label.as_bytes()).into()
}

fn setup(white: &str, black: &str, clock: Option<(u64, u64, u64)>) -> CsSetup {
    let mut s = CsSetup::new(white, black, InputMode::Board, StackSource::Blind);
    s.clock = clock.map(|(white_ms, black_ms, increment_ms)| CsClock {
        white_ms,
        black_ms,
        increment_ms,
    });
    s
}

fn example() -> CsSetup {
    setup("Anna", "Boris", Some((300_000, 300_000, 3_000)))
}

fn cases() -> Vec<(String, CsSetup, [u8; 32], Vec<String>)> {
    let w = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let mut out = vec![
        (
            "worked example (docs/fairness.md §11.5)".to_owned(),
            example(),
            counting_seed(),
            vec![],
        ),
        (
            "worked example with words".to_owned(),
            example(),
            counting_seed(),
            w(&["  Blue   WHALE ", "7 оранжевых Ёжиков"]),
        ),
        (
            "no clock".to_owned(),
            setup("Anna", "Boris", None),
            counting_seed(),
            vec![],
        ),
        (
            "handicap clock".to_owned(),
            setup("Dana", "Yossi", Some((600_000, 180_000, 0))),
            seed_from_label("cards handicap"),
            vec![],
        ),
        (
            "longest times".to_owned(),
            setup("A", "B", Some((36_000_000, 1_000, 600_000))),
            seed_from_label("cards limits"),
            w(&["x"]),
        ),
        (
            "names that need escapes".to_owned(),
            setup("Boris Ø", "Ёжик-7_x.y%", Some((180_000, 180_000, 2_000))),
            seed_from_label("cards names"),
            vec![],
        ),
        (
            "emoji and same names".to_owned(),
            setup("🦔", "🦔", None),
            seed_from_label("cards emoji"),
            w(&["", "  "]),
        ),
        (
            "all-zero seed".to_owned(),
            setup("White", "Black", None),
            [0u8; 32],
            vec![],
        ),
        (
            "all-ff seed, many words".to_owned(),
            setup("White", "Black", Some((60_000, 60_000, 1_000))),
            [0xff; 32],
            (0..16).map(|i| format!("word {i}")).collect(),
        ),
    ];
    for i in 0..6 {
        out.push((
            format!("random seed {i}"),
            example(),
            seed_from_label(&format!("cards vector {i}")),
            vec![],
        ));
    }
    out
}

fn generate() -> Value {
    let cases: Vec<Value> = cases()
        .into_iter()
        .map(|(name, setup, seed, words)| {
            let r = cs_schedule(&setup, &seed, &words, STACKS);
            // The verifier must accept its own output.
            assert_eq!(
                cs_verify(
                    &r.commitment_hex,
                    &hex::encode(seed),
                    &r.setup_text,
                    &words,
                    STACKS
                )
                .unwrap(),
                r
            );
            json!({
                "name": name,
                "seed": hex::encode(seed),
                "setup": r.setup_text,
                "words": words,
                "setup_bytes": hex::encode(setup.setup_bytes()),
                "commitment": r.commitment_hex,
                "key": r.key_hex,
                "stacks": r.stacks,
            })
        })
        .collect();
    json!({
        "algorithm": "card-series duel blind stacks v1 (docs/fairness.md §11)",
        "stacks_per_case": STACKS,
        "cases": cases,
    })
}

#[test]
fn cs_8_vectors_file_matches_the_implementation() {
    let generated = generate();
    if std::env::var("UPDATE_VECTORS").as_deref() == Ok("1") {
        let text = serde_json::to_string_pretty(&generated).unwrap() + "\n";
        std::fs::write(PATH, text).unwrap();
    }
    let text = std::fs::read_to_string(PATH)
        .unwrap_or_else(|_| panic!("{PATH} exists (UPDATE_VECTORS=1 creates it)"));
    let stored: Value = serde_json::from_str(&text).unwrap();
    let (g, s) = (
        generated["cases"].as_array().unwrap(),
        stored["cases"].as_array().unwrap(),
    );
    assert_eq!(g.len(), s.len());
    for (a, b) in g.iter().zip(s) {
        assert_eq!(a, b, "case '{}' differs", a["name"]);
    }
    assert_eq!(generated, stored);
}

/// §11.3 by hand from the raw words of stream 4: the documented algorithm.
fn by_hand(key: &[u8; 32], count: usize) -> Vec<String> {
    let mut s = DrawStream::new(key, STREAM_CARD_ORDER);
    let mut next = |n: u64| loop {
        let x = u64::from(s.next_word());
        if x < (1u64 << 32) - (1u64 << 32) % n {
            break (x % n) as usize;
        }
    };
    (0..count)
        .map(|_| {
            let mut c = *b"YYYNNN";
            for i in (1..6).rev() {
                let j = next(i as u64 + 1);
                c.swap(i, j);
            }
            String::from_utf8(c.to_vec()).unwrap()
        })
        .collect()
}

#[test]
fn cs_8_stacks_follow_the_documented_shuffle() {
    for (_, setup, seed, words) in cases() {
        let r = cs_schedule(&setup, &seed, &words, 12);
        let key: [u8; 32] = hex::decode(&r.key_hex).unwrap().try_into().unwrap();
        assert_eq!(r.stacks, by_hand(&key, 12));
    }
}

/// The worked example in docs/fairness.md §11.5 shows the real values.
#[test]
fn cs_8_fairness_doc_example_is_correct() {
    let doc = std::fs::read_to_string(DOC).expect("docs/fairness.md");
    let flat: String = doc.split_whitespace().collect();
    let seed = counting_seed();
    let setup = example();
    assert!(doc.contains(&setup.to_text()));
    let pre = hex::encode(cs_commitment_preimage(&setup, &seed));
    assert!(flat.contains(&pre), "preimage {pre} missing");
    let r = cs_schedule(&setup, &seed, &[] as &[&str], 6);
    assert!(doc.contains(&r.commitment_hex), "commitment missing");
    let mut s = DrawStream::new(&seed, STREAM_CARD_ORDER);
    let words: Vec<String> = (0..8).map(|_| format!("{:08x}", s.next_word())).collect();
    assert!(doc.contains(&words.join(" ")), "stream 4 words missing");
    assert!(
        doc.contains(&r.stacks.join(", ")),
        "stacks {:?} missing",
        r.stacks
    );
    println!(
        "preimage {pre}\ncommitment {}\nstream 4: {}\nstacks {:?}",
        r.commitment_hex,
        words.join(" "),
        r.stacks
    );
}

#[test]
fn c_3_verify_refuses_a_changed_setup_or_seed() {
    let seed = counting_seed();
    let r = cs_schedule(&example(), &seed, &[] as &[&str], 3);
    let other = setup("Anna", "Boris", Some((300_000, 300_000, 2_000))).to_text();
    assert!(matches!(
        cs_verify(
            &r.commitment_hex,
            &hex::encode(seed),
            &other,
            &[] as &[&str],
            3
        ),
        Err(CsVerifyError::Mismatch { .. })
    ));
    assert!(matches!(
        cs_verify(&r.commitment_hex, "00", &r.setup_text, &[] as &[&str], 3),
        Err(CsVerifyError::Seed(_))
    ));
    assert!(matches!(
        cs_verify(
            &r.commitment_hex,
            &hex::encode(seed),
            "ns1.none.A_B",
            &[] as &[&str],
            3
        ),
        Err(CsVerifyError::Setup(_))
    ));
    for bad in [
        "cs1.none.A",
        "cs1.0300-1-1.A_B",
        "cs1.none.A%41_B",
        "cs1.none.A-_B",
        "cs1.1-1-1.A_B",
    ] {
        assert!(
            CsSetup::from_text(bad, InputMode::Board).is_err(),
            "{bad} accepted"
        );
    }
}

fn run_node(path: &std::path::Path) -> Option<std::process::Output> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/verifier/cards.mjs");
    match std::process::Command::new("node")
        .arg(script)
        .arg(path)
        .output()
    {
        Ok(out) => Some(out),
        Err(e) => {
            assert_eq!(
                std::env::var("SKIP_NODE_VERIFIER").as_deref(),
                Ok("1"),
                "cannot run node ({e}); install Node 20 or set SKIP_NODE_VERIFIER=1"
            );
            None
        }
    }
}

/// The independent Node verifier (crypto's chacha20) reproduces every
/// vector, and notices a tampered stack.
#[test]
fn cs_8_node_verifier_agrees_with_every_vector() {
    let Some(out) = run_node(std::path::Path::new(PATH)) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let n = cases().len();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("cards verifier: {n} passed, 0 failed")),
        "{stdout}"
    );
    let mut tampered: Value =
        serde_json::from_str(&std::fs::read_to_string(PATH).unwrap()).unwrap();
    let last = tampered["cases"][2]["stacks"][39]
        .as_str()
        .unwrap()
        .to_owned();
    let swapped: String = last.chars().rev().collect();
    let swapped = if swapped == last {
        "YNYNYN".to_owned()
    } else {
        swapped
    };
    tampered["cases"][2]["stacks"][39] = json!(swapped);
    let path = std::env::temp_dir().join(format!("cards-tampered-{}.json", std::process::id()));
    std::fs::write(&path, tampered.to_string()).unwrap();
    let out = run_node(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        stdout.contains(&format!("cards verifier: {} passed, 1 failed", n - 1)),
        "{stdout}"
    );
}
