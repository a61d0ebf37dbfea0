//! The pages that cover the card game's board: the result (the outcome, the game's facts, the
//! final board in small, the choices) and the help (the keys and the rules in force). Laid out
//! with the board's own layout ([`CardLayout`]), so a page sits where the board was.

use crate::cards::card::Card;
use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::ui::kit::{
    Overlay, Theme, Tone, Words, center, choices, duration, fill, fit, pack, pair, result_best,
    wrap,
};

use super::{CardLayout, Goal, Player, Screen, label_width};
use crate::deal::puzzle::Verdict;

/// A puzzle's figures beside its score: `Target 13` (`…` while it is worked out) and `Reach 11`,
/// the most the moves so far still allow, in the tone of whether that is the target.
pub(super) fn goal_items(goal: Goal, words: &Words, theme: Theme) -> Vec<String> {
    let target = goal.target.map_or("…".to_string(), |t| t.score.to_string());
    let mut items = vec![pair(theme, words.target, &target)];
    if let (Some(t), Some(reach)) = (goal.target, goal.reach) {
        let tone = if reach >= t.score {
            Tone::Good
        } else {
            Tone::Bad
        };
        items.push(format!(
            "{} {}",
            theme.paint(words.reach, Tone::Label),
            theme.paint(&reach.to_string(), tone)
        ));
    }
    items
}

/// A puzzle's headline, judged by its target: solved, beaten, or short by so many points, wrapped
/// to `room` columns; `None` while the target is not known.
fn verdict_head(
    goal: Goal,
    score: u64,
    words: &Words,
    theme: Theme,
    room: usize,
) -> Option<Vec<String>> {
    let target = goal.target?;
    let (text, tone) = match Verdict::of(score, target) {
        Verdict::Solved => (fill(words.puzzle_solved, &[&score]), Tone::Good),
        Verdict::Beaten => (
            fill(words.puzzle_beaten, &[&score, &target.score]),
            Tone::Good,
        ),
        Verdict::Short(n) => (
            fill(words.puzzle_short, &[&n, &score, &target.score]),
            Tone::Bad,
        ),
    };
    Some(
        wrap(&text, room.max(1))
            .iter()
            .map(|l| theme.paint(l, tone))
            .collect(),
    )
}

/// The longest chain of the game: replayed from its moves (the engine keeps no such count), a
/// few microseconds even for a long game, and only on the result screen.
fn longest_chain(game: &Game) -> usize {
    let rules = game.rules();
    let mut p = crate::cards::engine::Position::new(rules);
    let mut longest = 0;
    for (&mv, &card) in game.moves().iter().zip(game.deck().iter()) {
        longest = longest.max(p.apply(mv, card, rules).steps().len());
    }
    longest
}

/// The final board in small: every card just as wide as its number, no wells, as many rows as
/// the fullest column.
fn mini_board(game: &Game, words: &Words, theme: Theme, margin: &str) -> Vec<String> {
    let w = label_width(game, words) + 1;
    let cols = game.position().columns();
    let rows = cols
        .iter()
        .map(crate::cards::engine::Column::len)
        .max()
        .unwrap_or(0)
        .max(1);
    (0..rows)
        .map(|r| {
            let cells: Vec<String> = cols
                .iter()
                .map(|c| match c.cards().get(r) {
                    Some(&card) => theme.card(card, &words.card(card), w),
                    None => theme.paint(&center(".", w), Tone::Dim),
                })
                .collect();
            format!("{margin}{}", cells.join(" "))
                .trim_end()
                .to_string()
        })
        .collect()
}

/// The result screen: the outcome, what the game was (score, best, cards played, highest card,
/// longest chain, clears, bombs, time played), the final board in small when there is room,
/// and the choices.
pub(super) fn result(
    s: &Screen,
    words: &Words,
    theme: Theme,
    l: CardLayout,
    width: usize,
) -> Vec<String> {
    let Overlay::Result {
        new_best,
        choice,
        undo,
    } = s.overlay
    else {
        return Vec::new();
    };
    let margin = " ".repeat(l.margin);
    let game = s.game;
    let p = game.position();
    let room = width.saturating_sub(l.margin);
    let verdict = s
        .goal
        .and_then(|g| verdict_head(g, p.score, words, theme, room));
    let head = if Ending::of(game) == Ending::Won {
        theme.paint(words.won, Tone::Good)
    } else {
        let card = game.hand().map(|c| words.card(c)).unwrap_or_default();
        theme.paint(&fill(words.lost, &[&card]), Tone::Bad)
    };
    let mut facts = vec![pair(theme, words.score, &p.score.to_string())];
    // A puzzle is measured against its target (said under the figures), not other deals' best.
    if s.goal.is_none() {
        facts.push(if s.daily && s.best.is_none() {
            theme.paint(words.first_daily, Tone::Info)
        } else {
            result_best(words, theme, s.best, new_best)
        });
    }
    let mut more = vec![
        pair(theme, words.cards_played, &p.stats.cards_played.to_string()),
        pair(theme, words.highest, &p.stats.highest.to_string()),
        pair(theme, words.longest_chain, &longest_chain(game).to_string()),
        pair(theme, words.clears, &p.stats.clears.to_string()),
    ];
    if game.rules().weight(Card::BOMB) > 0 {
        more.push(pair(theme, words.bombs_used, &p.stats.bombs.to_string()));
    }
    if let Some(secs) = s.played_secs {
        more.push(pair(theme, words.time_played, &duration(secs)));
    }
    let blank = |out: &mut Vec<String>| {
        if l.airy > 0 {
            out.push(String::new());
        }
    };
    let mut lines = match verdict {
        Some(v) => v.iter().map(|l| format!("{margin}{l}")).collect(),
        None => vec![fit(&format!("{margin}{head}"), width)],
    };
    blank(&mut lines);
    lines.extend(pack(&facts, "    ", &margin, width));
    lines.extend(pack(&more, "    ", &margin, width));
    lines.extend(insight_lines(s.insight, theme, &margin, width));
    if l.airy > 0 {
        lines.push(String::new());
        lines.extend(mini_board(game, words, theme, &margin));
    }
    blank(&mut lines);
    if s.player == Player::Bot {
        if !s.prompt_line {
            lines.push(fit(
                &format!("{margin}{}", theme.paint(words.bot_result_keys, Tone::Dim)),
                width,
            ));
        }
    } else {
        lines.extend(choices(words, theme, choice, undo, &margin, width));
    }
    lines
}

