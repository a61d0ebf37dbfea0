//! `--rules NAME` from outside: a name that is no preset, no rule set and (for `history` and
//! `stats`) no recorded game's rules is an error everywhere (exit 2) with the nearest name
//! suggested, never an empty list with exit 0; and a name can never lead out of the rules folder.

use crate::records::{Home, text};

#[test]
fn an_unknown_rules_name_is_an_error_everywhere_with_the_nearest_suggested() {
    let home = Home::new();
    let made = home.run(&["rules", "--new", "fifty"], "");
    assert!(made.status.success(), "{}", text(&made.stderr));
    home.run(&["--rules", "fifty", "play", "--seed", "1"], "1\n2\nq\n");
    for args in [
        &["history"][..],
        &["stats"],
        &["play"],
        &["daily"],
        &["puzzle", "--seed", "1"],
        &["rules"],
        &["saved"],
        &["simulate", "--games", "1", "--strategy", "greedy"],
    ] {
        for (name, says) in [
            ("nosuch", "there is no preset or rule set `nosuch`"),
            ("fifyt", "(did you mean `fifty`?)"),
            ("defualt", "(did you mean `default`?)"),
        ] {
            let mut all = vec!["--rules", name];
            all.extend(args);
            let out = home.run(&all, "");
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{all:?}: {err}");
            assert!(err.contains(says), "{all:?}: {err}");
            assert!(text(&out.stdout).is_empty(), "{all:?}");
        }
    }
    // A known name still filters; the rules of a recorded game count once their file is gone.
    let listed = text(&home.run(&["--rules", "fifty", "history"], "").stdout);
    assert!(listed.contains("fifty"), "{listed}");
    let folder = home
        .data()
        .parent()
        .unwrap()
        .join("xdg-config/new2048/rules");
    std::fs::remove_file(folder.join("fifty.toml")).unwrap();
    let out = home.run(&["--rules", "fifty", "stats"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let none = home.run(&["--rules", "hard", "history"], "");
    assert!(none.status.success(), "{}", text(&none.stderr));
}

#[test]
fn a_rules_name_never_leaves_the_rules_folder() {
    let home = Home::new();
    let root = home.data().parent().unwrap().to_path_buf();
    // A rules file two folders above the rules folder, which `rules/../../evil.toml` would read.
    let rules = root.join("xdg-config/new2048/rules");
    std::fs::create_dir_all(&rules).unwrap();
    std::fs::write(
        root.join("xdg-config/evil.toml"),
        "name = \"evil\"\n[deck]\nsize = 3\n",
    )
    .unwrap();
    for name in ["../../evil", "../evil", "/tmp/evil", "evil.toml", "a/b"] {
        let out = home.run(&["--rules", name, "rules"], "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains("is no preset or rule set"), "{name}: {err}");
        assert!(!text(&out.stdout).contains("evil"), "{name} was read");
    }
}
