//! A case played on the engine: the board laid out under the rules it runs with, the card
//! checked and placed, and every part of what happened compared with what the case expects.
//!
//! Beside the case's own expectations, every placement is held to what the rules say of any
//! placement (the other columns stay as they were, the score grows by the points, the counters
//! follow, each step's card is the card the step before made), so a case also catches an engine
//! that gets the column right for a wrong reason.

use crate::cards::card::Card;
use crate::cards::engine::{Clear, Move, MoveError, Position, Step, Turn};
use crate::cards::rules::Rules;
use crate::chains::{Case, Cleared, Expect, Refusal};

/// A case after its run.
#[derive(Debug)]
pub struct Ran<'a> {
    pub case: &'a Case,
    /// The rules it ran with: its own, or the ones chosen.
    pub rules: &'a Rules,
    /// Whether those are the case's own rules.
    pub own_rules: bool,
    pub found: Found,
    /// What differs from the expectation, or breaks a rule of every placement.
    pub problems: Vec<Problem>,
}

/// What the engine did.
#[derive(Debug)]
pub enum Found {
    /// The case's board cannot be laid out under these rules.
    Unplayable(Unplayable),
    Refused(MoveError),
    /// Placed: the turn, and the board afterwards (boxed: a board is some 200 bytes).
    Placed {
        turn: Box<Turn>,
        position: Box<Position>,
    },
}

/// One thing that differs: what part, and what was expected and found, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub what: &'static str,
    pub expected: String,
    pub found: String,
}

impl Ran<'_> {
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }

    /// The column played on afterwards, when the card was placed.
    pub fn after(&self) -> Option<&[Card]> {
        match &self.found {
            Found::Placed { position, .. } => Some(position.columns()[self.case.on].cards()),
            _ => None,
        }
    }

    /// `default`, or `default + board.height = 1` for a case's own rules.
    pub fn rules_label(&self) -> String {
        match &self.case.rules {
            Some(own) => own.label(),
            None => self.rules.name.clone(),
        }
    }
}

/// Plays `case` with its own rules, or with `chosen` when it states none.
pub fn run<'a>(case: &'a Case, chosen: &'a Rules) -> Ran<'a> {
    let (rules, own_rules) = match &case.rules {
        Some(own) => (&own.rules, true),
        None => (chosen, false),
    };
    let found = match lay_out(case, rules) {
        Err(why) => Found::Unplayable(why),
        Ok(mut position) => {
            if let Err(e) = position.check(Move::Place(case.on as u8), case.card, rules) {
                Found::Refused(e)
            } else {
                let turn = Box::new(position.place(case.on, case.card, rules));
                Found::Placed {
                    turn,
                    position: Box::new(position),
                }
            }
        }
    };
    let mut ran = Ran {
        case,
        rules,
        own_rules,
        found,
        problems: Vec::new(),
    };
    ran.problems = problems(&ran);
    ran
}

/// Why a case's board cannot be laid out under the rules it runs with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    /// More columns than the rules have.
    #[error("the case lays out {laid} columns; these rules have {columns} (board.columns)")]
    Columns { laid: usize, columns: u8 },
    /// A column (from 1) taller than the rules' columns.
    #[error(
        "column {column} holds {cards} cards; a column of these rules holds at most {height} \
         (board.height)"
    )]
    Height {
        column: usize,
        cards: usize,
        height: u8,
    },
    /// A card at or above the clear value, which the rules never leave in play.
    #[error(
        "a {big} is never in play under these rules: a column holding {clear} is cleared \
         (board.clear_value)"
    )]
    NeverInPlay { big: Card, clear: Card },
}

/// The case's board under `rules`, or why it cannot be laid out there.
fn lay_out(case: &Case, rules: &Rules) -> Result<Position, Unplayable> {
    let b = &rules.board;
    if case.columns.len() > b.columns as usize {
        return Err(Unplayable::Columns {
            laid: case.columns.len(),
            columns: b.columns,
        });
    }
    for (i, column) in case.columns.iter().enumerate() {
        if column.len() > b.height as usize {
            return Err(Unplayable::Height {
                column: i + 1,
                cards: column.len(),
                height: b.height,
            });
        }
    }
    let cards = case.columns.iter().flatten().chain([&case.card]);
    if let Some(big) = cards
        .filter(|c| c.is_number())
        .find(|c| **c >= b.clear_value)
    {
        return Err(Unplayable::NeverInPlay {
            big: *big,
            clear: b.clear_value,
        });
    }
    let refs: Vec<&[Card]> = case.columns.iter().map(Vec::as_slice).collect();
    Ok(Position::with_columns(rules, &refs))
}

/// How the column was emptied, as a case writes it.
pub fn cleared(turn: &Turn) -> Cleared {
    match turn.cleared {
        None => Cleared::No,
        Some(Clear::Bomb) => Cleared::Bomb,
        Some(Clear::Value) => turn
            .steps()
            .last()
            .map_or(Cleared::No, |s| Cleared::Made(s.made)),
    }
}

