//! The start menu's rows, items and suggestion.

use super::challenge::presets_by_ease;
use super::saved::ago_short;
use super::*;
use crate::store::Played;
use crate::ui::kit::{EN, ZH};

fn info(game: GameKind, of: GameKind, deal: &str, players: &[(&str, u64)]) -> SavedGameInfo {
    use crate::store::PlayerInfo;
    SavedGameInfo {
        number: 1,
        id: "x".into(),
        game,
        of,
        rules: "solitaire".into(),
        rules_hash: String::new(),
        deal: deal.into(),
        score: 120,
        played: 1,
        saved: utc::parse_stamp("2026-12-01T11:55:00Z").unwrap(),
        players: players
            .iter()
            .map(|&(name, score)| PlayerInfo {
                name: name.into(),
                score,
                played: 1,
            })
            .collect(),
        elsewhere: false,
    }
}

/// Each kind of saved game says what it is, when, its rules, score and length; narrower
/// forms keep what it is, when and the score, then what it is and the score.
#[test]
fn saved_game_labels() {
    use GameKind::{Cards, Classic, Duel};
    let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
    let cards = info(Cards, Cards, "seed 42", &[]);
    assert_eq!(
        label(&cards, &EN, now),
        "card game · 5 min ago · solitaire rules · score 120 · 1 card"
    );
    let classic = info(Classic, Classic, "5x5 seed 7", &[]);
    assert_eq!(
        label(&classic, &EN, now),
        "classic 5×5 · 5 min ago · solitaire rules · score 120 · 1 move"
    );
    let duel = info(Duel, Classic, "4x4 seed 7", &[("Ann", 12), ("Bob", 9)]);
    assert_eq!(
        label(&duel, &ZH, now),
        "经典对决 · 5 分钟前 · solitaire 规则 · Ann 12 : Bob 9 · 1 回合"
    );
    let item = &saved_items(std::slice::from_ref(&duel), &EN, now)[0];
    assert_eq!(
        item.text(200),
        "Resume: classic duel · 5 min ago · solitaire rules · Ann 12 : Bob 9 · 1 turn"
    );
    assert_eq!(
        item.text(72),
        "Resume: classic duel · 5 min ago · solitaire · Ann 12 : Bob 9 · 1 turn"
    );
    assert_eq!(item.text(60), "Resume: duel 4×4 · solitaire · 1 turn · 5m");
    assert_eq!(item.text(40), "Resume: duel 4×4 · solitaire · 5m");
}

