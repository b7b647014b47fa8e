//! Board mode of the card-series duel (CS-1, CS-2, CS-4, CS-6, CS-7, CS-9,
//! C-2) on shakmaty's standard chess.
//!
//! Inside a series the same side moves again and again (CS-9). The board
//! keeps the position *as the player to move faces it*: after an accepted
//! move that does not end the series, the turn is passed back to the mover
//! (shakmaty's `swap_turn`, which also clears the en-passant square, so the
//! opponent's double step can only be taken on the first move played after
//! it, CS-9). The position right after the last accepted move, with the
//! opponent to move, is kept aside: a series whose last card is a No hands
//! that position over unchanged (a taken-back move never happened, so an
//! en-passant right it would have spent is still there).
//!
//! Move reading and the repetition key are the shared ones
//! ([`crate::referee::board`]: a [`PositionKey`], en passant only when
//! capturable). A position counts for repetition each time a player faces
//! it: after every accepted move and at every hand-over.

use crate::referee::board::{BoardRules, PositionKey, colour, legal_moves_uci_of, parse_move_in};
use crate::referee::chessboard::{DrawClaim, MoveError};
use crate::referee::common::Colour;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position};

/// How the board ended the game by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CsBoardEnd {
    Checkmate {
        winner: Colour,
    },
    /// The player to move has no legal move and is not in check.
    Stalemate,
    /// CS-7: every legal move of the player to move was refused by a No card
    /// in this series (in check or not: the rule says it is stalemate).
    ForbiddenStalemate,
    InsufficientMaterial,
    FivefoldRepetition,
    SeventyFiveMoves,
}

/// One accepted move, as the record needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub colour: Colour,
    /// SAN with `+`/`#`.
    pub san: String,
    pub uci: String,
}

/// The board of a card-series duel: the position the player to move faces,
/// the repetition history and the accepted moves.
#[derive(Clone, Debug, PartialEq)]
pub struct CardsBoard {
    pos: Chess,
    /// The position right after the last accepted move of the running
    /// series, the opponent to move; `None` when `pos` is already that one.
    handover: Option<Chess>,
    history: Vec<PositionKey>,
    moves: Vec<PlayedMove>,
}

impl Default for CardsBoard {
    fn default() -> Self {
        let pos = Chess::default();
        CardsBoard {
            history: vec![pos.repetition_key()],
            pos,
            handover: None,
            moves: Vec::new(),
        }
    }
}

fn uci_of(m: Move) -> String {
    UciMove::from_move(m, CastlingMode::Standard).to_string()
}

/// What CS-4 compares (its Interpretation): the piece type, its two squares
/// and the promotion, castling as the king's move: `bf1e2` and `kf1e2` are
/// two moves. A string, so the series can keep it after the board moved on.
fn key_of(m: Move) -> String {
    format!("{}{}", m.role().char(), uci_of(m))
}

impl CardsBoard {
    /// A board from a standard-chess FEN (for analysis and tests; a game
    /// always starts from the usual position).
    pub fn from_fen(fen: &str) -> Option<CardsBoard> {
        let fen: Fen = fen.trim().parse().ok()?;
        let pos: Chess = fen.into_position(CastlingMode::Standard).ok()?;
        Some(CardsBoard {
            history: vec![pos.repetition_key()],
            pos,
            handover: None,
            moves: Vec::new(),
        })
    }

