//! Cards and stacks (CS-3, CS-8): six cards, three Yes and three No, in the
//! order they will be turned (index 0 is the top card, turned first).
//!
//! A stack is a secret until its cards are turned, so [`Stack`]'s `Debug`
//! never prints the order (only how many of each it holds); the order is
//! written only by [`Stack::to_text`] and the log's JSON (see docs/cards.md,
//! "Where the secret lives").
//!
//! Blind stacks (CS-8) come from the committed seed: stack `k` (the `k`-th
//! series of the game, 0-based, both players counted in play order) is the
//! `k`-th frozen Fisher–Yates shuffle of `[Y, Y, Y, N, N, N]` on ChaCha20
//! stream 4, read from its start (docs/fairness.md §4.2).

use crate::referee::draw::{DrawStream, STREAM_CARD_ORDER};
use std::fmt;

/// Cards in a stack (CS-3).
pub const STACK_SIZE: usize = 6;
/// Yes cards (and No cards) in a stack (CS-3).
pub const YES_CARDS: usize = 3;

/// One card (CS-3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    /// The move stands.
    Yes,
    /// The move is taken back.
    No,
}

impl Card {
    /// `Y` or `N`.
    pub fn letter(self) -> char {
        match self {
            Card::Yes => 'Y',
            Card::No => 'N',
        }
    }

    pub fn from_letter(c: char) -> Option<Card> {
        match c {
            'Y' => Some(Card::Yes),
            'N' => Some(Card::No),
            _ => None,
        }
    }
}

/// Why a stack text or card list is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StackError {
    /// Not six cards.
    Length { found: usize },
    /// A character other than `Y` or `N` (0-based character position).
    Character { position: usize },
    /// Not three Yes and three No (CS-3).
    Mix { yes: usize },
}

impl fmt::Display for StackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StackError::Length { found } => {
                write!(f, "a stack has {STACK_SIZE} cards, not {found}")
            }
            StackError::Character { position } => {
                write!(f, "card {} is neither Y (yes) nor N (no)", position + 1)
            }
            StackError::Mix { yes } => write!(
                f,
                "a stack holds {YES_CARDS} Yes and {YES_CARDS} No cards, not {yes} Yes and {} No",
                STACK_SIZE - yes
            ),
        }
    }
}

impl std::error::Error for StackError {}

/// Six cards, three Yes and three No (checked on construction), top first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stack([Card; STACK_SIZE]);

impl fmt::Debug for Stack {
    /// Never the order: a stack may still be face down.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Stack(3 Yes, 3 No, order hidden)")
    }
}

impl Stack {
    /// A stack of these cards, top first; refused unless three Yes, three No.
    pub fn new(cards: [Card; STACK_SIZE]) -> Result<Stack, StackError> {
        let yes = cards.iter().filter(|&&c| c == Card::Yes).count();
        if yes != YES_CARDS {
            return Err(StackError::Mix { yes });
        }
        Ok(Stack(cards))
    }

    /// Reads `YNYNNY` (exactly six `Y`/`N`, upper case, nothing around them).
    pub fn from_text(text: &str) -> Result<Stack, StackError> {
        let mut cards = Vec::with_capacity(STACK_SIZE);
        for (position, c) in text.chars().enumerate() {
            cards.push(Card::from_letter(c).ok_or(StackError::Character { position })?);
        }
        let found = cards.len();
        let cards: [Card; STACK_SIZE] =
            cards.try_into().map_err(|_| StackError::Length { found })?;
        Stack::new(cards)
    }

    /// The stack as `YNYNNY`, top first. This is the secret: see the module docs.
    pub fn to_text(&self) -> String {
        self.0.iter().map(|c| c.letter()).collect()
    }

    /// The cards, top first.
    pub fn cards(&self) -> [Card; STACK_SIZE] {
        self.0
    }

    /// Card `i` (0 = top).
    pub fn card(&self, i: usize) -> Option<Card> {
        self.0.get(i).copied()
    }

    /// All 20 stacks, in lexicographic order of their text (`NNNYYY` first).
    pub fn all() -> Vec<Stack> {
        let mut out = Vec::new();
        for mask in 0u32..64 {
            if mask.count_ones() as usize == YES_CARDS {
                let cards = std::array::from_fn(|i| {
                    if mask & (1 << (STACK_SIZE - 1 - i)) != 0 {
                        Card::Yes
                    } else {
                        Card::No
                    }
                });
                out.push(Stack(cards));
            }
        }
        out
    }
}

/// The cards every stack starts from before a blind shuffle.
pub const UNSHUFFLED: [Card; STACK_SIZE] = [
    Card::Yes,
    Card::Yes,
    Card::Yes,
    Card::No,
    Card::No,
    Card::No,
];

/// The blind stacks of one key (CS-8), drawn lazily and cached, so stack `k`
/// never depends on which stacks were asked for before.
#[derive(Clone, Debug)]
pub struct BlindStacks {
    stream: DrawStream,
    drawn: Vec<Stack>,
}

impl PartialEq for BlindStacks {
    /// Equal when they would deal the same stacks (same key).
    fn eq(&self, other: &Self) -> bool {
        self.stream.key() == other.stream.key()
    }
}

impl BlindStacks {
    /// The stacks of `key` (the stream key: the seed, or seed and words).
    pub fn new(key: &[u8; 32]) -> BlindStacks {
        BlindStacks {
            stream: DrawStream::new(key, STREAM_CARD_ORDER),
            drawn: Vec::new(),
        }
    }

    /// Stack `k` (0-based series number of the game): the `k`-th frozen
    /// Fisher–Yates shuffle of [`UNSHUFFLED`] on stream 4 (for `i = 5` down to
    /// 1: `j = uniform(i + 1)`, swap cards `i` and `j`).
    pub fn stack(&mut self, k: usize) -> Stack {
        while self.drawn.len() <= k {
            let mut cards = UNSHUFFLED;
            self.stream.shuffle(&mut cards);
            self.drawn.push(Stack(cards));
        }
        self.drawn[k]
    }

    /// The first `n` stacks.
    pub fn first(&mut self, n: usize) -> Vec<Stack> {
        (0..n).map(|k| self.stack(k)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cs_3_stack_text_round_trips_and_refuses_bad_mixes() {
        let s = Stack::from_text("YNYNNY").unwrap();
        assert_eq!(s.to_text(), "YNYNNY");
        assert_eq!(Stack::from_text("YYYYNN"), Err(StackError::Mix { yes: 4 }));
        assert_eq!(
            Stack::from_text("YNYNN"),
            Err(StackError::Length { found: 5 })
        );
        assert_eq!(
            Stack::from_text("YNyNNY"),
            Err(StackError::Character { position: 2 })
        );
        assert_eq!(Stack::all().len(), 20);
        assert_eq!(Stack::all()[0].to_text(), "NNNYYY");
        assert!(!format!("{s:?}").contains("YN"));
    }

    #[test]
    fn cs_8_blind_stacks_do_not_depend_on_asking_order() {
        let key = [9u8; 32];
        let mut a = BlindStacks::new(&key);
        let mut b = BlindStacks::new(&key);
        let late = a.stack(7);
        assert_eq!(b.first(8)[7], late);
        assert_eq!(a, b);
    }
}
