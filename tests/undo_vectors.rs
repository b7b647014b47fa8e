//! Test vectors of Undo Chess's drawn start position (UC-1, C-3,
//! docs/fairness.md §12). `tests/vectors/undo-v1.json` is compared exactly;
//! regenerate it only on purpose with
//! `UPDATE_VECTORS=1 cargo test --features undo --test undo_vectors`.
//! `tests/verifier/undo.mjs` recomputes the same file independently in Node
//! (`crypto`'s chacha20), including the back ranks of all 960 numbers.
#![cfg(all(feature = "undo", not(target_arch = "wasm32")))]

use nordau_shift::referee::draw::{DrawStream, STREAM_CHESS960};
use nordau_shift::referee::undo::{
    CHESS960_POSITIONS, StartChoice, StartPosition, UcSetup, UcVerifyError, uc_commitment_preimage,
    uc_schedule, uc_verify,
};
use nordau_shift::referee::{InputMode, TimeControl};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/undo-v1.json");
const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/fairness.md");

fn counting_seed() -> [u8; 32] {
    std::array::from_fn(|i| i as u8)
}

fn seed_from_label(label: &str) -> [u8; 32] {
    Sha256::digest(label.as_bytes()).into()
}

/// A seed whose first word of stream 5 is 0xffffff9e, at or above the
/// rejection zone of `uniform(960)` (2^32 − 256): found by a search over
/// `i ‖ "undo-rej"` once, kept here.
fn rejecting_seed() -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&4_371_909u64.to_le_bytes());
    s[8..16].copy_from_slice(b"undo-rej");
    s
}

fn setup(white: &str, black: &str, tokens: [u8; 2], control: TimeControl) -> UcSetup {
    UcSetup::new(white, black, InputMode::Board, StartChoice::Drawn, control)
        .with_tokens(tokens[0], tokens[1])
}

fn example() -> UcSetup {
    setup(
        "Anna",
        "Boris",
        [2, 2],
        TimeControl::fischer(300_000, 3_000),
    )
}

fn cases() -> Vec<(String, UcSetup, [u8; 32], Vec<String>)> {
    let w = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
    let mut out = vec![
        (
            "worked example (docs/fairness.md §12.5)".to_owned(),
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
            "first word rejected by uniform(960)".to_owned(),
            example(),
            rejecting_seed(),
            vec![],
        ),
        (
            "no tokens, sudden death".to_owned(),
            setup("Dana", "Yossi", [0, 0], TimeControl::sudden_death(180_000)),
            seed_from_label("undo sudden death"),
            vec![],
        ),
        (
            "handicap tokens and bases, Bronstein".to_owned(),
            setup(
                "A",
                "B",
                [3, 1],
                TimeControl::bronstein(600_000, 5_000).with_bases(600_000, 300_000),
            ),
            seed_from_label("undo handicap"),
            w(&["x"]),
        ),
        (
            "simple delay".to_owned(),
            setup(
                "White",
                "Black",
                [1, 1],
                TimeControl::simple_delay(900_000, 10_000),
            ),
            seed_from_label("undo delay"),
            vec![],
        ),
        (
            "classical 90/40 + 30 with two stages".to_owned(),
            setup(
                "Anna",
                "Boris",
                [2, 2],
                TimeControl::classical_90_40_30_inc30(),
            ),
            seed_from_label("undo classical"),
            vec![],
        ),
        (
            "names that need escapes".to_owned(),
            setup(
                "Boris Ø",
                "Ёжик-7_x.y%",
                [2, 2],
                TimeControl::fischer(180_000, 2_000),
            ),
            seed_from_label("undo names"),
            vec![],
        ),
        (
            "emoji and same names".to_owned(),
            setup("🦔", "🦔", [2, 2], TimeControl::sudden_death(60_000)),
            seed_from_label("undo emoji"),
            w(&["", "  "]),
        ),
        ("all-zero seed".to_owned(), example(), [0u8; 32], vec![]),
        (
            "all-ff seed, many words".to_owned(),
            example(),
            [0xff; 32],
            (0..16).map(|i| format!("word {i}")).collect(),
        ),
    ];
    for i in 0..6 {
        out.push((
            format!("random seed {i}"),
            example(),
            seed_from_label(&format!("undo vector {i}")),
            vec![],
        ));
    }
    out
}

