//! The start menu's challenge: each preset (and the player's own rules) with the player's record
//! under it, easiest first by the best bot's measured win rate, and after easy wins the next
//! harder preset suggested.

use crate::cards::rules::Rules;
use crate::config;
use crate::config::presets;
use crate::store::{Played, Store};

use crate::ui::kit::{Words, fill};
use crate::ui::term::Ui;
use crate::ui::widgets::Item;

/// Rules a new game can be started with from the start menu, and the player's record with them.
pub(super) struct Offer {
    /// As the menu names them: a preset's name, `your rules (my.toml)`.
    pub(super) name: String,
    pub(super) rules: Rules,
    /// One of the shipped presets (whose difficulty was measured).
    pub(super) preset: bool,
    pub(super) played: Played,
}

/// The rules the start menu offers a new game of: the presets, easiest first (the best bot's
/// share of games won, from [`crate::strategy::measured`], highest first), then the rules in
/// force when they are the player's own, then the player's rules file when it holds other
/// rules; each with what history says of the player's games with them.
pub(super) fn offers(ui: &Ui, rules: &Rules, store: &Store) -> Vec<Offer> {
    let mut all: Vec<(String, Rules, bool)> = presets_by_ease()
        .into_iter()
        .filter_map(|name| {
            config::load_preset(name)
                .ok()
                .map(|r| (name.to_string(), r, true))
        })
        .collect();
    for (r, file) in std::iter::once((rules.clone(), None)).chain(own_rule_sets()) {
        if all.iter().all(|(_, o, _)| o.hash() != r.hash()) {
            let taken: Vec<&str> = all.iter().map(|(l, _, _)| l.as_str()).collect();
            let label = label_apart(&taken, rules_label(&r, ui), file.as_deref());
            all.push((label, r, false));
        }
    }
    all.into_iter()
        .map(|(name, rules, preset)| Offer {
            played: store.played(&rules),
            name,
            rules,
            preset,
        })
        .collect()
}

/// `label`, told apart from the labels `taken`: two rule sets the menu offers never share a
/// label (two files may both say `name = "mine"`), so the second says its file, and a number
/// when even that is taken.
pub(super) fn label_apart(taken: &[&str], label: String, file: Option<&str>) -> String {
    if !taken.contains(&label.as_str()) {
        return label;
    }
    let with_file = match file {
        Some(f) => format!("{label} · {f}"),
        None => label,
    };
    // Every label taken is one of `taken`, so one of the first `taken.len() + 1` is free.
    (1..=taken.len() + 1)
        .map(|n| match n {
            1 => with_file.clone(),
            n => format!("{with_file} ({n})"),
        })
        .find(|l| !taken.contains(&l.as_str()))
        .unwrap_or(with_file)
}

/// The player's own rules that can be played, with the name of the file each comes from: the
/// rules file, then the rule sets by name (see [`config::own`]).
pub(super) fn own_rule_sets() -> Vec<(Rules, Option<String>)> {
    let file = |p: &std::path::Path| p.file_name().map(|f| f.to_string_lossy().into_owned());
    let mut out: Vec<(Rules, Option<String>)> = own_rules_file()
        .and_then(|p| config::load_file(&p).ok().map(|r| (r, file(&p))))
        .into_iter()
        .collect();
    for set in config::own::list() {
        if let Ok(r) = set.rules {
            out.push((r, file(&set.path)));
        }
    }
    out
}

/// The presets, easiest first: by the share of games the best bot wins with them, as measured.
pub(super) fn presets_by_ease() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = presets::ALL.iter().map(|(n, _)| *n).collect();
    let won = |n: &str| {
        crate::strategy::measured::find(n, "best")
            .map_or(0, crate::strategy::measured::Figure::win_percent)
    };
    names.sort_by_key(|n| std::cmp::Reverse(won(n)));
    names
}

/// The share of `p`'s games won, in whole percent (2 of 3 is 67%; never 100% with a loss).
fn win_percent(p: &Played) -> u32 {
    crate::cards::text::percent(u64::from(p.wins), u64::from(p.games))
}

