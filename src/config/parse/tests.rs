//! The rules file's reader: each table checked, errors located.

use super::*;

#[test]
fn a_file_that_is_not_utf8_says_where_and_which_key() {
    let bytes = b"# rules\nname = \"\xff\"\n";
    // The valid text is `# rules\nname = "` (16 bytes): the bad byte is on line 2.
    let e = RulesError::not_utf8("my.toml", bytes, 16);
    assert_eq!(e.line_col, Some((2, 9)), "{e}");
    let shown = e.to_string();
    assert!(
        shown.starts_with("my.toml:2:9: the value of `name` is not UTF-8"),
        "{shown}"
    );
    assert!(shown.contains("0xff"), "{shown}");
}

#[test]
fn keys_nested_too_deep_say_where_and_which_key() {
    let path = vec!["a"; 100].join(".");
    for text in [
        format!("name = \"x\"\n[{path}]\nx = 1\n"),
        format!("name = \"x\"\n  {path} = 1\n"),
    ] {
        let e = Rules::parse(&text, "deep.toml", Some(&Rules::default_rules())).unwrap_err();
        let col = if text.contains('[') { 1 } else { 3 };
        assert_eq!(e.line_col, Some((2, col)), "{e}");
        assert!(
            e.message.contains("`a.a.a.…` nests tables 100 levels deep"),
            "{e}"
        );
    }
}
use crate::config::presets;

#[test]
fn embedded_default_matches_rules_md() {
    let r = Rules::default_rules();
    assert_eq!(r.name, "default");
    assert_eq!(r.deck.size, 100);
    assert_eq!(r.deck.lookahead, 3);
    for v in [2u64, 4, 8, 16, 32, 64] {
        assert_eq!(r.weight(Card::from_value(v).unwrap()), 15);
    }
    assert_eq!(r.weight(Card::BOMB), 10);
    assert_eq!(r.weight(Card::WILD), 0);
    assert_eq!((r.board.columns, r.board.height), (5, 7));
    assert_eq!(r.board.clear_value.value(), Some(2048));
    assert!(!r.board.merge_into_full);
    assert_eq!(
        (r.discards.start, r.discards.per_clear, r.discards.max),
        (0, 0, 0)
    );
    assert_eq!(
        (
            r.scoring.per_merge,
            r.scoring.merged_value,
            r.scoring.clear_bonus
        ),
        (1, false, 10)
    );
}

#[test]
fn every_preset_parses_and_round_trips() {
    let base = Rules::default_rules();
    for (name, text) in presets::ALL {
        let r = Rules::parse(text, name, Some(&base)).unwrap();
        assert_eq!(&r.name, name);
        let again = Rules::parse(&r.to_toml(), "printed", None).unwrap();
        assert_eq!(again, r);
    }
}

#[test]
fn partial_file_keeps_the_rest() {
    let base = Rules::default_rules();
    let r = Rules::parse(
        "[board]\nheight = 9\n[deck.weights]\nbomb = 0",
        "x.toml",
        Some(&base),
    )
    .unwrap();
    assert_eq!(r.board.height, 9);
    assert_eq!(r.board.columns, 5);
    assert_eq!(r.weight(Card::BOMB), 0);
    assert_eq!(r.weight(Card::from_value(2).unwrap()), 15);
    assert_ne!(r.hash(), base.hash());
}

#[test]
fn printed_rules_read_back_whatever_the_name() {
    let base = Rules::default_rules();
    for name in ["quote \\\" and \\\\ back", "é 2048 🂡", "=cmd|'/c calc'!A1"] {
        let text = format!("name = \"{name}\"");
        let r = Rules::parse(&text, "x.toml", Some(&base)).unwrap();
        let again = Rules::parse(&r.to_toml(), "printed", None)
            .unwrap_or_else(|e| panic!("{e}\n{}", r.to_toml()));
        assert_eq!(again, r);
    }
}

/// A name that would not show as itself (a soft hyphen, a zero-width space, a right-to-left
/// override, a line separator) is refused, the character named, never shown raw.
#[test]
fn a_name_with_a_format_character_is_refused() {
    for (name, code) in [
        ("a\u{ad}b", "U+00AD"),
        ("zero\u{200b}width", "U+200B"),
        ("Ann\u{202e}txt.exe", "U+202E"),
        ("line\u{2028}break", "U+2028"),
        ("\u{2066}isolated\u{2069}", "U+2066"),
        ("bom\u{feff}", "U+FEFF"),
    ] {
        let e = err(&format!("name = \"{name}\"")).to_string();
        assert!(e.contains(&format!("name holds {code}")), "{e}");
        assert!(
            e.chars()
                .all(|c| c == '\n' || !crate::base::visible::is_hidden(c)),
            "{e:?}"
        );
    }
}

