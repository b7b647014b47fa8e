//! Undo Chess rule tests (UC-1…UC-7, C-1, C-2, C-3, C-4), named after the
//! rule they check (RULES.md "Undo Chess (UC)").
#![cfg(all(feature = "undo", not(target_arch = "wasm32")))]

use nordau_shift::referee::chess_clock::ClockError;
use nordau_shift::referee::chessboard::{ChessBoard, DrawClaim, MoveError};
use nordau_shift::referee::commitment::stream_key;
use nordau_shift::referee::draw::{DrawStream, STREAM_CHESS960};
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::pgn::{RecordedDrawError, recorded_draw};
use nordau_shift::referee::undo::*;
use nordau_shift::referee::{Colour, InputMode, Outcome, PgnInfo, TimeControl};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, perft};

const MIN: u64 = 60_000;

fn fixed(n: u32) -> StartChoice {
    StartChoice::Fixed(StartPosition::new(n).unwrap())
}

fn setup(mode: InputMode, start: StartChoice) -> UcSetup {
    UcSetup::new(
        "Anna",
        "Boris",
        mode,
        start,
        TimeControl::fischer(5 * MIN, 2_000),
    )
}

/// A started board-mode game from position `n`.
fn board_game(n: u32) -> UcGame {
    let mut g = UcGame::new(setup(InputMode::Board, fixed(n))).unwrap();
    g.apply(0, UcEvent::Start).unwrap();
    g
}

/// A started clock-mode game.
fn clock_game() -> UcGame {
    let mut g = UcGame::new(setup(InputMode::Clock, fixed(518))).unwrap();
    g.apply(0, UcEvent::Start).unwrap();
    g
}

/// Plays `moves`, one second apart after the last event.
fn play(g: &mut UcGame, moves: &[&str]) {
    for m in moves {
        let t = g.last_event_ms() + 1_000;
        g.apply(t, UcEvent::Move { mv: (*m).into() })
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn undo(g: &mut UcGame, by: Colour) -> Result<(), UcError> {
    let t = g.last_event_ms() + 1_000;
    g.apply(t, UcEvent::Undo { by })
}

fn fen(g: &UcGame) -> String {
    g.board().unwrap().fen()
}

// ---- UC-1: the start position ---------------------------------------------------

/// Scharnagl's numbering as published (the Chess960 numbering scheme table;
/// 0, 518 and 959 are the well-known anchors, 631 is also in shakmaty's tests).
#[test]
fn uc_1_numbering_matches_the_published_table() {
    let table = [
        (0, "BBQNNRKR"),
        (1, "BQNBNRKR"),
        (2, "BQNNRBKR"),
        (3, "BQNNRKRB"),
        (4, "QBBNNRKR"),
        (5, "QNBBNRKR"),
        (6, "QNBNRBKR"),
        (7, "QNBNRKRB"),
        (8, "QBNNBRKR"),
        (9, "QNNBBRKR"),
        (10, "QNNRBBKR"),
        (11, "QNNRBKRB"),
        (12, "QBNNRKBR"),
        (518, "RNBQKBNR"),
        (631, "RNBKQRNB"),
        (959, "RKRNNQBB"),
    ];
    for (n, rank) in table {
        let p = StartPosition::new(n).unwrap();
        assert_eq!(p.back_rank(), rank, "position {n}");
        assert_eq!(StartPosition::from_back_rank(rank), Some(p));
        let lower = rank.to_ascii_lowercase();
        assert_eq!(
            p.fen(),
            format!("{lower}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1")
        );
    }
    assert_eq!(StartPosition::standard().number(), STANDARD_POSITION);
    assert!(StartPosition::new(960).is_err());
}

#[test]
fn uc_1_every_number_is_a_distinct_legal_chess960_start() {
    let mut seen = std::collections::BTreeSet::new();
    for n in 0..CHESS960_POSITIONS {
        let p = StartPosition::new(n).unwrap();
        let rank = p.back_rank();
        assert!(seen.insert(rank.clone()), "{n} repeats {rank}");
        let k = rank.find('K').unwrap();
        let rooks: Vec<usize> = rank.match_indices('R').map(|(i, _)| i).collect();
        assert!(rooks[0] < k && k < rooks[1], "{n}: king between the rooks");
        let bishops: Vec<usize> = rank.match_indices('B').map(|(i, _)| i).collect();
        assert_ne!(
            bishops[0] % 2,
            bishops[1] % 2,
            "{n}: bishops on both colours"
        );
        let board = ChessBoard::from_fen_in(&p.fen(), CastlingMode::Chess960).unwrap();
        assert_eq!(board.fen(), p.fen());
    }
    assert_eq!(seen.len(), 960);
}

#[test]
fn uc_1_the_drawn_position_is_uniform_960_on_stream_5() {
    for i in 0..50u8 {
        let seed = [i; 32];
        let words = if i % 2 == 0 {
            vec![]
        } else {
            vec!["blue whale"]
        };
        let key = stream_key(&seed, &words);
        let expected = DrawStream::new(&key, STREAM_CHESS960).uniform(960);
        assert_eq!(StartPosition::drawn(&key).number(), expected);
        let mut setup = setup(InputMode::Board, StartChoice::Drawn);
        setup.white = format!("W{i}");
        let g = UcGame::new_drawn(setup, seed, &words).unwrap();
        assert_eq!(g.start().number(), expected);
        assert_eq!(g.view(0).start_number, expected);
    }
}

#[test]
fn uc_1_setup_options_drawn_standard_or_typed() {
    let g = UcGame::new(setup(InputMode::Board, fixed(518))).unwrap();
    assert_eq!(g.view(0).start_back_rank, "RNBQKBNR");
    assert_eq!(g.view(0).fen.unwrap(), ChessBoard::default().fen());
    let typed = StartPosition::from_typed(" 959 ").unwrap();
    let g = UcGame::new(setup(InputMode::Board, StartChoice::Fixed(typed))).unwrap();
    assert_eq!(g.view(0).start_back_rank, "RKRNNQBB");
    for bad in ["960", "-3", "abc", "", "5 18", "1e3"] {
        let e = StartPosition::from_typed(bad).unwrap_err();
        assert!(e.to_string().contains("959"), "{bad}: {e}");
    }
    // A drawn setup needs the seed, a chosen one none.
    assert_eq!(
        UcGame::new(setup(InputMode::Board, StartChoice::Drawn)).unwrap_err(),
        UcError::WrongConstructor
    );
    assert_eq!(
        UcGame::new_drawn(setup(InputMode::Board, fixed(3)), [0; 32], &[] as &[&str]).unwrap_err(),
        UcError::WrongConstructor
    );
}

/// Chess960 perft of the standard start and of positions from the published
/// Chess960 perft suite (chessprogramming.org "Chess960 Perft Results",
/// shakmaty's tests/chess960.perft), read with the referee's board.
#[test]
fn uc_1_chess960_perft_matches_published_values() {
    let cases: [(&str, &[u64]); 7] = [
        (&StartPosition::standard().fen(), &[20, 400, 8902, 197_281]),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
            &[21, 528, 12_189, 326_672],
        ),
        (
            "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
            &[21, 807, 18_002, 667_366],
        ),
        (
            "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
            &[20, 479, 10_471, 273_318],
        ),
        (
            "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
            &[22, 593, 13_440, 382_958],
        ),
        (
            "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
            &[28, 1_120, 31_058, 1_171_749],
        ),
        (
            "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9",
            &[29, 899, 26_578, 824_055],
        ),
    ];
    for (fen, counts) in cases {
        let pos: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Chess960)
            .unwrap();
        for (depth, &n) in counts.iter().enumerate() {
            assert_eq!(
                perft(&pos, depth as u32 + 1),
                n,
                "{fen} depth {}",
                depth + 1
            );
        }
        // The referee's board reads the same position and lists the same moves.
        let board = ChessBoard::from_fen_in(fen, CastlingMode::Chess960).unwrap();
        assert_eq!(board.legal_moves_uci().len() as u64, counts[0], "{fen}");
    }
}

