//! The stored weights: their compact file format (fixed point, zero runs, a versioned header that
//! names its key, so a file trained for other rules is never used by mistake), the weights folder
//! of the data folder, and the weights shipped in the binary.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, OnceLock, RwLock};

use super::{Key, Layout, Network};
use crate::cards::rules::Rules;

impl Network {
    /// The stored form (see [`Network::decode`]).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.shape.layout.format().to_le_bytes());
        out.extend_from_slice(&(self.key.0.len() as u32).to_le_bytes());
        out.extend_from_slice(self.key.0.as_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&(self.weights.len() as u32).to_le_bytes());
        // Fixed point (survival 2^-20, points 2^-12: far finer than any difference that changes
        // a decision), zigzag varints, zeros (entries never visited) as runs; the two numbers of
        // an entry one after the other.
        let mut zeros = 0u64;
        for (k, &w) in self.weights.iter().flatten().enumerate() {
            let q = (f64::from(w) * FIXED[k % 2]).round().clamp(-1e15, 1e15) as i64;
            if q == 0 {
                zeros += 1;
                continue;
            }
            if zeros > 0 {
                put_varint(&mut out, 0);
                put_varint(&mut out, zeros);
                zeros = 0;
            }
            put_varint(&mut out, ((q << 1) ^ (q >> 63)) as u64);
        }
        if zeros > 0 {
            put_varint(&mut out, 0);
            put_varint(&mut out, zeros);
        }
        out
    }

    /// Reads the stored form for these rules; the reason when it is not one for them.
    pub fn decode(bytes: &[u8], rules: &Rules) -> Result<Network, WeightsError> {
        let mut r = WeightsReader { bytes, at: 0 };
        if r.take(MAGIC.len())? != MAGIC {
            return Err(WeightsError::NotWeights);
        }
        let version = u32::from_le_bytes(r.array()?);
        let layout = Layout::of_format(version).ok_or(WeightsError::Version(version))?;
        let klen = u32::from_le_bytes(r.array()?) as usize;
        let key = std::str::from_utf8(r.take(klen)?)
            .map_err(|_| WeightsError::KeyNotText)?
            .to_string();
        let mut net = Network::of_layout(rules, layout);
        if key != net.key.0 {
            return Err(WeightsError::OtherRules(key));
        }
        net.games = u64::from_le_bytes(r.array()?);
        net.seed = u64::from_le_bytes(r.array()?);
        let n = u32::from_le_bytes(r.array()?) as usize;
        if n != net.weights.len() {
            return Err(WeightsError::Count {
                found: n,
                expected: net.weights.len(),
            });
        }
        let (mut i, n) = (0, 2 * n);
        while i < n {
            let z = r.varint()?;
            if z == 0 {
                let run = r.varint()? as usize;
                i = i
                    .checked_add(run)
                    .filter(|&e| e <= n)
                    .ok_or(WeightsError::RunTooLong)?;
                continue;
            }
            let q = ((z >> 1) as i64) ^ -((z & 1) as i64);
            net.weights[i / 2][i % 2] = (q as f64 / FIXED[i % 2]) as f32;
            i += 1;
        }
        if r.at != bytes.len() {
            return Err(WeightsError::Trailing);
        }
        Ok(net)
    }
}

/// Why bytes are not learned weights for the rules asked (the bots then play with the shipped
/// weights).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    #[error("not a new2048 weights file")]
    NotWeights,
    #[error("weights format {0}; this program reads formats 2 and 3")]
    Version(u32),
    #[error("the key is not text")]
    KeyNotText,
    /// Weights of other rules (their key).
    #[error("trained for other rules ({0})")]
    OtherRules(String),
    #[error("{found} weights where {expected} were expected")]
    Count { found: usize, expected: usize },
    #[error("a run too long")]
    RunTooLong,
    #[error("the file ends too soon")]
    TooShort,
    #[error("a number too long")]
    NumberTooLong,
    #[error("bytes after the weights")]
    Trailing,
}

pub(super) const MAGIC: &[u8] = b"N2048NT\0";
// Formats: 1 held the survival only; 2 two numbers an entry; 3 the same, of [`Layout::Whole`].
const FIXED: [f64; 2] = [(1u64 << 20) as f64, (1u64 << 12) as f64];

/// The folder of trained weights inside the data folder.
pub const WEIGHTS_DIR: &str = "weights";

// The bots read only a regular file in the weights folder (a FIFO once hung every hint) and
// otherwise play with the shipped weights, silently; so the store names each file they would pass
// over, once, when it opens.

/// What to tell the player about the weights folder of the data folder `dir`: one message per
/// file there that is not a regular file (nothing when the folder is missing or sound).
pub(crate) fn weights_problems(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir.join(WEIGHTS_DIR)) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.starts_with("ntuple-") && name.ends_with(".bin")
        })
        // `file_type` does not follow a link: a link is reported as one.
        .filter_map(|e| Some((e.path(), e.file_type().ok()?)))
        .filter(|(_, kind)| !kind.is_file())
        .map(|(path, kind)| {
            format!(
                "{}: it is {}, not a regular file, so the learned weights there are not read and \
                 the hint and the bots use the weights shipped in the program; remove it (and \
                 run `new2048 train` again for weights of your own)",
                crate::base::visible::escape(&path.display().to_string()),
                crate::base::fsread::kind_of(kind)
            )
        })
        .collect();
    found.sort();
    found
}

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

struct WeightsReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> WeightsReader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WeightsError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(WeightsError::TooShort)?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], WeightsError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn varint(&mut self) -> Result<u64, WeightsError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.take(1)?[0];
            v |= u64::from(b & 0x7F) << shift;
            if b < 0x80 {
                return Ok(v);
            }
        }
        Err(WeightsError::NumberTooLong)
    }
}

/// Weights shipped in the binary, built by `new2048 train` (see the README); solitaire's with
/// `--see 2` (see [`super::train`]: learned seeing the hand only, they played worse than
/// expectimax).
const EMBEDDED: &[&[u8]] = &[
    include_bytes!("../weights/hard.bin"),
    include_bytes!("../weights/default.bin"),
    include_bytes!("../weights/solitaire.bin"),
];

/// The weights for these rules: the data folder's (trained by the player) first, else the shipped
/// ones; `None` when there are none. Loaded once per key and shared.
pub fn for_rules(rules: &Rules) -> Option<Arc<Network>> {
    static CACHE: OnceLock<RwLock<HashMap<Key, Option<Arc<Network>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let key = Key::of(rules);
    if let Some(found) = cache.read().ok().and_then(|c| c.get(&key).cloned()) {
        return found;
    }
    let found = load(rules, &key).map(Arc::new);
    if let Ok(mut c) = cache.write() {
        c.insert(key, found.clone());
    }
    found
}

fn load(rules: &Rules, key: &Key) -> Option<Network> {
    let from_data = crate::config::paths::data_dir()
        .map(|d| d.join(WEIGHTS_DIR).join(key.file_name()))
        .and_then(|p| {
            crate::base::fsread::read(
                &p,
                crate::base::fsread::Links::Refuse,
                crate::config::paths::MAX_FILE_BYTES,
            )
            .ok()
        })
        .and_then(|b| Network::decode(&b, rules).ok());
    from_data.or_else(|| EMBEDDED.iter().find_map(|b| Network::decode(b, rules).ok()))
}

/// The shipped weights for these rules, ignoring the data folder.
pub fn embedded(rules: &Rules) -> Option<Network> {
    EMBEDDED.iter().find_map(|b| Network::decode(b, rules).ok())
}