fn problems(ran: &Ran) -> Vec<Problem> {
    let case = ran.case;
    let p = |what, expected: String, found: String| Problem {
        what,
        expected,
        found,
    };
    let mut out = Vec::new();
    let (turn, position) = match &ran.found {
        Found::Unplayable(why) => {
            out.push(p(
                "board",
                "one these rules can hold".into(),
                why.to_string(),
            ));
            return out;
        }
        Found::Refused(e) => {
            match &case.expect {
                Some(Expect::Refused(r)) if refusal_is(*r, e) => {}
                Some(Expect::Refused(r)) => {
                    out.push(p("result", format!("refused: {}", r.word()), refused(e)));
                }
                Some(Expect::Placed(_)) => out.push(p("result", "placed".into(), refused(e))),
                None => {}
            }
            return out;
        }
        Found::Placed { turn, position } => (turn, position),
    };
    match &case.expect {
        Some(Expect::Refused(r)) => {
            out.push(p(
                "result",
                format!("refused: {}", r.word()),
                "placed".into(),
            ));
        }
        Some(Expect::Placed(want)) => {
            let after = position.columns()[case.on].cards();
            if after != want.after.as_slice() {
                out.push(p("column", words(&want.after), words(after)));
            }
            if let Some(points) = want.points.filter(|&n| n != turn.points) {
                out.push(p("points", points.to_string(), turn.points.to_string()));
            }
            if let Some(steps) = want.steps.as_ref().filter(|s| s.as_slice() != turn.steps()) {
                out.push(p("steps", chain(steps), chain(turn.steps())));
            }
            if let Some(clear) = want.clear.filter(|&c| c != cleared(turn)) {
                out.push(p("clear", clear_words(clear), clear_words(cleared(turn))));
            }
        }
        None => {}
    }
    out.extend(
        broken(case, ran.rules, turn, position)
            .into_iter()
            .map(|why| p("engine", "every placement keeps the rules".into(), why)),
    );
    out
}

/// What a placement broke of the rules every placement keeps.
fn broken(case: &Case, rules: &Rules, turn: &Turn, position: &Position) -> Vec<String> {
    let refs: Vec<&[Card]> = case.columns.iter().map(Vec::as_slice).collect();
    let before = Position::with_columns(rules, &refs);
    let mut out = Vec::new();
    for (i, (a, b)) in before.columns().iter().zip(position.columns()).enumerate() {
        if i != case.on && a != b {
            out.push(format!("column {} changed too", i + 1));
        }
    }
    if position.score != before.score + turn.points {
        out.push(format!(
            "the score grew by {}, the turn says {}",
            position.score - before.score,
            turn.points
        ));
    }
    let s = position.stats;
    if s.merges as usize != turn.steps().len() || s.cards_played != 1 {
        out.push(format!(
            "{} merges and {} cards counted for {} steps and one card",
            s.merges,
            s.cards_played,
            turn.steps().len()
        ));
    }
    let (clears, bombs) = match turn.cleared {
        Some(Clear::Value) => (1, 0),
        Some(Clear::Bomb) => (0, 1),
        None => (0, 0),
    };
    if (s.clears, s.bombs) != (clears, bombs) {
        out.push(format!("{} clears and {} bombs counted", s.clears, s.bombs));
    }
    if turn.steps().first().is_some_and(|s| s.card != case.card)
        || turn.steps().windows(2).any(|w| w[1].card != w[0].made)
    {
        out.push(format!(
            "the steps do not follow on: {}",
            chain(turn.steps())
        ));
    }
    out
}

fn refusal_is(r: Refusal, e: &MoveError) -> bool {
    matches!(
        (r, e),
        (Refusal::Full, MoveError::ColumnFull(_))
            | (Refusal::NoSuchColumn, MoveError::NoSuchColumn { .. })
    )
}

fn refused(e: &MoveError) -> String {
    format!("refused: {e}")
}

/// Cards top first, `empty` for none.
pub fn words(cards: &[Card]) -> String {
    if cards.is_empty() {
        "empty".into()
    } else {
        crate::cards::text::cards(cards)
    }
}

/// `16+16=32 → 32+32=64`, `no merge` for none.
pub fn chain(steps: &[Step]) -> String {
    if steps.is_empty() {
        "no merge".into()
    } else {
        crate::cards::text::steps(steps)
    }
}

/// `cleared by making 2048`, `blown up by the bomb`, `not cleared`.
pub fn clear_words(c: Cleared) -> String {
    match c {
        Cleared::No => "not cleared".into(),
        Cleared::Made(card) => format!("cleared by making {card}"),
        Cleared::Bomb => "blown up by the bomb".into(),
    }
}