/// Castling where the king already stands on its target square: position 0
/// (BBQNNRKR) has the king on g1 with the h-rook beside it.
#[test]
fn uc_1_castling_with_the_king_already_on_its_target_square() {
    let mut g = board_game(0);
    play(&mut g, &["f4", "f5", "Rf3", "Rf6"]);
    let v = g.view(g.last_event_ms());
    assert!(v.legal_moves_uci.contains(&"g1h1".to_owned()), "{v:?}");
    play(&mut g, &["g1h1"]);
    let b = g.board().unwrap();
    assert_eq!(b.last_move_san(), Some("O-O"));
    assert_eq!(b.last_move_uci(), Some("g1h1"));
    assert!(fen(&g).contains("/BBQNNRK1 b"), "{}", fen(&g));
    // SAN is read too: Black castles the same way with O-O.
    play(&mut g, &["O-O"]);
    assert!(fen(&g).starts_with("bbqnnrk1/"), "{}", fen(&g));
}

#[test]
fn uc_1_castling_with_the_rook_already_on_its_target_square_or_swapping() {
    // Long castling with the a-side rook already on d1: the king goes to c1.
    let mut b =
        ChessBoard::from_fen_in("4k3/8/8/8/8/8/8/3RK3 w D - 0 1", CastlingMode::Chess960).unwrap();
    assert!(b.legal_moves_uci().contains(&"e1d1".to_owned()));
    let m = b.parse_move("O-O-O").unwrap();
    b.play(m);
    assert_eq!(b.fen(), "4k3/8/8/8/8/8/8/2KR4 b - - 1 1");
    assert_eq!(b.ucis(), ["e1d1"]);
    // King f1 and rook g1 swap places in a short castle.
    let mut b =
        ChessBoard::from_fen_in("7k/8/8/8/8/8/8/5KR1 w G - 0 1", CastlingMode::Chess960).unwrap();
    let m = b.parse_move("f1g1").unwrap();
    b.play(m);
    assert_eq!(b.sans(), ["O-O"]);
    assert_eq!(b.fen(), "7k/8/8/8/8/8/8/5RK1 b - - 1 1");
    // Standard-style king moves are read where they mean castling.
    let mut b =
        ChessBoard::from_fen_in(&StartPosition::standard().fen(), CastlingMode::Chess960).unwrap();
    for m in ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "e1g1"] {
        let mv = b.parse_move(m).unwrap();
        b.play(mv);
    }
    assert_eq!(b.ucis().last().unwrap(), "e1h1");
    assert_eq!(b.sans().last().unwrap(), "O-O");
}

// ---- UC-2…UC-6: tokens ---------------------------------------------------------

