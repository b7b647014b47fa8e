//! Nordau Shift's commitment (C-3, NS-11): SHA-256 over a domain string, the
//! setup bytes and the seed. Layout in `docs/fairness.md`; the shared
//! encoding helpers are in `referee::commitment`.

use crate::referee::commitment::{put_lp, put_u32};
use crate::referee::nordau::setup::{Setup, ShiftUnit};
use sha2::{Digest, Sha256};

pub const COMMIT_DOMAIN: &str = "nordau-shift/commitment/v1";

/// The unambiguous byte encoding of a committed setup (NS-11).
pub fn setup_bytes(setup: &Setup) -> Vec<u8> {
    let mut out = Vec::new();
    out.push(match setup.unit {
        ShiftUnit::FullMoves => 0,
        ShiftUnit::HalfMoves => 1,
    });
    put_u32(&mut out, setup.min_shift);
    put_u32(&mut out, setup.max_shift);
    put_u32(&mut out, setup.schedule.lines.len() as u32);
    for line in &setup.schedule.lines {
        put_u32(&mut out, line.block_ms);
        put_u32(&mut out, line.moves);
    }
    put_u32(&mut out, setup.bonus_permille);
    let p = setup.points;
    for v in [p.win, p.observer, p.loss, p.draw] {
        put_u32(&mut out, v);
    }
    put_u32(&mut out, 3);
    for name in &setup.names {
        put_lp(&mut out, name.as_bytes());
    }
    out
}

/// The full preimage of the commitment (exposed for docs and the verifier).
pub fn commitment_preimage(setup: &Setup, seed: &[u8; 32]) -> Vec<u8> {
    let mut out = Vec::new();
    put_lp(&mut out, COMMIT_DOMAIN.as_bytes());
    out.extend_from_slice(&setup_bytes(setup));
    out.extend_from_slice(seed);
    out
}

/// SHA-256 commitment to (setup, seed), shown before move one (C-3).
pub fn commitment(setup: &Setup, seed: &[u8; 32]) -> [u8; 32] {
    Sha256::digest(commitment_preimage(setup, seed)).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ns_11_commitment_covers_every_setup_field() {
        let seed = [5u8; 32];
        let base = Setup::standard(["A", "B", "C"]);
        let c = commitment(&base, &seed);
        let mut variants = Vec::new();
        let mut s = base.clone();
        s.unit = ShiftUnit::HalfMoves;
        variants.push(s);
        let mut s = base.clone();
        s.min_shift = 2;
        variants.push(s);
        let mut s = base.clone();
        s.max_shift = 7;
        variants.push(s);
        let mut s = base.clone();
        s.schedule.lines[0].block_ms = 14000;
        variants.push(s);
        let mut s = base.clone();
        s.bonus_permille = 400;
        variants.push(s);
        let mut s = base.clone();
        s.points.draw = 0;
        variants.push(s);
        let mut s = base.clone();
        s.names.swap(0, 1);
        variants.push(s);
        for v in variants {
            assert_ne!(commitment(&v, &seed), c, "{v:?}");
        }
        let mut seed2 = seed;
        seed2[31] ^= 1;
        assert_ne!(commitment(&base, &seed2), c);
    }
}
