//! How the start menu tells saved games apart: a row for each, its texts from the widest to
//! the narrowest window (kind, rules, length, how long ago; the deal, then the place in the list,
//! where rows would still read alike), and why one cannot be taken up. Pure: data in, text out.

use crate::base::utc;
use crate::record::GameKind;
use crate::store::{ResumeError, SavedGameInfo};

use crate::ui::kit::{Words, fill, plural};
use crate::ui::widgets::Item;

/// A saved game as the start menu describes it: what it is (card game, classic 4×4, card duel),
/// when it was last played, its rules, score (each player's, in a duel) and cards or moves
/// (turns, in a duel).
pub(super) fn label(info: &SavedGameInfo, words: &Words, now: u64) -> String {
    // A duel's scores are each player's, after their name (`Ann 12 : Bob 9`).
    let (mode, played, score) = match (info.game, info.of) {
        (GameKind::Duel, GameKind::Classic) => (
            words.menu_mode_duel_classic.to_string(),
            words.menu_played_turns,
            info.score_text(),
        ),
        (GameKind::Duel, _) => (
            words.menu_mode_duel_cards.to_string(),
            words.menu_played_turns,
            info.score_text(),
        ),
        (GameKind::Classic, _) => {
            // The list says a classic game's board in its deal: `4x4 seed 7`.
            let side = info.deal.split(['x', ' ']).next().unwrap_or("?");
            (
                fill(words.menu_mode_classic, &[&side, &side]),
                words.menu_played_moves,
                fill(words.menu_saved_score, &[&info.score]),
            )
        }
        (GameKind::Cards, _) => (
            // A daily deal or a puzzle is named as one (`daily 2026-12-01`), not as any game.
            match (
                info.deal.strip_prefix("daily "),
                info.deal.strip_prefix("puzzle "),
            ) {
                (Some(date), _) => format!("{} {date}", words.daily),
                (_, Some(which)) => format!("{} {which}", words.puzzle),
                _ => words.menu_mode_cards.to_string(),
            },
            words.menu_played_cards,
            fill(words.menu_saved_score, &[&info.score]),
        ),
    };
    let parts = [
        mode,
        ago(words, info.saved, now),
        fill(words.menu_saved_rules, &[&info.rules]),
        score,
        plural(played, info.played),
    ];
    parts.join(" · ")
}

/// A saved game's texts in the menu, longest first: the whole [`label`] after "Resume:", then
/// shorter and shorter ones that still say what it is, its rules, its length and when it was
/// played (its score too, but in the shortest), so that saves stay told apart at 40 columns.
pub(super) fn saved_forms(info: &SavedGameInfo, words: &Words, now: u64) -> Vec<String> {
    let long = label(info, words, now);
    let side = info.deal.split(['x', ' ']).next().unwrap_or("?");
    let kind = match (info.game, info.of) {
        (GameKind::Duel, GameKind::Classic) => {
            format!("{} {side}×{side}", words.menu_mode_duel_short)
        }
        (GameKind::Duel, _) => words.menu_mode_duel_short.to_string(),
        (GameKind::Classic, _) => format!("{side}×{side}"),
        // A daily deal or a puzzle is named as one in every form, as in the longest.
        (GameKind::Cards, _) if info.deal.starts_with("daily ") => words.daily.to_string(),
        (GameKind::Cards, _) if info.deal.starts_with("puzzle ") => words.puzzle.to_string(),
        (GameKind::Cards, _) => words.menu_mode_cards_short.to_string(),
    };
    let played = plural(
        match info.of {
            GameKind::Classic if info.game == GameKind::Classic => words.menu_played_moves,
            _ if info.game == GameKind::Duel => words.menu_played_turns,
            _ => words.menu_played_cards,
        },
        info.played,
    );
    let score = if info.players.is_empty() {
        info.score.to_string()
    } else {
        info.score_text()
    };
    let when = ago_short(words, info.saved, now);
    let parts: Vec<&str> = long.split(" · ").collect();
    let part = |i: usize| parts.get(i).copied().unwrap_or("");
    vec![
        fill(words.menu_saved_item, &[&long]),
        fill(
            words.menu_saved_item,
            &[&[part(0), part(1), &info.rules, part(3), part(4)].join(" · ")],
        ),
        // Narrow, the row still says it resumes (at 40 columns it lost its label).
        fill(
            words.menu_saved_item,
            &[&[kind.as_str(), &info.rules, &score, &played, &when].join(" · ")],
        ),
        fill(
            words.menu_saved_item,
            &[&[kind.as_str(), &info.rules, &played, &when].join(" · ")],
        ),
        fill(
            words.menu_saved_item,
            &[&[kind.as_str(), &info.rules, &when].join(" · ")],
        ),
    ]
}