#[test]
fn uc_2_tokens_default_to_two_each_and_range_zero_to_three() {
    let g = board_game(518);
    assert_eq!(g.view(0).tokens, [2, 2]);
    for (w, b) in [(0, 0), (0, 3), (3, 1)] {
        let s = setup(InputMode::Board, fixed(518)).with_tokens(w, b);
        assert_eq!(UcGame::new(s).unwrap().tokens(), [w, b]);
    }
    let s = setup(InputMode::Board, fixed(518)).with_tokens(4, 0);
    assert_eq!(
        UcGame::new(s).unwrap_err(),
        UcError::Setup(UcSetupError::Tokens)
    );
}

#[test]
fn uc_3_undo_takes_back_the_opponents_move_and_yours_and_passes_a_token() {
    let mut g = board_game(518);
    play(&mut g, &["e4", "e5", "Nf3"]);
    let before_nf3_e5 = {
        let mut h = board_game(518);
        play(&mut h, &["e4"]);
        fen(&h)
    };
    // Black to move: takes back 2. Nf3 and 1... e5.
    let v = g.view(g.last_event_ms());
    let back = v.undo_would_take_back.clone().unwrap();
    assert_eq!(back[0].label(), "2. Nf3");
    assert_eq!(back[1].label(), "1... e5");
    undo(&mut g, Colour::Black).unwrap();
    assert_eq!(fen(&g), before_nf3_e5);
    assert_eq!(g.side_to_move(), Colour::Black, "the undoer moves again");
    assert_eq!(g.tokens(), [3, 1]);
    let last = g.view(g.last_event_ms()).last_undo.unwrap();
    assert_eq!(
        (last.index, last.by, last.plies_after),
        (1, Colour::Black, 1)
    );
    assert_eq!(last.tokens_after, [3, 1]);
    play(&mut g, &["c5"]);
    assert_eq!(g.board().unwrap().sans(), ["e4", "c5"]);
}

#[test]
fn uc_3_several_undos_in_a_row_one_token_each() {
    let mut g = board_game(518);
    play(&mut g, &["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6"]);
    undo(&mut g, Colour::White).unwrap();
    undo(&mut g, Colour::White).unwrap();
    assert_eq!(g.tokens(), [0, 4]);
    assert_eq!(g.board().unwrap().sans(), ["e4", "e5"]);
    assert_eq!(
        undo(&mut g, Colour::White),
        Err(UcError::NoToken {
            colour: Colour::White
        })
    );
    assert_eq!(g.undos().len(), 2);
    assert!(!g.view(g.last_event_ms()).can_undo);
}

#[test]
fn uc_4_token_total_never_changes() {
    let mut g = board_game(518);
    let total = |g: &UcGame| g.tokens().iter().map(|&t| u32::from(t)).sum::<u32>();
    play(&mut g, &["d4", "d5", "c4"]);
    undo(&mut g, Colour::Black).unwrap();
    play(&mut g, &["Nf6", "c4"]);
    undo(&mut g, Colour::Black).unwrap();
    play(&mut g, &["e6", "Nc3"]);
    assert_eq!(
        undo(&mut g, Colour::Black),
        Err(UcError::NoToken {
            colour: Colour::Black
        })
    );
    assert_eq!(total(&g), 4);
    play(&mut g, &["Bb4"]);
    undo(&mut g, Colour::White).unwrap();
    assert_eq!(g.tokens(), [3, 1]);
    assert_eq!(total(&g), 4);
}

#[test]
fn uc_5_clocks_go_on_from_where_they_stand() {
    let mut g = board_game(518);
    g.apply(10_000, UcEvent::Move { mv: "e4".into() }).unwrap();
    g.apply(25_000, UcEvent::Move { mv: "e5".into() }).unwrap();
    g.apply(31_000, UcEvent::Move { mv: "Nf3".into() }).unwrap();
    let before = g.view(40_000).remaining_ms;
    g.apply(40_000, UcEvent::Undo { by: Colour::Black })
        .unwrap();
    let after = g.view(40_000).remaining_ms;
    assert_eq!(before, after, "an undo gives no time back");
    assert_eq!(g.view(40_000).running, Some(Colour::Black));
    // Black's clock ran from 31 s and keeps running.
    let v = g.view(50_000);
    assert_eq!(v.remaining_ms[1], before[1] - 10_000);
    assert_eq!(v.remaining_ms[0], before[0]);
}

#[test]
fn uc_6_no_undo_on_the_opponents_turn_nor_before_ones_first_move() {
    let mut g = board_game(518);
    assert_eq!(
        undo(&mut g, Colour::White),
        Err(UcError::NotMovedYet {
            colour: Colour::White
        })
    );
    play(&mut g, &["e4"]);
    assert_eq!(
        undo(&mut g, Colour::Black),
        Err(UcError::NotMovedYet {
            colour: Colour::Black
        })
    );
    assert_eq!(
        undo(&mut g, Colour::White),
        Err(UcError::NotYourTurn {
            expected: Colour::Black
        })
    );
    play(&mut g, &["e5"]);
    assert_eq!(
        undo(&mut g, Colour::Black),
        Err(UcError::NotYourTurn {
            expected: Colour::White
        })
    );
    let v = g.view(g.last_event_ms());
    assert!(v.can_undo);
    // Not before the start, nor while paused.
    let mut fresh = UcGame::new(setup(InputMode::Board, fixed(518))).unwrap();
    assert_eq!(undo(&mut fresh, Colour::White), Err(UcError::NotStarted));
    g.apply(g.last_event_ms(), UcEvent::Pause).unwrap();
    assert_eq!(undo(&mut g, Colour::White), Err(UcError::Paused));
    assert!(!g.view(g.last_event_ms()).can_undo);
    // A refused event changes nothing.
    let copy = g.clone();
    let _ = undo(&mut g, Colour::Black);
    assert_eq!(g, copy);
}