/// At 40 columns (and wider), in both languages, saves of every kind read apart: what
/// they are, their rules, their length and when they were played; two saves alike in all of
/// that say their deal, two copies of one deal their place in the list.
#[test]
fn saved_rows_are_told_apart() {
    use GameKind::{Cards, Classic, Duel};
    let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
    let mut all = vec![
        info(Cards, Cards, "seed 42", &[]),
        info(Cards, Cards, "seed 43", &[]),
        info(Cards, Cards, "seed 43", &[]),
        info(Classic, Classic, "4x4 seed 7", &[]),
        info(Classic, Classic, "4x4 seed 8", &[]),
        info(Duel, Cards, "seed 5", &[("Ann", 1), ("Bob", 2)]),
        info(Cards, Cards, "daily 2026-12-01", &[]),
    ];
    all[1].saved -= 3 * 3600;
    all[6].rules = "default".into();
    for (i, s) in all.iter_mut().enumerate() {
        s.number = i + 1;
    }
    for words in [&EN, &ZH] {
        let items = saved_items(&all, words, now);
        for width in [40, 60, 80, 160] {
            let texts: Vec<String> = items.iter().map(|i| i.text(width)).collect();
            for (i, t) in texts.iter().enumerate() {
                assert!(console::measure_text_width(t) <= width - 2, "{t}");
                assert!(!t.contains('…'), "cut at {width}: {t}");
                for u in &texts[i + 1..] {
                    assert_ne!(t, u, "two rows alike at {width}: {texts:#?}");
                }
            }
        }
    }
    let texts: Vec<String> = saved_items(&all, &EN, now)
        .iter()
        .map(|i| i.text(40))
        .collect();
    // Each row says it resumes, also at 40 columns (the label was dropped first), in both
    // languages.
    assert_eq!(texts[0], "Resume: cards · solitaire · 5m · #1");
    assert_eq!(texts[1], "Resume: cards · solitaire · 3h");
    assert_eq!(texts[3], "Resume: 4×4 · solitaire · 5m · #4");
    // A saved daily deal says so at 40 columns too (it read "cards").
    assert_eq!(texts[6], "Resume: daily deal · default · 5m");
    let puzzle = info(Cards, Cards, "puzzle 1946117875385977462", &[]);
    let puzzle = &saved_items(std::slice::from_ref(&puzzle), &EN, now)[0];
    assert_eq!(
        puzzle.text(80),
        "Resume: puzzle · solitaire · 120 · 1 card · 5m"
    );
    let zh: Vec<String> = saved_items(&all, &ZH, now)
        .iter()
        .map(|i| i.text(40))
        .collect();
    assert!(zh.iter().all(|t| t.starts_with("继续：")), "{zh:#?}");
    // Wider, the deal tells them apart.
    let wide = saved_items(&all, &EN, now)[3].text(60);
    assert_eq!(
        wide,
        "Resume: 4×4 · solitaire · 120 · 1 move · 5m · 4x4 seed 7"
    );
}

fn offer(name: &str, preset: bool, games: u32, wins: u32, streak: u32) -> Offer {
    Offer {
        name: name.into(),
        rules: Rules::default_rules(),
        preset,
        played: Played {
            games,
            wins,
            streak,
            best: (games > 0).then_some(321),
        },
    }
}

/// Five saves (cards, seeds 0 to 4) and two presets, the default rules with a record of four
/// games (three won in a row) and hard not played yet, hard suggested: the start menu's items.
fn menu_with_five_saves(words: &Words, now: u64) -> Vec<(Item, Choice)> {
    let saved: Vec<SavedGameInfo> = (0..5)
        .map(|i| {
            let mut s = info(GameKind::Cards, GameKind::Cards, &format!("seed {i}"), &[]);
            s.number = i + 1;
            s
        })
        .collect();
    let offers = two_presets();
    let rules = Rules::default_rules();
    let listed = Listed {
        saved: &saved,
        offers: &offers,
        suggested: Some(1),
        ..Listed::of(&rules, "default", now)
    };
    menu_items(words, &listed)
}

/// The default rules with a record (4 games, 3 won in a row), then hard, not played yet.
fn two_presets() -> [Offer; 2] {
    [
        offer("default", true, 4, 3, 3),
        offer("hard", true, 0, 0, 0),
    ]
}

/// Three saves at most, then "More saved games"; a new game of each rules offered, `t` on the
/// one suggested; with three saves or fewer, no "More".
#[test]
fn the_menu_lists_three_saves_then_more() {
    let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
    let items = menu_with_five_saves(&EN, now);
    let choices: Vec<Choice> = items.iter().map(|(_, c)| *c).collect();
    assert_eq!(
        &choices[..6],
        &[
            Choice::Resume(0),
            Choice::Resume(1),
            Choice::Resume(2),
            Choice::More,
            Choice::New(0),
            Choice::New(1),
        ]
    );
    assert_eq!(items[3].0.text(80), "More saved games (2)");
    let offers = two_presets();
    assert_eq!(items[5].0, offer_item(&EN, &offers[1]).with_key('t'));
    let rules = Rules::default_rules();
    let three: Vec<SavedGameInfo> = (0..3)
        .map(|i| info(GameKind::Cards, GameKind::Cards, &format!("seed {i}"), &[]))
        .collect();
    let listed = Listed {
        saved: &three,
        offers: &offers,
        ..Listed::of(&rules, "default", now)
    };
    let few = menu_items(&ZH, &listed);
    assert!(!few.iter().any(|(_, c)| *c == Choice::More));
    assert_eq!(
        few[3].0.text(60),
        "新游戏：default（超过标准分） · 最高 321 · 胜率 75%"
    );
}

