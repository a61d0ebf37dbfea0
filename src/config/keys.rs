//! What each key of a rules file means and allows, in English and Chinese: the one source of
//! those words. The rules editor shows them beside the selected key, and `config/default.toml`
//! says the same in its comments (a test below holds the two equal), so a player reading the
//! file and one using the editor read one text.

/// One key (or, for `deck.weights`, one table of keys) explained.
#[derive(Debug, Clone, Copy)]
pub struct About {
    /// The dotted key as in the file (`deck.weights` stands for each of its cards).
    pub key: &'static str,
    /// What it means, then what it allows: `config/default.toml`'s comment is the two joined.
    pub meaning: &'static str,
    pub allowed: &'static str,
    pub meaning_zh: &'static str,
    pub allowed_zh: &'static str,
}

/// Every key, in the file's order.
pub const ALL: [About; 16] = [
    About {
        key: "name",
        meaning: "A short name for these rules, shown in the game, the menu, history and stats, \
                  and stored with every recorded game.",
        allowed: "1 to 40 printable characters; a preset's name (default, solitaire, hard) only \
                  for that preset's own rules.",
        meaning_zh: "这套规则的简短名字，显示在游戏、菜单、历史和统计中，并随每局记录保存。",
        allowed_zh: "1 到 40 个可打印字符；预设的名字（default、solitaire、hard）只用于该预设本身的规则。",
    },
    About {
        key: "deck.size",
        meaning: "How many cards one game deals. Placing (or discarding) them all wins the game.",
        allowed: "1 to 1000000.",
        meaning_zh: "一局发多少张牌。把它们全部放下（或弃掉）即获胜。",
        allowed_zh: "1 到 1000000。",
    },
    About {
        key: "deck.lookahead",
        meaning: "How many cards the player sees: the card in hand and the ones after it.",
        allowed: "1 to 10.",
        meaning_zh: "玩家能看到几张牌：手中的牌和其后的牌。",
        allowed_zh: "1 到 10。",
    },
    About {
        key: "deck.weights",
        meaning: "The relative chance of each card being dealt. Each card is drawn independently. \
                  A card left out has weight 0.",
        allowed: "Keys are powers of two from 2 (below board.clear_value), \"bomb\" and \"wild\"; \
                  values are whole numbers from 0 to 1000000, at least one of them above 0.",
        meaning_zh: "每种牌被发出的相对机会，每张牌独立抽取。未列出的牌权重为 0。",
        allowed_zh: "键为 2 起的 2 的幂（小于 board.clear_value）、\"bomb\" 和 \"wild\"；值为 0 到 \
                     1000000 的整数，至少一个大于 0。",
    },
    About {
        key: "board.columns",
        meaning: "How many columns there are.",
        allowed: "1 to 9.",
        meaning_zh: "有几列。",
        allowed_zh: "1 到 9。",
    },
    About {
        key: "board.height",
        meaning: "How many cards a column holds at most.",
        allowed: "1 to 16.",
        meaning_zh: "一列最多放几张牌。",
        allowed_zh: "1 到 16。",
    },
    About {
        key: "board.clear_value",
        meaning: "A merge that makes this card clears its column and scores scoring.clear_bonus.",
        allowed: "A power of two from 4 to 1073741824.",
        meaning_zh: "合并出这张牌时清空整列，并得 scoring.clear_bonus 分。",
        allowed_zh: "4 到 1073741824 之间的 2 的幂。",
    },
    About {
        key: "board.merge_into_full",
        meaning: "true: a full column still takes a card that merges with its last card, a bomb \
                  or a wild card. false: a full column takes no card at all.",
        allowed: "true or false.",
        meaning_zh: "true：满列仍可放入能与末张合并的牌、炸弹或百搭牌。false：满列不再放牌。",
        allowed_zh: "true 或 false。",
    },
    About {
        key: "discards.start",
        meaning: "Discards the player starts with: each one throws the card in hand away. 0 \
                  turns discards off.",
        allowed: "0 to 1000, at most discards.max.",
        meaning_zh: "开局时的弃牌次数：每次弃掉手中的牌。0 表示不能弃牌。",
        allowed_zh: "0 到 1000，不超过 discards.max。",
    },
    About {
        key: "discards.per_clear",
        meaning: "Discards given back each time a column is cleared by reaching \
                  board.clear_value.",
        allowed: "0 to 1000.",
        meaning_zh: "每次因合出 board.clear_value 而清空一列时返还的弃牌次数。",
        allowed_zh: "0 到 1000。",
    },
    About {
        key: "discards.max",
        meaning: "The most discards the player can hold.",
        allowed: "0 to 1000, at least discards.start.",
        meaning_zh: "玩家最多能攒多少次弃牌。",
        allowed_zh: "0 到 1000，不少于 discards.start。",
    },
    About {
        key: "scoring.per_merge",
        meaning: "Points for each single merge step (16+16=32 is one step).",
        allowed: "0 to 1000000000.",
        meaning_zh: "每一步合并得的分数（16+16=32 算一步）。",
        allowed_zh: "0 到 1000000000。",
    },
    About {
        key: "scoring.merged_value",
        meaning: "true: each merge step also scores the value of the card it made.",
        allowed: "true or false.",
        meaning_zh: "true：每步合并另加所合成牌的点数。",
        allowed_zh: "true 或 false。",
    },
    About {
        key: "scoring.clear_bonus",
        meaning: "Points for each column cleared by reaching board.clear_value. Bombs score \
                  nothing.",
        allowed: "0 to 1000000000.",
        meaning_zh: "每次因合出 board.clear_value 而清空一列得的分数。炸弹不得分。",
        allowed_zh: "0 到 1000000000。",
    },
    About {
        key: "classic.size",
        meaning: "Classic 2048 (`new2048 classic`): the side of the square board.",
        allowed: "3 to 8.",
        meaning_zh: "经典 2048（`new2048 classic`）：方形棋盘的边长。",
        allowed_zh: "3 到 8。",
    },
    About {
        key: "classic.win",
        meaning: "The tile that wins classic 2048; the player may keep going after it.",
        allowed: "A power of two from 8 to 1073741824.",
        meaning_zh: "经典 2048 中获胜的方块；达到后玩家可以继续。",
        allowed_zh: "8 到 1073741824 之间的 2 的幂。",
    },
];