#[test]
fn uc_3_undo_restores_castling_en_passant_and_repetition_history() {
    let mut g = board_game(518);
    play(&mut g, &["e4", "d5", "e5", "f5"]);
    let with_ep = fen(&g);
    assert!(with_ep.contains(" f6 "), "{with_ep}");
    play(&mut g, &["Ke2", "Nc6"]);
    undo(&mut g, Colour::White).unwrap();
    assert_eq!(fen(&g), with_ep, "en passant and castling rights are back");
    assert!(
        g.view(g.last_event_ms())
            .legal_moves_uci
            .contains(&"e5f6".to_owned())
    );
    // Repetition: a position taken back no longer counts.
    let mut g = board_game(518);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    assert_eq!(
        g.view(g.last_event_ms()).claimable,
        vec![DrawClaim::Threefold]
    );
    undo(&mut g, Colour::White).unwrap();
    assert!(g.view(g.last_event_ms()).claimable.is_empty());
    assert_eq!(
        g.apply(g.last_event_ms(), UcEvent::Claim(DrawClaim::Threefold)),
        Err(UcError::NoClaim)
    );
}

// ---- UC-7: mate and stalemate with a token --------------------------------------

#[test]
fn uc_7_mated_with_a_token_the_player_chooses_undo_or_accept() {
    let mut g = board_game(518);
    play(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    let v = g.view(g.last_event_ms());
    assert_eq!(
        v.phase,
        UcPhase::Decision {
            colour: Colour::White,
            end: UcBoardEnd::Checkmate
        }
    );
    assert!(v.can_undo);
    assert_eq!(v.running, Some(Colour::White), "the decider's clock runs");
    assert!(v.result.is_none());
    // Undo: the game goes on from before g4.
    let mut u = g.clone();
    undo(&mut u, Colour::White).unwrap();
    assert_eq!(u.view(u.last_event_ms()).phase, UcPhase::Playing);
    assert_eq!(u.board().unwrap().sans(), ["f3", "e5"]);
    // Accept: the mate stands.
    g.apply(g.last_event_ms() + 5, UcEvent::Accept).unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Colour::Black), UcReason::Checkmate)
    );
    assert!(!r.flag_while_deciding);
}

#[test]
fn uc_7_no_move_and_no_claim_while_deciding() {
    let mut g = board_game(518);
    play(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    let t = g.last_event_ms() + 1;
    assert_eq!(
        g.apply(t, UcEvent::Move { mv: "e4".into() }).unwrap_err(),
        {
            UcError::DecisionPending {
                colour: Colour::White,
            }
        }
    );
    assert_eq!(
        g.apply(t, UcEvent::Undo { by: Colour::Black }),
        Err(UcError::NotYourTurn {
            expected: Colour::White
        })
    );
    // Resignation still ends it.
    g.apply(
        t,
        UcEvent::Resign {
            colour: Colour::White,
        },
    )
    .unwrap();
    assert_eq!(g.result().unwrap().reason, UcReason::Resignation);
}

#[test]
fn uc_7_the_clock_runs_out_while_deciding_and_the_board_result_stands() {
    let mut g = UcGame::new(UcSetup::new(
        "A",
        "B",
        InputMode::Board,
        fixed(518),
        TimeControl::sudden_death(MIN),
    ))
    .unwrap();
    g.apply(0, UcEvent::Start).unwrap();
    play(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    // White used 2 s; 58 s later the flag falls during the decision.
    assert!(g.tick(g.last_event_ms() + MIN));
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.flag_while_deciding),
        (Outcome::Win(Colour::Black), UcReason::Checkmate, true)
    );
    assert_eq!(r.at_ms, 62_000);
}

#[test]
fn uc_7_without_tokens_mate_and_stalemate_end_the_game() {
    let s = setup(InputMode::Board, fixed(518)).with_tokens(0, 2);
    let mut g = UcGame::new(s).unwrap();
    g.apply(0, UcEvent::Start).unwrap();
    play(&mut g, &["f3", "e5", "g4", "Qh4#"]);
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Colour::Black), UcReason::Checkmate)
    );
}

/// Sam Loyd's ten-move stalemate.
const LOYD: [&str; 19] = [
    "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
    "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
];

#[test]
fn uc_7_stalemate_with_a_token_asks_and_accepting_draws() {
    let mut g = board_game(518);
    play(&mut g, &LOYD);
    assert_eq!(
        g.view(g.last_event_ms()).phase,
        UcPhase::Decision {
            colour: Colour::Black,
            end: UcBoardEnd::Stalemate
        }
    );
    let mut u = g.clone();
    undo(&mut u, Colour::Black).unwrap();
    assert_eq!(u.tokens(), [3, 1]);
    assert_eq!(u.plies().len(), 17);
    g.apply(g.last_event_ms(), UcEvent::Accept).unwrap();
    let r = g.result().unwrap();
    assert_eq!((r.outcome, r.reason), (Outcome::Draw, UcReason::Stalemate));
    // Black without tokens: the stalemate ends the game at once.
    let mut g = UcGame::new(setup(InputMode::Board, fixed(518)).with_tokens(2, 0)).unwrap();
    g.apply(0, UcEvent::Start).unwrap();
    play(&mut g, &LOYD);
    assert_eq!(g.result().unwrap().reason, UcReason::Stalemate);
}