/// The items of `saved` (as listed, newest first): where two would read the same in a form,
/// that form says their deal too, and their place in the list if even that is the same (two
/// copies of one deal), so no two rows ever look alike. The shortest form, made for 40
/// columns, has no room for a deal: it says the place alone.
pub(super) fn saved_items(saved: &[SavedGameInfo], words: &Words, now: u64) -> Vec<Item> {
    let mut forms: Vec<Vec<String>> = saved.iter().map(|i| saved_forms(i, words, now)).collect();
    let deal: &dyn Fn(&SavedGameInfo) -> String = &|i| i.deal.clone();
    let place: &dyn Fn(&SavedGameInfo) -> String = &|i| format!("#{}", i.number);
    let n = forms.first().map_or(0, Vec::len);
    for k in 0..n {
        let tells = if k + 1 == n {
            vec![place]
        } else {
            vec![deal, place]
        };
        for tell in tells {
            let same: Vec<bool> = (0..forms.len())
                .map(|i| (0..forms.len()).any(|j| j != i && forms[j][k] == forms[i][k]))
                .collect();
            for (i, _) in same.iter().enumerate().filter(|(_, s)| **s) {
                let t = tell(&saved[i]);
                forms[i][k] = format!("{} · {t}", forms[i][k]);
            }
        }
    }
    forms.into_iter().map(Item::forms).collect()
}

/// Why a saved game could not be taken up or deleted, in the player's words where the store's
/// reason is one a player meets in play (another window has it, it is gone).
pub(super) fn refused(e: &ResumeError, words: &Words) -> String {
    match e {
        ResumeError::Elsewhere => words.menu_elsewhere.to_string(),
        ResumeError::NotFound(_) => words.menu_gone.to_string(),
        other => other.to_string(),
    }
}

/// [`ago`] in fewer columns: `now`, `5m`, `3h`, `1d` (yesterday), else the month and day.
pub(super) fn ago_short(words: &Words, then: u64, now: u64) -> String {
    let secs = now.saturating_sub(then);
    let day = utc::date(then);
    let [just, min, hours, yesterday] = words.ago_short;
    match secs {
        0..60 => just.to_string(),
        60..3600 => fill(min, &[&(secs / 60)]),
        _ if day == utc::date(now) => fill(hours, &[&(secs / 3600)]),
        _ if day == utc::date(now.saturating_sub(86_400)) => yesterday.to_string(),
        _ => day.get(5..).unwrap_or(&day).to_string(),
    }
}

/// How long ago `then` was, in a few words: `just now`, `5 min ago`, `3 h ago`, `yesterday`,
/// else the date.
pub(super) fn ago(words: &Words, then: u64, now: u64) -> String {
    let secs = now.saturating_sub(then);
    let day = utc::date(then);
    match secs {
        0..60 => words.ago_now.to_string(),
        60..3600 => fill(words.ago_min, &[&(secs / 60)]),
        _ if day == utc::date(now) => fill(words.ago_hours, &[&(secs / 3600)]),
        _ if day == utc::date(now.saturating_sub(86_400)) => words.ago_yesterday.to_string(),
        _ => day,
    }
}