/// A new game of each rules offered says the player's record with them, narrower and narrower.
#[test]
fn the_menu_lists_the_presets_with_a_record() {
    let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
    let items = menu_with_five_saves(&EN, now);
    // A preset says what it asks and how hard it is: the best bot's share of games won, as
    // measured.
    assert_eq!(
        items[4].0.text(100),
        "New game: default (beat par) · best 321 · 4 played, 75% won · the best bot wins 100%"
    );
    assert_eq!(
        items[4].0.text(80),
        "New game: default (beat par) · best 321 · 4 played, 75% won"
    );
    assert_eq!(
        items[4].0.text(60),
        "New game: default (beat par) · best 321 · 75% won"
    );
    // Narrow, rules of the player's own go by their name, and still say it is a new game.
    let mut own = offer("your rules (fifty)", false, 1, 1, 1);
    own.rules.name = "fifty".into();
    assert_eq!(
        offer_item(&EN, &own).text(40),
        "New game: fifty · best 321 · 100% won"
    );
    // One told apart from another of the same name keeps its file.
    own.name = "your rules (fifty) · b.toml".into();
    assert!(offer_item(&EN, &own).text(40).contains("b.toml"));
    // 2 of 3 is 67%, not 66%.
    let two_of_three = offer_item(&EN, &offer("mine", false, 3, 2, 0));
    assert_eq!(
        two_of_three.text(80),
        "New game: mine · best 321 · 3 played, 67% won"
    );
    assert_eq!(
        items[4].0.text(40),
        "New game: default · best 321 · 75% won"
    );
    assert_eq!(items[4].0.text(36), "default · best 321 · 75% won");
    assert_eq!(
        items[5].0.text(80),
        "New game: hard (survive the deck) · not played yet · the best bot wins 99%"
    );
}

/// However many games were quit, the start menu keeps its height: the newest three saves and
/// "More saved games" where there is room (80×24), fewer in a short window (40×15) so that
/// the new games stay in view, never none.
#[test]
fn the_menu_stays_in_its_window_however_many_games_were_quit() {
    // 80×24: 15 lines for the items, 9 of them no save.
    assert_eq!(saves_shown(7, 9, 15), 3);
    assert_eq!(saves_shown(4, 9, 15), 3);
    assert_eq!(saves_shown(2, 9, 15), 2);
    // 40×15: 8 lines: one save and "More", then the new games.
    assert_eq!(saves_shown(7, 9, 8), 1);
    assert_eq!(saves_shown(1, 9, 8), 1);
    assert_eq!(saves_shown(0, 9, 8), 0);
    for saved in 0..40 {
        for room in [8, 15, 40] {
            let shown = saves_shown(saved, 9, room);
            let rows = shown + usize::from(saved > shown);
            assert!(
                rows <= NEWEST + 1,
                "{saved} saves, {room} lines: {rows} rows"
            );
            assert!(
                shown >= saved.min(1),
                "{saved} saves, {room} lines: none shown"
            );
        }
    }
}

