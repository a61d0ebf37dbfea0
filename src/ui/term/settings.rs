//! How the screens look and move, as the player set it: animations on or off, their speed, the
//! board or the log look, and whether the mouse plays.
//!
//! These are preferences about this terminal, not rules of the game, so they live in a file of
//! their own beside the rules file (`new2048/settings.toml` in the config folder, or the path in
//! `$NEW2048_SETTINGS`), which tests point at a temporary folder. Each setting is taken from the
//! first of: the command line (`--no-anim`, `--theme`), the environment (`NEW2048_ANIM=off`),
//! the file, the default. Animations are always off on a `TERM=dumb` terminal (it cannot redraw
//! in place fast enough to show them), and headless play never builds a [`Settings`] at all.
//!
//! A bad file stops the program with a message naming the file, the key and what is allowed,
//! like a bad rules file does, rather than silently playing with settings the player did not
//! choose.

use std::path::PathBuf;

use serde::Deserialize;
use toml::Spanned;
use toml::de::DeTable;

use crate::config::parse::{RulesError, Want, syntax, wrong_kind};

/// Environment variable naming the settings file.
pub(crate) const SETTINGS_ENV: &str = "NEW2048_SETTINGS";
/// Environment variable turning animations off (`off`, `0`, `false`, `no`) or on.
pub(crate) const ANIM_ENV: &str = "NEW2048_ANIM";

/// How the game is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum Look {
    /// Coloured cards and tiles.
    #[default]
    Board,
    /// Plain timestamped log lines in the terminal's own colours (see `ui::screens::log`).
    Log,
}

impl Look {
    pub(crate) fn parse(s: &str) -> Option<Look> {
        match s.trim().to_ascii_lowercase().as_str() {
            "board" | "cards" | "color" | "colour" => Some(Look::Board),
            "log" => Some(Look::Log),
            _ => None,
        }
    }
}

/// The animations' pace: `None` when they are off, else how long each frame is held, in percent
/// of the normal pace (50 is twice as fast).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Motion {
    pub pace: Option<u32>,
}

impl Motion {
    pub(crate) const OFF: Motion = Motion { pace: None };
    #[cfg(test)]
    pub(crate) const NORMAL: Motion = Motion { pace: Some(100) };

    fn speed(s: &str) -> Option<u32> {
        match s.trim().to_ascii_lowercase().as_str() {
            "slow" => Some(150),
            "normal" => Some(100),
            "fast" => Some(50),
            _ => None,
        }
    }
}

/// The settings in force.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Settings {
    pub motion: Motion,
    pub look: Look,
    /// Mouse reports asked for (`mouse = false` in the file, or `--no-mouse`, turn them off).
    pub mouse: bool,
}

/// The settings file as written.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Raw {
    animations: Option<bool>,
    speed: Option<Spanned<String>>,
    theme: Option<Spanned<String>>,
    mouse: Option<bool>,
}

/// The keys of the settings file and the kind of value each takes.
const KEYS: [(&str, Want); 4] = [
    ("animations", Want::Flag),
    ("speed", Want::Text),
    ("theme", Want::Text),
    ("mouse", Want::Flag),
];

/// What the settings file may hold, as its messages say it.
const ALLOWED: &str = "animations = true/false, speed = \"slow\"/\"normal\"/\"fast\", theme = \
                       \"board\"/\"log\", mouse = true/false";

/// Checks the settings file's text as TOML tables in the game's own words (as a rules file is,
/// `crate::config::parse`): text that is not TOML, a key the file has not, a value of another
/// kind; where (a span) and what.
fn checked(text: &str) -> Result<(), (Option<std::ops::Range<usize>>, String)> {
    let wants = |key: &str| {
        KEYS.iter()
            .find(|(k, _)| *k == key)
            .map_or("one of the settings' keys", |(_, w)| w.words())
    };
    let doc = DeTable::parse(text).map_err(|e| {
        let span = e.span();
        let message = span.as_ref().map_or_else(
            || "this is not TOML: write `key = value` lines".to_string(),
            |at| syntax::say(text, at.start, &wants),
        );
        (span, message)
    })?;
    for (k, v) in doc.get_ref() {
        let key: &str = k.get_ref();
        let Some((_, want)) = KEYS.iter().find(|(known, _)| *known == key) else {
            let shown = crate::cards::text::excerpt(key);
            return Err((Some(k.span()), format!("`{shown}` is not a setting")));
        };
        if !want.fits(v.get_ref()) {
            return Err((Some(v.span()), wrong_kind(text, key, v, *want)));
        }
    }
    Ok(())
}

/// The settings file: `$NEW2048_SETTINGS`, else `new2048/settings.toml` in the config folder.
pub(crate) fn path() -> Option<PathBuf> {
    std::env::var_os(SETTINGS_ENV)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            directories::ProjectDirs::from("", "", "new2048")
                .map(|d| d.config_dir().join("settings.toml"))
        })
}

