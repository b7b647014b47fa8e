//! Test vectors of the v1 commitment and draw (docs/fairness.md). The file
//! `tests/vectors/nordau-v1.json` is compared exactly; regenerate it only on
//! purpose with `UPDATE_VECTORS=1 cargo test --test nordau_vectors`.
//! `tests/verifier/verify.mjs` recomputes the same file independently in Node.
// Native only: these tests read files, run Node and use proptest.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::draw::{DrawStream, STREAM_COINS, STREAM_SEATING, STREAM_SHIFT_LENGTHS};
use nordau_shift::referee::nordau::commitment::{commitment_preimage, setup_bytes};
use nordau_shift::referee::nordau::verify::{schedule, verify};
use nordau_shift::referee::{
    BlockSchedule, Colour, Points, ScheduleLine, Setup, ShiftUnit, VerifyError,
};
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
    matches_stored(PATH, &generated);
}

/// `generated` equals the committed file at `path` case by case (or, with
/// UPDATE_VECTORS=1, replaces it: on purpose only).
fn matches_stored(path: &str, generated: &Value) {
    if std::env::var("UPDATE_VECTORS").as_deref() == Ok("1") {
        let text = serde_json::to_string_pretty(generated).unwrap() + "\n";
        std::fs::write(path, text).unwrap();
    }
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("{path} exists (UPDATE_VECTORS=1 creates it)"));
    let stored: Value = serde_json::from_str(&text).unwrap();
    let (g, s) = (
        generated["cases"].as_array().unwrap(),
        stored["cases"].as_array().unwrap(),
    );
    assert_eq!(g.len(), s.len(), "number of cases in {path}");
    for (a, b) in g.iter().zip(s) {
        assert_eq!(a, b, "case '{}' of {path} differs", a["name"]);
    }
    assert_eq!(generated, &stored);
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

// ---- Refused inputs (docs/fairness.md §1.2, §1.3, §6, §9) -------------------

const REFUSALS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/vectors/nordau-v1-refusals.json"
);
const DEFAULT_TEXT: &str = "ns1.f.3-6.15000.500.2-1-0-1.Anna_Boris_Chen";

/// The kind of a refusal, as named in docs/fairness.md §9.
fn kind(e: &VerifyError) -> String {
    use nordau_shift::referee::commitment::HexError as H;
    use nordau_shift::referee::nordau::{NameProblem as N, NonCanonical as C};
    use nordau_shift::referee::{SetupError as S, SetupTextError as T};
    let hex = |e: &H| match e {
        H::NotHex { .. } => "not_hex",
        H::UpperCase { .. } => "hex_case",
        H::WrongLength { .. } => "hex_length",
    };
    let setup = |e: &T| match e {
        T::TooLong { .. } => "too_long",
        T::BadCharacter { .. } => "character",
        T::FieldCount { .. } => "field_count",
        T::UnknownVersion(_) => "version",
        T::Own(_) => "unit",
        T::BadField { .. } => "malformed",
        T::NonCanonical { problem, .. } => match problem {
            C::LeadingZero => "leading_zero",
            C::ZeroMoveCount => "move_count",
            C::LowerCaseEscape => "escape_case",
            C::NeedlessEscape => "needless_escape",
            C::Unescaped => "unescaped",
        },
        T::NotUtf8 { .. } => "utf8",
        T::Invalid(S::BadName { problem, .. }) => match problem {
            N::Empty => "name_empty",
            N::TooLong { .. } => "name_too_long",
            N::Character(_) => "name_character",
            N::EdgeSpace => "name_space",
            N::DoubleSpace => "name_double_space",
            N::LeadingMark(_) => "name_mark",
        },
        T::Invalid(S::DuplicateName { .. }) => "duplicate",
        T::Invalid(S::BadShiftRange { .. }) => "range",
        T::Invalid(S::BadSchedule) => "schedule",
        T::Invalid(S::BadPoints) => "points",
        T::Invalid(S::BadBonus) => "bonus",
        T::Invalid(S::BadWords) => "words",
    };
    match e {
        VerifyError::Commitment(e) => format!("commitment:{}", hex(e)),
        VerifyError::Seed(e) => format!("seed:{}", hex(e)),
        VerifyError::Setup(e) => format!("setup:{}", setup(e)),
        VerifyError::Words => "words:limit".into(),
        VerifyError::Mismatch { .. } => "mismatch".into(),
    }
}

