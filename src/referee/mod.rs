//! The referee: pure Rust rules, clocks, draw and records. No web crates here.