fn first_words(key: &[u8; 32], n: usize) -> Vec<String> {
    let mut s = DrawStream::new(key, STREAM_CHESS960);
    (0..n).map(|_| format!("{:08x}", s.next_word())).collect()
}

fn generate() -> Value {
    let cases: Vec<Value> = cases()
        .into_iter()
        .map(|(name, setup, seed, words)| {
            let r = uc_schedule(&setup, &seed, &words);
            // The verifier must accept its own output.
            assert_eq!(
                uc_verify(&r.commitment_hex, &hex::encode(seed), &r.setup_text, &words).unwrap(),
                r
            );
            let key: [u8; 32] = hex::decode(&r.key_hex).unwrap().try_into().unwrap();
            json!({
                "name": name,
                "seed": hex::encode(seed),
                "setup": r.setup_text,
                "words": words,
                "setup_bytes": hex::encode(setup.setup_bytes()),
                "commitment": r.commitment_hex,
                "key": r.key_hex,
                "stream5_words": first_words(&key, 2),
                "start": r.start.number(),
                "back_rank": r.back_rank,
                "fen": r.fen,
            })
        })
        .collect();
    let ranks: Vec<String> = (0..CHESS960_POSITIONS)
        .map(|n| StartPosition::new(n).unwrap().back_rank())
        .collect();
    json!({
        "algorithm": "undo-chess start position v1 (docs/fairness.md §12)",
        "back_ranks": ranks,
        "cases": cases,
    })
}

