//! The line a player shares of a finished daily deal, for posting: `new2048 daily 2026-12-01:
//! won · score 14 · 100 cards · 3 clears · 2 bombs · 1 hint  🟦🟩🟨…🏆`. The result screen and
//! `daily --share` print it; the store finds the record it is drawn from (the first finished play
//! of the deal: later ones are practice). The rules are named only when they are not the day's
//! (`new2048 daily 2026-12-01 (hard rules): …`), and the hints and undos used are counted.
//!
//! The shared line must not give the deal away: everyone plays the same cards that day, and a
//! line saying "a bomb at card 31" would tell the others where the bombs are. So the strip shows
//! only what the player made of the deal: the deck cut in ten equal stretches, each drawn by the
//! best thing the player did in it (a column cleared, a long chain, merges, or nothing but
//! placing), then how it ended. How many bombs were played is a count, never a place.
//!
use crate::cards::engine::{Clear, Game};
use crate::cards::summary::Ending;
use crate::cards::text::count;
use crate::deal::Deal;
use crate::duel::Playable;
use crate::record::Record;

/// Stretches of the deck in the strip.
const CELLS: usize = 10;

/// The shared line of a daily deal's record: `new2048 daily 2026-12-01: won · score 14 · 100
/// cards · 3 clears · 2 bombs · 2 hints · 1 undo  🟦🟩🟨…🏆` (a count of none is left out; rules
/// other than the day's named after the date).
pub(crate) fn share_line(r: &Record) -> String {
    let (what, date) = match &r.play.deal {
        Deal::Daily { date, .. } => ("daily", date.as_str()),
        Deal::Puzzle {
            date: Some(date), ..
        } => ("puzzle", date.as_str()),
        _ => ("daily", "?"),
    };
    // A puzzle is judged by its target: `solved · score 12 of 12`, `short by 3 · score 9 of 12`.
    let verdict = crate::deal::puzzle::target_of(&r.play.deal)
        .filter(|_| r.outcome != Ending::Quit)
        .map(|t| (crate::deal::puzzle::Verdict::of(r.score, t), t));
    let (strip, clears, bombs) = match r.play.rebuild() {
        Ok((game, _)) => strip(&game, verdict.map(|(v, _)| v)),
        Err(_) => (String::new(), 0, 0),
    };
    let outcome = match (verdict, r.outcome) {
        (Some((v, _)), _) => v.text(),
        (None, Ending::Won) => "won".into(),
        (None, Ending::Lost) => "lost".into(),
        (None, Ending::Quit | Ending::Restarted) => "unfinished".into(),
    };
    let score = match verdict {
        Some((_, t)) => format!("score {} of {}", r.score, t.score),
        None => format!("score {}", r.score),
    };
    let mut parts = vec![outcome, score, count(r.count.cards_played, "card")];
    // Counts of nothing only make the line longer.
    parts.extend((clears > 0).then(|| count(clears, "clear")));
    parts.extend((bombs > 0).then(|| count(bombs, "bomb")));
    // The help the player had, as such lines say it: a score made on hints reads as one.
    parts.extend((r.play.hints > 0).then(|| count(r.play.hints, "hint")));
    parts.extend((r.play.undos > 0).then(|| count(r.play.undos, "undo")));
    // The day's rules go without saying; others are named, since their deal is another.
    let rules = if crate::deal::of_the_day(&r.play.deal, &r.play.rules.hash) {
        String::new()
    } else {
        format!(" ({} rules)", r.play.rules.name)
    };
    format!(
        "new2048 {what} {date}{rules}: {}  {strip}",
        parts.join(" · ")
    )
}