#[test]
fn uc_7_accept_needs_a_decision() {
    let mut g = board_game(518);
    play(&mut g, &["e4"]);
    assert_eq!(
        g.apply(g.last_event_ms(), UcEvent::Accept),
        Err(UcError::NoDecision)
    );
}

// ---- clock mode (C-1) -------------------------------------------------------------

#[test]
fn c_1_clock_mode_says_which_two_moves_to_take_back() {
    let mut g = clock_game();
    for t in [3_000, 6_000, 9_000] {
        g.apply(t, UcEvent::Press).unwrap();
    }
    let v = g.view(9_000);
    assert_eq!(v.fen, None);
    assert_eq!(v.side_to_move, Colour::Black);
    let back = v.undo_would_take_back.unwrap();
    assert_eq!(
        (
            back[0].number,
            back[0].colour,
            back[1].number,
            back[1].colour
        ),
        (2, Colour::White, 1, Colour::Black)
    );
    assert_eq!(back[0].label(), "2. White");
    assert_eq!(back[1].label(), "1... Black");
    g.apply(12_000, UcEvent::Undo { by: Colour::Black })
        .unwrap();
    let v = g.view(12_000);
    let last = v.last_undo.unwrap();
    assert_eq!(last.took_back, back);
    assert_eq!(
        (v.plies, v.side_to_move, v.tokens),
        (1, Colour::Black, [3, 1])
    );
    assert_eq!(v.running, Some(Colour::Black));
    // Moves are board events; presses are clock events.
    assert_eq!(
        g.apply(12_000, UcEvent::Move { mv: "e5".into() }),
        Err(UcError::WrongMode)
    );
}

#[test]
fn uc_7_clock_mode_reported_mate_opens_the_decision() {
    let mut g = clock_game();
    assert_eq!(
        g.apply(0, UcEvent::Report(UcReport::Checkmate)),
        Err(UcError::NothingToReport)
    );
    for t in [1_000, 2_000, 3_000, 4_000] {
        g.apply(t, UcEvent::Press).unwrap();
    }
    g.apply(5_000, UcEvent::Report(UcReport::Checkmate))
        .unwrap();
    assert_eq!(
        g.view(5_000).phase,
        UcPhase::Decision {
            colour: Colour::White,
            end: UcBoardEnd::Checkmate
        }
    );
    assert_eq!(
        g.apply(5_000, UcEvent::Press),
        Err(UcError::DecisionPending {
            colour: Colour::White
        })
    );
    g.apply(6_000, UcEvent::Accept).unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(Colour::Black));
}

// ---- C-2 ---------------------------------------------------------------------

#[test]
fn c_2_fivefold_ends_and_threefold_is_a_claim() {
    let mut g = board_game(518);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    let t = g.last_event_ms();
    g.clone()
        .apply(t, UcEvent::Claim(DrawClaim::Threefold))
        .unwrap();
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    assert_eq!(g.result().unwrap().reason, UcReason::FivefoldRepetition);
}

#[test]
fn c_2_a_flag_is_a_draw_when_the_opponent_cannot_mate() {
    // Position 518 with sudden death: White's flag falls at 60 s while Black
    // has material: a loss.
    let mut g = UcGame::new(UcSetup::new(
        "A",
        "B",
        InputMode::Board,
        fixed(518),
        TimeControl::sudden_death(MIN),
    ))
    .unwrap();
    g.apply(0, UcEvent::Start).unwrap();
    assert!(g.tick(MIN + 1));
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::Win(Colour::Black), UcReason::Flag, MIN)
    );
    // After the flag nothing more is accepted.
    assert_eq!(
        g.apply(MIN + 2, UcEvent::Move { mv: "e4".into() }),
        Err(UcError::GameOver)
    );
}

#[test]
fn c_2_illegal_moves_are_refused_and_change_nothing() {
    let mut g = board_game(959);
    let copy = g.clone();
    assert_eq!(
        g.apply(1, UcEvent::Move { mv: "e2e5".into() }),
        Err(UcError::Move {
            text: "e2e5".into(),
            error: MoveError::Illegal
        })
    );
    assert!(matches!(
        g.apply(1, UcEvent::Move { mv: "hello".into() }),
        Err(UcError::Move { .. })
    ));
    assert_eq!(g, copy);
}

// ---- C-3: a drawn start, its reveal and the verifier ---------------------------

#[test]
fn c_3_drawn_start_reveal_verifies() {
    let seed = [9u8; 32];
    let words = ["  Blue   WHALE ", "7 ёжиков"];
    let s = setup(InputMode::Board, StartChoice::Drawn);
    let commitment = hex::encode(uc_commitment(&s, &seed));
    let mut g = UcGame::new_drawn(s, seed, &words).unwrap();
    assert_eq!(g.commitment_hex(), Some(commitment.clone()));
    assert_eq!(g.reveal(), None, "no seed before the game has started");
    g.apply(0, UcEvent::Start).unwrap();
    let r = g.reveal().unwrap();
    let report = uc_verify(&r.commitment_hex, &r.seed_hex, &r.setup_text, &words).unwrap();
    assert_eq!(report.start, g.start());
    assert_eq!(report.fen, g.view(0).start_fen);
    // Fixed starts have nothing to verify.
    let fixed_text = setup(InputMode::Board, fixed(518)).to_text();
    assert_eq!(
        uc_verify(&commitment, &r.seed_hex, &fixed_text, &words),
        Err(UcVerifyError::Setup(UcRevealSetupError::NotDrawn {
            number: 518
        }))
    );
    assert!(matches!(
        uc_verify(&commitment, &r.seed_hex, &r.setup_text, &["other"]),
        Ok(rep) if rep.commitment_hex == commitment
    ));
}