fn err(text: &str) -> RulesError {
    Rules::parse(text, "my.toml", Some(&Rules::default_rules())).unwrap_err()
}

#[test]
fn inherited_weights_a_lower_clear_value_cannot_deal_drop_to_zero() {
    let base = Rules::default_rules();
    let (r, notes) =
        Rules::parse_noting("[board]\nclear_value = 32\n", "my.toml", Some(&base)).unwrap();
    let weight = |c: &str| {
        let card: Card = c.parse().unwrap();
        r.deck.weights.iter().find(|w| w.0 == card).map(|w| w.1)
    };
    assert_eq!(
        (weight("32"), weight("64"), weight("16")),
        (Some(0), Some(0), Some(15))
    );
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(
        notes[0].starts_with("deck.weights.32 is 0, not 15"),
        "{notes:?}"
    );
    assert!(
        notes[1].starts_with("deck.weights.64 is 0, not 15"),
        "{notes:?}"
    );
    // Weights the file sets are its own, and the default's notes nothing.
    let (_, none) = Rules::parse_noting(
        "[deck.weights]\n64 = 0\n[board]\nclear_value = 64\n",
        "my.toml",
        Some(&base),
    )
    .unwrap();
    assert!(none.is_empty());
    assert!(
        Rules::parse_noting(crate::config::presets::DEFAULT, "d", None)
            .unwrap()
            .1
            .is_empty()
    );
}

#[test]
fn errors_are_located() {
    let e = err("[deck]\nsize = 0\n");
    assert_eq!(e.line_col, Some((2, 8)));
    assert!(e.to_string().contains("deck.size = 0"), "{e}");
    assert!(e.to_string().starts_with("my.toml:2:8:"), "{e}");
    let e = err("[board]\ncolums = 3\n");
    assert!(
        e.message
            .starts_with("board.colums: not a key of [board] (did you mean board.columns?)"),
        "{e}"
    );
    assert_eq!(e.line_col.unwrap().0, 2);
    let e = err("[board]\nheight = \"tall\"\n");
    assert!(e.message.contains("whole number"), "{e}");
    // The full key and the kind of value wanted, never serde's words (`invalid type`).
    let e = err("[deck]\nsize = \"50\"\n");
    assert_eq!(
        e.message,
        "deck.size: `\"50\"` is text in quotes; this key wants a whole number: write 50 without \
         the quotes"
    );
    let e = err("[deck]\nsize = fifty\n");
    assert!(
        e.message.starts_with("deck.size: `fifty` is not a value"),
        "{e}"
    );
    // A bare word is not taken for a misspelt boolean.
    let e = err("[board]\nheight = four\n");
    assert!(
        e.message.starts_with("board.height: `four` is not a value")
            && e.message.ends_with("this key wants a whole number"),
        "{e}"
    );
    assert!(!e.message.contains("boolean"), "{e}");
    let e = err("[board]\nheight = 四\n");
    assert!(e.message.contains("height"), "{e}");
    let e = err("[deck.weights]\n3 = 5\n");
    assert!(e.message.contains("`3` that is not a card"), "{e}");
    let e = err("[board]\nclear_value = 64\n[deck.weights]\n64 = 1\n");
    assert_eq!(e.line_col, Some((4, 6)));
    assert!(
        e.message.contains("deck.weights.64 = 1 is not allowed"),
        "{e}"
    );
    let e = err("[board]\nclear_value = 100\n");
    assert!(e.message.contains("power of two"), "{e}");
    let e = err("[deck.weights]\n2=0\n4=0\n8=0\n16=0\n32=0\n64=0\nbomb=0\n");
    assert!(e.message.contains("all 0"), "{e}");
    let e = err("[discards]\nstart = -1\n");
    assert!(e.message.contains("-1"), "{e}");
    let e = err("[discards]\nstart = 3\n");
    assert!(e.message.contains("discards.max"), "{e}");
    let e = err("[board\n");
    assert!(e.line_col.is_some(), "{e}");
}