/// The line that suggests harder rules, and which of `offers` it suggests: after easy wins with
/// a preset (three wins in a row, or at least 70% of five games or more won), the next harder
/// preset the player has not also found easy. `None` before easy wins, or once the hardest is.
pub(super) fn suggestion(words: &Words, offers: &[Offer]) -> Option<(String, usize)> {
    let easy = |p: &Played| p.streak >= 3 || (p.games >= 5 && win_percent(p) >= 70);
    let presets = offers.iter().take_while(|o| o.preset).count();
    let mastered = (0..presets).rev().find(|&i| easy(&offers[i].played))?;
    let next = mastered + 1;
    if next >= presets {
        return None;
    }
    let (o, n) = (&offers[mastered], &offers[next].name);
    let line = if o.played.streak >= 3 {
        fill(words.menu_try_streak, &[&o.name, &o.played.streak, n])
    } else {
        fill(words.menu_try_rate, &[&o.name, &win_percent(&o.played), n])
    };
    Some((line, next))
}

/// A new game of `offer` as the menu lists it: `New game: hard · best 120 · 5 played, 40% won`,
/// shorter in narrower windows; `not played yet` when history has none.
pub(super) fn offer_item(words: &Words, offer: &Offer) -> Item {
    let new = fill(words.preset_item, &[&words.menu_new, &offer.name]);
    let p = offer.played;
    let records = if p.games == 0 {
        vec![words.menu_not_played.to_string(); 2]
    } else {
        let best = p.best.unwrap_or(0);
        vec![
            fill(words.menu_record, &[&best, &p.games, &win_percent(&p)]),
            fill(words.menu_record_short, &[&best, &win_percent(&p)]),
        ]
    };
    // A preset's difficulty as measured: the best bot's share of games won.
    let bot = offer
        .preset
        .then(|| crate::strategy::measured::find(&offer.name, "best"))
        .flatten()
        .map(|f| fill(words.menu_bot_rate, &[&f.win_percent()]));
    // What a preset asks of a player: its goal, said first where there is room.
    let goal = match offer.name.as_str() {
        _ if !offer.preset => None,
        "default" => Some(words.goal_default),
        "hard" => Some(words.goal_hard),
        "solitaire" => Some(words.goal_solitaire),
        _ => None,
    };
    let mut forms: Vec<String> = Vec::new();
    if let Some(g) = goal {
        let with = fill(words.goal_item, &[&new, &g]);
        forms.extend(bot.iter().map(|b| format!("{with} · {} · {b}", records[0])));
        forms.push(format!("{with} · {}", records[0]));
        forms.push(format!("{with} · {}", records[1]));
        // Before the first game, what the rules ask says more than `not played yet`.
        if p.games == 0 {
            forms.push(with);
        }
    }
    forms.extend(bot.iter().map(|b| format!("{new} · {} · {b}", records[0])));
    // Narrower, rules of the player's own go by their name alone (`your rules (fifty)` is
    // long), so the row still says it is a new game.
    // A label told apart from another's ([`label_apart`]) keeps what tells it apart.
    let named = fill(words.preset_item, &[&words.menu_new, &offer.rules.name]);
    let short = if offer.name.contains(" · ") {
        new.clone()
    } else {
        named
    };
    forms.extend([
        format!("{new} · {}", records[0]),
        format!("{new} · {}", records[1]),
        format!("{short} · {}", records[1]),
        format!("{} · {}", offer.name, records[1]),
        new,
        short,
    ]);
    Item::forms(forms)
}

/// How the menu names the rules in force: a preset by its name, a player's own file (known by
/// its file name, see [`config::file_label`]) as `your rules (my.toml)`.
pub(super) fn rules_label(rules: &Rules, ui: &Ui) -> String {
    if presets::get(&rules.name).is_some() {
        rules.name.clone()
    } else {
        format!("{} ({})", ui.words.your_rules, rules.name)
    }
}

/// The player's own rules file, when there is one: `$NEW2048_CONFIG`, else the config folder's.
pub(super) fn own_rules_file() -> Option<std::path::PathBuf> {
    config::paths::config_env()
        .or_else(config::paths::user_config_file)
        .filter(|p| p.is_file())
}