/// C-3, "one promise for every drawn game": the PGN carries the words, so
/// the record alone verifies to the start the game used, an entry of
/// no-break spaces included (issue #21 item 4).
#[test]
fn c_3_drawn_start_pgn_carries_the_words_and_verifies() {
    let seed = [5u8; 32];
    let words = ["\u{a0}", "  Blue   WHALE "];
    let s = setup(InputMode::Board, StartChoice::Drawn);
    let mut g = UcGame::new_drawn(s, seed, &words).unwrap();
    g.apply(0, UcEvent::Start).unwrap();
    let pgn = uc_to_pgn(&g, &PgnInfo::default()).unwrap();
    assert!(
        pgn.contains("[Words \"[\\\"\u{a0}\\\",\\\"blue whale\\\"]\"]"),
        "{pgn}"
    );
    let read = recorded_draw(&pgn).unwrap().unwrap();
    assert_eq!(read.words, ["\u{a0}", "blue whale"]);
    let report = uc_verify(
        &read.commitment_hex,
        read.seed_hex.as_deref().unwrap(),
        &read.setup_text,
        &read.words,
    )
    .unwrap();
    assert_eq!(report.start, g.start());
    // Without the words the same commitment verifies to another start: the
    // words must travel with the record.
    let bare = uc_verify(
        &read.commitment_hex,
        read.seed_hex.as_deref().unwrap(),
        &read.setup_text,
        &[] as &[&str],
    )
    .unwrap();
    assert_ne!(bare.start, g.start());
    // A damaged Words tag is refused, never dropped.
    let damaged = pgn.replace("[Words \"[", "[Words \"{");
    assert!(matches!(
        recorded_draw(&damaged),
        Some(Err(RecordedDrawError::BadWords(_)))
    ));
    assert_eq!(recorded_draw("1. e4 e5 *"), None);
}

/// RULES.md "Commitment and draw": the commitment is on the play screen
/// until move one, so a player who joins late sees what the reveal must
/// match; a chosen start committed nothing.
#[test]
fn c_3_commitment_on_the_play_screen_until_move_one() {
    let s = setup(InputMode::Board, StartChoice::Drawn);
    let commitment = hex::encode(uc_commitment(&s, &[3; 32]));
    let mut g = UcGame::new_drawn(s.clone(), [3; 32], &["w"]).unwrap();
    let shown = |g: &UcGame| g.commitment_before_move_one().map(|c| c.commitment_hex);
    assert_eq!(shown(&g), Some(commitment.clone()));
    g.apply(0, UcEvent::Start).unwrap();
    let shown_setup = g.commitment_before_move_one().unwrap().setup_text;
    assert_eq!(shown_setup, s.to_text());
    let mv = g.view(10).legal_moves_uci[0].clone();
    g.apply(10, UcEvent::Move { mv }).unwrap();
    assert_eq!(shown(&g), None, "gone once a move stands");
    let fixed = UcGame::new(setup(InputMode::Board, fixed(518))).unwrap();
    assert_eq!(shown(&fixed), None);
}

// ---- records (C-4: the log replays) ----------------------------------------------

fn eventful_game() -> UcGame {
    let mut g = board_game(0);
    play(&mut g, &["f4", "f5", "Rf3", "Rf6", "g1h1", "e6"]);
    undo(&mut g, Colour::White).unwrap();
    play(&mut g, &["Nd3", "Nd6"]);
    undo(&mut g, Colour::White).unwrap();
    play(&mut g, &["Ne3", "Nd6", "g3"]);
    undo(&mut g, Colour::Black).unwrap();
    undo(&mut g, Colour::Black).unwrap();
    play(&mut g, &["e6", "Nd3"]);
    g
}