#[test]
fn a_weight_key_has_one_spelling_and_a_huge_number_says_so() {
    // `02` once silently replaced the weight of `2`.
    let e = err("[deck.weights]\n2 = 1\n\"02\" = 5\n");
    assert!(e.message.contains("`02` that is not a card"), "{e}");
    let e = err("[board]\nheight = 99999999999999999999\n");
    assert!(
        e.message
            .contains("99999999999999999999 is too large; this key wants a whole number"),
        "{e}"
    );
    assert!(!e.message.contains("i128"), "{e}");
}

#[test]
fn errors_show_no_raw_control_characters_and_no_endless_line() {
    // Once an escape sequence in a rules file reached the terminal raw, and a 10,000
    // character line was printed whole under the message.
    let e = err("[deck.weights]\n\"\\u001b[2J\" = 1\n");
    let shown = e.to_string();
    assert!(!shown.contains('\x1b'), "{shown:?}");
    assert!(shown.contains("\\u{1b}[2J"), "{shown:?}");
    let e = err(&format!(
        "name = \"a\x07b\"\n[board]\nheight = {}0\n",
        "9".repeat(10_000)
    ));
    let shown = e.to_string();
    assert!(!shown.contains('\x07'), "{shown:?}");
    assert!(shown.len() < 600, "{shown}");
    let e = err(&format!(
        "{}\n[board]\nheight = 0 # {}\n",
        "#".repeat(5),
        "x".repeat(10_000)
    ));
    let shown = e.to_string();
    assert!(shown.len() < 600, "{shown}");
    assert!(shown.ends_with("|          ^"), "{shown}");
}

/// A number with an exponent or a fraction says what was written, and the whole number to write
/// (it said "a number with a fraction `100.0`" for `1e2`).
#[test]
fn a_number_not_whole_says_what_was_written() {
    let base = Rules::default_rules();
    let e = Rules::parse("[deck]\nsize = 1e2\n", "x.toml", Some(&base)).unwrap_err();
    assert_eq!(
        e.message,
        "deck.size: `1e2` is not a whole number: write 100"
    );
    assert_eq!(e.line_col, Some((2, 8)));
    let e = Rules::parse("[board]\nheight = 2.5\n", "x.toml", Some(&base)).unwrap_err();
    assert_eq!(
        e.message,
        "board.height: `2.5` is not a whole number: use a whole number"
    );
    // The editor says the same of what is typed.
    let mut d =
        crate::config::edit::Draft::open(crate::config::presets::DEFAULT, "d", "d").unwrap();
    let said = d.set("deck.size", "1e2").unwrap_err().to_string();
    assert!(
        said.contains("`1e2` is not a whole number: write 100"),
        "{said}"
    );
}

/// The kind of a rules error, which decides whether the editor is offered to mend it: only a
/// key or value the reader refuses at a line, never a file that is not TOML or not text.
#[test]
fn an_error_says_what_kind_of_problem_it_is() {
    let base = Rules::default_rules();
    let error = |t: &str| Rules::parse(t, "x", Some(&base)).unwrap_err();
    for value in [
        "[board]\nheight = 0\n",
        "[board]\nheight = \"five\"\n",
        "[board]\nhieght = 5\n",
    ] {
        assert_eq!(error(value).kind, RulesErrorKind::Value, "{value}");
    }
    for syntax in ["[board]\nheight = = 0\n", "[board\n"] {
        assert_eq!(error(syntax).kind, RulesErrorKind::NotToml, "{syntax}");
    }
    let bytes = b"name = \"\xff\"\n";
    assert_eq!(
        RulesError::not_utf8("x", bytes, 8).kind,
        RulesErrorKind::NotText
    );
    assert_eq!(RulesError::file("x", "gone").kind, RulesErrorKind::File);
    let mended = |t: &str| crate::config::mend_with(error(t), "rules --edit").message;
    assert!(
        mended("[board]\nheight = 0\n").ends_with(" (mend it with `new2048 rules --edit`)"),
        "{}",
        mended("[board]\nheight = 0\n")
    );
    assert_eq!(
        mended("[board]\nheight = = 0\n"),
        error("[board]\nheight = = 0\n").message
    );
}