#[test]
fn uc_1_vectors_file_matches_the_implementation() {
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

/// §12.3 by hand from the raw words of stream 5: the documented draw.
#[test]
fn uc_1_the_draw_follows_the_documented_rejection_sampling() {
    for (name, setup, seed, words) in cases() {
        let r = uc_schedule(&setup, &seed, &words);
        let key: [u8; 32] = hex::decode(&r.key_hex).unwrap().try_into().unwrap();
        let mut s = DrawStream::new(&key, STREAM_CHESS960);
        let n = loop {
            let x = s.next_word();
            if x < 0xffff_ff00 {
                break x % 960;
            }
        };
        assert_eq!(r.start.number(), n, "{name}");
    }
    let key = rejecting_seed();
    let words = first_words(&key, 2);
    assert_eq!(words[0], "ffffff9e");
    let second = u32::from_str_radix(&words[1], 16).unwrap();
    assert_eq!(StartPosition::drawn(&key).number(), second % 960);
}

/// The worked example in docs/fairness.md §12.5 shows the real values.
#[test]
fn uc_1_fairness_doc_example_is_correct() {
    let doc = std::fs::read_to_string(DOC).expect("docs/fairness.md");
    let flat: String = doc.split_whitespace().collect();
    let seed = counting_seed();
    let setup = example();
    let r = uc_schedule(&setup, &seed, &[] as &[&str]);
    let pre = hex::encode(uc_commitment_preimage(&setup, &seed));
    let words = first_words(&seed, 8).join(" ");
    println!(
        "text {}\npreimage {pre} ({} bytes)\ncommitment {}\nstream 5: {words}\nstart {} {} {}",
        r.setup_text,
        pre.len() / 2,
        r.commitment_hex,
        r.start,
        r.back_rank,
        r.fen
    );
    assert!(doc.contains(&r.setup_text));
    assert!(flat.contains(&pre), "preimage {pre} missing");
    assert!(doc.contains(&r.commitment_hex), "commitment missing");
    assert!(doc.contains(&words), "stream 5 words missing");
    assert!(doc.contains(&r.back_rank) && doc.contains(&r.fen));
}

#[test]
fn c_3_verify_refuses_a_changed_setup_or_seed() {
    let seed = counting_seed();
    let r = uc_schedule(&example(), &seed, &[] as &[&str]);
    let other = setup(
        "Anna",
        "Boris",
        [2, 1],
        TimeControl::fischer(300_000, 3_000),
    )
    .to_text();
    assert!(matches!(
        uc_verify(
            &r.commitment_hex,
            &hex::encode(seed),
            &other,
            &[] as &[&str]
        ),
        Err(UcVerifyError::Mismatch { .. })
    ));
    assert!(matches!(
        uc_verify(&r.commitment_hex, "00", &r.setup_text, &[] as &[&str]),
        Err(UcVerifyError::Seed(_))
    ));
    assert!(matches!(
        uc_verify(
            &r.commitment_hex,
            &hex::encode(seed),
            "cs1.none.A_B",
            &[] as &[&str]
        ),
        Err(UcVerifyError::Setup(_))
    ));
    let many: Vec<String> = (0..17).map(|i| i.to_string()).collect();
    assert_eq!(
        uc_verify(&r.commitment_hex, &hex::encode(seed), &r.setup_text, &many),
        Err(UcVerifyError::Words)
    );
    for bad in [
        "uc1.r.2-2.300000-300000.0-0-f3000.A",
        "uc1.r.02-2.300000-300000.0-0-f3000.A_B",
        "uc1.r.2-2.300000-300000.0-0-f03000.A_B",
        "uc1.r.2-2.300000-300000.0-0-x3000.A_B",
        "uc1.r.2-2.300000-300000.0-0-n0.A_B",
        "uc1.r.2-2.300000-300000.0-0-f3000.A%41_B",
        "uc1.R.2-2.300000-300000.0-0-f3000.A_B",
        "uc1.0518.2-2.300000-300000.0-0-f3000.A_B",
        "uc1.r.2-2.300000.0-0-f3000.A_B",
        "uc1.r.2-2.300000-300000.0-0-f3000_40-0-f3000.A_B",
        "uc1.r.2-2.300000-300000.0-1-f3000.A_B",
        "uc1.r.2-2.300000-300000..A_B",
        "uc2.r.2-2.300000-300000.0-0-f3000.A_B",
        " uc1.r.2-2.300000-300000.0-0-f3000.A_B",
    ] {
        assert!(
            UcSetup::from_text(bad, InputMode::Board).is_err(),
            "{bad} accepted"
        );
    }
    // The last stage may be bounded (it repeats), as the clock allows.
    assert!(UcSetup::from_text("uc1.7.2-2.300000-300000.40-0-n.A_B", InputMode::Board).is_ok());
}

fn run_node(path: &std::path::Path) -> Option<std::process::Output> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/verifier/undo.mjs");
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
/// vector and the numbering, and notices a tampered start.
#[test]
fn uc_1_node_verifier_agrees_with_every_vector() {
    let Some(out) = run_node(std::path::Path::new(PATH)) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let n = cases().len();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("undo verifier: {n} passed, 0 failed")),
        "{stdout}"
    );
    assert!(
        stdout.contains("numbering: 960 back ranks agree"),
        "{stdout}"
    );
    let mut tampered: Value =
        serde_json::from_str(&std::fs::read_to_string(PATH).unwrap()).unwrap();
    let start = tampered["cases"][3]["start"].as_u64().unwrap();
    tampered["cases"][3]["start"] = json!((start + 1) % 960);
    let path = std::env::temp_dir().join(format!("undo-tampered-{}.json", std::process::id()));
    std::fs::write(&path, tampered.to_string()).unwrap();
    let out = run_node(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        stdout.contains(&format!("undo verifier: {} passed, 1 failed", n - 1)),
        "{stdout}"
    );
}