#[test]
fn c_4_the_log_replays_to_the_same_game() {
    let g = eventful_game();
    let text = g.to_json();
    assert!(text.contains(r#""game":"undo""#), "{text}");
    assert!(text.contains(r#""start":0"#), "{text}");
    assert!(text.contains(r#"{"type":"undo","by":"white"}"#), "{text}");
    let back = UcGame::from_json(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.to_json(), text);
    // A drawn game keeps its seed and words.
    let mut d = UcGame::new_drawn(
        setup(InputMode::Clock, StartChoice::Drawn),
        [3; 32],
        &["tiger"],
    )
    .unwrap();
    d.apply(0, UcEvent::Start).unwrap();
    d.apply(10, UcEvent::Press).unwrap();
    let back = UcGame::from_json(&d.to_json()).unwrap();
    assert_eq!(back, d);
    // Refusals name the problem.
    let newer = text.replace(r#""version":1"#, r#""version":9"#);
    assert!(UcGame::from_json(&newer).unwrap_err().is_newer_version());
    let broken = text.replace("g1h1", "g1g8");
    let e = UcGame::from_json(&broken).unwrap_err();
    assert!(e.to_string().starts_with("event "), "{e}");
}

#[test]
fn c_1_pgn_has_chess960_tags_undo_comments_and_reads_back() {
    let g = eventful_game();
    let pgn = uc_to_pgn(&g, &PgnInfo::default()).unwrap();
    assert!(pgn.contains("[Variant \"Chess960\"]"), "{pgn}");
    assert!(pgn.contains("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]"));
    assert!(pgn.contains("[StartPosition \"0\"]"));
    assert!(pgn.contains("[Tokens \"2-2\"]"));
    // Movetext wraps between any two words, comments too.
    let movetext = pgn.replace('\n', " ");
    assert!(
        movetext.contains(
            "{Undo 1: White gives a token to Black (tokens 1-3), takes back 3... e6 and 3. O-O}"
        ),
        "{pgn}"
    );
    assert!(
        movetext.contains(
            "{Undo 3: Black gives a token to White (tokens 1-3), takes back 4. g3 and 3... Nd6}"
        ),
        "{pgn}"
    );
    assert!(
        movetext.contains(
            "{Undo 4: Black gives a token to White (tokens 2-2), takes back 3. Ne3 and 2... Rf6}"
        ),
        "{pgn}"
    );
    let imported = uc_from_pgn(&pgn).unwrap();
    assert_eq!(imported.ucis, g.board().unwrap().ucis());
    assert_eq!(imported.start, Some(StartPosition::new(0).unwrap()));
    assert_eq!(imported.fens.last().unwrap(), &fen(&g));
    assert_eq!(imported.fens.len(), imported.sans.len() + 1);
    assert_eq!(imported.white.as_deref(), Some("Anna"));
    // Clock mode has no PGN.
    assert!(uc_to_pgn(&clock_game(), &PgnInfo::default()).is_err());
}

#[test]
fn c_1_pgn_import_reads_chess960_from_other_programs_and_names_bad_moves() {
    let lichess = "[Event \"Casual Chess960 game\"]\n[Variant \"Chess960\"]\n\
        [FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n\
        1. f4 f5 2. Rf3 Rf6 3. 0-0 O-O 1/2-1/2\n";
    let g = uc_from_pgn(lichess).unwrap();
    assert_eq!(g.start.map(StartPosition::number), Some(0));
    assert_eq!(g.sans.len(), 6);
    assert_eq!(g.ucis[4], "g1h1");
    assert_eq!(g.outcome, Some(Outcome::Draw));
    // Shredder-FEN castling rights are read too.
    let shredder = "[Variant \"Chess960\"]\n[FEN \"rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1\"]\n\n1. g3 *\n";
    assert_eq!(
        uc_from_pgn(shredder)
            .unwrap()
            .start
            .map(StartPosition::number),
        Some(959)
    );
    let bad = uc_from_pgn("[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf9 *").unwrap_err();
    assert_eq!(
        bad.to_string(),
        "move 2. Nf9: not a move in UCI or SAN notation"
    );
    let other = uc_from_pgn("[Variant \"Crazyhouse\"]\n\n1. e4 *").unwrap_err();
    assert_eq!(other, UcPgnError::OtherVariant("Crazyhouse".into()));
    assert!(matches!(
        uc_from_pgn("[FEN \"8/8/8 w - - 0 1\"]\n\n*"),
        Err(UcPgnError::BadFen(_))
    ));
    // A standard game without tags is position 518.
    let plain = uc_from_pgn("1. e4 e5 2. Nf3 *").unwrap();
    assert_eq!(plain.start, Some(StartPosition::standard()));
}

/// The PGN example in docs/undo.md is what the referee writes.
#[test]
fn c_1_the_documented_pgn_example_is_real() {
    let mut g = board_game(0);
    play(&mut g, &["f4", "f5", "Rf3", "Rf6", "g1h1", "e6"]);
    undo(&mut g, Colour::White).unwrap();
    play(&mut g, &["Nd3"]);
    let pgn = uc_to_pgn(&g, &PgnInfo::default()).unwrap();
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/undo.md"))
        .expect("docs/undo.md");
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let example = "1. f4 {[%clk 0:05:01]} 1... f5 {[%clk 0:05:01]} 2. Rf3 {[%clk 0:05:02]} \
        2... Rf6 {[%clk 0:05:02]} {Undo 1: White gives a token to Black (tokens 1-3), takes \
        back 3... e6 and 3. O-O} 3. Nd3 {[%clk 0:05:03]}";
    assert!(flat(&pgn).contains(example), "{pgn}");
    assert!(flat(&doc).contains(example), "docs/undo.md");
}

/// C-4a in clock mode: "Undo last tap" takes the mistaken tap back; the
/// time since it is charged to the tapper and the opponent's clock shows
/// again what it showed at the tap.
#[test]
fn c4a_uc_clock_tap_corrected_time_charged_to_tapper() {
    let mut g = clock_game();
    g.apply(10_000, UcEvent::Press).unwrap(); // 1. White
    g.apply(25_000, UcEvent::Press).unwrap(); // 1... Black
    assert_eq!(g.view(25_000).remaining_ms, [292_000, 287_000]);
    g.apply(30_000, UcEvent::Press).unwrap(); // 2. White, by mistake
    let at_tap = g.view(30_000);
    assert!(at_tap.can_correct_tap, "offered to the tapper");
    assert_eq!(at_tap.running, Some(Colour::Black));
    g.apply(34_000, UcEvent::UndoTap).unwrap();
    let v = g.view(34_000);
    // White's clock ran all along since 25 s (9 s), without the increment
    // of the undone tap; Black's shows what it showed at the tap.
    assert_eq!(v.remaining_ms, [283_000, 287_000]);
    assert_eq!(v.running, Some(Colour::White));
    assert_eq!(v.side_to_move, Colour::White);
    assert_eq!(v.plies, 2, "the move the tap ended no longer stands");
    assert_eq!(v.tokens, [2, 2], "a correction is not a token undo");
    assert!(!v.can_correct_tap, "only the last tap, once");
    // White moves again; the log replays to the same game.
    g.apply(36_000, UcEvent::Press).unwrap();
    assert_eq!(g.view(36_000).remaining_ms, [283_000, 287_000]);
    let text = g.to_json();
    assert!(text.contains(r#"{"type":"undo_tap"}"#), "{text}");
    let back = UcGame::from_json(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.to_json(), text);
}

/// C-4a: once the running clock has run out, nothing is taken back, and the
/// view stops offering the correction (or a token undo) at that instant,
/// before any tick has recorded the flag.
#[test]
fn c4a_uc_no_correction_once_a_flag_has_fallen() {
    let mut g = clock_game();
    g.apply(10_000, UcEvent::Press).unwrap(); // 1. White
    g.apply(25_000, UcEvent::Press).unwrap(); // 1... Black
    g.apply(30_000, UcEvent::Press).unwrap(); // 2. White: Black's clock runs
    let left = g.view(30_000).remaining_ms[1];
    assert!(g.view(30_000 + left - 1).can_correct_tap);
    let late = 30_000 + left + 1_000;
    let v = g.view(late);
    assert!(!v.can_correct_tap && !v.can_undo, "the flag fell first");
    let before = g.clone();
    assert!(matches!(
        g.apply(late, UcEvent::UndoTap),
        Err(UcError::Clock(ClockError::Flagged { .. }))
    ));
    assert_eq!(g, before);
}

/// C-4a's limits in Undo Chess: only the last tap, and only until a token
/// undo (UC-3), a report (UC-7), another correction or the end; never the
/// starting press; Pause, Resume and Adjust in between do not matter. The
/// corrected move stops standing, so UC-6 counts without it.
#[test]
fn c4a_uc_correction_only_of_the_last_tap_and_its_limits() {
    let refused = |g: &mut UcGame, t: u64, want: UcError| {
        let before = g.clone();
        assert_eq!(g.apply(t, UcEvent::UndoTap), Err(want));
        assert_eq!(*g, before, "a refused correction changes nothing");
        assert!(!g.view(t).can_correct_tap);
    };
    let mut g = UcGame::new(setup(InputMode::Clock, fixed(518))).unwrap();
    refused(&mut g, 0, UcError::NotStarted);
    g.apply(0, UcEvent::Start).unwrap();
    refused(&mut g, 500, UcError::NoTapToCorrect); // the starting press
    g.apply(1_000, UcEvent::Press).unwrap();
    g.apply(2_000, UcEvent::Pause).unwrap();
    refused(&mut g, 2_100, UcError::Paused);
    g.apply(
        2_200,
        UcEvent::Adjust {
            colour: Colour::Black,
            remaining_ms: 200_000,
        },
    )
    .unwrap();
    g.apply(3_000, UcEvent::Resume).unwrap();
    assert!(
        g.view(3_000).can_correct_tap,
        "pauses and adjustments aside"
    );
    g.apply(4_000, UcEvent::UndoTap).unwrap();
    let v = g.view(4_000);
    assert_eq!(v.plies, 0);
    // The arbiter's adjustment made after the tap stands.
    assert_eq!(v.remaining_ms[1], 200_000);
    // UC-6: with the move gone, White has not moved yet.
    refused(&mut g, 4_500, UcError::NoTapToCorrect);
    g.apply(5_000, UcEvent::Press).unwrap();
    g.apply(6_000, UcEvent::Press).unwrap();
    g.apply(7_000, UcEvent::Press).unwrap();
    // After a token undo (UC-3) there is no tap to correct.
    g.apply(8_000, UcEvent::Undo { by: Colour::Black }).unwrap();
    refused(&mut g, 8_500, UcError::NoTapToCorrect);
    g.apply(9_000, UcEvent::Press).unwrap(); // Black again
    g.apply(10_000, UcEvent::Press).unwrap(); // White
    // A reported mate opens UC-7's decision: the tap before it stands.
    g.apply(11_000, UcEvent::Report(UcReport::Checkmate))
        .unwrap();
    refused(
        &mut g,
        11_500,
        UcError::DecisionPending {
            colour: Colour::Black,
        },
    );
    g.apply(12_000, UcEvent::Accept).unwrap();
    refused(&mut g, 12_500, UcError::GameOver);
}

/// C-4a: in board mode there is no free correction; a move entered on the
/// screen board is taken back only with a token (UC-3).
#[test]
fn c4a_uc_board_move_needs_token() {
    let mut g = board_game(518);
    play(&mut g, &["e2e4"]);
    let v = g.view(1_500);
    assert!(!v.can_correct_tap);
    let before = g.clone();
    assert_eq!(
        g.apply(1_500, UcEvent::UndoTap),
        Err(UcError::CorrectionNeedsToken)
    );
    assert_eq!(g, before);
    assert!(
        UcError::CorrectionNeedsToken
            .to_string()
            .contains("only with a token")
    );
    play(&mut g, &["e7e5"]);
    assert_eq!(
        g.apply(3_000, UcEvent::UndoTap),
        Err(UcError::CorrectionNeedsToken)
    );
    // The token undo is still there, and costs a token.
    undo(&mut g, Colour::White).unwrap();
    assert_eq!(g.tokens(), [1, 3]);
    assert_eq!(g.plies().len(), 0);
}
