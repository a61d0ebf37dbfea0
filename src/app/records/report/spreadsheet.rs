//! `history --csv`: the history as CSV, for spreadsheets. Its cells are written so that a
//! spreadsheet shows them and runs none ([`cell`]); the columns are those of card games, then
//! what classic games and duels add.

use std::borrow::Cow;

use serde::Serialize;

use super::{AnyRow, RowHead};
use crate::cards::summary::Ending;
use crate::deal::deal_text;
use crate::record::GameKind;

/// A text cell of the CSV history, neutralised as spreadsheet exports are (OWASP's advice on CSV
/// injection): a cell beginning with `=`, `+`, `-` or `@` (or a tab or carriage return) is a
/// formula to a spreadsheet (`=cmd|"/c calc"!A1` runs a program in some), so it is written with a
/// single quote before it (`'=cmd...`), which spreadsheets show as text and do not run. Numbers
/// are never cells of text: no count or score is negative, so none is touched.
fn cell(text: &str) -> Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// One line of the CSV history. Empty cells are fields that do not apply to the row's game; every
/// text is a [`cell`].
#[derive(Serialize)]
struct CsvLine<'a> {
    n: usize,
    ended: Cow<'a, str>,
    rules: Cow<'a, str>,
    rules_hash: Cow<'a, str>,
    deal: String,
    outcome: &'static str,
    score: u64,
    cards_played: Option<u64>,
    highest: u64,
    duration_secs: u64,
    undos: u32,
    id: Cow<'a, str>,
    game: String,
    moves: Option<u64>,
    player: Option<Cow<'a, str>>,
    duel_result: Option<&'static str>,
    checked: bool,
}

impl<'a> CsvLine<'a> {
    /// The fields every game has, from the row's head; the rest start empty.
    fn of(head: &'a RowHead, deal: String, outcome: Ending, game: String) -> CsvLine<'a> {
        CsvLine {
            n: head.n,
            ended: cell(&head.ended),
            rules: cell(&head.rules),
            rules_hash: cell(&head.rules_hash),
            deal: cell(&deal).into_owned(),
            outcome: outcome.as_str(),
            score: 0,
            cards_played: None,
            highest: 0,
            duration_secs: 0,
            undos: 0,
            id: cell(&head.id),
            game,
            moves: None,
            player: None,
            duel_result: None,
            checked: head.checked,
        }
    }
}

/// The history as CSV, with a header line; times in full (`2026-11-29T20:33:50Z`) and the
/// duration in seconds, for spreadsheets. The first twelve columns are those of card games;
/// `game`, `moves` (classic), `player` and `duel_result` (duels, a line per player) follow, then
/// `checked` (false: the row was changed in the database, and the figures leave it out).
/// Quoting is the `csv` crate's (RFC 4180); a text that a spreadsheet would take for a formula
/// begins with a single quote ([`cell`]).
pub(crate) fn csv(rows: &[AnyRow]) -> String {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    let mut put = |line: CsvLine| {
        w.serialize(line)
            .expect("writing CSV to memory cannot fail");
    };
    for row in rows {
        match row {
            AnyRow::Cards(r) => put(CsvLine {
                score: r.score,
                cards_played: Some(u64::from(r.cards_played)),
                highest: r.highest,
                duration_secs: r.duration_secs,
                undos: r.undos,
                ..CsvLine::of(&r.head, deal_text(&r.deal), r.outcome, "cards".into())
            }),
            AnyRow::Classic(r) => put(CsvLine {
                score: r.score,
                highest: r.highest,
                duration_secs: r.duration_secs,
                undos: r.undos,
                moves: Some(r.moves as u64),
                ..CsvLine::of(
                    &r.head,
                    format!("seed {}", r.seed),
                    r.outcome,
                    "classic".into(),
                )
            }),
            AnyRow::Duel(r) => {
                for (i, p) in r.players.iter().enumerate() {
                    let (cards_played, moves) = match r.of {
                        GameKind::Classic => (None, Some(p.survived)),
                        _ => (Some(p.survived), None),
                    };
                    let game = format!("duel {}", r.of.as_str());
                    put(CsvLine {
                        score: p.score,
                        cards_played,
                        highest: p.highest,
                        duration_secs: r.duration_secs,
                        undos: p.undos,
                        moves,
                        player: Some(cell(&p.name)),
                        duel_result: Some(r.result_for(i)),
                        ..CsvLine::of(&r.head, deal_text(&r.deal), p.outcome, game)
                    });
                }
            }
        }
    }
    let bytes = w.into_inner().expect("a Vec takes every byte");
    let mut out = String::from_utf8(bytes).expect("every field is UTF-8");
    if rows.is_empty() {
        out.push_str(CSV_HEADER);
    }
    out
}

/// The header line, written by `csv` from [`CsvLine`]'s fields; spelled out for an empty history.
pub(super) const CSV_HEADER: &str = "n,ended,rules,rules_hash,deal,outcome,score,cards_played,highest,\
                          duration_secs,undos,id,game,moves,player,duel_result,checked\n";