/// The strip of `game` (as it ended): one cell per tenth of the deck (a card, for a deck of
/// fewer than ten), by the best thing done in
/// it: 🟨 a column cleared, 🟧 a chain of three merges or more, 🟩 a merge, 🟦 cards placed
/// only, ⬛ not reached; then how it ended (a puzzle by its `verdict`: 🏆 its target reached,
/// 🏁 its deck played short of it). With the clears and bombs counted.
fn strip(game: &Game, verdict: Option<crate::deal::puzzle::Verdict>) -> (String, u32, u32) {
    let size = game.deck().len().max(1);
    // A deck shorter than the strip gets a cell a card.
    let n = CELLS.min(size);
    let mut cells = vec![0u8; n];
    let mut reached = vec![false; n];
    let mut at = game.restart();
    let (mut clears, mut bombs) = (0, 0);
    for (i, &mv) in game.moves().iter().enumerate() {
        // The cell of the card played: its place in the deck.
        let cell = (i * n / size).min(n - 1);
        reached[cell] = true;
        let Ok(turn) = at.play(mv) else { break };
        let level = match turn.cleared {
            Some(Clear::Value) => {
                clears += 1;
                4
            }
            Some(Clear::Bomb) => {
                bombs += 1;
                1
            }
            None => match turn.steps().len() {
                0 => 1,
                1 | 2 => 2,
                _ => 3,
            },
        };
        cells[cell] = cells[cell].max(level);
    }
    let mut s: String = cells
        .iter()
        .zip(reached)
        .map(|(&level, reached)| match (reached, level) {
            (false, _) => '⬛',
            (true, 4) => '🟨',
            (true, 3) => '🟧',
            (true, 2) => '🟩',
            _ => '🟦',
        })
        .collect();
    s.push(match game.ending() {
        _ if verdict.is_some_and(crate::deal::puzzle::Verdict::solved) => '🏆',
        Ending::Won if verdict.is_some() => '🏁',
        Ending::Won => '🏆',
        Ending::Lost => '💀',
        Ending::Quit | Ending::Restarted => '⏸',
    });
    (s, clears, bombs)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::Move;
    use crate::cards::rules::Rules;

    /// A daily deal of `date` played `moves` columns, lost.
    fn daily(date: &str, moves: &[u8]) -> Record {
        let date = crate::base::utc::Date::daily(date).unwrap();
        let (mut g, meta) = crate::deal::start_daily(Rules::default_rules(), Some(date));
        for &c in moves {
            let _ = g.play(Move::Place(c));
        }
        crate::record::Recorded::record(&g, &meta, 0, Some(Ending::Lost), String::new())
    }

    /// The strip has ten cells and an ending, and the same play of two different deals with the
    /// same merges draws the same strip: it tells the play, not the cards.
    #[test]
    fn the_share_line() {
        let r = daily("2026-11-30", &[0, 0, 1, 2, 3]);
        let line = share_line(&r);
        assert!(
            line.starts_with("new2048 daily 2026-11-30: lost · score "),
            "{line}"
        );
        assert!(line.contains(" · 5 cards"), "{line}");
        assert!(
            !line.contains("0 clears"),
            "counts of none are left out: {line}"
        );
        let strip = line.rsplit("  ").next().unwrap();
        assert_eq!(strip.chars().count(), CELLS + 1, "{line}");
        assert!(strip.starts_with('🟦') || strip.starts_with('🟩'), "{line}");
        assert!(
            strip.contains('⬛'),
            "the rest of the deck was not reached: {line}"
        );
        assert!(!line.contains('\n'));
        let g = Game::with_seed(Arc::new(Rules::default_rules()), 3);
        assert_eq!(strip_of(&g), "⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⏸");
    }

    /// The help the player had is in the line (a score made on hints reads as one), and the
    /// rules are named only when they are not the day's.
    #[test]
    fn the_share_line_counts_the_help_and_names_other_rules() {
        let mut r = daily("2026-11-30", &[0, 1]);
        assert!(!share_line(&r).contains("hint"), "{}", share_line(&r));
        r.play.hints = 2;
        r.play.undos = 1;
        let line = share_line(&r);
        assert!(line.contains(" · 2 hints · 1 undo  "), "{line}");
        let hard = crate::config::load_preset("hard").unwrap();
        let date = crate::base::utc::Date::daily("2026-11-30").unwrap();
        let (mut g, meta) = crate::deal::start_daily(hard, Some(date));
        let _ = g.play(Move::Place(0));
        let r = crate::record::Recorded::record(&g, &meta, 0, Some(Ending::Lost), String::new());
        let line = share_line(&r);
        assert!(
            line.starts_with("new2048 daily 2026-11-30 (hard rules): lost"),
            "{line}"
        );
    }

    fn strip_of(g: &Game) -> String {
        strip(g, None).0
    }
}