/// Easy wins with a preset suggest the next harder one; the hardest, or rules of the
/// player's own, suggest nothing; nor do a few wins.
#[test]
fn easy_wins_suggest_harder_rules() {
    let fresh = || offer("hard", true, 0, 0, 0);
    let own = offer("your rules (my)", false, 9, 9, 9);
    let streak = [offer("default", true, 3, 3, 3), fresh(), own];
    let (line, k) = suggestion(&EN, &streak).unwrap();
    assert_eq!(k, 1);
    assert_eq!(
        line,
        "On default you won 3 in a row: try hard next (press t)."
    );
    let rate = [offer("default", true, 10, 8, 0), fresh()];
    let (line, _) = suggestion(&ZH, &rate).unwrap();
    assert_eq!(
        line,
        "default 规则下你的胜率是 80%：下一步试试 hard（按 t 开始）。"
    );
    assert!(suggestion(&EN, &[offer("default", true, 4, 2, 2), fresh()]).is_none());
    assert!(suggestion(&EN, &[offer("default", true, 3, 3, 3)]).is_none());
    // Harder rules found easy too: the one after them is suggested.
    let both = [
        offer("default", true, 3, 3, 3),
        offer("hard", true, 3, 3, 3),
        offer("solitaire", true, 0, 0, 0),
    ];
    assert_eq!(suggestion(&EN, &both).unwrap().1, 2);
    // The presets are offered easiest first, as the bots measured them.
    assert_eq!(presets_by_ease(), ["default", "hard", "solitaire"]);
}

#[test]
fn how_long_ago() {
    let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
    assert_eq!(ago(&EN, now - 5, now), "just now");
    assert_eq!(ago(&EN, now - 300, now), "5 min ago");
    assert_eq!(ago(&EN, now - 3 * 3600, now), "3 h ago");
    assert_eq!(ago(&EN, now - 20 * 3600, now), "yesterday");
    assert_eq!(ago(&EN, now - 3 * 86_400, now), "2026-11-28");
    assert_eq!(ago(&ZH, now - 300, now), "5 分钟前");
    // A clock set back (a save from the future) is "just now", not a panic.
    assert_eq!(ago(&EN, now + 100, now), "just now");
    assert_eq!(ago_short(&EN, now - 300, now), "5m");
    assert_eq!(ago_short(&EN, now - 3 * 86_400, now), "11-28");
    assert_eq!(ago_short(&ZH, now - 3 * 3600, now), "3小时");
}

/// Two rule sets the menu offers never share a label: two files both naming their rules `mine`
/// are told apart by their files.
#[test]
fn rule_sets_offered_never_share_a_label() {
    use super::challenge::label_apart;
    let mine = "your rules (mine)";
    assert_eq!(label_apart(&["default"], mine.into(), Some("a.toml")), mine);
    assert_eq!(
        label_apart(&["default", mine], mine.into(), Some("b.toml")),
        "your rules (mine) · b.toml"
    );
    let both = [mine, "your rules (mine) · b.toml"];
    assert_eq!(
        label_apart(&both, mine.into(), Some("b.toml")),
        "your rules (mine) · b.toml (2)"
    );
    assert_eq!(
        label_apart(&[mine], mine.into(), None),
        "your rules (mine) (2)"
    );
}

