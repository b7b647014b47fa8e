//! C-3 statistics: over 100 000 fixed seeds the draws are uniform. Chi-square
//! tests with thresholds at p = 0.001 (so a correct implementation fails with
//! probability 1/1000 per test, but the seeds are fixed: the outcome is
//! deterministic and was checked once).
// Native only: these tests read files, run Node and use proptest.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::Setup;
use nordau_shift::referee::draw::{DrawStream, STREAM_COINS, STREAM_SEATING, STREAM_SHIFT_LENGTHS};
use nordau_shift::referee::nordau::draw::ShiftDraw;
use nordau_shift::referee::nordau::draw::draw_seating;

const SEEDS: u64 = 100_000;

fn seed(i: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&i.to_le_bytes());
    s[8..16].copy_from_slice(b"stats-v1");
    s
}

fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// Critical values of chi-square at p = 0.001 by degrees of freedom.
fn critical(df: usize) -> f64 {
    match df {
        1 => 10.828,
        3 => 16.266,
        5 => 20.515,
        15 => 37.697,
        _ => panic!("no table entry for df {df}"),
    }
}

#[test]
fn c_3_shift_lengths_coins_and_seating_are_uniform_over_100000_seeds() {
    let setup = Setup::standard(["A", "B", "C"]);
    let mut first_len = [0u64; 4];
    let mut all_len = [0u64; 4];
    let mut pairs = [0u64; 16];
    let mut first_coin = [0u64; 2];
    let mut all_coin = [0u64; 2];
    let mut seatings = std::collections::BTreeMap::new();
    for i in 0..SEEDS {
        let key = seed(i);
        let mut d = ShiftDraw::new(&key, &setup);
        let lens: Vec<usize> = (0..8).map(|k| (d.length(k) - 3) as usize).collect();
        first_len[lens[0]] += 1;
        for w in lens.windows(2) {
            pairs[w[0] * 4 + w[1]] += 1;
        }
        for &l in &lens {
            all_len[l] += 1;
        }
        for k in 0..8 {
            let c = d.coin(k).index();
            all_coin[c] += 1;
            if k == 0 {
                first_coin[c] += 1;
            }
        }
        *seatings.entry(draw_seating(&key).people).or_insert(0u64) += 1;
    }
    let seat_counts: Vec<u64> = seatings.values().copied().collect();
    assert_eq!(seat_counts.len(), 6);
    let checks: [(&str, &[u64], usize); 6] = [
        ("first shift length", &first_len, 3),
        ("all shift lengths", &all_len, 3),
        ("consecutive length pairs", &pairs, 15),
        ("first coin", &first_coin, 1),
        ("all coins", &all_coin, 1),
        ("seating permutations", &seat_counts, 5),
    ];
    for (what, counts, df) in checks {
        let x2 = chi_square(counts);
        assert!(
            x2 < critical(df),
            "{what}: chi-square {x2:.2} >= {} (df {df}), counts {counts:?}",
            critical(df)
        );
    }
}

#[test]
fn c_3_chi_square_detects_a_modulo_bias() {
    // The test has teeth: plain modulo `x % 6` on 6-bit values (64 = 10*6 + 4)
    // favours 0..=3 by 11 : 10, and the same kind of threshold catches it.
    let mut counts = [0u64; 6];
    let mut s = DrawStream::new(&seed(1), 77);
    for _ in 0..100_000 {
        counts[(s.next_word() % 64 % 6) as usize] += 1;
    }
    assert!(chi_square(&counts) > critical(5), "{counts:?}");
    // And the unbiased sampler on the same stream passes.
    let mut fair = [0u64; 4];
    let mut s = DrawStream::new(&seed(1), 77);
    for _ in 0..300_000 {
        fair[s.uniform(4) as usize] += 1;
    }
    assert!(chi_square(&fair) < critical(3), "{fair:?}");
}

#[test]
fn c_3_streams_for_purposes_differ() {
    let key = seed(42);
    let firsts: Vec<u32> = [STREAM_SEATING, STREAM_SHIFT_LENGTHS, STREAM_COINS]
        .iter()
        .map(|&s| DrawStream::new(&key, s).next_word())
        .collect();
    assert_ne!(firsts[0], firsts[1]);
    assert_ne!(firsts[1], firsts[2]);
    assert_ne!(firsts[0], firsts[2]);
}