/// Why the screens could not be set up: a flag or the settings file, said as the player is told;
/// the kind says whose fault it is (a file the system fails to read: the machine's).
#[derive(Debug)]
pub(crate) enum SetupError {
    /// `--lang` or `--theme` names no language or look.
    Flag(String),
    /// The settings file says what the settings do not allow (located: file, line, column).
    Settings(String),
    /// The settings file could not be read.
    Read(crate::base::fsread::ReadError),
}

// Beside the error, so the error type of the commands (one floor down) needs no arrow up to
// the screens.
impl crate::base::fault::Blame for SetupError {
    fn fault(&self) -> crate::base::fault::Fault {
        crate::base::fault::Fault::of(self.is_machine())
    }
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Flag(m) | SetupError::Settings(m) => f.write_str(m),
            SetupError::Read(e) => write!(f, "cannot read the settings file {e}"),
        }
    }
}

impl std::error::Error for SetupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SetupError::Read(e) => Some(e),
            SetupError::Flag(_) | SetupError::Settings(_) => None,
        }
    }
}

impl SetupError {
    /// Whether the machine failed (a settings file the system could not read), not the player.
    pub(crate) fn is_machine(&self) -> bool {
        matches!(self, SetupError::Read(e) if e.is_machine())
    }
}

impl Settings {
    /// The settings in force from the command line (`no_anim`, `theme`), the environment and
    /// the settings file (which may be missing); an error names what to fix.
    pub(crate) fn load(no_anim: bool, theme: Option<&str>) -> Result<Settings, SetupError> {
        let file = path();
        let text = match &file {
            Some(p) => {
                let limit = crate::config::paths::CONFIG_FILE_BYTES;
                match crate::base::fsread::read_text(p, crate::base::fsread::Links::Follow, limit) {
                    Ok(t) => Some(t),
                    Err(e) if e.is_missing() => None,
                    Err(e) => return Err(SetupError::Read(e)),
                }
            }
            None => None,
        };
        let env = std::env::var(ANIM_ENV).ok();
        let dumb = std::env::var("TERM").is_ok_and(|t| t == "dumb");
        let shown = file
            .as_ref()
            .map_or_else(String::new, |p| p.display().to_string());
        Settings::from_parts(
            text.as_deref(),
            &shown,
            env.as_deref(),
            no_anim || dumb,
            theme,
        )
    }

