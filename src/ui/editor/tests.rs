//! The editor's state machine, driven key by key without a terminal.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::channel;

use super::*;
use crate::ui::kit::EN;

fn editor(dir: &Path) -> Editor {
    let path = dir.join("mine.toml");
    let draft = Draft::open(crate::config::presets::DEFAULT, "mine.toml", "mine").unwrap();
    Editor::new(draft, &path, dir)
}

fn typing(ed: &mut Editor, keys: &str) {
    for c in keys.chars() {
        let key = match c {
            '\x7f' => Key::Backspace,
            '\r' => Key::Enter,
            c => Key::Char(c),
        };
        ed.typed(&key, &EN);
    }
}

#[test]
fn each_key_typed_is_checked_and_only_a_good_value_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    let height = ed
        .fields
        .iter()
        .position(|f| f.key == "board.height")
        .unwrap();
    ed.typing = Some(Typing::Value(height, "7".into()));
    typing(&mut ed, "\x7f0");
    let (text, tone) = ed.note.clone().unwrap();
    assert_eq!(tone, Tone::Bad);
    assert!(text.contains("board.height = 0 is not allowed"), "{text}");
    // Enter on a bad value keeps typing and changes nothing.
    typing(&mut ed, "\r");
    assert!(ed.typing.is_some() && !ed.dirty);
    assert_eq!(ed.draft.rules().board.height, 7);
    typing(&mut ed, "\x7f5");
    assert_eq!(ed.note.as_ref().unwrap().1, Tone::Good);
    typing(&mut ed, "\r");
    assert!(ed.typing.is_none() && ed.dirty);
    assert_eq!(ed.draft.rules().board.height, 5);
    assert!(!ed.path.exists(), "nothing is written before saving");
    // Rules still called `default` are named at their first save.
    ed.save(&EN);
    assert!(ed.dirty && !ed.path.exists());
    assert_eq!(ed.typing, Some(Typing::FirstName(String::new())));
    typing(&mut ed, "hard\r");
    assert!(ed.note.as_ref().unwrap().0.contains("preset"));
    typing(&mut ed, "\x7f\x7f\x7f\x7fmine\r");
    assert!(!ed.dirty);
    assert_eq!(ed.saved.as_ref().unwrap().name, "mine");
    let saved = std::fs::read_to_string(&ed.path).unwrap();
    assert!(saved.contains("height = 5") && saved.starts_with("# new2048 rules"));
    assert!(saved.contains("name = \"mine\""));
}

#[test]
fn a_new_file_needs_a_plain_name_not_taken() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    std::fs::write(dir.path().join("taken.toml"), "").unwrap();
    ed.save_as("../up", &EN);
    assert_eq!(ed.note.as_ref().unwrap().0, EN.editor_bad_name);
    ed.save_as("taken", &EN);
    assert!(ed.note.as_ref().unwrap().0.contains("already exists"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("taken.toml")).unwrap(),
        ""
    );
    ed.save_as("easy", &EN);
    let text = std::fs::read_to_string(dir.path().join("easy.toml")).unwrap();
    assert!(text.contains("name = \"easy\""), "{text}");
    assert_eq!(ed.saved.as_ref().unwrap().name, "easy");
}

