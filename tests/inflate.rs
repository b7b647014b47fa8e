//! CE-5's record links are read by our own inflate (referee::inflate, issue
//! #25); miniz_oxide, which read them before, is the oracle: every stream it
//! reads ours reads to the same bytes, every stream it refuses ours refuses
//! for the same reason (damaged, or past the cap), and nothing panics.
#![cfg(not(target_arch = "wasm32"))]

use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::{TINFLStatus, decompress_to_vec_with_limit};
use nordau_shift::referee::inflate::{InflateError, inflate_raw};
use nordau_shift::referee::share::deflate_stored;
use proptest::prelude::*;

/// What miniz_oxide makes of `stream`, in our terms.
fn oracle(stream: &[u8], limit: usize) -> Result<Vec<u8>, InflateError> {
    decompress_to_vec_with_limit(stream, limit).map_err(|e| match e.status {
        TINFLStatus::HasMoreOutput => InflateError::TooLarge,
        _ => InflateError::Damaged,
    })
}

fn agree(stream: &[u8], limit: usize) -> Result<(), TestCaseError> {
    prop_assert_eq!(
        inflate_raw(stream, limit),
        oracle(stream, limit),
        "stream {:?}",
        stream
    );
    Ok(())
}

/// Texts as records are: repetitive, with runs and a small alphabet, or noise.
fn text() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        prop::collection::vec(any::<u8>(), 0..2_000),
        prop::collection::vec(
            prop::sample::select(b"e4 Nf3 Bb5 O-O\n[]\"".to_vec()),
            0..6_000
        ),
        (prop::collection::vec(any::<u8>(), 1..40), 1usize..300)
            .prop_map(|(unit, times)| unit.repeat(times)),
    ]
}

/// A stream with one of its bytes changed, cut short, or with bytes after it.
fn mangled(stream: Vec<u8>, how: u8, at: usize, byte: u8) -> Vec<u8> {
    let mut s = stream;
    if s.is_empty() {
        return vec![byte];
    }
    let at = at % s.len();
    match how % 4 {
        0 => s[at] ^= byte | 1,
        1 => s.truncate(at),
        2 => s.insert(at, byte),
        _ => s.push(byte),
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn ce_5_every_level_of_deflate_comes_back_as_it_went(data in text(), level in 0u8..=10) {
        let stream = compress_to_vec(&data, level);
        prop_assert_eq!(inflate_raw(&stream, 1 << 20), Ok(data));
    }

    #[test]
    fn ce_5_stored_blocks_come_back_as_they_went(data in prop::collection::vec(any::<u8>(), 0..140_000)) {
        prop_assert_eq!(inflate_raw(&deflate_stored(&data), 1 << 20), Ok(data));
    }

    #[test]
    fn ce_5_a_mangled_stream_is_read_or_refused_as_miniz_would(
        data in text(), level in 0u8..=10, how in any::<u8>(), at in any::<usize>(), byte in any::<u8>(),
    ) {
        agree(&mangled(compress_to_vec(&data, level), how, at, byte), 1 << 20)?;
    }

    #[test]
    fn ce_5_the_cap_falls_where_miniz_puts_it(data in text(), level in 0u8..=10, cut in 0usize..3) {
        let stream = compress_to_vec(&data, level);
        // Just under, at and just over the record's own size, and far under.
        for limit in [data.len().saturating_sub(cut), data.len() + cut, data.len() / 3] {
            agree(&stream, limit)?;
        }
    }

    #[test]
    fn ce_5_noise_is_refused_or_read_as_miniz_would(
        head in 0u8..8, noise in prop::collection::vec(any::<u8>(), 0..300), limit in 0usize..5_000,
    ) {
        // The first byte's low bits choose the block: stored, fixed, dynamic
        // or the reserved type, first block or final.
        let mut stream = noise;
        if let Some(first) = stream.first_mut() {
            *first = (*first & !7) | head;
        }
        agree(&stream, limit)?;
    }
}

/// Bits written as DEFLATE packs them (first bit lowest), for streams no
/// deflater makes.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    count: usize,
}

impl Bits {
    fn put(&mut self, value: u32, n: usize) -> &mut Self {
        for i in 0..n {
            if self.count.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = ((value >> i) & 1) as u8;
            *self.bytes.last_mut().unwrap() |= bit << (self.count % 8);
            self.count += 1;
        }
        self
    }

