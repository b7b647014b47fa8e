//! CE-5's record links (referee::share): a record goes out and comes back
//! the same, whole or in a numbered sequence read in any order; whatever a
//! link holds (cut, mangled, hostile, a piece of another record, a deflate
//! bomb) is refused with its reason and never panics.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::share::{
    MAX_PIECES, MAX_RECORD_BYTES, Payload, Sequence, ShareError, deflate_stored, encode_deflated,
    inflates_to, read,
};
use proptest::prelude::*;

/// A record's payloads as a deflater other than the browser's makes them
/// (miniz_oxide at its best level).
fn encode(kind: &str, text: &str, max_chars: usize) -> Option<Vec<String>> {
    encode_deflated(
        kind,
        &miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 9),
        max_chars,
    )
}

fn pgn() -> String {
    std::fs::read_to_string("tests/fixtures/crazyhouse/random-2.pgn").unwrap()
}

/// Reads every payload back, the pieces in the given order.
fn back(payloads: &[String], order: &[usize]) -> Result<(String, String), ShareError> {
    let mut seq = Sequence::default();
    for i in order {
        match read(&payloads[*i])? {
            Payload::Whole { kind, text } => return Ok((kind, text)),
            Payload::Piece(p) => {
                if let Some(text) = seq.add(p)? {
                    return Ok((seq.kind().unwrap().to_owned(), text));
                }
            }
        }
    }
    Err(ShareError::Malformed)
}

#[test]
fn ce_5_a_game_goes_out_in_one_code_and_comes_back_the_same() {
    let text = pgn();
    let out = encode("crazyhouse", &text, 2_000).unwrap();
    assert_eq!(out.len(), 1, "a 4 kB PGN deflates into one code");
    assert!(
        out[0].len() < text.len() / 2,
        "deflated: {} of {} chars",
        out[0].len(),
        text.len()
    );
    assert_eq!(back(&out, &[0]).unwrap(), ("crazyhouse".to_owned(), text));
}

#[test]
fn ce_5_a_long_record_is_a_short_numbered_sequence_read_in_any_order() {
    let text = pgn().repeat(6);
    let out = encode("tonight", &text, 300).unwrap();
    assert!(
        out.len() > 1 && out.len() <= MAX_PIECES,
        "{} pieces",
        out.len()
    );
    assert!(out.iter().all(|p| p.len() <= 300));
    let reversed: Vec<usize> = (0..out.len()).rev().collect();
    assert_eq!(back(&out, &reversed).unwrap().1, text);
    // A code scanned twice is fine; the sequence says what is missing.
    let mut seq = Sequence::default();
    let Payload::Piece(first) = read(&out[0]).unwrap() else {
        panic!()
    };
    assert_eq!(seq.add(first.clone()), Ok(None));
    assert_eq!(seq.add(first), Ok(None));
    assert_eq!(seq.missing(), (2..=out.len()).collect::<Vec<_>>());
}

#[test]
fn ce_5_too_long_for_codes_means_the_file() {
    // Incompressible text: more than MAX_PIECES codes.
    let mut x: u32 = 1;
    let noise: String = (0..40_000)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            char::from(b'!' + (x >> 24) as u8 % 90)
        })
        .collect();
    assert_eq!(encode("tonight", &noise, 1_000), None);
}

#[test]
fn ce_5_a_damaged_or_foreign_link_is_refused_with_its_reason() {
    let out = encode("undo", &pgn().repeat(4), 400).unwrap();
    assert!(out.len() >= 3);
    let other = encode("undo", &pgn().repeat(5), 400).unwrap();
    // A piece of another record.
    let mut seq = Sequence::default();
    let Payload::Piece(a) = read(&out[0]).unwrap() else {
        panic!()
    };
    let Payload::Piece(b) = read(&other[1]).unwrap() else {
        panic!()
    };
    seq.add(a).unwrap();
    assert_eq!(seq.add(b), Err(ShareError::OtherRecord));
    // One character changed in a piece: the whole fails its checksum.
    let mut bad = out.clone();
    let last = bad[1].pop().unwrap();
    bad[1].push(if last == 'A' { 'B' } else { 'A' });
    assert_eq!(
        back(&bad, &(0..bad.len()).collect::<Vec<_>>()),
        Err(ShareError::Damaged)
    );
    for (text, err) in [
        ("", ShareError::Malformed),
        ("hello", ShareError::Malformed),
        ("s2.nordau.AAAA", ShareError::Newer("s2".into())),
        ("s1.chess.AAAA", ShareError::UnknownKind("chess".into())),
        ("s1.nordau.<script>", ShareError::Damaged),
        ("s1.nordau.AAAA", ShareError::Damaged),
        ("s1.nordau.0-3-01234567.AAAA", ShareError::Malformed),
        ("s1.nordau.4-3-01234567.AAAA", ShareError::Malformed),
        ("s1.nordau.1-99-01234567.AAAA", ShareError::Malformed),
        ("s1.nordau.1-3-XYZ.AAAA", ShareError::Malformed),
    ] {
        assert_eq!(read(text), Err(err), "{text:?}");
    }
}

