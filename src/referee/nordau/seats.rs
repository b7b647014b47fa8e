//! Seats and people of Nordau Shift (NS-1). The position belongs to the board, so the
//! referee talks about seats; people only move between seats at a swap (NS-3).

pub use crate::referee::common::Colour;

/// One of the three seats of Nordau Shift (NS-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    White,
    Black,
    Observer,
}

impl Seat {
    pub const ALL: [Seat; 3] = [Seat::White, Seat::Black, Seat::Observer];

    /// Index into `[White, Black, Observer]` arrays.
    pub fn index(self) -> usize {
        match self {
            Seat::White => 0,
            Seat::Black => 1,
            Seat::Observer => 2,
        }
    }

    pub fn of_colour(c: Colour) -> Seat {
        match c {
            Colour::White => Seat::White,
            Colour::Black => Seat::Black,
        }
    }
}

/// A person, as the index (0, 1 or 2) of their name in the committed setup.
pub type Person = u8;

/// Who sits where: `people[Seat::index()]` is the person on that seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    pub people: [Person; 3],
}

impl Seating {
    pub fn person_at(&self, seat: Seat) -> Person {
        self.people[seat.index()]
    }

    pub fn seat_of(&self, person: Person) -> Seat {
        Seat::ALL
            .into_iter()
            .find(|s| self.people[s.index()] == person)
            .unwrap_or(Seat::Observer)
    }

    /// NS-3: the person on `colour` stands up and the Observer sits down there.
    pub fn swap_with_observer(&mut self, colour: Colour) {
        self.people
            .swap(Seat::of_colour(colour).index(), Seat::Observer.index());
    }
}