    /// A Huffman code, most significant bit first.
    fn code(&mut self, code: u32, n: usize) -> &mut Self {
        for i in (0..n).rev() {
            self.put((code >> i) & 1, 1);
        }
        self
    }

    fn done(&mut self) -> Vec<u8> {
        self.count = 0;
        std::mem::take(&mut self.bytes)
    }
}

/// The order in which a dynamic block lists its code-length code's lengths
/// (RFC 1951, 3.2.7), written here apart from the reader's own.
const LENGTH_ORDER: [u32; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// A fixed-code literal (0…143: eight bits from 0x30).
fn literal(bits: &mut Bits, byte: u8) {
    assert!(byte < 144);
    bits.code(0x30 + u32::from(byte), 8);
}

fn end_of_block(bits: &mut Bits) {
    bits.code(0, 7);
}

/// A dynamic block's header giving the literal and length codes (the first
/// `literals`) and then the distance codes the lengths in `lengths`, each
/// written with a flat code-length code: lengths 0…15, four bits each.
fn dynamic_header(bits: &mut Bits, last: bool, lengths: &[u8], literals: usize) {
    bits.put(u32::from(last), 1).put(2, 2);
    bits.put((literals - 257) as u32, 5);
    bits.put((lengths.len() - literals - 1) as u32, 5);
    bits.put(19 - 4, 4);
    // Code-length code: symbols 0…15 four bits each, 16…18 unused.
    for symbol in LENGTH_ORDER {
        bits.put(if symbol < 16 { 4 } else { 0 }, 3);
    }
    for &length in lengths {
        bits.code(u32::from(length), 4);
    }
}

#[test]
fn ce_5_hand_made_streams_are_read_or_refused_as_miniz_would() {
    let mut cases: Vec<(&str, Vec<u8>, Result<&str, InflateError>)> = vec![
        ("nothing", vec![], Err(InflateError::Damaged)),
        (
            "a final stored block, empty",
            vec![1, 0, 0, 0xff, 0xff],
            Ok(""),
        ),
        (
            "a stored block whose length's complement is wrong",
            vec![1, 1, 0, 0xff, 0xff, b'a'],
            Err(InflateError::Damaged),
        ),
        (
            "a stored block cut short",
            vec![1, 3, 0, 0xfc, 0xff, b'a'],
            Err(InflateError::Damaged),
        ),
        (
            "the reserved block type",
            vec![0b111],
            Err(InflateError::Damaged),
        ),
        (
            "a block that is not the last, then nothing",
            vec![0b010, 0],
            Err(InflateError::Damaged),
        ),
    ];
    let mut b = Bits::default();
    b.put(1, 1).put(1, 2);
    for byte in b"abc" {
        literal(&mut b, *byte);
    }
    end_of_block(&mut b);
    let abc = b.done();
    cases.push(("fixed codes: abc", abc.clone(), Ok("abc")));
    let mut trailing = abc.clone();
    trailing.extend(b"bytes after the final block");
    cases.push(("bytes after the final block", trailing, Ok("abc")));

    // A copy of distance 1 with nothing before it, and with one byte before.
    for before in [0, 1] {
        b.put(1, 1).put(1, 2);
        for _ in 0..before {
            literal(&mut b, b'z');
        }
        b.code(1, 7); // length code 257: 3 bytes
        b.code(0, 5); // distance code 0: 1 back
        end_of_block(&mut b);
        let read = if before == 0 {
            Err(InflateError::Damaged)
        } else {
            Ok("zzzz")
        };
        cases.push(("a copy from before the start, or not", b.done(), read));
    }
    // Length code 284 with all its extra bits set: 258, as zlib reads it.
    b.put(1, 1).put(1, 2);
    literal(&mut b, b'x');
    b.code(0xc0 + 4, 8).put(31, 5).code(0, 5);
    end_of_block(&mut b);
    let x259: &str = Box::leak("x".repeat(259).into_boxed_str());
    cases.push(("length 284 + 31", b.done(), Ok(x259)));
    // Fixed codes that no stream may use: literals 286 and 287, distances 30 and 31.
    for (code, n) in [(0xc6, 8), (0xc7, 8)] {
        b.put(1, 1).put(1, 2).code(code, n);
        end_of_block(&mut b);
        cases.push((
            "literal code 286 or 287",
            b.done(),
            Err(InflateError::Damaged),
        ));
    }
    for distance in [30, 31] {
        b.put(1, 1).put(1, 2);
        literal(&mut b, b'y');
        b.code(1, 7).code(distance, 5);
        end_of_block(&mut b);
        cases.push((
            "distance code 30 or 31",
            b.done(),
            Err(InflateError::Damaged),
        ));
    }

    // Dynamic blocks: literal 'a' and the end one bit each, and distance codes
    // complete, incomplete with one one-bit code, incomplete with longer
    // ones, empty, and over-subscribed.
    let mut lengths = vec![0u8; 257];
    lengths[usize::from(b'a')] = 1;
    lengths[256] = 1;
    for (distances, read) in [
        (vec![1, 1], Ok("aa")),
        (vec![1], Ok("aa")),
        (vec![0, 1], Ok("aa")),
        (vec![2, 2, 0], Err(InflateError::Damaged)),
        (vec![0], Ok("aa")),
        (vec![1, 1, 1], Err(InflateError::Damaged)),
    ] {
        let all: Vec<u8> = lengths.iter().chain(&distances).copied().collect();
        dynamic_header(&mut b, true, &all, 257);
        b.code(0, 1).code(0, 1).code(1, 1); // a, a, end
        cases.push(("a dynamic block's distance code", b.done(), read));
    }
    // A literal code with one one-bit code: only the end of the block.
    let mut only_end = vec![0u8; 258];
    only_end[256] = 1;
    dynamic_header(&mut b, true, &only_end, 257);
    b.code(0, 1);
    cases.push(("a literal code of the end alone", b.done(), Ok("")));
    // Too many literal or distance codes (287 and 31).
    for (literals, distances) in [(287, 1), (257, 31)] {
        let mut all = vec![0u8; literals + distances];
        all[256] = 1;
        dynamic_header(&mut b, true, &all, literals);
        b.code(0, 1);
        cases.push((
            "more codes than DEFLATE has",
            b.done(),
            Err(InflateError::Damaged),
        ));
    }
    // Runs of zeros (code 18) that give 'a' and the end one bit each, then a
    // run that ends at the last length or runs past it.
    for (run, read) in [(1, Ok("a")), (11, Err(InflateError::Damaged))] {
        b.put(1, 1).put(2, 2).put(0, 5).put(0, 5).put(18 - 4, 4);
        // Code-length code: 0 one bit (code 0), 1 and 18 two bits (10, 11).
        for &symbol in &LENGTH_ORDER[..18] {
            b.put(
                match symbol {
                    0 => 1,
                    1 | 18 => 2,
                    _ => 0,
                },
                3,
            );
        }
        b.code(0b11, 2).put(97 - 11, 7).code(0b10, 2); // 'a'
        b.code(0b11, 2)
            .put(138 - 11, 7)
            .code(0b11, 2)
            .put(20 - 11, 7); // 158 zeros
        b.code(0b10, 2); // the end
        if run == 1 {
            b.code(0, 1); // the one distance code: unused
        } else {
            b.code(0b11, 2).put(0, 7); // eleven lengths where one is left
        }
        b.code(0, 1).code(1, 1);
        cases.push(("runs of lengths", b.done(), read));
    }
    // A repeat of the previous length before any length.
    b.put(1, 1).put(2, 2).put(0, 5).put(0, 5).put(0, 4);
    for &symbol in &LENGTH_ORDER[..4] {
        b.put(if symbol == 16 || symbol == 0 { 1 } else { 0 }, 3);
    }
    b.code(1, 1).put(0, 2);
    cases.push((
        "a repeat with nothing to repeat",
        b.done(),
        Err(InflateError::Damaged),
    ));

    for (what, stream, read) in cases {
        let ours = inflate_raw(&stream, 1 << 20);
        assert_eq!(ours, read.map(|t| t.as_bytes().to_vec()), "{what}");
        for limit in [0, 1, 2, 3, 1 << 20] {
            assert_eq!(
                inflate_raw(&stream, limit),
                oracle(&stream, limit),
                "{what}, cap {limit}: {stream:?}"
            );
        }
    }
}

#[test]
fn ce_5_a_bomb_stops_at_the_cap() {
    let bomb = compress_to_vec(&vec![b'a'; 4 << 20], 9);
    assert_eq!(inflate_raw(&bomb, 512 * 1024), Err(InflateError::TooLarge));
    assert_eq!(inflate_raw(&bomb, 4 << 20).map(|v| v.len()), Ok(4 << 20));
}