/// The range said beside the estimate: Wilson's 95% interval, never a certainty 20 games
/// do not give.
#[test]
fn the_estimate_says_its_range() {
    assert_eq!(range(0, 20), (0, 16));
    assert_eq!(range(20, 20), (84, 100));
    assert_eq!(range(10, 20), (30, 70));
    assert_eq!(range(0, 0), (0, 100));
    let mut est = Estimate::start(&Rules::default_rules());
    drop(std::mem::replace(&mut est.came, channel().1));
    (est.won, est.played) = (14, 20);
    assert_eq!(
        est.line(&EN),
        "The best bot wins 14 of 20 games with these rules: 48–85%"
    );
    // A long deck is played through its first cards only, and the line says so.
    let mut long = Rules::default_rules();
    long.deck.size = 1000;
    let mut est = Estimate::start(&long);
    (est.won, est.played) = (3, 20);
    assert!(
        est.line(&EN)
            .ends_with("(a game through its first 200 of 1000 cards counts as won)")
    );
    let started = std::time::Instant::now();
    assert_eq!(
        bot_game(&Arc::new(long), 1, 5, &AtomicBool::new(false)),
        Some(true)
    );
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn the_bot_plays_the_rules_edited_and_stops_when_told() {
    let rules = Arc::new(Rules::default_rules());
    assert!(bot_game(&rules, 1, PREFIX, &AtomicBool::new(true)).is_none());
    assert!(bot_game(&rules, 1, PREFIX, &AtomicBool::new(false)).is_some());
    // A change starts the estimate again, for the new rules.
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    // A short deck: `best` in a debug build takes far longer a card than in a release one.
    let mut short = ed.draft.rules().clone();
    short.deck.size = 10;
    let mut est = Estimate::start(&short);
    while est.coming() {
        est.poll();
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(est.played, GAMES);
    assert!(est.won <= GAMES);
    assert!(est.line(&EN).contains(&format!("of {GAMES} games")));
    ed.estimate.played = 3;
    let switch = ed
        .fields
        .iter()
        .position(|f| f.kind == Kind::Switch)
        .unwrap();
    let key = ed.fields[switch].key.clone();
    let before = ed.draft.value(&key);
    ed.draft
        .set(&key, if before == "true" { "false" } else { "true" })
        .unwrap();
    ed.changed();
    assert_ne!(ed.draft.value(&key), before);
    assert_eq!(ed.estimate.played, 0);
}

/// A misspelt key (`hieght = 5`, shown `board.hieght 5 ✗`) is renamed with `r` to the key it
/// was meant to be, keeping its value, and the selection follows it.
#[test]
fn a_misspelt_key_is_renamed_with_its_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.toml");
    let text = "name = \"mine\"\n[board]\nhieght = 5\n";
    let draft = Draft::open(text, "mine.toml", "mine").unwrap();
    let mut ed = Editor::new(draft, &path, dir.path());
    // It opens on the bad key.
    assert_eq!(ed.fields[ed.selected].key, "board.hieght");
    ed.rename(&EN);
    assert_eq!(
        ed.note.clone().unwrap(),
        (
            "board.hieght is now board.height = 5".to_string(),
            Tone::Good
        )
    );
    assert_eq!(ed.fields[ed.selected].key, "board.height");
    assert!(ed.draft.bad().is_empty());
    assert_eq!(ed.draft.rules().board.height, 5);
    assert!(ed.fields.iter().all(|f| f.key != "board.hieght"));
    ed.save(&EN);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(
        saved.contains("height = 5") && !saved.contains("hieght"),
        "{saved}"
    );
    // On a key that is no misspelling, `r` does nothing.
    let before = ed.draft.text();
    ed.rename(&EN);
    assert_eq!(ed.draft.text(), before);
}

/// A character that does not show as itself (U+202E, U+200B, an escape) is not taken into a
/// typed name: what the field shows is what it holds.
#[test]
fn a_typed_name_takes_no_character_that_does_not_show() {
    let dir = tempfile::tempdir().unwrap();
    let mut ed = editor(dir.path());
    ed.typing = Some(Typing::Name(String::new()));
    typing(&mut ed, "An\u{202e}n\u{200b}\u{1b}a");
    assert_eq!(ed.typing, Some(Typing::Name("Anna".into())));
}

/// A file the editor cannot open because its text is not TOML is said in the game's words, as
/// the reader says it at start-up: never `toml_edit`'s message, nor the words toml and serde use.
#[test]
fn no_message_of_a_rules_file_the_editor_opens_is_tomls() {
    for &text in crate::config::parse::NOT_TOML {
        let Err(e) = Editor::open(Path::new("mine.toml"), text) else {
            panic!("{text:?} opened");
        };
        let edit_said = text.parse::<toml_edit::DocumentMut>().err();
        let tomls = [edit_said.map(|e| e.message().to_string())];
        crate::config::parse::assert_not_tomls(text, &e, &tomls);
        assert!(e.starts_with("mine.toml:"), "{e}");
    }
}
