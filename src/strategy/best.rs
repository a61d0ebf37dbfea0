//! `best`: the strongest player for the rules in force.
//!
//! Where trained weights exist for the rules ([`super::ntuple::for_rules`]), a search over the
//! visible cards with the learned value at its leaves; elsewhere today's [`Expectimax`].
//!
//! The search: every visible card is known, so each is a max node over the moves (columns equal
//! to an earlier one are tried once); after the last visible card the network values the board,
//! and that value already averages over the unknown cards to come, since it was learned by
//! dealing them. Still, one chance ply over the deck's weights before the network is worth much
//! (on the hard rules 80% of games won without it, 95% with it, for 0.3 ms a decision), so one is
//! searched whenever it fits the leaf budget, and more while they stay cheap (short lookaheads).
//! Values are [`Outlook`]s, the network's unit: placing a card adds a card survived and its
//! points to `γ` times what follows, a loss is worth nothing more, and reaching the end of the
//! deck (a win) is a survival of 1 with no more points. Every choice maximises the rules'
//! objective ([`Objective::worth`]: the win first, then the points), and a chance node averages
//! the outlooks. So a search value and a leaf value are the same quantity, and a review can tell
//! what a move gives up as points expected or as a chance to win.
//!
//! Speed: nearly all the work is at the leaves, the boards after the last card searched, and a
//! leaf differs from its parent in one column (the card placed there). So a parent is read once
//! ([`ntuple::Reading`]) and each leaf valued from the column it changed: 7 of the 21 entries on
//! five columns, with the same value to the last bit, so every game is played as before. With the
//! sums kept as two running numbers, a hard game took 45% less time than before.

use std::sync::Arc;

use super::ntuple::{self, Network};
use super::objective::{Objective, Outlook};
use super::{Expectimax, Sight, Strategy, columns_of, each_move, placements};
use crate::cards::card::Card;
use crate::cards::deck::GameRng;
use crate::cards::engine::{Move, Position};
use crate::cards::rules::Rules;

/// The strongest strategy available for the rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Best {
    /// Chance plies searched after the visible cards; `None` chooses (see the module docs).
    pub chance_plies: Option<usize>,
    /// One chance ply more (within [`MAX_LEAVES`]) on boards with at most this many free slots;
    /// `None`: never.
    pub deepen_at_free: Option<usize>,
}

/// Each legal move with its estimated value, in the unit of whichever search valued it.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// With learned weights the worth by the objective, in points; else expectimax's value.
    pub moves: Vec<(Move, f64)>,
    /// With learned weights, each move's outlook (in the order of `moves`); else empty.
    pub outlooks: Vec<Outlook>,
    /// Whether the values come from the learned evaluation rather than from expectimax's
    /// heuristic.
    pub learned: bool,
}

impl Scored {
    /// The move with the highest value (the first of equals), if any.
    pub fn best(&self) -> Option<(Move, f64)> {
        self.moves
            .iter()
            .copied()
            .fold(None, |b: Option<(Move, f64)>, (m, v)| match b {
                Some((_, bv)) if bv >= v => b,
                _ => Some((m, v)),
            })
    }
}

impl Best {
    /// Values every legal move of the view.
    pub fn rate(&self, view: &Sight) -> Scored {
        match ntuple::for_rules(view.rules) {
            Some(net) => {
                let s = BestSearch::new(self, &net, view);
                let root = s.root(view);
                Scored {
                    moves: root.iter().map(|&(m, o)| (m, s.obj.worth(o))).collect(),
                    outlooks: root.into_iter().map(|(_, o)| o).collect(),
                    learned: true,
                }
            }
            None => Scored {
                moves: Expectimax::default().rate(view),
                outlooks: Vec::new(),
                learned: false,
            },
        }
    }

    /// Whether learned weights serve these rules.
    pub fn learned(rules: &Rules) -> bool {
        ntuple::for_rules(rules).is_some()
    }

    /// The self-play games that trained the learned weights serving these rules; `None`
    /// where there are none (`best` then plays as expectimax).
    pub fn trained_games(rules: &Rules) -> Option<u64> {
        ntuple::for_rules(rules).map(|net| net.games)
    }
}

impl Strategy for Best {
    fn name(&self) -> &'static str {
        "best"
    }

    fn choose(&self, view: &Sight, rng: &mut GameRng) -> Option<Move> {
        view.visible.first()?;
        match ntuple::for_rules(view.rules) {
            Some(net) => {
                let s = BestSearch::new(self, &net, view);
                let (mut best, mut bv) = (None, f64::NEG_INFINITY);
                for (m, o) in s.root(view) {
                    let v = s.obj.worth(o);
                    if v > bv {
                        (best, bv) = (Some(m), v);
                    }
                }
                best
            }
            None => Expectimax::default().choose(view, rng),
        }
    }
}