/// A rules file that cannot be played and a rule set that cannot be played, at 40×15 in both
/// languages: the menu says which file and key is wrong, offers every preset, and lists the
/// broken rule set, marked, to be mended (Enter opens the editor).
#[test]
fn broken_files_are_said_and_listed() {
    use crate::ui::kit::{Theme, to_text};
    use crate::ui::widgets::{List, lines};
    let now = utc::parse_stamp("2026-12-01T12:00:00Z").unwrap();
    let offers: Vec<Offer> = presets_by_ease()
        .into_iter()
        .map(|n| offer(n, true, 0, 0, 0))
        .collect();
    let broken = [Broken {
        name: "quick".into(),
        why: "board.height = 0 is not allowed".into(),
    }];
    let rules = Rules::default_rules();
    for (words, name) in [(&EN, "en"), (&ZH, "zh")] {
        let listed = Listed {
            offers: &offers,
            broken: &broken,
            ..Listed::of(&rules, "default", now)
        };
        let items = menu_items(words, &listed);
        let mend = items.iter().position(|(_, c)| *c == Choice::Mend(0));
        let mend = mend.unwrap_or_else(|| panic!("{items:?}"));
        assert_eq!(mend, offers.len(), "listed after the presets");
        assert!(items[mend].0.text(200).contains("quick ✗"));
        assert!(items[mend].0.text(200).contains("board.height = 0"));
        let note = fill(words.menu_broken_rules, &[&"config.toml:33: board.columns"]);
        let top = top_of(
            words,
            Theme::PLAIN,
            &[(note, Tone::Bad)],
            words.menu_prompt,
            40,
        );
        let labels: Vec<Item> = items.iter().map(|(i, _)| i.clone()).collect();
        let list = List {
            head: &top,
            items: &labels,
            deletable: &vec![false; labels.len()],
            keys: words.list_keys_quit,
        };
        let shown = to_text(&lines(&list, 0, Theme::PLAIN, 40, 15));
        assert!(shown.contains("config.toml:33:"), "{shown}");
        assert!(shown.contains("board.columns"), "{shown}");
        assert!(
            shown.contains(&format!("? {}", words.menu_prompt)),
            "{shown}"
        );
        insta::assert_snapshot!(format!("broken_files_40x15_{name}"), shown);
    }
}

/// Each preset says what it asks of a player where there is room: the default rules, to beat
/// par; the hard ones, to survive; solitaire, to score high. Rules of the player's own say none.
#[test]
fn a_preset_says_its_goal() {
    for (name, goal) in [
        ("default", EN.goal_default),
        ("hard", EN.goal_hard),
        ("solitaire", EN.goal_solitaire),
    ] {
        let item = offer_item(&EN, &offer(name, true, 0, 0, 0));
        let wide = item.text(120);
        assert!(
            wide.contains(&fill(EN.goal_item, &[&name, &goal])),
            "{wide}"
        );
        assert!(item.text(30).chars().count() <= 30);
        // Not played yet, the goal is kept down to 40 columns.
        assert!(item.text(38).contains(goal), "{}", item.text(38));
    }
    let own = offer_item(&EN, &offer("mine", false, 0, 0, 0));
    assert!(!own.text(120).contains('('), "{}", own.text(120));
    let zh = offer_item(&ZH, &offer("default", true, 0, 0, 0)).text(120);
    assert!(zh.contains(ZH.goal_default), "{zh}");
}

/// The player's rules file that cannot be played, as the first menu says it in both languages:
/// a text that is not TOML with its path, line, column and caret; a file that cannot be read
/// with its path and what to do; a refused value in a few words, as before.
#[test]
fn a_rules_file_that_cannot_be_played_is_said_whole() {
    use crate::config::parse::RulesError;
    let base = Rules::default_rules();
    let text = "[board]\nheight = 5 cards [oops\n";
    let Err(not_toml) = Rules::parse(text, "/home/ann/config.toml", Some(&base)) else {
        panic!("not TOML");
    };
    let missing = RulesError::file(
        "/home/ann/config.toml",
        "there is no such file; check the path",
    );
    for (words, not) in [(&EN, "not TOML"), (&ZH, "不是 TOML")] {
        let said = unplayable(words, &not_toml);
        assert!(said.contains(not), "{said}");
        assert!(said.contains("/home/ann/config.toml:2:18:"), "{said}");
        assert!(said.contains(" 2 | height = 5 cards [oops"), "{said}");
        assert!(
            said.lines().last().is_some_and(|l| l.ends_with('^')),
            "{said}"
        );
        let said = unplayable(words, &missing);
        assert!(
            said.contains("/home/ann/config.toml: there is no such file"),
            "{said}"
        );
    }
    let Err(value) = Rules::parse(
        "[board]\nheight = 0\n",
        "/home/ann/config.toml",
        Some(&base),
    ) else {
        panic!("a bad value");
    };
    let said = unplayable(&EN, &value);
    assert!(said.contains("(config.toml:2: board.height = 0"), "{said}");
}
