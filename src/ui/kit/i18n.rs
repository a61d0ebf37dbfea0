//! Every text the terminal game shows, in English and Simplified Chinese.
//!
//! The texts live in one struct per language ([`EN`], [`ZH`]) so the compiler refuses a text that
//! exists in one language only. Texts with values use `{}` placeholders filled in order by
//! [`fill`]; keeping them as plain data (not `format!` calls spread over the code) lets a
//! translator see a whole language at once.

use crate::cards::card::Card;
use crate::classic::Dir;

/// A language of the screens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Lang {
    En,
    Zh,
}

impl Lang {
    /// `--lang` when given (`en` or `zh`), else the locale (`LC_ALL`, then `LC_MESSAGES`, then
    /// `LANG`): Chinese when it starts with `zh`, English otherwise.
    pub(crate) fn choose(flag: Option<&str>) -> Result<Lang, String> {
        if let Some(f) = flag {
            return Lang::parse(f)
                .ok_or_else(|| format!("unknown language `{f}` for --lang; choose en or zh"));
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find(|v| !v.is_empty())
            .unwrap_or_default();
        Ok(Lang::from_locale(&locale))
    }

    fn parse(s: &str) -> Option<Lang> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "zh" | "cn" | "chinese" | "中文" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// Chinese for a locale such as `zh_CN.UTF-8`, English for anything else.
    pub(crate) fn from_locale(locale: &str) -> Lang {
        if locale.to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    pub(crate) fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

/// The texts of one language. `{}` marks a value, filled in order by [`fill`].
pub(crate) struct Words {
    pub title: &'static str,
    pub tagline: &'static str,
    pub rules: &'static str,
    pub score: &'static str,
    pub best: &'static str,
    pub cards_left: &'static str,
    pub discards: &'static str,
    pub hand: &'static str,
    pub next: &'static str,
    pub none_left: &'static str,
    pub full: &'static str,
    pub hint_mark: &'static str,
    pub bomb: &'static str,
    pub wild: &'static str,
    pub daily: &'static str,
    /// `{}`: the bot's name.
    pub bot: &'static str,
    pub footer: &'static str,
    pub footer_discard: &'static str,
    pub footer_short: &'static str,
    pub bot_footer: &'static str,
    /// `{}` column number.
    pub column_full: &'static str,
    /// `{}` the highest column number.
    pub no_such_column: &'static str,
    pub no_discards: &'static str,
    pub discards_off: &'static str,
    pub nothing_to_undo: &'static str,
    pub undone: &'static str,
    /// `{}` the key's name.
    pub unknown_key: &'static str,
    /// `{}` column number.
    pub hint_column: &'static str,
    pub hint_discard: &'static str,
    pub hint_none: &'static str,
    /// `{}` card, `{}` column.
    pub placed: &'static str,
    /// `{}` card.
    pub discarded: &'static str,
    /// `{}` column, `{}` clear value.
    pub cleared: &'static str,
    /// `{}` column.
    pub bombed: &'static str,
    /// `{}` discards.
    pub discards_back: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub yes_no_keys: &'static str,
    pub confirm_quit: &'static str,
    /// The quit question before any move: there is nothing to save.
    pub confirm_quit_fresh: &'static str,
    pub confirm_restart: &'static str,
    pub won: &'static str,
    /// `{}` the card in hand.
    pub lost: &'static str,
    pub new_best: &'static str,
    /// The result's best when it beat an earlier one: `{}` that one.
    pub new_best_was: &'static str,
    /// The result's best when no game under these rules was recorded before.
    pub first_game: &'static str,
    /// `{}` par, `{}` the player's score.
    pub par_line: &'static str,
    pub par_computing: &'static str,
    /// `{}` the share of accurate moves, in percent.
    pub accuracy_line: &'static str,
    pub accuracy_computing: &'static str,
    /// `{}` the move's number, `{}` the better move (`column_n` or `a_discard`).
    pub biggest_mistake: &'static str,
    /// After the biggest mistake on the result screen: the key that opens the review there.
    pub see_mistake: &'static str,
    pub no_mistakes: &'static str,
    pub column_n: &'static str,
    pub a_discard: &'static str,
    pub cards_played: &'static str,
    pub highest: &'static str,
    pub bot_result_keys: &'static str,
    /// `{}` width, `{}` height, `{}` needed width, `{}` needed height.
    pub too_small: &'static str,
    pub too_small_hint: &'static str,
    pub help_title: &'static str,
    pub help_keys: &'static [&'static str],
    /// How cards merge (two lines).
    pub help_merge: [&'static str; 2],
    /// `{}` clear value, `{}` bonus.
    pub help_clear: &'static str,
    pub help_bomb: &'static str,
    pub help_wild: &'static str,
    pub help_full: &'static str,
    /// What a full column still takes, by what the deck deals: `[neither, bombs, wild cards,
    /// both]`.
    pub help_full_merge: [&'static str; 4],
    /// Merges that score only the card they make.
    pub help_score_card: &'static str,
    /// Merges that score nothing.
    pub help_score_none: &'static str,
    /// `{}` the clear value, when a clear scores nothing.
    pub help_clear_plain: &'static str,
    /// `{}` discards left, `{}` given back per clear, `{}` most.
    pub help_discards: &'static str,
    pub help_end: &'static str,
    pub help_back: &'static str,
    /// Text taller than the window: `{}` lines shown so far, `{}` in all.
    pub page_more: &'static str,
    /// The same on a screen whose space and arrows are its own (a duel, the result).
    pub page_more_keys: &'static str,
    /// `{}` lines in all.
    pub page_end: &'static str,
    pub menu_prompt: &'static str,
    pub menu_new: &'static str,
    /// `{}` score, `{}` cards played.
    /// `{}` date.
    pub menu_daily: &'static str,
    /// `{}` rules name.
    pub menu_rules: &'static str,
    pub menu_quit: &'static str,
    pub preset_prompt: &'static str,
    /// `{}` score.
    pub saved_bye: &'static str,
    pub bye: &'static str,
    /// `{}` bot name, `{}` score, `{}` cards played.
    pub bot_bye: &'static str,
    /// Classic 2048: the title's tag, `{}` × `{}` the board side.
    pub classic_tag: &'static str,
    pub moves: &'static str,
    /// The four directions in the order of [`crate::classic::Dir::ALL`] (up, down, left, right).
    pub dirs: [&'static str; 4],
    /// `{}` direction (the points follow when a merge scored).
    pub slid: &'static str,
    /// `{}` direction.
    pub slide_nothing: &'static str,
    /// `{}` direction, `{}` arrow.
    pub hint_dir: &'static str,
    /// `{}` the winning tile.
    pub classic_win: &'static str,
    pub classic_lost: &'static str,
    /// `{}` the winning tile.
    pub classic_won_end: &'static str,
    pub highest_tile: &'static str,
    pub classic_footer: &'static str,
    pub classic_footer_short: &'static str,
    pub classic_help_keys: &'static [&'static str],
    /// `{}` the winning tile.
    pub classic_help_rules: &'static [&'static str],
    /// `{}` score.
    pub classic_saved_bye: &'static str,
    /// `{}` side, `{}` side.
    pub menu_classic: &'static str,
    /// `{}` score, `{}` moves.
    /// `{}` score, `{}` moves.
    pub resume_classic: &'static str,
    /// Duels.
    pub menu_duel: &'static str,
    pub duel_prompt: &'static str,
    pub duel_cards: &'static str,
    pub duel_classic: &'static str,
    /// `{}` 1 or 2.
    pub player: &'static str,
    pub duel_tag: &'static str,
    /// `{}` name.
    pub to_move: &'static str,
    pub game_over_mark: &'static str,
    /// `{}` the highest column number.
    pub duel_footer_cards: &'static str,
    pub duel_footer_classic: &'static str,
    pub duel_no_undo: &'static str,
    pub duel_no_hint: &'static str,
    pub duel_no_restart: &'static str,
    pub confirm_give_up: &'static str,
    /// `{}` name, `{}` and `{}` the turns each survived.
    pub duel_won_longer: &'static str,
    /// `{}` name, `{}` and `{}` the scores, `{}` the turns both survived.
    pub duel_won_score: &'static str,
    /// `{}` turns, `{}` score.
    pub duel_draw: &'static str,
    pub duel_help_keys_cards: &'static [&'static str],
    pub duel_help_keys_classic: &'static [&'static str],
    pub duel_help_rules: &'static [&'static str],
    // Issue 11: the session loop, replays, the daily result.
    /// Above the start menu after a game was left saved: `{}` its score.
    pub menu_saved: &'static str,
    /// A saved game in the start menu: `{}` its description.
    pub menu_saved_item: &'static str,
    pub menu_saved_rules: &'static str,
    pub menu_saved_score: &'static str,
    pub menu_mode_cards: &'static str,
    /// `{}`×`{}` the board.
    pub menu_mode_classic: &'static str,
    /// One card, and more.
    pub menu_played_cards: [&'static str; 2],
    pub menu_played_moves: [&'static str; 2],
    pub ago_now: &'static str,
    pub ago_min: &'static str,
    pub ago_hours: &'static str,
    pub ago_yesterday: &'static str,
    /// The keys of the start menu with saved games, of a sub-menu, of the menu without saves.
    pub menu_keys: &'static str,
    pub list_keys: &'static str,
    pub list_keys_quit: &'static str,
    /// `{}` the saved game's line in the menu.
    pub menu_delete: &'static str,
    pub menu_deleted: &'static str,
    /// The menu's items in a narrow window: `{}`×`{}` the board, `{}` the date.
    pub menu_classic_short: &'static str,
    pub menu_duel_short: &'static str,
    pub menu_daily_short: &'static str,
    /// Today's deal once played: `{}` the date, `{}` the best score of it.
    pub menu_daily_played: &'static str,
    pub menu_daily_played_short: &'static str,
    pub menu_mode_duel_cards: &'static str,
    pub menu_mode_duel_classic: &'static str,
    pub menu_played_turns: [&'static str; 2],
    /// The start menu lists the newest saved games, then this: `{}` how many more.
    pub menu_more_saved: &'static str,
    /// The list of every saved game: `{}` how many; its keys.
    pub saved_prompt: &'static str,
    pub saved_keys: &'static str,
    /// A saved game's row in a narrow window: what it is, in a word.
    pub menu_mode_cards_short: &'static str,
    pub menu_mode_duel_short: &'static str,
    /// How long ago, in a narrow window: now, `{}` minutes, `{}` hours, yesterday (`5m`).
    pub ago_short: [&'static str; 4],
    /// A deal started again while a game of it is saved: `{}` when it was played, its score,
    /// cards played.
    pub resume_deal: &'static str,
    pub resume_deal_ask: &'static str,
    /// The player's record with a preset: `{}` the best score, games played, the share won.
    pub menu_record: &'static str,
    pub menu_record_short: &'static str,
    pub menu_not_played: &'static str,
    /// After easy wins on `{}` rules (so many in a row, or so high a share won): the next
    /// harder rules `{}` suggested, with the key that starts them.
    pub menu_try_streak: &'static str,
    pub menu_try_rate: &'static str,
    /// Saved games left out of the list: `{}` how many.
    pub menu_open_elsewhere: [&'static str; 2],
    pub menu_elsewhere: &'static str,
    pub menu_gone: &'static str,
    /// After a duel left saved: `{}` the higher score.
    pub duel_saved_bye: &'static str,
    /// A duel given up: `{}` who gave up, then each player's name and score; recorded, or
    /// given up before any move (not recorded).
    pub duel_given_up: &'static str,
    pub duel_given_up_early: &'static str,
    /// The replay screen: its name, playing or paused, `{}` of `{}` moves, the keys, and how
    /// the recorded game ended.
    pub replay_tag: &'static str,
    pub review_tag: &'static str,
    pub replay_playing: &'static str,
    pub replay_paused: &'static str,
    pub replay_move: &'static str,
    pub replay_keys: &'static str,
    pub replay_keys_short: &'static str,
    pub replay_won: &'static str,
    pub replay_lost: &'static str,
    pub replay_quit: &'static str,
    /// After a daily deal: `{}` its date, over the line to share; `{}` the streak, `{}` the
    /// best streak, `{}` the deal's best score.
    pub daily_share: &'static str,
    pub daily_streak: &'static str,
    /// `{}` par of the deal.
    pub daily_par: &'static str,
    pub days: [&'static str; 2],
    pub longest_chain: &'static str,
    pub clears: &'static str,
    pub bombs_used: &'static str,
    pub time_played: &'static str,
    pub choice_keys: &'static str,
    pub your_rules: &'static str,
    /// The rules editor: the entry in the rules sub-menu, its title (the file), its actions.
    pub edit_rules: &'static str,
    pub editor_title: &'static str,
    pub editor_save: &'static str,
    pub editor_save_as: &'static str,
    pub editor_play: &'static str,
    pub editor_back: &'static str,
    pub editor_keys: &'static str,
    pub editor_typing_keys: &'static str,
    /// After a value: the key is not in the file, its value is the default's.
    pub editor_inherited: &'static str,
    pub editor_ok: &'static str,
    pub editor_saved: &'static str,
    pub editor_not_saved: &'static str,
    pub editor_name: &'static str,
    pub editor_bad_name: &'static str,
    pub editor_exists: &'static str,
    pub editor_leave_unsaved: &'static str,
    /// The bot's estimate: games won, games played, games planned.
    pub editor_estimate: &'static str,
    pub editor_estimate_done: &'static str,
    /// After the estimate, when only the deck's first `{}` of `{}` cards are played.
    pub editor_estimate_prefix: &'static str,
    /// `{}` the points of a merge step.
    pub help_score: &'static str,
    /// `{}` the points of a merge step, twice.
    pub help_score_value: &'static str,
    pub help_boss: &'static str,
    /// The result screen's choices: again, undo, menu, quit.
    pub choices: [&'static str; 4],
    /// One line on each preset (default, solitaire, hard): what it changes, how hard it is.
    /// `{}` best's share of games won (percent), `{}` its mean score: from the measured table
    /// ([`crate::strategy::measured`]); a line may stop before the second.
    pub preset_lines: [&'static str; 3],
    /// A rules sub-menu item: `{}` the preset (or "your rules"), `{}` its line (or the file).
    pub preset_item: &'static str,
}

pub(crate) static EN: Words = Words {
    title: "new2048",
    tagline: "2048 with cards: stack them in columns, equal cards merge.",
    rules: "rules",
    score: "Score",
    best: "Best",
    cards_left: "Cards left",
    discards: "Discards",
    hand: "Hand",
    next: "Next",
    none_left: "(none left)",
    full: "FULL",
    hint_mark: "hint",
    bomb: "bomb",
    wild: "wild",
    daily: "daily deal",
    bot: "bot: {}",
    footer: "1-{} place  ←/→ Enter place  u undo  h hint  r restart  q quit  ? help",
    footer_discard: "d discard",
    footer_short: "1-{} place  ? help  q quit",
    bot_footer: "any key stops the bot",
    column_full: "Column {} is full: choose another one.",
    no_such_column: "There is no such column: press 1 to {}.",
    no_discards: "No discards left.",
    discards_off: "These rules have no discards.",
    nothing_to_undo: "Nothing to undo.",
    undone: "Move undone.",
    unknown_key: "Key {} does nothing here: press ? for help.",
    hint_column: "Hint: put it on column {}.",
    hint_discard: "Hint: discard it.",
    hint_none: "No hint: there is no move.",
    placed: "{} on column {}",
    discarded: "{} discarded",
    cleared: "Column {} reached {} and is cleared!",
    bombed: "Bomb! Column {} is blown away.",
    discards_back: "+{} discards",
    yes: "yes",
    no: "no",
    yes_no_keys: "(y/n)",
    confirm_quit: "Quit? Your game is saved",
    confirm_quit_fresh: "Quit? Nothing to save yet",
    confirm_restart: "End this game and restart?",
    won: "You won: the whole deck is played!",
    lost: "Game over: no column takes the {}.",
    new_best: "New best!",
    new_best_was: "New best! (was {})",
    first_game: "First game under these rules",
    par_line: "Par {} · you {}",
    par_computing: "Par: computing…",
    accuracy_line: "Accuracy {}%",
    accuracy_computing: "Accuracy: computing…",
    biggest_mistake: "Biggest mistake: move {}, {} was better",
    see_mistake: "(v: see it)",
    no_mistakes: "No mistakes",
    column_n: "column {}",
    a_discard: "a discard",
    cards_played: "Cards played",
    highest: "Highest card",
    bot_result_keys: "The bot's game is over: press any key.",
    too_small: "The terminal is too small: {}×{}, the game needs {}×{}.",
    too_small_hint: "Make the window larger, or press q to quit.",
    help_title: "Keys and rules",
    help_keys: &[
        "1 … {}        put the card in hand there, or click the column with the mouse",
        "←/→ Enter    move the highlight, Enter puts the card there",
        "d            discard the card in hand (when the rules allow)",
        "u            undo the last move",
        "h            hint: the bot's choice is highlighted",
        "r            restart (asks first)",
        "q            quit (asks first; the game is saved)",
        "?            this help",
    ],
    help_merge: [
        "Each card goes at the bottom of a column. Equal cards merge, and the merge",
        "runs up the column: 64 32 16 taking a 16 becomes a single 128.",
    ],
    help_clear: "Making {} clears the column (+{} points).",
    help_bomb: "A bomb clears the column it is put on, for no points.",
    help_wild: "A wild card merges with any card it meets.",
    help_full: "A full column takes no card.",
    help_full_merge: [
        "A full column still takes a card that merges.",
        "A full column still takes a card that merges or a bomb.",
        "A full column still takes a card that merges or a wild card.",
        "A full column still takes a card that merges, a bomb or a wild card.",
    ],
    help_score_card: "Points: each merge scores the card it makes (16+16=32 scores 32), so a long chain jumps by hundreds.",
    help_score_none: "Merges score no points.",
    help_clear_plain: "Making {} clears the column.",
    help_discards: "Discards: {} left, {} more for each clear (at most {}).",
    help_end: "Play the whole deck to win; you lose when the card in hand fits nowhere.",
    help_back: "Press any key to go back to the game.",
    page_more: "↓ more {}/{} · space PgDn ↓ · PgUp ↑",
    page_more_keys: "↓ more {}/{} · PgDn ↓ · PgUp ↑",
    page_end: "— end ({} lines) — PgUp ↑",
    menu_prompt: "new2048: what would you like to play?",
    menu_new: "New game",
    menu_daily: "Daily deal ({}, the same cards for everyone)",
    menu_rules: "Rules: {} (change)",
    menu_quit: "Quit",
    preset_prompt: "Which rules?",
    saved_bye: "Game saved (score {}). Run new2048 again to resume it.",
    bye: "Goodbye!",
    bot_bye: "The {} bot stopped: score {}, {} cards played.",
    classic_tag: "classic {}×{}",
    moves: "Moves",
    dirs: ["up", "down", "left", "right"],
    slid: "Slid {}",
    slide_nothing: "Sliding {} changes nothing: try another way.",
    hint_dir: "Hint: slide {} ({}).",
    classic_win: "You made {}! You win. Keep going for a higher score.",
    classic_lost: "Game over: no tile can move.",
    classic_won_end: "You made {}, and now no tile can move.",
    highest_tile: "Highest tile",
    classic_footer: "←↑↓→/wasd slide  u undo  h hint  r restart  q quit  ? help",
    classic_footer_short: "←↑↓→/wasd slide  ? help  q quit",
    classic_help_keys: &[
        "←↑↓→ wasd    slide every tile that way (or drag the mouse that way)",
        "u            undo the last move",
        "h            hint: the bot's direction",
        "r            restart (asks first)",
        "q            quit (asks first; the game is saved)",
        "?            this help",
    ],
    classic_help_rules: &[
        "Every tile slides as far as it can; two equal tiles that meet merge into one,",
        "and a tile merges at most once per move. Each merge scores the tile it makes.",
        "After each move that changes the board a 2 (or sometimes a 4) appears.",
        "Make {} to win, then keep going if you like; no move left ends the game.",
    ],
    classic_saved_bye: "Classic game saved (score {}). Run new2048 classic to resume it.",
    menu_classic: "Classic 2048 (slide tiles on a {}×{} board)",
    resume_classic: "Resume your saved classic game (score {}, {} moves)?",
    menu_duel: "Duel (two players, one terminal)",
    duel_prompt: "A duel at which game?",
    duel_cards: "The card game (the same deck for both)",
    duel_classic: "Classic 2048 (the same spawns for the same moves)",
    player: "Player {}",
    duel_tag: "duel",
    to_move: "{} to move",
    game_over_mark: "game over",
    duel_footer_cards: "1-{} place  ←/→ Enter place  q give up  ? help",
    duel_footer_classic: "←↑↓→/wasd slide  q give up  ? help",
    duel_no_undo: "No undo in a duel: a turn taken is the other player's to answer.",
    duel_no_hint: "No hints in a duel: it is your play against theirs, not the bot's.",
    duel_no_restart: "To start a new duel, give this one up with q.",
    confirm_give_up: "End the duel as given up?",
    duel_won_longer: "{} wins: survived longer ({} turns to {}).",
    duel_won_score: "{} wins on score ({} to {}); both survived {} turns.",
    duel_draw: "A draw: both survived {} turns and scored {}.",
    duel_help_keys_cards: &[
        "1 … {}        put the card in hand on that column",
        "←/→ Enter    move the highlight, Enter puts the card there",
        "d            discard the card in hand (when the rules allow)",
        "q            give the duel up (asks first)",
        "?            this help",
    ],
    duel_help_keys_classic: &[
        "←↑↓→ wasd    slide every tile that way",
        "q            give the duel up (asks first)",
        "?            this help",
    ],
    duel_help_rules: &[
        "Both players get the same deal and take turns, one move each; a player whose",
        "game is over is skipped. The longer survivor wins, then the higher score.",
        "No undo (a turn taken is the other player's to answer) and no hints (the",
        "duel is between the players, not the bot).",
    ],
    menu_saved: "Game saved (score {}): it is in the list below.",
    menu_saved_item: "Resume: {}",
    menu_saved_rules: "{} rules",
    menu_saved_score: "score {}",
    menu_mode_cards: "card game",
    menu_mode_classic: "classic {}×{}",
    menu_played_cards: ["{} card", "{} cards"],
    menu_played_moves: ["{} move", "{} moves"],
    ago_now: "just now",
    ago_min: "{} min ago",
    ago_hours: "{} h ago",
    ago_yesterday: "yesterday",
    menu_keys: "↑↓ choose  Enter play  x delete a saved game  q quit",
    list_keys: "↑↓ choose  Enter select  q back",
    list_keys_quit: "↑↓ choose  Enter select  q quit",
    menu_delete: "Delete the saved game \"{}\"? It stays in history as quit",
    menu_deleted: "Saved game deleted (it is in history as quit).",
    menu_classic_short: "Classic 2048 ({}×{})",
    menu_duel_short: "Duel (two players)",
    menu_daily_short: "Daily deal ({})",
    menu_daily_played: "Daily deal ({}, played today: your best {})",
    menu_daily_played_short: "Daily deal ({}, best {})",
    menu_mode_duel_cards: "card duel",
    menu_mode_duel_classic: "classic duel",
    menu_played_turns: ["{} turn", "{} turns"],
    menu_more_saved: "More saved games ({})",
    saved_prompt: "Your saved games ({}): which one?",
    saved_keys: "↑↓ choose  Enter play  x delete  q back",
    menu_mode_cards_short: "cards",
    menu_mode_duel_short: "duel",
    ago_short: ["now", "{}m", "{}h", "1d"],
    resume_deal: "This deal is saved ({}, score {}, {}): a new game of it would be a second copy.",
    resume_deal_ask: "Resume the saved game?",
    menu_record: "best {} · {} played, {}% won",
    menu_record_short: "best {} · {}% won",
    menu_not_played: "not played yet",
    menu_try_streak: "On {} you won {} in a row: try {} next (press t).",
    menu_try_rate: "On {} you win {}% of your games: try {} next (press t).",
    menu_open_elsewhere: [
        "{} saved game is open in another window, so it is not listed.",
        "{} saved games are open in another window, so they are not listed.",
    ],
    menu_elsewhere: "This game is open in another window: finish or quit it there first.",
    menu_gone: "That saved game is gone (finished or deleted in another window).",
    duel_saved_bye: "Duel saved (best score {}). Run new2048 again to resume it.",
    duel_given_up: "{} gave up the duel at {} {} : {} {}. It is recorded in history as given up.",
    duel_given_up_early: "{} gave up the duel before any move: nothing is recorded.",
    replay_tag: "replay",
    review_tag: "review",
    replay_playing: "playing",
    replay_paused: "paused",
    replay_move: "move {} of {}",
    replay_keys: "←/→ step  Home/End start/end  space play/pause  +/- speed  q leave",
    replay_keys_short: "←→ space +- q",
    replay_won: "the game was won",
    replay_lost: "the game was lost",
    replay_quit: "the game was left unfinished",
    daily_share: "Your daily deal of {}, to share:",
    daily_streak: "Daily streak: {} (best {}). Best score of this deal: {}.",
    daily_par: "Par of this deal: {} (what the best bot scores seeing what you saw).",
    days: ["{} day", "{} days"],
    longest_chain: "Longest chain",
    clears: "Clears",
    bombs_used: "Bombs",
    time_played: "Time played",
    choice_keys: "←/→ choose  Enter confirm  a again  u undo  m menu  q quit",
    your_rules: "your rules",
    edit_rules: "Edit the rules…",
    editor_title: "Rules editor: {}",
    editor_save: "Save",
    editor_save_as: "Save as a new rules file…",
    editor_play: "Play with these rules",
    editor_back: "Back",
    editor_keys: "↑↓ choose  Enter change  s save  p play  q back",
    editor_typing_keys: "type a value  Enter keep  Esc cancel",
    editor_inherited: "(default)",
    editor_ok: "{} = {}: good",
    editor_saved: "Saved to {}",
    editor_not_saved: "Not saved: {}",
    editor_name: "Name of the new rules file (letters, digits, - and _):",
    editor_bad_name: "A name is letters, digits, - and _ only",
    editor_exists: "{} already exists: choose another name",
    editor_leave_unsaved: "Leave without saving?",
    editor_estimate: "The best bot wins {} of {} games so far ({} planned)…",
    editor_estimate_done: "The best bot wins {} of {} games with these rules: {}–{}%",
    editor_estimate_prefix: "(a game through its first {} of {} cards counts as won)",
    help_score: "Points: {} for each merge step.",
    help_score_value: "Points: {} for each merge step plus the card it makes (16+16=32 scores {}), so a long chain jumps by hundreds.",
    help_boss: "b            boss key: switch to the log look (and back)",
    choices: [
        "Play again",
        "Undo the last move",
        "Back to the menu",
        "Quit",
    ],
    preset_lines: [
        "5 columns of 7 and bombs: the original; easy (the best bot wins {}%, {} points a game)",
        "like the 2048 Solitaire apps: 4 columns of 8, discards, rare wild cards, merges score their value (the best bot wins {}%)",
        "no bombs, 1000 cards: hard (the best bot wins {}%)",
    ],
    preset_item: "{}: {}",
};

pub(crate) static ZH: Words = Words {
    title: "new2048",
    tagline: "用纸牌玩 2048：把牌叠成列，相同的牌会合并。",
    rules: "规则",
    score: "得分",
    best: "最高",
    cards_left: "剩余牌",
    discards: "弃牌",
    hand: "手牌",
    next: "下一张",
    none_left: "（没有了）",
    full: "已满",
    hint_mark: "提示",
    bomb: "炸弹",
    wild: "百搭",
    daily: "每日牌局",
    bot: "机器人：{}",
    footer: "1-{} 放牌  ←/→ 回车 放牌  u 撤销  h 提示  r 重开  q 退出  ? 帮助",
    footer_discard: "d 弃牌",
    footer_short: "1-{} 放牌  ? 帮助  q 退出",
    bot_footer: "按任意键停止机器人",
    column_full: "第 {} 列已满：请换一列。",
    no_such_column: "没有这一列：请按 1 到 {}。",
    no_discards: "没有弃牌次数了。",
    discards_off: "这套规则不能弃牌。",
    nothing_to_undo: "没有可以撤销的步骤。",
    undone: "已撤销一步。",
    unknown_key: "按键 {} 在这里没有作用：按 ? 查看帮助。",
    hint_column: "提示：放在第 {} 列。",
    hint_discard: "提示：弃掉这张牌。",
    hint_none: "没有提示：已无路可走。",
    placed: "{} 放在第 {} 列",
    discarded: "弃掉了 {}",
    cleared: "第 {} 列合成了 {}，整列清空！",
    bombed: "炸弹！第 {} 列被炸空。",
    discards_back: "弃牌 +{}",
    yes: "是",
    no: "否",
    yes_no_keys: "(y 是 / n 否)",
    confirm_quit: "退出吗？牌局已保存",
    confirm_quit_fresh: "退出吗？尚无可保存的",
    confirm_restart: "重开吗？本局到此结束",
    won: "你赢了：整副牌都放完了！",
    lost: "游戏结束：{} 无处可放。",
    new_best: "新纪录！",
    new_best_was: "新纪录！（之前 {}）",
    first_game: "这套规则下的第一局",
    par_line: "标准分 {} · 你 {}",
    par_computing: "标准分：计算中…",
    accuracy_line: "准确率 {}%",
    accuracy_computing: "准确率：计算中…",
    biggest_mistake: "最大失误：第 {} 步，{}更好",
    see_mistake: "（v：查看）",
    no_mistakes: "没有失误",
    column_n: "第 {} 列",
    a_discard: "弃牌",
    cards_played: "已出牌",
    highest: "最大的牌",
    bot_result_keys: "机器人这局结束了：按任意键。",
    too_small: "终端太小：{}×{}，游戏需要 {}×{}。",
    too_small_hint: "请把窗口放大，或按 q 退出。",
    help_title: "按键与规则",
    help_keys: &[
        "1 … {}        把手牌放到该列（或用鼠标点击该列）",
        "←/→ 回车     移动高亮，回车把牌放到高亮的列",
        "d            弃掉手牌（规则允许时）",
        "u            撤销上一步",
        "h            提示：高亮机器人的选择",
        "r            重新开始（会先确认）",
        "q            退出（会先确认；牌局会保存）",
        "?            显示本帮助",
    ],
    help_merge: [
        "每张牌放在某一列的最下面。相同的牌会合并，并沿着这一列继续向上合并：",
        "64 32 16 再放一张 16，就变成一张 128。",
    ],
    help_clear: "合成 {} 时整列清空（+{} 分）。",
    help_bomb: "炸弹会清空它所在的一列，但不得分。",
    help_wild: "百搭牌可以和任何牌合并。",
    help_full: "满了的列不能再放牌。",
    help_full_merge: [
        "满了的列仍然可以放能合并的牌。",
        "满了的列仍然可以放能合并的牌或炸弹。",
        "满了的列仍然可以放能合并的牌或百搭牌。",
        "满了的列仍然可以放能合并的牌、炸弹或百搭牌。",
    ],
    help_score_card: "每次合并得合成的牌面值：16+16=32 得 32 分，所以长连锁会一下得几百分。",
    help_score_none: "合并不得分。",
    help_clear_plain: "合成 {} 时整列清空。",
    help_discards: "弃牌：还剩 {} 次，每清空一列再得 {} 次（最多 {} 次）。",
    help_end: "放完整副牌就赢；手牌无处可放就输。",
    help_back: "按任意键返回游戏。",
    page_more: "↓ 还有 {}/{} · 空格 PgDn ↓ · PgUp ↑",
    page_more_keys: "↓ 还有 {}/{} · PgDn ↓ · PgUp ↑",
    page_end: "— 完（共 {} 行）— PgUp ↑",
    menu_prompt: "new2048：想玩什么？",
    menu_new: "新游戏",
    menu_daily: "每日牌局（{}，所有人的牌都一样）",
    menu_rules: "规则：{}（更换）",
    menu_quit: "退出",
    preset_prompt: "选择哪套规则？",
    saved_bye: "牌局已保存（得分 {}）。再次运行 new2048 即可继续。",
    bye: "再见！",
    bot_bye: "机器人 {} 已停止：得分 {}，已出 {} 张牌。",
    classic_tag: "经典 {}×{}",
    moves: "步数",
    dirs: ["上", "下", "左", "右"],
    slid: "向{}滑动",
    slide_nothing: "向{}滑动不会改变棋盘：换个方向试试。",
    hint_dir: "提示：向{}滑动（{}）。",
    classic_win: "你合成了 {}！你赢了。可以继续挑战更高分。",
    classic_lost: "游戏结束：没有方块可以移动了。",
    classic_won_end: "你合成了 {}，现在没有方块可以移动了。",
    highest_tile: "最大方块",
    classic_footer: "←↑↓→/wasd 滑动  u 撤销  h 提示  r 重开  q 退出  ? 帮助",
    classic_footer_short: "←↑↓→/wasd 滑动  ? 帮助  q 退出",
    classic_help_keys: &[
        "←↑↓→ wasd    把所有方块向该方向滑动（或用鼠标向该方向拖动）",
        "u            撤销上一步",
        "h            提示：机器人选择的方向",
        "r            重新开始（会先确认）",
        "q            退出（会先确认；游戏会保存）",
        "?            显示本帮助",
    ],
    classic_help_rules: &[
        "每个方块都尽量滑到底；相遇的两个相同方块合并成一个，",
        "每一步中一个方块最多合并一次。每次合并得到新方块的分数。",
        "每次改变棋盘的移动之后会出现一个 2（有时是 4）。",
        "合成 {} 就赢，之后还可以继续；无路可走时游戏结束。",
    ],
    classic_saved_bye: "经典游戏已保存（得分 {}）。运行 new2048 classic 即可继续。",
    menu_classic: "经典 2048（在 {}×{} 棋盘上滑动方块）",
    resume_classic: "继续保存的经典游戏吗（得分 {}，{} 步）？",
    menu_duel: "对决（两位玩家，同一终端）",
    duel_prompt: "对决玩哪种游戏？",
    duel_cards: "纸牌游戏（双方同一副牌）",
    duel_classic: "经典 2048（同样的移动出现同样的方块）",
    player: "玩家 {}",
    duel_tag: "对决",
    to_move: "轮到 {}",
    game_over_mark: "已结束",
    duel_footer_cards: "1-{} 放牌  ←/→ 回车 放牌  q 认输  ? 帮助",
    duel_footer_classic: "←↑↓→/wasd 滑动  q 认输  ? 帮助",
    duel_no_undo: "对决中不能撤销：走过的一步要由对手来应对。",
    duel_no_hint: "对决中没有提示：这是你和对手之间的较量，不是机器人的。",
    duel_no_restart: "要开始新的对决，请先按 q 认输。",
    confirm_give_up: "以放弃结束对决吗？",
    duel_won_longer: "{} 获胜：坚持得更久（{} 回合对 {}）。",
    duel_won_score: "{} 凭得分获胜（{} 对 {}）；双方都坚持了 {} 回合。",
    duel_draw: "平局：双方都坚持了 {} 回合，得分都是 {}。",
    duel_help_keys_cards: &[
        "1 … {}        把手牌放到该列",
        "←/→ 回车     移动高亮，回车把牌放到高亮的列",
        "d            弃掉手牌（规则允许时）",
        "q            认输（会先确认）",
        "?            显示本帮助",
    ],
    duel_help_keys_classic: &[
        "←↑↓→ wasd    把所有方块向该方向滑动",
        "q            认输（会先确认）",
        "?            显示本帮助",
    ],
    duel_help_rules: &[
        "双方得到同样的牌局，轮流各走一步；游戏已结束的一方会被跳过。",
        "坚持得更久的一方获胜，相同时得分高者获胜。",
        "不能撤销（走过的一步要由对手应对），也没有提示（这是玩家之间的较量，",
        "不是机器人的）。",
    ],
    menu_saved: "牌局已保存（得分 {}），在下面的列表里。",
    menu_saved_item: "继续：{}",
    menu_saved_rules: "{} 规则",
    menu_saved_score: "得分 {}",
    menu_mode_cards: "纸牌游戏",
    menu_mode_classic: "经典 {}×{}",
    menu_played_cards: ["{} 张牌", "{} 张牌"],
    menu_played_moves: ["{} 步", "{} 步"],
    ago_now: "刚刚",
    ago_min: "{} 分钟前",
    ago_hours: "{} 小时前",
    ago_yesterday: "昨天",
    menu_keys: "↑↓ 选择  回车 开始  x 删除存档  q 退出",
    list_keys: "↑↓ 选择  回车 确定  q 返回",
    list_keys_quit: "↑↓ 选择  回车 确定  q 退出",
    menu_delete: "删除存档“{}”吗？历史记录里会记为退出",
    menu_deleted: "存档已删除（历史记录里记为退出）。",
    menu_classic_short: "经典 2048（{}×{}）",
    menu_duel_short: "对决（两位玩家）",
    menu_daily_short: "每日牌局（{}）",
    menu_daily_played: "每日牌局（{}，今天已玩：最高 {}）",
    menu_daily_played_short: "每日牌局（{}，最高 {}）",
    menu_mode_duel_cards: "纸牌对决",
    menu_mode_duel_classic: "经典对决",
    menu_played_turns: ["{} 回合", "{} 回合"],
    menu_more_saved: "更多存档（还有 {} 个）",
    saved_prompt: "你的存档（共 {} 个）：继续哪一局？",
    saved_keys: "↑↓ 选择  回车 继续  x 删除  q 返回",
    menu_mode_cards_short: "纸牌",
    menu_mode_duel_short: "对决",
    ago_short: ["刚刚", "{}分钟", "{}小时", "昨天"],
    resume_deal: "这副牌有存档（{}，得分 {}，{}）：再开一局就是第二份。",
    resume_deal_ask: "继续存档的那一局吗？",
    menu_record: "最高 {} · 玩了 {} 局，胜率 {}%",
    menu_record_short: "最高 {} · 胜率 {}%",
    menu_not_played: "还没玩过",
    menu_try_streak: "{} 规则下你已连胜 {} 局：下一步试试 {}（按 t 开始）。",
    menu_try_rate: "{} 规则下你的胜率是 {}%：下一步试试 {}（按 t 开始）。",
    menu_open_elsewhere: [
        "有 {} 个存档正在另一个窗口中进行，没有列出。",
        "有 {} 个存档正在另一个窗口中进行，没有列出。",
    ],
    menu_elsewhere: "这局正在另一个窗口中进行：请先在那里结束或退出。",
    menu_gone: "这个存档已经不在了（在另一个窗口中结束或删除了）。",
    duel_saved_bye: "对决已保存（最高得分 {}）。再次运行 new2048 即可继续。",
    duel_given_up: "{} 认输了，比分 {} {} : {} {}。本局已记入历史，记为放弃。",
    duel_given_up_early: "{} 在第一步之前认输了：没有记录。",
    replay_tag: "回放",
    review_tag: "复盘",
    replay_playing: "播放中",
    replay_paused: "已暂停",
    replay_move: "第 {} 步，共 {} 步",
    replay_keys: "←/→ 单步  Home/End 开头/结尾  空格 播放/暂停  +/- 速度  q 离开",
    replay_keys_short: "←→ 空格 +- q",
    replay_won: "这局赢了",
    replay_lost: "这局输了",
    replay_quit: "这局没有下完",
    daily_share: "{} 的每日牌局，分享给朋友：",
    daily_streak: "每日连续：{}（最长 {}）。这副牌的最高分：{}。",
    daily_par: "这副牌的标准分：{}（最强机器人看着同样的牌能得的分）。",
    days: ["{} 天", "{} 天"],
    longest_chain: "最长连锁",
    clears: "清除",
    bombs_used: "炸弹",
    time_played: "用时",
    choice_keys: "←/→ 选择  回车 确认  a 再来  u 撤销  m 菜单  q 退出",
    your_rules: "你的规则",
    edit_rules: "编辑规则…",
    editor_title: "规则编辑器：{}",
    editor_save: "保存",
    editor_save_as: "另存为新的规则文件…",
    editor_play: "用这些规则开始游戏",
    editor_back: "返回",
    editor_keys: "↑↓ 选择  回车 修改  s 保存  p 开始  q 返回",
    editor_typing_keys: "输入数值  回车 确定  Esc 取消",
    editor_inherited: "（默认）",
    editor_ok: "{} = {}：可以",
    editor_saved: "已保存到 {}",
    editor_not_saved: "未保存：{}",
    editor_name: "新规则文件的名字（字母、数字、- 和 _）：",
    editor_bad_name: "名字只能含字母、数字、- 和 _",
    editor_exists: "{} 已存在：请换一个名字",
    editor_leave_unsaved: "不保存修改就离开吗？",
    editor_estimate: "最强机器人目前赢 {} 局，已下 {} 局（共 {} 局）…",
    editor_estimate_done: "最强机器人用这些规则赢 {} 局，共 {} 局：{}–{}%",
    editor_estimate_prefix: "（只下前 {} 张牌，共 {} 张：撑到那里即算赢）",
    help_score: "每一步合并得 {} 分。",
    help_score_value: "每一步合并得 {} 分，再加上合成的牌面值：16+16=32 得 {} 分，所以长连锁会一下得几百分。",
    help_boss: "b            老板键：切换为日志外观（再按切回）",
    choices: ["再来一局", "撤销最后一步", "回到菜单", "退出"],
    preset_lines: [
        "5 列、每列 7 张、有炸弹：原版规则；简单（最强机器人胜率 {}%，每局 {} 分）",
        "像 2048 Solitaire 应用：4 列、每列 8 张、可弃牌、少量百搭牌、合并按牌面计分（最强机器人胜率 {}%）",
        "没有炸弹、1000 张牌：困难（最强机器人胜率 {}%）",
    ],
    preset_item: "{}：{}",
};

/// Fills the `{}` of `template` with `args`, in order. A missing value leaves `{}` as is, so a
/// template mistake shows on screen instead of crashing the game.
pub(crate) fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 8);
    let mut rest = template;
    let mut args = args.iter();
    while let Some(i) = rest.find("{}") {
        out.push_str(&rest[..i]);
        match args.next() {
            Some(a) => out.push_str(&a.to_string()),
            None => out.push_str("{}"),
        }
        rest = &rest[i + 2..];
    }
    out.push_str(rest);
    out
}

/// `n` things with the word `[one, many]` (`1 card`, `14 cards`).
pub(crate) fn plural(word: [&str; 2], n: u64) -> String {
    fill(word[usize::from(n != 1)], &[&n])
}

impl Words {
    /// The face of a card: its value, or the word for bomb and wild.
    pub(crate) fn card(&self, card: Card) -> String {
        if card.is_bomb() {
            self.bomb.to_string()
        } else if card.is_wild() {
            self.wild.to_string()
        } else {
            card.to_string()
        }
    }

    /// The word for a slide's direction in classic 2048.
    pub(crate) fn dir(&self, d: Dir) -> &'static str {
        let i = Dir::ALL.iter().position(|&x| x == d).unwrap_or(0);
        self.dirs[i]
    }
}

/// The arrow of a slide's direction.
pub(crate) fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::Up => "↑",
        Dir::Down => "↓",
        Dir::Left => "←",
        Dir::Right => "→",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_in_order() {
        assert_eq!(fill("{} on column {}", &[&16, &2]), "16 on column 2");
        assert_eq!(fill("no values", &[]), "no values");
        assert_eq!(fill("{} and {}", &[&1]), "1 and {}");
    }

    #[test]
    fn locale_and_flag() {
        assert_eq!(Lang::from_locale("zh_CN.UTF-8"), Lang::Zh);
        assert_eq!(Lang::from_locale("en_US.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
        assert_eq!(Lang::choose(Some("zh")), Ok(Lang::Zh));
        assert_eq!(Lang::choose(Some("EN")), Ok(Lang::En));
        assert!(Lang::choose(Some("fr")).is_err());
    }

    /// The help is drawn two columns in: every line of it fits an 80-column terminal whole.
    #[test]
    fn help_lines_fit_80_columns() {
        for w in [&EN, &ZH] {
            let lines = [
                w.help_keys,
                &w.help_merge,
                w.classic_help_keys,
                w.classic_help_rules,
                w.duel_help_keys_cards,
                w.duel_help_keys_classic,
                w.duel_help_rules,
            ];
            for line in lines.iter().flat_map(|l| l.iter()) {
                let width = console::measure_text_width(&fill(line, &[&2048]));
                assert!(width <= 78, "{width} columns: {line}");
            }
        }
    }

    /// Every field of the `static {name}: Words` table of this file, with the text of its
    /// string literals in order (escapes left as written: they never make a `{}`). Read from
    /// the source so that no template can be left out of the check below.
    fn templates(name: &str) -> Vec<(String, Vec<String>)> {
        let src = include_str!("i18n.rs");
        let head = format!("static {name}: Words = Words {{\n");
        let start = src.find(&head).expect("the table") + head.len();
        let body = &src[start..];
        let body = &body[..body.find("\n};").expect("the table's end")];
        let mut fields: Vec<(String, Vec<String>)> = Vec::new();
        let mut chars = body.chars().peekable();
        let mut line_start = true;
        while let Some(c) = chars.next() {
            match c {
                '"' => {
                    let mut lit = String::new();
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' => {
                                lit.push(c);
                                lit.extend(chars.next());
                            }
                            '"' => break,
                            _ => lit.push(c),
                        }
                    }
                    fields.last_mut().expect("a field").1.push(lit);
                    line_start = false;
                }
                '\n' => line_start = true,
                ' ' => {}
                '/' if line_start && chars.peek() == Some(&'/') => {
                    chars.by_ref().take_while(|&c| c != '\n').for_each(drop);
                }
                c if line_start && (c.is_ascii_lowercase() || c == '_') => {
                    let mut field = String::from(c);
                    while let Some(&c) = chars.peek() {
                        if c == ':' {
                            break;
                        }
                        field.push(c);
                        chars.next();
                    }
                    fields.push((field, Vec::new()));
                    line_start = false;
                }
                _ => line_start = false,
            }
        }
        fields
    }

    /// Both languages fill the same values into every template: each field has as many `{}` in
    /// English as in Chinese, line by line where both have the same lines, else in all.
    #[test]
    fn templates_have_the_same_values_in_both_languages() {
        let count = |s: &str| s.matches("{}").count();
        let (en, zh) = (templates("EN"), templates("ZH"));
        let names = |t: &[(String, Vec<String>)]| t.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
        assert_eq!(names(&en), names(&zh), "the same fields in the same order");
        assert!(en.len() > 150, "every field read: {}", en.len());
        let with_values = en
            .iter()
            .filter(|(_, lits)| lits.iter().any(|l| count(l) > 0))
            .count();
        assert!(
            with_values > 60,
            "templates with values found: {with_values}"
        );
        for ((field, en), (_, zh)) in en.iter().zip(&zh) {
            assert!(!en.is_empty() && !zh.is_empty(), "{field}: no text read");
            if en.len() == zh.len() {
                for (e, z) in en.iter().zip(zh) {
                    assert_eq!(count(e), count(z), "{field}: {e} / {z}");
                }
            } else {
                let all = |t: &[String]| t.iter().map(|l| count(l)).sum::<usize>();
                assert_eq!(all(en), all(zh), "{field}");
            }
        }
        assert_eq!(EN.help_keys.len(), ZH.help_keys.len());
        assert_eq!(EN.classic_help_keys.len(), ZH.classic_help_keys.len());
        assert_eq!(EN.duel_help_keys_cards.len(), ZH.duel_help_keys_cards.len());
        assert_eq!(
            EN.duel_help_keys_classic.len(),
            ZH.duel_help_keys_classic.len()
        );
    }
}