/// One decision's search with the learned value.
struct BestSearch<'a> {
    net: Arc<Network>,
    obj: Objective,
    rules: &'a Rules,
    known: &'a [Card],
    cards_left: usize,
    /// Chance plies after the visible cards.
    chance_plies: usize,
    chance: Vec<(Card, f64)>,
}

/// The most leaves (estimated) a decision may search: about 20 ms at worst.
///
/// A second chance ply on crowded hard boards (112,500 leaves, fewer than 14 free slots) won 141
/// of 150 games where one ply won 139, for four times the mean time: not worth it, so the depth
/// does not depend on the board.
const MAX_LEAVES: f64 = 200_000.0;
/// Chance plies are added beyond the first while the leaves stay below this: about 1 ms at most.
///
/// Measured: solitaire with no discard in hand (4 moves a card, 7 kinds of card) fits a second
/// chance ply in 12,544 estimated leaves, which took about 7 ms a decision, and over 30 games
/// (seed 1000) it lasted 474 cards against 445 with one ply, before its weights were trained
/// further; with weights of 190,000 games one ply lasted 567.6 cards (0.12 ms a decision), and a
/// second ply on crowded boards only (at most 8 free slots) 565.8. The default and hard rules fit
/// one chance ply either way (4,375 and 3,750 leaves).
const CHANCE_LEAVES: f64 = 5_000.0;

