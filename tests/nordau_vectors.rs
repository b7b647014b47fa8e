//! Test vectors of the v1 commitment and draw (docs/fairness.md). The file
//! `tests/vectors/nordau-v1.json` is compared exactly; regenerate it only on
//! purpose with `UPDATE_VECTORS=1 cargo test --test nordau_vectors`.
//! `tests/verifier/verify.mjs` recomputes the same file independently in Node.
// Native only: these tests read files, run Node and use proptest.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::draw::{DrawStream, STREAM_COINS, STREAM_SEATING, STREAM_SHIFT_LENGTHS};
use nordau_shift::referee::nordau::commitment::{commitment_preimage, setup_bytes};
use nordau_shift::referee::nordau::verify::{schedule, verify};
use nordau_shift::referee::{BlockSchedule, Colour, Points, ScheduleLine, Setup, ShiftUnit};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/nordau-v1.json");
const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/fairness.md");
const SHIFTS: usize = 30;

fn seed_from_label(label: &str) -> [u8; 32] {
    Sha256::digest(label.as_bytes()).into()
}

fn counting_seed() -> [u8; 32] {
    std::array::from_fn(|i| i as u8)
}

/// Found by search: word 5 of its shift-length stream is >= 2^32 - 96, the
/// rejection zone of uniform(100).
fn rejection_seed() -> [u8; 32] {
    let mut s = [0u8; 32];
    s.copy_from_slice(
        &hex::decode("b4ae08000000000072656a656374000000000000000000000000000000000000").unwrap(),
    );
    s
}

#[test]
fn c_3_vectors_exercise_the_rejection_path() {
    let mut s = DrawStream::new(&rejection_seed(), STREAM_SHIFT_LENGTHS);
    let words: Vec<u32> = (0..7).map(|_| s.next_word()).collect();
    assert!(words[5] >= u32::MAX - 95, "word 5 is in the rejected zone");
    // uniform(100) skips it: the 6th length comes from word 6.
    let setup = setup(
        ["Anna", "Boris", "Chen"],
        ShiftUnit::FullMoves,
        (1, 100),
        &[(15000, 0)],
        500,
        (2, 1, 0, 1),
    );
    let r = schedule(&setup, &rejection_seed(), &[] as &[&str], 6);
    assert_eq!(r.shifts[5].length, 1 + words[6] % 100);
    assert_ne!(r.shifts[5].length, 1 + words[5] % 100);
}

fn setup(
    names: [&str; 3],
    unit: ShiftUnit,
    range: (u32, u32),
    lines: &[(u32, u32)],
    bonus: u32,
    pts: (u32, u32, u32, u32),
) -> Setup {
    Setup {
        names: names.map(str::to_owned),
        unit,
        min_shift: range.0,
        max_shift: range.1,
        schedule: BlockSchedule {
            lines: lines
                .iter()
                .map(|&(block_ms, moves)| ScheduleLine { block_ms, moves })
                .collect(),
        },
        bonus_permille: bonus,
        points: Points {
            win: pts.0,
            observer: pts.1,
            loss: pts.2,
            draw: pts.3,
        },
    }
}