/// The words about `key` (a weight's key, `deck.weights.8`, gets the table's); `None` for a key
/// the rules do not have.
pub fn about(key: &str) -> Option<&'static About> {
    let key = if key.starts_with("deck.weights.") {
        "deck.weights"
    } else {
        key
    };
    ALL.iter().find(|a| a.key == key)
}

/// The table of every key as docs/rules.md shows it (a test holds the two equal): the key, its
/// value in `config/default.toml`, what it means and what it allows, in English.
pub fn markdown() -> String {
    let defaults: toml::Table =
        toml::from_str(crate::config::presets::DEFAULT).expect("the default rules are TOML");
    let default_of = |key: &str| -> String {
        let mut at = toml::Value::Table(defaults.clone());
        for part in key.split('.') {
            match at.get(part) {
                Some(v) => at = v.clone(),
                None => return String::new(),
            }
        }
        match at {
            toml::Value::Table(t) => {
                let each: Vec<String> = t.iter().map(|(k, v)| format!("`{k} = {v}`")).collect();
                each.join(", ")
            }
            v => format!("`{v}`"),
        }
    };
    let mut out = String::from("| Key | Default | Meaning | Allowed |\n|---|---|---|---|\n");
    for a in &ALL {
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            a.key,
            default_of(a.key),
            a.meaning,
            a.allowed.replace('|', "\\|")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manual_shows_the_keys_as_the_editor_explains_them() {
        let manual = include_str!("../../docs/rules.md");
        assert!(
            manual.contains(&markdown()),
            "docs/rules.md must hold `config::keys::markdown()` word for word:\n{}",
            markdown()
        );
    }

    /// The comment right above each key (or table header) of `config/default.toml`, joined into
    /// one line, by dotted key.
    fn comments(text: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut table = String::new();
        let mut comment: Vec<&str> = Vec::new();
        for line in text.lines() {
            let line = line.trim();
            if let Some(c) = line.strip_prefix('#') {
                comment.push(c.trim());
                continue;
            }
            let key = if let Some(t) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                table = format!("{t}.");
                Some(t.to_string())
            } else {
                line.split_once('=')
                    .map(|(k, _)| format!("{table}{}", k.trim()))
            };
            if let Some(key) = key
                && !comment.is_empty()
            {
                out.push((key, comment.join(" ")));
            }
            comment.clear();
        }
        out
    }

    #[test]
    fn default_toml_says_what_the_editor_says() {
        let found = comments(crate::config::presets::DEFAULT);
        for a in &ALL {
            let said = found
                .iter()
                .find(|(k, _)| k == a.key)
                .map(|(_, c)| c.as_str());
            assert_eq!(
                said,
                Some(format!("{} {}", a.meaning, a.allowed).as_str()),
                "config/default.toml's comment above `{}`",
                a.key
            );
        }
        // And every key the editor offers is explained.
        let draft =
            crate::config::edit::Draft::open(crate::config::presets::DEFAULT, "d", "d").unwrap();
        for f in draft.fields() {
            assert!(about(&f.key).is_some(), "{}", f.key);
        }
    }
}