impl<'a> BestSearch<'a> {
    fn new(best: &Best, net: &Arc<Network>, view: &Sight<'a>) -> BestSearch<'a> {
        let total: f64 = view
            .rules
            .deck
            .weights
            .iter()
            .map(|&(_, w)| f64::from(w))
            .sum();
        let chance = view
            .rules
            .deck
            .weights
            .iter()
            .filter(|&&(_, w)| w > 0)
            .map(|&(c, w)| (c, f64::from(w) / total))
            .collect();
        BestSearch {
            net: Arc::clone(net),
            obj: Objective::of(view.rules),
            rules: view.rules,
            known: view.visible,
            cards_left: view.cards_left,
            chance_plies: 0,
            chance,
        }
        .budgeted(best, view)
    }

    /// Sets the depth within the leaf budget: the visible cards (the farthest dropped on boards so
    /// wide that they alone overflow [`MAX_LEAVES`]), then chance plies while the estimated leaves
    /// stay within [`CHANCE_LEAVES`] (at least one when it fits in [`MAX_LEAVES`]), unless the
    /// caller fixed them.
    fn budgeted(mut self, best: &Best, view: &Sight<'a>) -> BestSearch<'a> {
        let moves =
            view.position.columns().len() as f64 + f64::from(u8::from(view.position.discards > 0));
        let kinds = self.chance.len() as f64;
        let leaves = |known: usize, plies: usize| {
            moves.powi(known as i32) * (moves * kinds).powi(plies as i32)
        };
        let mut known = self.known.len();
        while known > 1 && leaves(known, 0) > MAX_LEAVES {
            known -= 1;
        }
        self.known = &self.known[..known];
        self.chance_plies = best.chance_plies.unwrap_or_else(|| {
            let mut p = usize::from(leaves(known, 1) <= MAX_LEAVES);
            while p < 3 && leaves(known, p + 1) <= CHANCE_LEAVES {
                p += 1;
            }
            let h = view.rules.board.height as usize;
            let free: usize = view.position.columns().iter().map(|c| h - c.len()).sum();
            if best.deepen_at_free.is_some_and(|f| free <= f) && leaves(known, p + 1) <= MAX_LEAVES
            {
                p += 1;
            }
            p
        });
        self
    }

    /// The moves of the card in hand with their outlooks.
    fn root(&self, view: &Sight) -> Vec<(Move, Outlook)> {
        let Some(&hand) = self.known.first() else {
            return Vec::new();
        };
        let pos = view.position;
        let mut out = Vec::new();
        let mask = placements(pos, hand, self.rules);
        let cols = pos.columns();
        for col in columns_of(mask) {
            // A column equal to an earlier one has its value.
            if let Some(j) = columns_of(mask & ((1 << col) - 1)).find(|&j| cols[j] == cols[col]) {
                let v = out
                    .iter()
                    .find(|(m, _)| *m == Move::Place(j as u8))
                    .map_or(Outlook::LOST, |&(_, v)| v);
                out.push((Move::Place(col as u8), v));
                continue;
            }
            let mut child = *pos;
            child.place_fast(col, hand, self.rules);
            out.push((Move::Place(col as u8), self.after(pos, &child, 1)));
        }
        if pos.discards > 0 {
            let mut child = *pos;
            child.apply(Move::Discard, hand, self.rules);
            out.push((Move::Discard, self.after(pos, &child, 1)));
        }
        out
    }

    /// The outlook of the move from `parent` to `pos`, once `k` cards have been played from the
    /// root: a card survived and its points, then what follows.
    fn after(&self, parent: &Position, pos: &Position, k: usize) -> Outlook {
        Outlook::after((pos.score - parent.score) as f64, self.value(pos, k))
    }

    /// The outlook of `pos` with the card at ply `k` (0 is the hand) still to play.
    fn value(&self, pos: &Position, k: usize) -> Outlook {
        if k >= self.cards_left {
            return Outlook::WON;
        }
        if let Some(&card) = self.known.get(k) {
            return self.best(pos, card, k, None);
        }
        if k >= self.known.len() + self.chance_plies {
            return self.net.value(pos);
        }
        // Every card of the chance ply is placed on the same board: read it once.
        let reading = self.leaves_after(k).then(|| self.net.read(pos));
        let mut sum = Outlook::LOST;
        for &(card, p) in &self.chance {
            sum.add_scaled(p, self.best(pos, card, k, reading.as_ref()));
        }
        sum
    }

    /// Whether the positions after the card at ply `k` are valued by the network.
    fn leaves_after(&self, k: usize) -> bool {
        k + 1 < self.cards_left && k + 1 >= self.known.len() + self.chance_plies
    }

    /// The outlook of the best move for `card` at ply `k` by the objective; nothing when there
    /// is no move (lost now). `reading`: `pos` read by the network, when its afterstates are
    /// leaves (else read here if they are), so that each is valued from the column it changed.
    fn best(
        &self,
        pos: &Position,
        card: Card,
        k: usize,
        reading: Option<&ntuple::Reading>,
    ) -> Outlook {
        let own = (reading.is_none() && self.leaves_after(k)).then(|| self.net.read(pos));
        let reading = reading.or(own.as_ref());
        let (mut best, mut worth) = (Outlook::LOST, f64::NEG_INFINITY);
        each_move(pos, card, self.rules, |col, child| {
            let o = match reading {
                Some(r) => Outlook::after(
                    (child.score - pos.score) as f64,
                    self.net.value_after(r, child, col),
                ),
                None => self.after(pos, child, k + 1),
            };
            let w = self.obj.worth(o);
            if w > worth {
                (best, worth) = (o, w);
            }
        });
        best
    }
}

/// What `best` scores on a deal: par, for the player to compare with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Par {
    pub score: u64,
    pub cards_played: u32,
    pub won: bool,
}

/// Par of the deal of `seed` under these rules (what `play --seed` and the daily deal deal):
/// what `best` scores on it, seeing only what a player sees.
pub fn par(rules: &Rules, seed: u64) -> Par {
    par_of_deck(
        Arc::new(rules.clone()),
        crate::cards::deck::deal(rules, seed).into(),
    )
}

/// Par of a given deck (a deck file's, or a recorded game's).
pub fn par_of_deck(rules: Arc<Rules>, deck: Arc<[Card]>) -> Par {
    par_of_deck_unless(rules, deck, &|| false).expect("never asked to stop")
}

/// [`par_of_deck`], given up (`None`) as soon as `stop` says so, asked before each move: the game
/// screen works par out in the background and stops when its game is left before it is done.
pub fn par_of_deck_unless(
    rules: Arc<Rules>,
    deck: Arc<[Card]>,
    stop: &dyn Fn() -> bool,
) -> Option<Par> {
    let mut game = crate::cards::engine::Game::new(rules, deck);
    // The generator `play_out` gives the bot, so par is the same whichever way it is asked for.
    let mut rng = crate::cards::deck::rng(0);
    while !game.is_over() {
        if stop() {
            return None;
        }
        let Some(mv) = Best::default().choose(&Sight::of(&game), &mut rng) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    let pos = game.position();
    Some(Par {
        score: pos.score,
        cards_played: pos.stats.cards_played,
        won: game.outcome() == Some(crate::cards::engine::Outcome::Won),
    })
}