struct Refusal {
    name: String,
    rule: &'static str,
    commitment: Option<String>,
    seed: String,
    setup: String,
    words: Vec<String>,
    /// The intended outcome; the generator checks the referee agrees.
    error: Option<&'static str>,
}

/// The default text with its names field replaced (percent-encoded).
fn with_names(names: &str) -> String {
    format!("ns1.f.3-6.15000.500.2-1-0-1.{names}")
}

/// The default text with one field replaced.
fn with_field(index: usize, value: &str) -> String {
    let mut f: Vec<&str> = DEFAULT_TEXT.split('.').collect();
    f[index] = value;
    f.join(".")
}

fn refusal_cases() -> Vec<Refusal> {
    let seed = hex::encode(counting_seed());
    let c = "aa286047c8b918277e1b9aa33ad60a4a3ebcb9a9811a013dce56937ba2bf069d".to_owned();
    let case =
        |name: &str, rule: &'static str, setup: String, error: Option<&'static str>| Refusal {
            name: name.to_owned(),
            rule,
            commitment: None,
            seed: hex::encode(counting_seed()),
            setup,
            words: vec![],
            error,
        };
    let mut v = vec![];
    // §1.3 hex: seed and commitment.
    for (name, text, error) in [
        ("space before", format!(" {c}"), "not_hex"),
        ("newline after", format!("{c}\n"), "not_hex"),
        ("grouped by four", c.replace("aa28", "aa28 "), "not_hex"),
        ("upper case", c.to_uppercase(), "hex_case"),
        ("62 digits", c[..62].to_owned(), "hex_length"),
        ("66 digits", format!("{c}00"), "hex_length"),
    ] {
        let mut r = case(
            &format!("commitment: {name}"),
            "§1.3 hex",
            DEFAULT_TEXT.into(),
            None,
        );
        r.commitment = Some(text.clone());
        r.error = Some(match error {
            "not_hex" => "commitment:not_hex",
            "hex_case" => "commitment:hex_case",
            _ => "commitment:hex_length",
        });
        v.push(r);
        let mut r = case(
            &format!("seed: {name}"),
            "§1.3 hex",
            DEFAULT_TEXT.into(),
            None,
        );
        r.seed = match name {
            "grouped by four" => seed.replacen("0001", "0001 ", 1),
            "upper case" => "0A".repeat(32),
            "62 digits" => seed[..62].to_owned(),
            _ => text.replace(&c, &seed),
        };
        r.error = Some(match error {
            "not_hex" => "seed:not_hex",
            "hex_case" => "seed:hex_case",
            _ => "seed:hex_length",
        });
        v.push(r);
    }
    // §1.3 setup text: one text per setup.
    let long_name = |bytes: usize| "a".repeat(bytes);
    let at_limit = {
        let pad = 1024 - DEFAULT_TEXT.len();
        format!("{DEFAULT_TEXT}{}", "n".repeat(pad))
    };
    let setups: Vec<(&str, &'static str, String, &'static str)> = vec![
        (
            "space before",
            "§1.3 no whitespace",
            format!(" {DEFAULT_TEXT}"),
            "setup:character",
        ),
        (
            "newline after",
            "§1.3 no whitespace",
            format!("{DEFAULT_TEXT}\n"),
            "setup:character",
        ),
        (
            "raw non-ASCII name",
            "§1.3 alphabet",
            with_names("Anna_Boris_Ёжик"),
            "setup:character",
        ),
        (
            "plus sign",
            "§1.3 alphabet",
            with_field(4, "+500"),
            "setup:character",
        ),
        (
            "1025 bytes",
            "§1.3 at most 1024 bytes",
            format!("{at_limit}n"),
            "setup:too_long",
        ),
        (
            "1024 bytes is read (and refused for its name)",
            "§1.3 at most 1024 bytes",
            at_limit.clone(),
            "setup:name_too_long",
        ),
        (
            "upper-case version",
            "§1.1 ns1",
            DEFAULT_TEXT.replacen("ns1", "NS1", 1),
            "setup:version",
        ),
        (
            "version ns2",
            "§8 versions",
            DEFAULT_TEXT.replacen("ns1", "ns2", 1),
            "setup:version",
        ),
        (
            "upper-case unit",
            "§1.1 unit",
            with_field(1, "F"),
            "setup:unit",
        ),
        (
            "six fields",
            "§1.1 fields",
            "ns1.f.3-6.15000.500.2-1-0-1".into(),
            "setup:field_count",
        ),
        (
            "trailing dot",
            "§1.1 fields",
            format!("{DEFAULT_TEXT}."),
            "setup:field_count",
        ),
        (
            "leading zero in range",
            "§1.3 no leading zeros",
            with_field(2, "03-6"),
            "setup:leading_zero",
        ),
        (
            "leading zero in block",
            "§1.3 no leading zeros",
            with_field(3, "015000"),
            "setup:leading_zero",
        ),
        (
            "leading zero in moves",
            "§1.3 no leading zeros",
            with_field(3, "15000x040-10000"),
            "setup:leading_zero",
        ),
        (
            "leading zero in bonus",
            "§1.3 no leading zeros",
            with_field(4, "0500"),
            "setup:leading_zero",
        ),
        (
            "leading zero in points",
            "§1.3 no leading zeros",
            with_field(5, "2-1-00-1"),
            "setup:leading_zero",
        ),
        (
            "last line 15000x0",
            "§1.3 x<moves> only with moves >= 1",
            with_field(3, "15000x0"),
            "setup:move_count",
        ),
        (
            "x0 on a first line",
            "§1.3 x<moves> only with moves >= 1",
            with_field(3, "15000x0-10000"),
            "setup:move_count",
        ),
        (
            "last line with a move count",
            "§1.1 last line open-ended",
            with_field(3, "15000x40"),
            "setup:schedule",
        ),
        (
            "first line without a move count",
            "§1 non-last lines 1..=10000 moves",
            with_field(3, "15000-10000"),
            "setup:schedule",
        ),
        (
            "moves 10001",
            "§1 non-last lines 1..=10000 moves",
            with_field(3, "15000x10001-10000"),
            "setup:schedule",
        ),
        (
            "block 0",
            "§1 blocks 1..=86400000",
            with_field(3, "0"),
            "setup:schedule",
        ),
        (
            "block 86400001",
            "§1 blocks 1..=86400000",
            with_field(3, "86400001"),
            "setup:schedule",
        ),
        (
            "17 schedule lines",
            "§1 1..=16 lines",
            with_field(3, &format!("{}1000", "1000x1-".repeat(16))),
            "setup:schedule",
        ),
        (
            "empty move count",
            "§1.1 schedule",
            with_field(3, "15000x-10000"),
            "setup:malformed",
        ),
        (
            "two x",
            "§1.1 schedule",
            with_field(3, "15000x40x2-10000"),
            "setup:malformed",
        ),
        (
            "empty line",
            "§1.1 schedule",
            with_field(3, "15000x40--10000"),
            "setup:malformed",
        ),
        (
            "number above 2^32-1",
            "§1.1 numbers",
            with_field(4, "4294967296"),
            "setup:malformed",
        ),
        (
            "2^32-1 is a number (bonus too big)",
            "§1 bonus <= 10000",
            with_field(4, "4294967295"),
            "setup:bonus",
        ),
        (
            "bonus 10001",
            "§1 bonus <= 10000",
            with_field(4, "10001"),
            "setup:bonus",
        ),
        (
            "three numbers in range",
            "§1.1 fields",
            with_field(2, "3-6-9"),
            "setup:malformed",
        ),
        (
            "three points",
            "§1.1 fields",
            with_field(5, "2-1-0"),
            "setup:malformed",
        ),
        (
            "two names",
            "§1.1 fields",
            with_names("Anna_Boris"),
            "setup:malformed",
        ),
        (
            "four names",
            "§1.1 fields",
            with_names("Anna_Boris_Chen_Dan"),
            "setup:malformed",
        ),
        (
            "range 0-6",
            "§1 1 <= min",
            with_field(2, "0-6"),
            "setup:range",
        ),
        (
            "range 6-3",
            "§1 min <= max",
            with_field(2, "6-3"),
            "setup:range",
        ),
        (
            "range 3-101",
            "§1 max <= 100",
            with_field(2, "3-101"),
            "setup:range",
        ),
        (
            "observer = win",
            "§1 loss < observer < win",
            with_field(5, "1-1-0-1"),
            "setup:points",
        ),
        (
            "draw 1001",
            "§1 draw <= 1000",
            with_field(5, "2-1-0-1001"),
            "setup:points",
        ),
        (
            "%41 for A",
            "§1.3 %XX only outside [A-Za-z0-9]",
            with_names("%41nna_Boris_Chen"),
            "setup:needless_escape",
        ),
        (
            "%30 for 0",
            "§1.3 %XX only outside [A-Za-z0-9]",
            with_names("Anna_Boris_Chen%30"),
            "setup:needless_escape",
        ),
        (
            "lower-case escape",
            "§1.3 upper-case hex in %XX",
            with_names("Anna_Boris%20%c3%98_Chen"),
            "setup:escape_case",
        ),
        (
            "mixed-case escape",
            "§1.3 upper-case hex in %XX",
            with_names("Anna_Boris%20%C3%9f_Chen"),
            "setup:escape_case",
        ),
        (
            "escape cut short",
            "§1.1 %XX",
            with_names("Anna_Boris_Chen%2"),
            "setup:malformed",
        ),
        (
            "escape not hex",
            "§1.1 %XX",
            with_names("Anna_Boris_Chen%ZZ"),
            "setup:malformed",
        ),
        (
            "raw hyphen in a name",
            "§1.3 bytes outside [A-Za-z0-9] as %XX",
            with_names("Anna-Lee_Boris_Chen"),
            "setup:unescaped",
        ),
        (
            "cut UTF-8",
            "§1.3 names are UTF-8",
            with_names("Anna_Boris_Chen%C3"),
            "setup:utf8",
        ),
        (
            "overlong UTF-8",
            "§1.3 names are UTF-8",
            with_names("Anna_Boris_Chen%C0%AE"),
            "setup:utf8",
        ),
        (
            "UTF-8 of a surrogate",
            "§1.3 names are UTF-8",
            with_names("Anna_Boris_Chen%ED%A0%80"),
            "setup:utf8",
        ),
        (
            "BOM before a name is kept and refused",
            "§1.3 decoders keep U+FEFF",
            with_names("%EF%BB%BFAnna_Boris_Chen"),
            "setup:name_character",
        ),
        // §1.2 names.
        (
            "empty name",
            "§1.2 rule 1",
            with_names("Anna__Chen"),
            "setup:name_empty",
        ),
        (
            "65-byte name",
            "§1.2 rule 1, 64 bytes",
            with_names(&format!("Anna_Boris_{}", long_name(65))),
            "setup:name_too_long",
        ),
        (
            "33 Cyrillic letters (66 bytes)",
            "§1.2 rule 1, 64 bytes",
            with_names(&format!("Anna_Boris_{}", "%D0%96".repeat(33))),
            "setup:name_too_long",
        ),
        (
            "leading space",
            "§1.2 rule 3",
            with_names("%20Anna_Boris_Chen"),
            "setup:name_space",
        ),
        (
            "trailing space",
            "§1.2 rule 3",
            with_names("Anna_Boris%20_Chen"),
            "setup:name_space",
        ),
        (
            "two spaces",
            "§1.2 rule 3",
            with_names("Anna%20%20Lee_Boris_Chen"),
            "setup:name_double_space",
        ),
        (
            "leading combining acute",
            "§1.2 rule 4",
            with_names("Anna_%CC%81Boris_Chen"),
            "setup:name_mark",
        ),
        (
            "leading combining Cyrillic titlo",
            "§1.2 rule 4",
            with_names("Anna_Boris_%D2%83Chen"),
            "setup:name_mark",
        ),
        (
            "exact duplicate",
            "§1.2 duplicates",
            with_names("Anna_Anna_Chen"),
            "setup:duplicate",
        ),
        (
            "duplicate by case",
            "§1.2 duplicates",
            with_names("Anna_ANNA_Chen"),
            "setup:duplicate",
        ),
        (
            "duplicate by Cyrillic case",
            "§1.2 duplicates",
            with_names("%D0%81%D0%B6_%D1%91%D0%B6_Chen"),
            "setup:duplicate",
        ),
        (
            "duplicate Stra%C3%9Fe / STRASSE",
            "§1.2 duplicates",
            with_names("Stra%C3%9Fe_STRASSE_Chen"),
            "setup:duplicate",
        ),
        (
            "duplicate by final sigma",
            "§1.2 duplicates",
            with_names("%CE%9D%CE%8A%CE%9A%CE%9F%CE%A3_%CE%9D%CE%AF%CE%BA%CE%BF%CF%82_Chen"),
            "setup:duplicate",
        ),
        (
            "names differing only by U+200B",
            "§1.2 rule 2 before duplicates",
            with_names("Anna_Ann%E2%80%8Ba_Chen"),
            "setup:name_character",
        ),
    ];
    for (name, rule, setup, error) in setups {
        v.push(case(name, rule, setup, Some(error)));
    }
    // §1.2 rule 2: each kind of refused code point, inside a name.
    for (label, cp) in [
        ("U+0000 NUL", 0x0000),
        ("U+0009 tab", 0x0009),
        ("U+007F delete", 0x007F),
        ("U+0085 next line", 0x0085),
        ("U+00A0 no-break space", 0x00A0),
        ("U+00AD soft hyphen", 0x00AD),
        ("U+034F combining grapheme joiner", 0x034F),
        ("U+061C Arabic letter mark", 0x061C),
        ("U+115F Hangul filler", 0x115F),
        ("U+180E Mongolian vowel separator", 0x180E),
        ("U+2003 em space", 0x2003),
        ("U+200B zero-width space", 0x200B),
        ("U+200C zero-width non-joiner", 0x200C),
        ("U+200D zero-width joiner", 0x200D),
        ("U+200E left-to-right mark", 0x200E),
        ("U+2028 line separator", 0x2028),
        ("U+2029 paragraph separator", 0x2029),
        ("U+202E right-to-left override", 0x202E),
        ("U+202F narrow no-break space", 0x202F),
        ("U+2060 word joiner", 0x2060),
        ("U+2066 left-to-right isolate", 0x2066),
        ("U+2800 braille blank", 0x2800),
        ("U+3000 ideographic space", 0x3000),
        ("U+3164 Hangul filler", 0x3164),
        ("U+E000 private use", 0xE000),
        ("U+FDD0 noncharacter", 0xFDD0),
        ("U+FE0F variation selector 16", 0xFE0F),
        ("U+FEFF byte order mark", 0xFEFF),
        ("U+FFA0 halfwidth Hangul filler", 0xFFA0),
        ("U+FFFD replacement character", 0xFFFD),
        ("U+1D173 musical symbol begin beam", 0x1D173),
        ("U+1FFFE noncharacter", 0x1FFFE),
        ("U+E0041 tag A", 0xE0041),
        ("U+E0100 variation selector 17", 0xE0100),
        ("U+F0000 private use", 0xF0000),
    ] {
        let ch = char::from_u32(cp).unwrap();
        let name = format!("An{ch}na");
        let setup = Setup::standard([name.as_str(), "Boris", "Chen"]);
        // to_text writes any name; the reader refuses it.
        let text = setup.to_text();
        v.push(case(
            &format!("name with {label}"),
            "§1.2 rule 2",
            text,
            Some("setup:name_character"),
        ));
    }
    // Words: refused, never cut (§1.3).
    let mut r = case(
        "17 word entries",
        "§1.3 at most 16 entries",
        DEFAULT_TEXT.into(),
        Some("words:limit"),
    );
    r.words = (1..=17).map(|i| i.to_string()).collect();
    v.push(r);
    let mut r = case(
        "a 257-byte entry",
        "§1.3 at most 256 bytes",
        DEFAULT_TEXT.into(),
        Some("words:limit"),
    );
    r.words = vec!["w".repeat(257)];
    v.push(r);
    let mut r = case(
        "16 entries of 256 bytes",
        "§1.3 limits, at the limit",
        DEFAULT_TEXT.into(),
        None,
    );
    r.words = (0..16).map(|i| format!("{i:x}").repeat(256)).collect();
    v.push(r);
    let mut r = case(
        "another setup than the one committed",
        "§6 step 2",
        with_field(2, "3-7"),
        Some("mismatch"),
    );
    r.commitment = Some(c.clone());
    v.push(r);
    // Accepted at the edges: these verify and round-trip.
    let longest = {
        let lines = format!("{}86400000", "86400000x10000-".repeat(15));
        format!(
            "ns1.h.100-100.{lines}.10000.1000-999-998-1000.{}_{}_{}",
            "%7E".repeat(64),
            "%21".repeat(64),
            "%23".repeat(64)
        )
    };
    assert_eq!(longest.len(), 850, "the longest text named in §1.3");
    for (name, rule, setup) in [
        ("the default setup", "§1.1", DEFAULT_TEXT.to_owned()),
        (
            "the longest text (850 bytes)",
            "§1.3 at most 1024 bytes",
            longest,
        ),
        (
            "a 64-byte name",
            "§1.2 rule 1, 64 bytes",
            with_names(&format!("Anna_Boris_{}", long_name(64))),
        ),
        (
            "32 Cyrillic letters (64 bytes)",
            "§1.2 rule 1, 64 bytes",
            with_names(&format!("Anna_Boris_{}", "%D0%96".repeat(32))),
        ),
        (
            "inner single spaces",
            "§1.2 rule 3",
            with_names("Anna%20Lee_Boris%20de%20Wit_Chen"),
        ),
        (
            "combining mark after a letter",
            "§1.2 rule 4",
            with_names("Zoe%CC%81_Boris_Chen"),
        ),
        (
            "emoji without a joiner",
            "§1.2 rule 2",
            with_names("%D0%81%D0%B6%D0%B8%D0%BA%20%F0%9F%A6%94_Boris_Chen"),
        ),
        (
            "look-alikes across scripts are different names",
            "§1.2 not refused",
            with_names("Anna_%D0%90nna_Chen"),
        ),
        (
            "composed and decomposed are different names",
            "§1.2 not refused",
            with_names("%D0%81_%D0%95%CC%88_Chen"),
        ),
        (
            "Turkish dotted capital I",
            "§1.2 duplicates",
            with_names("%C4%B0pek_ipek_Chen"),
        ),
        (
            "schedule 15000x40-12000x10-10000",
            "§1 moves are a count",
            with_field(3, "15000x40-12000x10-10000"),
        ),
        (
            "zeros where allowed",
            "§1.3 the number 0",
            with_field(5, "2-1-0-0"),
        ),
    ] {
        v.push(case(name, rule, setup, None));
    }
    v
}

