//! The card game itself: columns, the chain-merge resolver, scoring, discards, win, loss, undo.
//!
//! Pure and deterministic: no terminal, files, clock or global random generator. The deck is
//! dealt before the game starts (see [`crate::cards::deck`]) and the engine only reads it, so a game is
//! fully described by its rules, its deck and its moves — which is what saves and replays store.
//!
//! Two layers:
//! - [`Position`]: the board, score, discards and counters. `Copy`, about 200 bytes, no heap:
//!   bots clone it millions of times a second.
//! - [`Game`]: a position plus the deck, the moves made and a snapshot per move for unlimited,
//!   exact undo.
//!
//! Every move returns a [`Turn`]: the merge steps, any clear and the points, so a screen can show
//! the chain without re-deriving it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::cards::card::Card;
use crate::cards::rules::{MAX_COLUMNS, MAX_HEIGHT, Rules};

/// One column: cards from the top (index 0) to the tail, in a fixed array.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Column {
    cards: [Card; MAX_HEIGHT],
    len: u8,
}

impl Column {
    const EMPTY: Column = Column {
        cards: [Card::NONE; MAX_HEIGHT],
        len: 0,
    };

    /// The cards from the top (first placed) to the tail (where the next card lands).
    #[inline]
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bottom card, where the next card lands.
    #[inline]
    pub fn tail(&self) -> Option<Card> {
        if self.len == 0 {
            None
        } else {
            Some(self.cards[self.len as usize - 1])
        }
    }

    #[inline]
    fn push(&mut self, c: Card) {
        self.cards[self.len as usize] = c;
        self.len += 1;
    }

    /// A column holding these cards (top first); for tests and tools. At most `MAX_HEIGHT`.
    pub fn from_cards(cards: &[Card]) -> Column {
        let mut c = Column::EMPTY;
        for &card in cards.iter().take(MAX_HEIGHT) {
            c.push(card);
        }
        c
    }
}

/// What the player does with the card in hand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Move {
    /// Put it at the tail of a column (0-based index).
    Place(u8),
    /// Throw it away, using one discard.
    Discard,
}

/// Why a move cannot be made; the position is unchanged.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MoveError {
    #[error("column {0} is full")]
    ColumnFull(usize),
    #[error("there is no column {column}; choose 1 to {columns}")]
    NoSuchColumn { column: usize, columns: usize },
    #[error("no discards left")]
    NoDiscards,
    #[error("the game is over")]
    GameOver,
}

/// One step of a chain merge: `card` met `onto` and they made `made`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    pub onto: Card,
    pub card: Card,
    pub made: Card,
}

impl Step {
    /// Filler for the fixed array of a [`Turn`]'s steps; never one of its `steps()`.
    const NONE: Step = Step {
        onto: Card::NONE,
        card: Card::NONE,
        made: Card::NONE,
    };
}

/// How a column was emptied.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Clear {
    /// A merge made `clear_value` (scores the clear bonus).
    Value,
    /// A bomb was placed on it (scores nothing).
    Bomb,
}

/// What one move did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Turn {
    pub mv: Move,
    /// The card that was in hand.
    pub card: Card,
    steps: [Step; MAX_HEIGHT + 1],
    nsteps: u8,
    pub cleared: Option<Clear>,
    /// Points this move scored (merges and clear bonus).
    pub points: u64,
    /// Discards given back by a clear.
    pub discards_gained: u32,
}

impl Turn {
    fn new(mv: Move, card: Card) -> Turn {
        Turn {
            mv,
            card,
            steps: [Step::NONE; MAX_HEIGHT + 1],
            nsteps: 0,
            cleared: None,
            points: 0,
            discards_gained: 0,
        }
    }

    /// Each merge step, in order.
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.nsteps as usize]
    }
}

/// Counters kept with a position (undo restores them too).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Stats {
    /// Cards put on a column.
    pub cards_played: u32,
    /// Cards thrown away.
    pub discarded: u32,
    /// Single merge steps.
    pub merges: u32,
    /// Columns cleared by reaching `clear_value`.
    pub clears: u32,
    /// Bombs placed.
    pub bombs: u32,
    /// The highest number card ever made or placed (0 before the first card).
    pub highest: u64,
}