fn cases() -> Vec<(String, Setup, [u8; 32], Vec<String>)> {
    use ShiftUnit::{FullMoves as F, HalfMoves as H};
    let std = Setup::standard(["Anna", "Boris", "Chen"]);
    let w = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut v = vec![
        (
            "doc example: counting seed, default setup".into(),
            std.clone(),
            counting_seed(),
            vec![],
        ),
        ("all-zero seed".into(), std.clone(), [0u8; 32], vec![]),
        ("all-ff seed".into(), std.clone(), [0xff; 32], vec![]),
        (
            "doc example with words".into(),
            std.clone(),
            counting_seed(),
            w(&["  Blue   WHALE ", "7 оранжевых Ёжиков"]),
        ),
        (
            "single word".into(),
            std.clone(),
            seed_from_label("single"),
            w(&["tiger"]),
        ),
        (
            "only blank words (key = seed)".into(),
            std.clone(),
            seed_from_label("blank"),
            w(&["", " \t\n "]),
        ),
        (
            "three words".into(),
            std.clone(),
            seed_from_label("three"),
            w(&["one", "two", "three"]),
        ),
        (
            "half-move unit".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                H,
                (3, 6),
                &[(15000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            seed_from_label("half"),
            vec![],
        ),
        (
            "fixed length 1".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                F,
                (1, 1),
                &[(15000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            seed_from_label("fixed1"),
            vec![],
        ),
        (
            "wide range 1-100".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                F,
                (1, 100),
                &[(15000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            seed_from_label("wide"),
            vec![],
        ),
        (
            "range 2-9 half-moves".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                H,
                (2, 9),
                &[(10000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            seed_from_label("2-9"),
            w(&["x"]),
        ),
        (
            "schedule 15s x40 then 10s".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                F,
                (3, 6),
                &[(15000, 40), (10000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            seed_from_label("sched"),
            vec![],
        ),
        (
            "three-line schedule, no bonus".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                F,
                (3, 6),
                &[(30000, 20), (20000, 20), (10000, 0)],
                0,
                (2, 1, 0, 1),
            ),
            seed_from_label("sched3"),
            vec![],
        ),
        (
            "custom points".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                F,
                (3, 6),
                &[(15000, 0)],
                500,
                (3, 1, 0, 1),
            ),
            seed_from_label("points"),
            vec![],
        ),
        (
            "draw worth zero, bonus 1000".into(),
            setup(
                ["Anna", "Boris", "Chen"],
                F,
                (3, 6),
                &[(15000, 0)],
                1000,
                (2, 1, 0, 0),
            ),
            seed_from_label("bonus"),
            vec![],
        ),
        (
            "unicode names".into(),
            setup(
                ["Маша", "Δημήτρης", "李 雷"],
                F,
                (3, 6),
                &[(15000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            seed_from_label("unicode"),
            vec![],
        ),
        (
            "names with separators".into(),
            setup(
                ["A.B", "C_D", "E-F%"],
                F,
                (3, 6),
                &[(15000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            seed_from_label("separators"),
            w(&["Mixed CASE"]),
        ),
        (
            "same seed, names reordered".into(),
            setup(
                ["Boris", "Anna", "Chen"],
                F,
                (3, 6),
                &[(15000, 0)],
                500,
                (2, 1, 0, 1),
            ),
            counting_seed(),
            vec![],
        ),
    ];
    for i in 0..6 {
        v.push((
            format!("random seed {i}"),
            std.clone(),
            seed_from_label(&format!("random-{i}")),
            vec![],
        ));
    }
    v.push((
        "rejection sampling exercised (range 1-100, 6th word rejected)".into(),
        setup(
            ["Anna", "Boris", "Chen"],
            F,
            (1, 100),
            &[(15000, 0)],
            500,
            (2, 1, 0, 1),
        ),
        rejection_seed(),
        vec![],
    ));
    v.push((
        "random seed with emoji word".into(),
        std.clone(),
        seed_from_label("emoji"),
        w(&["🦄 \u{00a0}nbsp stays"]),
    ));
    v
}

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn generate() -> Value {
    let cases: Vec<Value> = cases()
        .into_iter()
        .map(|(name, setup, seed, words)| {
            let r = schedule(&setup, &seed, &words, SHIFTS);
            // The verifier must accept its own output.
            assert_eq!(
                verify(&r.commitment_hex, &hex::encode(seed), &r.setup_text, &words).unwrap(),
                r
            );
            json!({
                "name": name,
                "seed": hex::encode(seed),
                "setup": r.setup_text,
                "words": words,
                "setup_bytes": hex::encode(setup_bytes(&setup)),
                "commitment": r.commitment_hex,
                "key": r.key_hex,
                "seating": {
                    "people": r.seating.people,
                    "white": r.seating_names[0],
                    "black": r.seating_names[1],
                    "observer": r.seating_names[2],
                },
                "shift_lengths": r.shifts.iter().map(|s| s.length).collect::<Vec<_>>(),
                "coins": r.shifts.iter().map(|s| colour(s.coin)).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "algorithm": "nordau-shift draw v1 (docs/fairness.md)",
        "shifts_per_case": SHIFTS,
        "cases": cases,
    })
}

#[test]
fn c_3_vectors_file_matches_the_implementation() {
    let generated = generate();
    assert!(generated["cases"].as_array().unwrap().len() >= 20);
    if std::env::var("UPDATE_VECTORS").as_deref() == Ok("1") {
        let text = serde_json::to_string_pretty(&generated).unwrap() + "\n";
        std::fs::write(PATH, text).unwrap();
    }
    let text =
        std::fs::read_to_string(PATH).expect("vectors file exists (UPDATE_VECTORS=1 creates it)");
    let stored: Value = serde_json::from_str(&text).unwrap();
    let (g, s) = (
        generated["cases"].as_array().unwrap(),
        stored["cases"].as_array().unwrap(),
    );
    assert_eq!(g.len(), s.len(), "number of cases");
    for (a, b) in g.iter().zip(s) {
        assert_eq!(a, b, "vector '{}' differs", a["name"]);
    }
    assert_eq!(generated, stored);
}

/// The worked example in docs/fairness.md must show the real values.
#[test]
fn c_3_fairness_doc_example_is_correct() {
    let doc = std::fs::read_to_string(DOC).expect("docs/fairness.md");
    let setup = Setup::standard(["Anna", "Boris", "Chen"]);
    let seed = counting_seed();
    let pre = hex::encode(commitment_preimage(&setup, &seed));
    let flat: String = doc.split_whitespace().collect::<Vec<_>>().join("");
    assert!(
        flat.contains(&pre),
        "preimage hex {pre} missing from the doc"
    );
    let r = schedule(&setup, &seed, &[] as &[&str], 6);
    assert!(doc.contains(&r.commitment_hex), "commitment missing");
    let first_words = |stream| {
        let mut s = DrawStream::new(&seed, stream);
        (0..4)
            .map(|_| format!("{:08x}", s.next_word()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for stream in [STREAM_SEATING, STREAM_SHIFT_LENGTHS, STREAM_COINS] {
        let words = first_words(stream);
        assert!(
            doc.contains(&words),
            "stream {stream} words '{words}' missing"
        );
    }
    let lengths: Vec<String> = r.shifts.iter().map(|s| s.length.to_string()).collect();
    assert!(
        doc.contains(&lengths.join(", ")),
        "lengths {lengths:?} missing"
    );
    let worded = schedule(&setup, &seed, &["  Blue   WHALE ", "7 оранжевых Ёжиков"], 1);
    assert!(doc.contains(&worded.key_hex), "worded key missing");
}

#[test]
fn c_3_stream_layout_matches_a_from_scratch_chacha20() {
    // Checks the stream layout against a from-scratch ChaCha20 block function
    // (counter 0, stream id in words 14-15) over several blocks; prints the
    // values of the worked example with --nocapture.
    let seed = counting_seed();
    let mut s = DrawStream::new(&seed, STREAM_SEATING);
    let words: Vec<u32> = (0..16).map(|_| s.next_word()).collect();
    assert_eq!(words, chacha20_block(&seed, 0, STREAM_SEATING));
    let mut s = DrawStream::new(&[0xa5; 32], 0x0123_4567_89ab_cdef);
    for block in 0..5 {
        let words: Vec<u32> = (0..16).map(|_| s.next_word()).collect();
        assert_eq!(
            words,
            chacha20_block(&[0xa5; 32], block, 0x0123_4567_89ab_cdef)
        );
    }
    for stream in [STREAM_SEATING, STREAM_SHIFT_LENGTHS, STREAM_COINS] {
        let mut s = DrawStream::new(&seed, stream);
        let w: Vec<String> = (0..8).map(|_| format!("{:08x}", s.next_word())).collect();
        println!("stream {stream}: {}", w.join(" "));
    }
    let setup = Setup::standard(["Anna", "Boris", "Chen"]);
    println!(
        "preimage {}",
        hex::encode(commitment_preimage(&setup, &seed))
    );
    let r = schedule(&setup, &seed, &[] as &[&str], 6);
    println!("{r:#?}");
    let r = schedule(&setup, &seed, &["  Blue   WHALE ", "7 оранжевых Ёжиков"], 6);
    println!("{r:#?}");
}

/// A from-scratch ChaCha20 block (RFC 8439 quarter rounds) with a 64-bit
/// counter in words 12–13 and the stream id in words 14–15.
fn chacha20_block(key: &[u8; 32], counter: u64, stream: u64) -> Vec<u32> {
    let mut st = [0u32; 16];
    st[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
    for i in 0..8 {
        st[4 + i] = u32::from_le_bytes(key[4 * i..4 * i + 4].try_into().unwrap());
    }
    st[12] = counter as u32;
    st[13] = (counter >> 32) as u32;
    st[14] = stream as u32;
    st[15] = (stream >> 32) as u32;
    let mut x = st;
    fn qr(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(16);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(12);
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(8);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(7);
    }
    for _ in 0..10 {
        qr(&mut x, 0, 4, 8, 12);
        qr(&mut x, 1, 5, 9, 13);
        qr(&mut x, 2, 6, 10, 14);
        qr(&mut x, 3, 7, 11, 15);
        qr(&mut x, 0, 5, 10, 15);
        qr(&mut x, 1, 6, 11, 12);
        qr(&mut x, 2, 7, 8, 13);
        qr(&mut x, 3, 4, 9, 14);
    }
    x.iter().zip(st).map(|(a, b)| a.wrapping_add(b)).collect()
}

fn run_node(vectors: &std::path::Path) -> Option<std::process::Output> {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/verifier/verify.mjs");
    match std::process::Command::new("node")
        .arg(script)
        .arg(vectors)
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

/// The independent Node verifier reproduces every vector, and notices tampering.
#[test]
fn c_3_node_verifier_agrees_with_every_vector() {
    let Some(out) = run_node(std::path::Path::new(PATH)) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let n = generate()["cases"].as_array().unwrap().len();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("verifier: {n} passed, 0 failed")),
        "{stdout}"
    );

    let mut tampered: Value =
        serde_json::from_str(&std::fs::read_to_string(PATH).unwrap()).unwrap();
    tampered["cases"][1]["coins"][29] = json!(if tampered["cases"][1]["coins"][29] == "white" {
        "black"
    } else {
        "white"
    });
    let path = std::env::temp_dir().join(format!("nordau-tampered-{}.json", std::process::id()));
    std::fs::write(&path, tampered.to_string()).unwrap();
    let out = run_node(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        stdout.contains(&format!("verifier: {} passed, 1 failed", n - 1)),
        "{stdout}"
    );
}