fn generate_refusals() -> Value {
    let cases: Vec<Value> = refusal_cases()
        .into_iter()
        .map(|r| {
            let commitment = r.commitment.clone().unwrap_or_else(|| {
                // A matching commitment, so only the intended fault can refuse.
                Setup::from_text(&r.setup)
                    .map(|s| {
                        let seed = nordau_shift::referee::parse_hex32(&r.seed)
                            .unwrap_or_else(|_| counting_seed());
                        hex::encode(nordau_shift::referee::commitment(&s, &seed))
                    })
                    .unwrap_or_else(|_| {
                        hex::encode(nordau_shift::referee::commitment(
                            &Setup::standard(["Anna", "Boris", "Chen"]),
                            &counting_seed(),
                        ))
                    })
            });
            let outcome = verify(&commitment, &r.seed, &r.setup, &r.words);
            let got = outcome.as_ref().err().map(kind);
            assert_eq!(
                got.as_deref(),
                r.error,
                "case '{}': {:?}",
                r.name,
                outcome.as_ref().err().map(|e| e.to_string())
            );
            if let Ok(report) = &outcome {
                assert_eq!(report.setup_text, r.setup, "'{}' round-trips", r.name);
            }
            json!({
                "name": r.name,
                "rule": r.rule,
                "commitment": commitment,
                "seed": r.seed,
                "setup": r.setup,
                "words": r.words,
                "error": r.error,
            })
        })
        .collect();
    json!({
        "algorithm": "nordau-shift inputs v1: refusals (docs/fairness.md §1.2, §1.3, §6)",
        "cases": cases,
    })
}