/// The state the player sees apart from the deck: columns, score, discards, counters.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    columns: [Column; MAX_COLUMNS],
    ncols: u8,
    /// A bit per column that is not full (bit 0 is column 1), kept up to date by every
    /// placement: the legal moves of most rules, without looking at the columns. It follows
    /// from the columns and the rules' height, so equal boards have equal masks.
    open: u16,
    pub score: u64,
    pub discards: u32,
    pub stats: Stats,
}

impl Position {
    /// The empty board of these rules.
    pub fn new(rules: &Rules) -> Position {
        Position {
            columns: [Column::EMPTY; MAX_COLUMNS],
            ncols: rules.board.columns,
            open: if rules.board.height > 0 {
                (1u16 << rules.board.columns) - 1
            } else {
                0
            },
            score: 0,
            discards: rules.discards.start,
            stats: Stats::default(),
        }
    }

    /// A position with these columns (top card first), for tests and puzzles.
    pub fn with_columns(rules: &Rules, columns: &[&[Card]]) -> Position {
        let mut p = Position::new(rules);
        for (i, cards) in columns.iter().enumerate().take(p.ncols as usize) {
            p.columns[i] =
                Column::from_cards(&cards[..cards.len().min(rules.board.height as usize)]);
            p.reopen(i, rules);
        }
        p
    }

    #[inline]
    pub fn columns(&self) -> &[Column] {
        &self.columns[..self.ncols as usize]
    }

    /// Whether `card` may go on column `col` (0-based).
    #[inline]
    pub fn can_place(&self, col: usize, card: Card, rules: &Rules) -> bool {
        let c = &self.columns[col];
        if c.len < rules.board.height {
            return true;
        }
        rules.board.merge_into_full
            && (card.is_bomb() || c.tail().is_some_and(|t| card.merge(t).is_some()))
    }

    /// Sets column `col`'s bit of the open mask from its length.
    #[inline(always)]
    fn reopen(&mut self, col: usize, rules: &Rules) {
        let open = u16::from(self.columns[col].len < rules.board.height);
        self.open = (self.open & !(1 << col)) | (open << col);
    }

    /// A bit per column that can take `card` (bit 0 is column 1).
    #[inline(always)]
    pub fn legal_mask(&self, card: Card, rules: &Rules) -> u16 {
        // Bots and simulations call this once per placement: the columns that are not full
        // are kept as a mask, and only full columns are looked at, when they may take a card.
        let mut m = self.open;
        if rules.board.merge_into_full {
            for i in 0..self.ncols as usize {
                if m & (1 << i) == 0 && self.can_place(i, card, rules) {
                    m |= 1 << i;
                }
            }
        }
        m
    }

    /// Checks a move without making it.
    pub fn check(&self, mv: Move, card: Card, rules: &Rules) -> Result<(), MoveError> {
        match mv {
            Move::Discard if self.discards == 0 => Err(MoveError::NoDiscards),
            Move::Discard => Ok(()),
            Move::Place(c) if c as usize >= self.ncols as usize => Err(MoveError::NoSuchColumn {
                column: c as usize + 1,
                columns: self.ncols as usize,
            }),
            Move::Place(c) if !self.can_place(c as usize, card, rules) => {
                Err(MoveError::ColumnFull(c as usize + 1))
            }
            Move::Place(_) => Ok(()),
        }
    }

    /// Whether the player, holding `card`, has any move at all.
    #[inline]
    pub fn has_move(&self, card: Card, rules: &Rules) -> bool {
        self.discards > 0 || self.legal_mask(card, rules) != 0
    }

    /// Makes a move the caller has checked (see [`Position::check`]).
    pub fn apply(&mut self, mv: Move, card: Card, rules: &Rules) -> Turn {
        match mv {
            Move::Place(c) => self.place(c as usize, card, rules),
            Move::Discard => {
                debug_assert!(self.discards > 0);
                self.discards -= 1;
                self.stats.discarded += 1;
                Turn::new(mv, card)
            }
        }
    }

