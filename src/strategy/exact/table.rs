//! The exact search's memory: what it has learnt of each position it searched, under the
//! position's key, in a table that never grows past a cap set in bytes.
//!
//! Open addressing over one array of fixed-size entries (a key of `K` words and a value), so
//! the bytes it holds are the entries it has room for, counted exactly. It starts small and
//! doubles while it is more than half full, as long as the doubled array (with the old one
//! while its entries move over) stays within the cap; past that it keeps what it has and learns
//! nothing new, and the search goes on without it, only slower. An all-zero key is an empty slot
//! (a key always has a bit set: see `Canon::key`).

/// One entry: a key (all zeros when the slot is empty) and its value.
#[derive(Clone, Copy)]
struct Slot<const K: usize> {
    key: [u64; K],
    value: u64,
}

impl<const K: usize> Slot<K> {
    const EMPTY: Slot<K> = Slot {
        key: [0; K],
        value: 0,
    };

    fn is_empty(&self) -> bool {
        self.key.iter().all(|&w| w == 0)
    }
}

/// The table: positions' keys of `K` words, each with a value.
pub(super) struct Table<const K: usize> {
    slots: Vec<Slot<K>>,
    len: usize,
    /// The most bytes the table may hold (its array, and the old one while it grows).
    cap: usize,
}

/// The first size, in entries.
const FIRST: usize = 1 << 12;

impl<const K: usize> Table<K> {
    pub(super) fn new(cap: usize) -> Table<K> {
        let mut t = Table {
            slots: Vec::new(),
            len: 0,
            cap,
        };
        if Self::bytes_of(FIRST) <= cap {
            t.slots = vec![Slot::EMPTY; FIRST];
        }
        t
    }

    fn bytes_of(entries: usize) -> usize {
        entries * std::mem::size_of::<Slot<K>>()
    }

    /// The bytes the table holds now.
    pub(super) fn bytes(&self) -> usize {
        Self::bytes_of(self.slots.len())
    }

    /// How many positions it knows.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    fn home(key: &[u64; K], mask: usize) -> usize {
        let mut h = 0x9e37_79b9_7f4a_7c15u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 31;
        }
        (h as usize) & mask
    }

    /// Where `key` is in `slots` (not empty): `Ok` with the slot that holds it, or `Err` with
    /// the empty slot its probe ends at, where it would go. The one probe of every lookup.
    #[inline]
    fn probe(slots: &[Slot<K>], key: &[u64; K]) -> Result<usize, usize> {
        let mask = slots.len() - 1;
        let mut at = Self::home(key, mask);
        loop {
            let slot = &slots[at];
            if slot.key == *key {
                return Ok(at);
            }
            if slot.is_empty() {
                return Err(at);
            }
            at = (at + 1) & mask;
        }
    }

    /// The value kept under `key`.
    pub(super) fn get(&self, key: &[u64; K]) -> Option<u64> {
        if self.slots.is_empty() {
            return None;
        }
        let at = Self::probe(&self.slots, key).ok()?;
        Some(self.slots[at].value)
    }

    /// Keeps `value` under `key` (replacing what was there); `false` when the table is full.
    pub(super) fn put(&mut self, key: &[u64; K], value: u64) -> bool {
        if (self.len + 1) * 4 > self.slots.len() * 3 && !self.grow() {
            // Full as the cap allows: only a key it holds already may change.
            return self.replace(key, value);
        }
        match Self::probe(&self.slots, key) {
            Ok(at) => self.slots[at].value = value,
            Err(at) => {
                self.slots[at] = Slot { key: *key, value };
                self.len += 1;
            }
        }
        true
    }

    fn replace(&mut self, key: &[u64; K], value: u64) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        match Self::probe(&self.slots, key) {
            Ok(at) => {
                self.slots[at].value = value;
                true
            }
            Err(_) => false,
        }
    }

    /// Doubles the array when the cap allows it (counting the old one while entries move).
    fn grow(&mut self) -> bool {
        let size = (self.slots.len() * 2).max(FIRST);
        if Self::bytes_of(size) + self.bytes() > self.cap {
            return false;
        }
        let old = std::mem::replace(&mut self.slots, vec![Slot::EMPTY; size]);
        for slot in old {
            if slot.is_empty() {
                continue;
            }
            // The keys are distinct: each probe ends at an empty slot.
            let (Ok(at) | Err(at)) = Self::probe(&self.slots, &slot.key);
            self.slots[at] = slot;
        }
        true
    }
}