/// A result screen's lines about par and accuracy (`insight::items`), packed side by side where
/// they fit; an item too long for a narrow window goes on under itself rather than being cut.
/// The card and the classic result screens both show them this way.
pub(crate) fn insight_lines(
    insight: &[String],
    theme: Theme,
    margin: &str,
    width: usize,
) -> Vec<String> {
    if insight.is_empty() {
        return Vec::new();
    }
    let room = width.saturating_sub(margin.len()).max(8);
    let items: Vec<String> = insight
        .iter()
        .flat_map(|i| wrap(i, room))
        .map(|i| theme.paint(i.trim_end(), Tone::Info))
        .collect();
    pack(&items, "    ", margin, width)
}

/// The lines of a keys' help (`keys`, one key a line) that hold under `rules`: the real
/// highest column number in `1 … {}`, and the discard key only when the rules allow discards.
/// The card screen, the duel screen and the log look all list their keys through this.
pub(crate) fn rules_keys<'a>(
    keys: &'a [&'a str],
    rules: &'a crate::cards::rules::Rules,
) -> impl Iterator<Item = String> + 'a {
    keys.iter()
        .filter(|k| rules.has_discards() || !k.starts_with("d "))
        .map(|k| fill(k, &[&rules.board.columns]))
}

/// One line of the keys' help (`u            undo the last move`), its text wrapped under
/// itself in a narrow window so no key's meaning is cut off.
pub(crate) fn key_lines(line: &str, width: usize) -> Vec<String> {
    const KEY: usize = 13;
    // The key column is 13 display columns wide (a Chinese key name is narrower in characters).
    let mut used = 0;
    let split = line
        .char_indices()
        .find(|&(_, c)| {
            let fits = used >= KEY;
            used += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            fits
        })
        .map_or(line.len(), |(i, _)| i);
    let (key, text) = line.split_at(split);
    let room = width.saturating_sub(2 + KEY).max(8);
    wrap(text.trim_start(), room)
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            let head = if i == 0 {
                key.to_string()
            } else {
                " ".repeat(KEY)
            };
            fit(&format!("  {head}{part}"), width)
        })
        .collect()
}

pub(super) fn help(s: &Screen, words: &Words, theme: Theme, width: usize) -> Vec<String> {
    let rules = s.game.rules();
    let clear = rules.board.clear_value.to_string();
    let mut out = vec![theme.paint(&fit(&format!("  {}", words.help_title), width), Tone::Title)];
    out.push(String::new());
    for k in rules_keys(words.help_keys, rules).chain([words.help_boss.to_string()]) {
        out.extend(key_lines(&k, width));
    }
    out.push(String::new());
    // Only the rules in force: no bomb line without bombs, the full-column rule that applies,
    // how a merge scores (with `merged_value` a +896 jump needs explaining). The merge text is
    // one paragraph, wrapped to the window (its halves are split for 80 columns).
    let [a, b] = words.help_merge;
    let joint = if a.ends_with(|c: char| c.is_ascii()) {
        " "
    } else {
        ""
    };
    let mut lines: Vec<String> = vec![format!("{a}{joint}{b}")];
    let per = rules.scoring.per_merge;
    lines.push(match (per, rules.scoring.merged_value) {
        (0, true) => words.help_score_card.to_string(),
        (0, false) => words.help_score_none.to_string(),
        (_, true) => fill(words.help_score_value, &[&per, &(per + 32)]),
        (_, false) => fill(words.help_score, &[&per]),
    });
    lines.push(match rules.scoring.clear_bonus {
        0 => fill(words.help_clear_plain, &[&clear]),
        bonus => fill(words.help_clear, &[&clear, &bonus]),
    });
    let bombs = rules.weight(Card::BOMB) > 0;
    let wilds = rules.weight(Card::WILD) > 0;
    if bombs {
        lines.push(words.help_bomb.to_string());
    }
    if wilds {
        lines.push(words.help_wild.to_string());
    }
    lines.push(if rules.board.merge_into_full {
        words.help_full_merge[usize::from(bombs) + 2 * usize::from(wilds)].to_string()
    } else {
        words.help_full.to_string()
    });
    if rules.has_discards() {
        let d = &rules.discards;
        let left = s.game.position().discards;
        lines.push(fill(words.help_discards, &[&left, &d.per_clear, &d.max]));
    }
    lines.push(match s.goal.and_then(|g| g.target) {
        Some(t) => fill(words.help_puzzle_end, &[&t.score]),
        None if s.goal.is_some() => fill(words.help_puzzle_end, &[&"…"]),
        None => words.help_end.to_string(),
    });
    for l in lines {
        for part in wrap(&l, width.saturating_sub(2).max(1)) {
            out.push(fit(&format!("  {part}"), width));
        }
    }
    out.push(String::new());
    out.push(theme.paint(&fit(&format!("  {}", words.help_back), width), Tone::Dim));
    out
}