    /// Puts `card` at the tail of column `col` and resolves the chain. The move must be legal.
    pub fn place(&mut self, col: usize, card: Card, rules: &Rules) -> Turn {
        let mut turn = Turn::new(Move::Place(col as u8), card);
        let mut steps = [Step::NONE; MAX_HEIGHT + 1];
        let mut nsteps = 0u8;
        let done = self.resolve(col, card, rules, |s| {
            steps[nsteps as usize] = s;
            nsteps += 1;
        });
        turn.steps = steps;
        turn.nsteps = nsteps;
        turn.points = done.points;
        turn.cleared = done.cleared;
        turn.discards_gained = done.discards_gained;
        turn
    }

    /// [`Position::place`] for bots and simulations: the same move, returning only the points, so
    /// no [`Turn`] with its merge steps is built. The move must be legal.
    #[inline]
    pub fn place_fast(&mut self, col: usize, card: Card, rules: &Rules) -> u64 {
        self.resolve(col, card, rules, |_| {}).points
    }

    /// The chain-merge resolver behind both `place` and `place_fast`; `on_step` sees each merge.
    #[inline(always)]
    fn resolve(
        &mut self,
        col: usize,
        card: Card,
        rules: &Rules,
        mut on_step: impl FnMut(Step),
    ) -> Resolved {
        debug_assert!(self.can_place(col, card, rules));
        let mut done = Resolved {
            points: 0,
            cleared: None,
            discards_gained: 0,
        };
        self.stats.cards_played += 1;
        let column = &mut self.columns[col];
        if card.is_bomb() {
            *column = Column::EMPTY;
            self.stats.bombs += 1;
            done.cleared = Some(Clear::Bomb);
            self.reopen(col, rules);
            return done;
        }
        let scoring = &rules.scoring;
        let mut cur = card;
        loop {
            let Some(tail) = column.tail() else {
                column.push(cur);
                break;
            };
            let Some(made) = cur.merge(tail) else {
                column.push(cur);
                break;
            };
            column.len -= 1;
            on_step(Step {
                onto: tail,
                card: cur,
                made,
            });
            done.points += scoring.per_merge;
            if scoring.merged_value {
                done.points += made.points();
            }
            self.stats.merges += 1;
            cur = made;
            if made == rules.board.clear_value {
                *column = Column::EMPTY;
                self.stats.clears += 1;
                done.points += scoring.clear_bonus;
                done.cleared = Some(Clear::Value);
                let gained = rules
                    .discards
                    .per_clear
                    .min(rules.discards.max - self.discards.min(rules.discards.max));
                self.discards += gained;
                done.discards_gained = gained;
                break;
            }
        }
        self.reopen(col, rules);
        self.stats.highest = self.stats.highest.max(cur.points());
        self.score += done.points;
        done
    }
}

/// What resolving one placement did, apart from its merge steps.
struct Resolved {
    points: u64,
    cleared: Option<Clear>,
    discards_gained: u32,
}

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// The whole deck was placed or discarded.
    Won,
    /// The card in hand could go nowhere and no discard was left.
    Lost,
}

/// A game in progress: rules, deck, position, moves and the undo history.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Arc<Rules>,
    deck: Arc<[Card]>,
    next: usize,
    pos: Position,
    moves: Vec<Move>,
    undo: Vec<Position>,
    /// Whether moves can be taken back (kept for undo): not in a network duel, where a
    /// million-card game would otherwise hold a position for every card.
    undoable: bool,
    outcome: Option<Outcome>,
    undos: u32,
}

impl Game {
    /// A new game dealing exactly `deck` (its length is the deck size).
    pub fn new(rules: Arc<Rules>, deck: Arc<[Card]>) -> Game {
        let pos = Position::new(&rules);
        let mut g = Game {
            rules,
            deck,
            next: 0,
            pos,
            moves: Vec::new(),
            undo: Vec::new(),
            undoable: true,
            outcome: None,
            undos: 0,
        };
        g.outcome = g.judge();
        g
    }