#[test]
fn ce_5_a_deflate_bomb_is_refused_not_inflated() {
    // 8 MB of one letter deflates to a few kB; the link must not blow up.
    let bomb = "a".repeat(16 * MAX_RECORD_BYTES);
    let out = encode("tonight", &bomb, 100_000).unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(read(&out[0]), Err(ShareError::TooLarge));
}

/// The app has the browser deflate a record (CompressionStream, zlib in
/// Chromium): a stranger's deflater, here Node's zlib, makes links that read
/// back the same.
#[test]
fn ce_5_a_record_deflated_by_zlib_comes_back_the_same() {
    let text = pgn();
    let js = "process.stdout.write(require('zlib').deflateRawSync(require('fs').readFileSync(0)))";
    let mut child = std::process::Command::new("node")
        .args(["-e", js])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("node (the e2e tests need it too)");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let deflated = child.wait_with_output().unwrap().stdout;
    assert!(inflates_to(&deflated, &text));
    assert!(!inflates_to(&deflated, &text[1..]), "another text");
    let out = encode_deflated("crazyhouse", &deflated, 10_000).unwrap();
    assert_eq!(
        back(&out, &[0]).unwrap(),
        ("crazyhouse".to_owned(), text.clone())
    );
    let out = encode_deflated("crazyhouse", &deflated, 300).unwrap();
    let order: Vec<usize> = (0..out.len()).rev().collect();
    assert_eq!(back(&out, &order).unwrap().1, text);
}

/// Where the browser cannot deflate, the record travels in stored blocks:
/// longer codes, the same record.
#[test]
fn ce_5_a_record_the_browser_could_not_deflate_travels_stored() {
    for len in [0, 1, 65_535, 65_536, 140_000] {
        let text: String = "Nf3 e5 ".chars().cycle().take(len).collect();
        let stored = deflate_stored(text.as_bytes());
        assert!(stored.len() >= len, "stored, not compressed");
        assert!(inflates_to(&stored, &text), "{len} bytes");
        let out = encode_deflated("tonight", &stored, usize::MAX).unwrap();
        assert_eq!(back(&out, &[0]).unwrap().1, text, "{len} bytes");
    }
    assert!(!inflates_to(b"not deflate", ""), "garbage is not a record");
}

proptest! {
    #[test]
    fn any_record_stored_comes_back_the_same(text in "\\PC{0,3000}") {
        prop_assert!(inflates_to(&deflate_stored(text.as_bytes()), &text));
    }

    #[test]
    fn any_record_comes_back_the_same(text in "\\PC{0,3000}", max in 120usize..3000) {
        if let Some(out) = encode("nordau", &text, max) {
            prop_assert!(out.iter().all(|p| p.len() <= max));
            let order: Vec<usize> = (0..out.len()).rev().collect();
            prop_assert_eq!(back(&out, &order).unwrap(), ("nordau".to_owned(), text));
        }
    }

    #[test]
    fn any_pasted_text_is_refused_or_read_never_a_panic(text in "\\PC{0,400}", cut in 0usize..400, byte in any::<u8>()) {
        let _ = read(&text);
        // And a real payload, cut and with one byte changed.
        let real = encode("cards", &text, 10_000).unwrap().remove(0).into_bytes();
        let mut bytes = real[..cut.min(real.len())].to_vec();
        if !bytes.is_empty() { let i = cut % bytes.len(); bytes[i] = byte; }
        let _ = read(&String::from_utf8_lossy(&bytes));
    }
}

/// A stranger's inflate agrees: Node's zlib reads the link's data back to
/// the record (so any tool, not only this app, can open a record link).
#[test]
fn ce_5_nodes_zlib_reads_the_link_back_to_the_record() {
    let text = pgn();
    let out = encode("crazyhouse", &text, 10_000).unwrap();
    let data = out[0].rsplit('.').next().unwrap();
    let js = "process.stdout.write(require('zlib').inflateRawSync(Buffer.from(process.argv[1], 'base64url')))";
    let run = std::process::Command::new("node")
        .args(["-e", js, data])
        .output()
        .expect("node (the e2e tests need it too)");
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(String::from_utf8(run.stdout).unwrap(), text);
}
