//! Pure pieces every screen shares, importing nothing else of the terminal game:
//!
//! - `i18n`: every text in English and Simplified Chinese, and filling templates;
//! - `theme`: colours (the card palette, text tones) and display widths;
//! - `text`: fitting a layout to the terminal, centring, packing, paging, news, choices;
//! - `wrap`: where a line may end, in English and Chinese: wrapping, cutting between words;
//! - `view`: what a screen is asked to draw (notes, overlays) and on what (`Canvas`: the words,
//!   colours and size every layout takes);
//! - `journal`: the log behind the log look, appended to and shown like `tail -f`;
//! - `cell`: what a frame of an animation is made of.

mod cell;
mod i18n;
mod journal;
mod text;
mod theme;
mod view;
mod wrap;

pub(crate) use cell::{Cell, Frame, Grid, Mark};
#[cfg(test)]
pub(crate) use i18n::{EN, ZH};
pub(crate) use i18n::{Lang, NetWords, Words, arrow, fill, plural};
pub(crate) use journal::{Journal, Level, SERVICE, Stamp};
pub(crate) use text::{
    Pager, UNBOUNDED, best_text, centre, centre_offset, centre_offset_on, centre_on, char_at,
    choice_at, choices, duration, first_fit, news, or_too_small, pack, page, pair, result_best,
};
#[cfg(test)]
pub(crate) use text::{checked, reachable, same_layout, to_text};
pub(crate) use theme::{Theme, Tone, center, fit, pad, widest};
#[cfg(test)]
pub(crate) use view::any_overlay;
pub(crate) use view::{Canvas, Laid, Note, Overlay, View, shown_choices};
pub(crate) use wrap::{cut_words, wrap};