    /// A new game dealt from `seed`.
    pub fn with_seed(rules: Arc<Rules>, seed: u64) -> Game {
        let deck: Arc<[Card]> = crate::cards::deck::deal(&rules, seed).into();
        Game::new(rules, deck)
    }

    /// Replays `moves` from the start; fails at the first illegal one (with its index).
    pub fn replay(
        rules: Arc<Rules>,
        deck: Arc<[Card]>,
        moves: &[Move],
    ) -> Result<Game, (usize, MoveError)> {
        let mut g = Game::new(rules, deck);
        for (i, &m) in moves.iter().enumerate() {
            g.play(m).map_err(|e| (i, e))?;
        }
        Ok(g)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn rules_arc(&self) -> &Arc<Rules> {
        &self.rules
    }

    pub fn deck(&self) -> &Arc<[Card]> {
        &self.deck
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The moves that made this position (undone moves removed).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How many times undo was used.
    pub fn undos(&self) -> u32 {
        self.undos
    }

    /// Sets how many times undo was used: a game rebuilt from its moves (a resumed save) keeps
    /// the count it had.
    pub fn restore_undos(&mut self, undos: u32) {
        self.undos = undos;
    }

    /// The card in hand, if the deck is not used up.
    pub fn hand(&self) -> Option<Card> {
        self.deck.get(self.next).copied()
    }

    /// The cards the player sees: the hand first, `deck.lookahead` in all (fewer near the end).
    pub fn visible(&self) -> &[Card] {
        let end = (self.next + self.rules.deck.lookahead as usize).min(self.deck.len());
        &self.deck[self.next..end]
    }

    /// Cards not yet placed or discarded, the hand included.
    pub fn cards_left(&self) -> usize {
        self.deck.len() - self.next
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// Checks a move without making it.
    pub fn check(&self, mv: Move) -> Result<(), MoveError> {
        match self.hand() {
            Some(card) if self.outcome.is_none() => self.pos.check(mv, card, &self.rules),
            _ => Err(MoveError::GameOver),
        }
    }

    /// Makes a move with the card in hand.
    pub fn play(&mut self, mv: Move) -> Result<Turn, MoveError> {
        self.check(mv)?;
        let card = self.deck[self.next];
        if self.undoable {
            self.undo.push(self.pos);
        }
        let turn = self.pos.apply(mv, card, &self.rules);
        self.moves.push(mv);
        self.next += 1;
        self.outcome = self.judge();
        Ok(turn)
    }

    /// From now on no move can be taken back, and none is kept for it: each move then costs the
    /// same memory however many came before (a network duel has no undo).
    pub fn without_undo(&mut self) {
        self.undoable = false;
        self.undo = Vec::new();
    }

    /// Takes back the last move, whatever it was; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(p) => {
                self.pos = p;
                self.moves.pop();
                self.next -= 1;
                self.undos += 1;
                self.outcome = self.judge();
                true
            }
            None => false,
        }
    }

    fn judge(&self) -> Option<Outcome> {
        match self.hand() {
            None => Some(Outcome::Won),
            Some(card) if !self.pos.has_move(card, &self.rules) => Some(Outcome::Lost),
            Some(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(v: u64) -> Card {
        Card::from_value(v).unwrap()
    }

    #[test]
    fn position_is_small() {
        assert!(
            std::mem::size_of::<Position>() <= 200,
            "{}",
            std::mem::size_of::<Position>()
        );
    }

    #[test]
    fn chain_from_rules_md() {
        let r = Rules::default_rules();
        let mut p = Position::with_columns(&r, &[&[c(64), c(32), c(16)]]);
        let t = p.place(0, c(16), &r);
        assert_eq!(p.columns()[0].cards(), &[c(128)]);
        assert_eq!(t.steps().len(), 3);
        assert_eq!(t.points, 3);
    }
}