    /// [`Settings::load`] without the world: the file's text (and its name for messages), the
    /// value of `NEW2048_ANIM`, whether animations are forced off, and `--theme`.
    fn from_parts(
        file: Option<&str>,
        name: &str,
        env: Option<&str>,
        forced_off: bool,
        theme: Option<&str>,
    ) -> Result<Settings, SetupError> {
        // Located like a rules file's errors: file:line:column, the line, a caret under the place.
        let bad = |span: Option<std::ops::Range<usize>>, message: String| {
            let at = RulesError::at(name, file.unwrap_or_default(), span, message);
            SetupError::Settings(format!("bad settings: {at}"))
        };
        let raw: Raw = match file {
            Some(t) => {
                checked(t).map_err(|(span, message)| {
                    bad(span, format!("{message}; allowed: {ALLOWED}"))
                })?;
                // What passed the check reads: serde's words are never the player's.
                toml::from_str(t).map_err(|_| bad(None, format!("allowed: {ALLOWED}")))?
            }
            None => Raw::default(),
        };
        let speed = match &raw.speed {
            Some(s) => Motion::speed(s.get_ref()).ok_or_else(|| {
                let msg = format!(
                    "speed = {:?}: use \"slow\", \"normal\" or \"fast\"",
                    s.get_ref()
                );
                bad(Some(s.span()), msg)
            })?,
            None => 100,
        };
        let file_look = match &raw.theme {
            Some(t) => Some(Look::parse(t.get_ref()).ok_or_else(|| {
                let msg = format!("theme = {:?}: use \"board\" or \"log\"", t.get_ref());
                bad(Some(t.span()), msg)
            })?),
            None => None,
        };
        let look = match theme {
            Some(t) => Look::parse(t).ok_or_else(|| {
                SetupError::Flag(format!(
                    "unknown theme `{t}` for --theme; choose board or log"
                ))
            })?,
            None => file_look.unwrap_or_default(),
        };
        let env_on = env.map(|v| {
            !matches!(
                v.trim().to_ascii_lowercase().as_str(),
                "off" | "0" | "false" | "no"
            )
        });
        let on = !forced_off && env_on.or(raw.animations).unwrap_or(true);
        Ok(Settings {
            motion: if on {
                Motion { pace: Some(speed) }
            } else {
                Motion::OFF
            },
            look,
            mouse: raw.mouse.unwrap_or(true),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(file: Option<&str>, env: Option<&str>, off: bool, theme: Option<&str>) -> Settings {
        Settings::from_parts(file, "s.toml", env, off, theme).unwrap()
    }

    #[test]
    fn defaults_and_each_source() {
        let d = parts(None, None, false, None);
        assert_eq!(d.motion, Motion::NORMAL);
        assert_eq!(d.look, Look::Board);
        assert_eq!(parts(None, None, true, None).motion, Motion::OFF);
        assert_eq!(parts(None, Some("off"), false, None).motion, Motion::OFF);
        let file = "animations = false\ntheme = \"log\"\n";
        assert_eq!(parts(Some(file), None, false, None).motion, Motion::OFF);
        assert_eq!(parts(Some(file), None, false, None).look, Look::Log);
        // The environment wins over the file, the flag over both.
        assert_eq!(
            parts(Some(file), Some("on"), false, None).motion,
            Motion::NORMAL
        );
        assert_eq!(
            parts(Some(file), None, false, Some("board")).look,
            Look::Board
        );
        assert!(d.mouse);
        assert!(!parts(Some("mouse = false"), None, false, None).mouse);
        let fast = parts(Some("speed = \"fast\""), None, false, None);
        assert_eq!(fast.motion.pace, Some(50));
    }

    #[test]
    fn bad_files_say_where() {
        let file = "# mine\nanimations = true\n  speed = \"warp\"\n";
        let e = Settings::from_parts(Some(file), "s.toml", None, false, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "bad settings: s.toml:3:11: speed = \"warp\": use \"slow\", \"normal\" or \"fast\"\n \
             3 |   speed = \"warp\"\n   |           ^"
        );
        let e = Settings::from_parts(Some("theme = \"neon\""), "s.toml", None, false, None);
        assert!(
            e.unwrap_err()
                .to_string()
                .contains("s.toml:1:9: theme = \"neon\"")
        );
        let e = Settings::from_parts(Some("animations = \"yes\"\n"), "s.toml", None, false, None);
        let e = e.unwrap_err().to_string();
        assert!(e.starts_with("bad settings: s.toml:1:14: "), "{e}");
        assert!(e.contains("allowed: animations = true/false"), "{e}");
    }

    #[test]
    fn bad_files_say_what_to_fix() {
        let e = Settings::from_parts(Some("speed = \"warp\""), "s.toml", None, false, None);
        assert!(
            e.unwrap_err()
                .to_string()
                .contains("use \"slow\", \"normal\" or \"fast\"")
        );
        let e = Settings::from_parts(Some("colour = 1"), "s.toml", None, false, None);
        let e = e.unwrap_err().to_string();
        assert!(e.contains("s.toml:1:1: `colour` is not"), "{e}");
        let e = Settings::from_parts(None, "s.toml", None, false, Some("neon"));
        assert!(matches!(e, Err(SetupError::Flag(m)) if m.contains("--theme")));
    }

    /// Every message about a settings file is the game's own: checked against toml's own
    /// message for the file and the words toml and serde use, as a rules file's are.
    #[test]
    fn no_message_of_a_settings_file_is_tomls() {
        for text in [
            "colour = 1\n",
            "animations = \"yes\"\n",
            "animations = 1\n",
            "speed = 2\n",
            "mouse = \"no\"\n",
            "theme = [\"log\"]\n",
            "animations = \n",
            "animations = true\nanimations = false\n",
            "speed = \"fast\n",
            "[look\n",
            "[look]\ntheme = \"log\"\n",
            "mouse = yes\n",
        ] {
            let said = Settings::from_parts(Some(text), "s.toml", None, false, None)
                .unwrap_err()
                .to_string();
            assert!(
                said.starts_with("bad settings: s.toml:"),
                "{text:?}: {said}"
            );
            assert!(said.contains("allowed: animations"), "{text:?}: {said}");
            let tomls = [
                toml::from_str::<toml::Table>(text).err(),
                toml::from_str::<Raw>(text).err(),
            ]
            .map(|e| e.map(|e| e.message().to_string()));
            crate::config::parse::assert_not_tomls(text, &said, &tomls);
        }
    }

    #[test]
    fn a_screen_not_set_up_exits_by_its_kind() {
        use crate::error::Error;
        use std::io;
        let p = std::path::Path::new("settings.toml");
        let read = |e| crate::base::fsread::ReadError::io(p, e);
        let machine = SetupError::Read(read(io::Error::other("disk")));
        let refused = SetupError::Read(read(io::ErrorKind::PermissionDenied.into()));
        let flag = SetupError::Flag("unknown language `fr` for --lang; choose en or zh".into());
        let file = SetupError::Settings("bad settings: s.toml:1:1: unknown field".into());
        for (e, code) in [(machine, 1), (refused, 2), (flag, 2), (file, 2)] {
            let shown = e.to_string();
            let err = Error::said(e, ToString::to_string);
            assert_eq!(err.code(), code, "{shown}");
            assert_eq!(err.to_string(), shown);
        }
    }
}