#[test]
fn ns_11_refusal_vectors_file_matches_the_implementation() {
    let generated = generate_refusals();
    matches_stored(REFUSALS, &generated);
}

/// The Node verifier, from the spec alone, refuses the same inputs with the
/// same kinds and accepts the boundary cases; a changed expectation fails.
#[test]
fn ns_11_node_verifier_refuses_the_same_inputs() {
    let Some(out) = run_node(std::path::Path::new(REFUSALS)) else {
        return;
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let n = generate_refusals()["cases"].as_array().unwrap().len();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains(&format!("refusals: {n} passed, 0 failed")),
        "{stdout}"
    );
    let mut tampered: Value =
        serde_json::from_str(&std::fs::read_to_string(REFUSALS).unwrap()).unwrap();
    let cases = tampered["cases"].as_array_mut().unwrap();
    let refused = cases
        .iter()
        .position(|c| c["error"] == "setup:escape_case")
        .unwrap();
    cases[refused]["error"] = json!("setup:malformed");
    let accepted = cases.iter().position(|c| c["error"].is_null()).unwrap();
    cases[accepted]["error"] = json!("setup:duplicate");
    let path = std::env::temp_dir().join(format!("nordau-refusals-{}.json", std::process::id()));
    std::fs::write(&path, tampered.to_string()).unwrap();
    let out = run_node(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(!out.status.success());
    assert!(
        stdout.contains(&format!("refusals: {} passed, 2 failed", n - 2)),
        "{stdout}"
    );
}
