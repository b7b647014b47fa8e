//! C-3, UC-1 statistics: over 200 000 fixed seeds the drawn start position
//! is uniform over the 960 Chess960 positions. Chi-square with the threshold
//! at p = 0.001 (the seeds are fixed, so the outcome is deterministic and was
//! checked once), in the style of tests/cards_draw_stats.rs.
#![cfg(all(feature = "undo", not(target_arch = "wasm32")))]

use nordau_shift::referee::draw::{DrawStream, STREAM_CHESS960};
use nordau_shift::referee::undo::{CHESS960_POSITIONS, StartPosition};

const SEEDS: u64 = 200_000;

fn seed(i: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&i.to_le_bytes());
    s[8..15].copy_from_slice(b"undo-v1");
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

/// Chi-square at p = 0.001 with 959 degrees of freedom (Wilson–Hilferty:
/// k·(1 − 2/(9k) + 3.0902·√(2/(9k)))³ = 1100.1), and with 5 (the king's
/// file b…g, below, weighted by its exact probabilities).
const CRITICAL_959: f64 = 1100.1;
const CRITICAL_5: f64 = 20.515;

#[test]
fn uc_1_the_960_start_positions_are_uniform_over_200000_seeds() {
    let mut counts = vec![0u64; CHESS960_POSITIONS as usize];
    let mut king_file = [0u64; 8];
    for i in 0..SEEDS {
        let p = StartPosition::drawn(&seed(i));
        counts[p.number() as usize] += 1;
        king_file[p.back_rank().find('K').unwrap()] += 1;
    }
    assert!(counts.iter().all(|&c| c > 0), "every position occurs");
    let x2 = chi_square(&counts);
    assert!(
        x2 < CRITICAL_959,
        "chi-square {x2:.1} >= {CRITICAL_959} (df 959)"
    );
    // The king's file: how many of the 960 positions put it on each file.
    let mut per_file = [0u64; 8];
    for n in 0..CHESS960_POSITIONS {
        let rank = StartPosition::new(n).unwrap().back_rank();
        per_file[rank.find('K').unwrap()] += 1;
    }
    assert_eq!((per_file[0], per_file[7]), (0, 0), "never in a corner");
    let x2: f64 = (1..7)
        .map(|f| {
            let expected = SEEDS as f64 * per_file[f] as f64 / 960.0;
            (king_file[f] as f64 - expected).powi(2) / expected
        })
        .sum();
    assert!(x2 < CRITICAL_5, "king files {king_file:?}: {x2:.2}");
}

#[test]
fn uc_1_the_test_catches_a_biased_draw() {
    // Plain modulo of ten bits (0..1024 mod 960) makes positions 0..63 twice
    // as likely; the same threshold catches it.
    let mut counts = vec![0u64; CHESS960_POSITIONS as usize];
    for i in 0..SEEDS {
        let mut s = DrawStream::new(&seed(i), STREAM_CHESS960);
        counts[((s.next_word() >> 22) % 960) as usize] += 1;
    }
    assert!(chi_square(&counts) > CRITICAL_959);
}