    /// Reads a move in UCI or SAN and checks it is legal here. Does not play it.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        parse_move_in(&self.pos, text)
    }

    /// UCI of a move (castling as the king's move, `e1g1`).
    pub fn uci(m: Move) -> String {
        uci_of(m)
    }

    /// What CS-4 compares: the piece type and the UCI (`kf1e2`).
    pub fn key(m: Move) -> String {
        key_of(m)
    }

    /// SAN (with `+`/`#`) a legal move would be written as.
    pub fn san_plus(&self, m: Move) -> String {
        SanPlus::from_move(self.pos.clone(), m).to_string()
    }

    /// Whether the legal move `m` gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let mut p = self.pos.clone();
        p.play_unchecked(m);
        p.is_check()
    }

    /// Plays the legal move `m`. With `series_goes_on` the mover keeps the
    /// move (CS-9); otherwise the opponent is to move. Returns whether the
    /// mover did keep the move (a position in which the opponent would be in
    /// check cannot be passed back; the caller never asks for that, since a
    /// check ends the series, CS-6).
    pub fn play(&mut self, m: Move, series_goes_on: bool) -> bool {
        let mover = colour(self.pos.turn());
        let uci = uci_of(m);
        let mut natural = self.pos.clone();
        let san = SanPlus::from_move_and_play_unchecked(&mut natural, m).to_string();
        self.moves.push(PlayedMove {
            colour: mover,
            san,
            uci,
        });
        let kept = series_goes_on
            && match natural.clone().swap_turn() {
                Ok(swapped) => {
                    self.pos = swapped;
                    self.handover = Some(natural.clone());
                    true
                }
                Err(_) => false,
            };
        if !kept {
            self.pos = natural;
            self.handover = None;
        }
        self.history.push(self.pos.repetition_key());
        kept
    }

    /// The series ends with the mover to move (its last card was a No): the
    /// opponent gets the position after the mover's last accepted move.
    pub fn hand_over(&mut self) {
        let next = match self.handover.take() {
            Some(p) => p,
            // No move of this series stood (impossible with three Yes cards,
            // but well defined): the turn passes without a move.
            None => match self.pos.clone().swap_turn() {
                Ok(p) => p,
                Err(_) => return,
            },
        };
        self.pos = next;
        self.history.push(self.pos.repetition_key());
    }

    /// A null move (PGN `--`): the turn passes without a move, as inside a
    /// series. Refused (false, nothing changes) while in check.
    pub fn pass_turn(&mut self) -> bool {
        if self.pos.is_check() {
            return false;
        }
        match self.pos.clone().swap_turn() {
            Ok(p) => {
                self.pos = p;
                self.handover = None;
                self.history.push(self.pos.repetition_key());
                true
            }
            Err(_) => false,
        }
    }

    pub fn turn(&self) -> Colour {
        colour(self.pos.turn())
    }

    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }

    pub fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Accepted moves, in order.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// Legal moves in UCI, sorted (CS-4 not applied).
    pub fn legal_moves_uci(&self) -> Vec<String> {
        legal_moves_uci_of(&self.pos)
    }

    /// Legal moves CS-4 allows, in UCI, sorted: those whose [`key`](Self::key)
    /// is not `forbidden`.
    pub fn allowed_moves_uci(&self, forbidden: &[String]) -> Vec<String> {
        let mut moves: Vec<String> = self
            .pos
            .legal_moves()
            .into_iter()
            .filter(|m| !forbidden.contains(&key_of(*m)))
            .map(uci_of)
            .collect();
        crate::referee::small_sort::sort(&mut moves);
        moves
    }

    /// How often the current position has been faced.
    pub fn repetitions(&self) -> usize {
        match self.history.last() {
            Some(k) => self.history.iter().filter(|h| *h == k).count(),
            None => 0,
        }
    }

    /// Whether `side` has too little material to mate by any series of legal
    /// moves (C-2: a flag is then a draw in board mode).
    pub fn cannot_mate(&self, side: Colour) -> bool {
        let c = match side {
            Colour::White => Color::White,
            Colour::Black => Color::Black,
        };
        self.pos.has_insufficient_material(c)
    }

    /// C-2 and CS-7 automatic ends for the player to move, whose refused
    /// moves of this series are `forbidden` (CS-4 keys, [`key`](Self::key)).
    /// Mate first.
    pub fn automatic_end(&self, forbidden: &[String]) -> Option<CsBoardEnd> {
        let pos = &self.pos;
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return Some(if pos.is_check() {
                CsBoardEnd::Checkmate {
                    winner: colour(pos.turn()).other(),
                }
            } else {
                CsBoardEnd::Stalemate
            });
        }
        if legal.iter().all(|m| forbidden.contains(&key_of(*m))) {
            return Some(CsBoardEnd::ForbiddenStalemate);
        }
        if pos.is_insufficient_material() {
            return Some(CsBoardEnd::InsufficientMaterial);
        }
        if self.repetitions() >= 5 {
            return Some(CsBoardEnd::FivefoldRepetition);
        }
        if pos.halfmoves() >= 150 {
            return Some(CsBoardEnd::SeventyFiveMoves);
        }
        None
    }

    /// C-2 claims open to the player to move. Half-moves count accepted
    /// moves only: the 50-move rule is 100 accepted moves without a capture
    /// or a pawn move, whoever made them.
    pub fn claimable(&self) -> Vec<DrawClaim> {
        let mut v = Vec::new();
        if self.repetitions() >= 3 {
            v.push(DrawClaim::Threefold);
        }
        if self.pos.halfmoves() >= 100 {
            v.push(DrawClaim::FiftyMoves);
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(b: &mut CardsBoard, san: &str, goes_on: bool) -> bool {
        let m = b.parse_move(san).unwrap();
        b.play(m, goes_on)
    }

    #[test]
    fn cs_9_the_mover_keeps_the_move_inside_a_series() {
        let mut b = CardsBoard::default();
        assert!(play(&mut b, "e4", true));
        assert_eq!(b.turn(), Colour::White);
        assert!(play(&mut b, "d4", true));
        assert!(!play(&mut b, "Nf3", false));
        assert_eq!(b.turn(), Colour::Black);
        let sans: Vec<&str> = b.moves().iter().map(|m| m.san.as_str()).collect();
        assert_eq!(sans, ["e4", "d4", "Nf3"]);
    }

    #[test]
    fn cs_9_a_final_no_hands_over_the_last_accepted_position() {
        let mut b = CardsBoard::default();
        play(&mut b, "Nf3", true);
        play(&mut b, "e4", true);
        // e4 was a double step; the turn passed back to White cleared it.
        assert!(b.fen().contains(" w "));
        b.hand_over();
        assert_eq!(b.turn(), Colour::Black);
        // The double step is capturable again: nothing stood after it.
        assert!(
            b.fen()
                .starts_with("rnbqkbnr/pppppppp/8/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 ")
        );
    }
}