/// No message about a rules file's key or value comes from toml or serde: each is said by the
/// game's own code (`tables`, `syntax`), so a new release of toml that rewords its messages
/// changes nothing a player reads. Checked against toml's own message for each file, and against
/// the words toml and serde use.
#[test]
fn no_message_of_a_rules_file_is_tomls() {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Board {
        columns: Option<i64>,
        height: Option<i64>,
        clear_value: Option<i64>,
        merge_into_full: Option<bool>,
    }
    let kinds = [
        "[board]\nheight = \"tall\"\n",
        "[board]\nheight = true\n",
        "[board]\nheight = 2.5\n",
        "[board]\nheight = 99999999999999999999\n",
        "[board]\nheight = [1]\n",
        "[board]\nheight = 1979-05-27\n",
        "[board]\nheight = { a = 1 }\n",
        "[board]\nmerge_into_full = 1\n",
        "[board]\nmerge_into_full = \"yes\"\n",
        "[board]\nhieght = 5\n",
        "[board]\nheight = 0\n",
        "board = 3\n",
        "name = 7\n",
        "colour = true\n",
        "[deck.weights]\nbomb = true\n",
        "[deck]\nweights = 3\n",
    ];
    for text in kinds.into_iter().chain(super::NOT_TOML.iter().copied()) {
        // toml's own message for the file, read as a table and as the board's keys.
        let tomls = [
            toml::from_str::<toml::Table>(text).err(),
            toml::from_str::<toml::Table>(text)
                .ok()
                .and_then(|t| t.get("board").cloned())
                .and_then(|b| b.try_into::<Board>().err()),
        ];
        let tomls = tomls.map(|e| e.map(|e| e.message().to_string()));
        super::assert_not_tomls(text, &err(text).message, &tomls);
    }
}

/// Each kind of value written where another kind goes says what was written and what the key
/// wants, in the game's words, at the value.
#[test]
fn a_value_of_the_wrong_kind_says_what_was_written_and_what_to_write() {
    for (text, at, said) in [
        (
            "[board]\nmerge_into_full = 1\n",
            (2, 19),
            "board.merge_into_full: 1 is a number; this key wants true or false",
        ),
        (
            "[board]\nmerge_into_full = \"true\"\n",
            (2, 19),
            "board.merge_into_full: `\"true\"` is text in quotes; this key wants true or false: \
             write true without the quotes",
        ),
        (
            "[board]\nheight = [1]\n",
            (2, 10),
            "board.height: a list (`[…]`) is written; this key wants a whole number",
        ),
        (
            "[board]\nheight = 1979-05-27\n",
            (2, 10),
            "board.height: `1979-05-27` is a date or a time; this key wants a whole number",
        ),
        (
            "deck = 3\n",
            (1, 8),
            "deck: 3 is a number; this key wants a table of keys",
        ),
    ] {
        let e = err(text);
        assert_eq!(
            (e.message.as_str(), e.line_col),
            (said, Some(at)),
            "{text:?}"
        );
    }
    // A whole number in any of TOML's spellings is read as the number it is.
    let base = Rules::default_rules();
    let r = Rules::parse("[board]\nheight = 0x10\ncolumns = +4\n", "x", Some(&base)).unwrap();
    assert_eq!((r.board.height, r.board.columns), (16, 4));
    assert!(
        err("[board]\nheight = 1_7\n")
            .message
            .starts_with("board.height = 17 is not allowed")
    );
}

/// Text that is not TOML is said in the game's words too, at the place the parser stopped.
#[test]
fn text_that_is_not_toml_says_what_to_write() {
    let e = err("[board\ncolumns = 3\n");
    assert_eq!(
        (e.message.as_str(), e.line_col),
        (
            "`[board` has no closing `]`: expected `]` after the table's name",
            Some((1, 7))
        )
    );
    let e = err("[board]\nheight = 1\nheight = 2\n");
    assert_eq!(
        e.message,
        "board.height is written twice in its table (first on line 2): keep one of them"
    );
    let e = err("[board]\nheight = 1\n[board]\n");
    assert!(
        e.message
            .contains("[board] is written twice (first on line 1)"),
        "{e}"
    );
    let e = err("[board]\nheight = = 0\n");
    assert_eq!(
        (e.message.as_str(), e.line_col),
        (
            "board.height: an extra `=` after the key's `=`; write one `=` between a key and its \
             value (this key wants a whole number)",
            Some((2, 10))
        )
    );
    let e = err("[board]\nmerge_into_full = yes\n");
    assert!(
        e.message
            .starts_with("board.merge_into_full: `yes` is not a value")
            && e.message.ends_with("this key wants true or false"),
        "{e}"
    );
    assert_eq!(e.kind, RulesErrorKind::NotToml);
}
