//! NumPy's legacy random generator (`np.random.seed`, `RandomState`): the
//! Mersenne Twister MT19937 and the legacy algorithms of its distributions, so a
//! seeded script draws exactly the numbers NumPy draws.

const N: usize = 624;
const M: usize = 397;

/// The generator's state: the twister plus the legacy Gaussian's spare value.
#[derive(Clone, Debug)]
pub struct Mt19937 {
    key: [u32; N],
    pos: usize,
    gauss: Option<f64>,
}

impl Mt19937 {
    /// Seeded as `np.random.seed(n)` (NumPy's `mt19937_seed`).
    pub fn new(seed: u32) -> Mt19937 {
        let mut key = [0u32; N];
        let mut s = seed;
        for (i, k) in key.iter_mut().enumerate() {
            *k = s;
            s = 1812433253u32.wrapping_mul(s ^ (s >> 30)).wrapping_add(i as u32 + 1);
        }
        Mt19937 { key, pos: N, gauss: None }
    }

    /// Seeded by a sequence of words (`np.random.seed([1, 2, 3])`, `init_by_array`).
    pub fn from_words(words: &[u32]) -> Mt19937 {
        let mut mt = Mt19937::new(19650218);
        let key = &mut mt.key;
        let (mut i, mut j) = (1usize, 0usize);
        let len = words.len().max(1);
        for _ in 0..N.max(len) {
            let prev = key[i - 1] ^ (key[i - 1] >> 30);
            key[i] = (key[i] ^ prev.wrapping_mul(1664525)).wrapping_add(*words.get(j).unwrap_or(&0)).wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                key[0] = key[N - 1];
                i = 1;
            }
            if j >= len {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = key[i - 1] ^ (key[i - 1] >> 30);
            key[i] = (key[i] ^ prev.wrapping_mul(1566083941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                key[0] = key[N - 1];
                i = 1;
            }
        }
        key[0] = 0x8000_0000;
        mt.pos = N;
        mt
    }

    fn generate(&mut self) {
        const UPPER: u32 = 0x8000_0000;
        const LOWER: u32 = 0x7fff_ffff;
        let mag = |y: u32| if y & 1 == 1 { 0x9908_b0df } else { 0 };
        for i in 0..N {
            let y = (self.key[i] & UPPER) | (self.key[(i + 1) % N] & LOWER);
            self.key[i] = self.key[(i + M) % N] ^ (y >> 1) ^ mag(y);
        }
        self.pos = 0;
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        if self.pos >= N {
            self.generate();
        }
        let mut y = self.key[self.pos];
        self.pos += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// The next 64 random bits (two words, the first high).
    pub fn next_u64(&mut self) -> u64 {
        let hi = self.next_u32() as u64;
        (hi << 32) | self.next_u32() as u64
    }

    /// A double in [0, 1) from 53 random bits (`random_sample`, `rand`).
    pub fn next_double(&mut self) -> f64 {
        let a = (self.next_u32() >> 5) as f64;
        let b = (self.next_u32() >> 6) as f64;
        (a * 67108864.0 + b) / 9007199254740992.0
    }

    /// A standard normal by the polar method, keeping the pair's second value
    /// (`randn`, `standard_normal`, `normal`).
    pub fn gauss(&mut self) -> f64 {
        if let Some(g) = self.gauss.take() {
            return g;
        }
        loop {
            let x1 = 2.0 * self.next_double() - 1.0;
            let x2 = 2.0 * self.next_double() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                let f = (-2.0 * r2.ln() / r2).sqrt();
                self.gauss = Some(f * x1);
                return f * x2;
            }
        }
    }

    /// `n` integers in [low, low + rng] by masked rejection, as the legacy
    /// `randint` draws them for an element type of `bits` bits.
    pub fn bounded(&mut self, low: i64, rng: u64, bits: u32, n: usize) -> Vec<i64> {
        let mask = |r: u64| if r == 0 { 0 } else { u64::MAX >> r.leading_zeros() };
        let mut out = Vec::with_capacity(n);
        if rng == 0 {
            out.resize(n, low);
            return out;
        }
        if bits <= 16 {
            // 8- and 16-bit types draw from a buffered 32-bit word.
            let (mut buf, mut cnt) = (0u32, 0u32);
            let width = bits.max(8);
            let m = mask(rng) as u32;
            for _ in 0..n {
                let v = loop {
                    let v = if cnt == 0 {
                        buf = self.next_u32();
                        cnt = 32 / width - 1;
                        buf
                    } else {
                        buf >>= width;
                        cnt -= 1;
                        buf
                    };
                    let v = if width == 8 { v & 0xff } else { v & 0xffff };
                    let v = v & m;
                    if v as u64 <= rng {
                        break v;
                    }
                };
                out.push(low.wrapping_add(v as i64));
            }
            return out;
        }
        for _ in 0..n {
            let v = if rng <= 0xffff_ffff {
                if rng == 0xffff_ffff {
                    self.next_u32() as u64
                } else {
                    let m = mask(rng) as u32;
                    loop {
                        let v = self.next_u32() & m;
                        if v as u64 <= rng {
                            break v as u64;
                        }
                    }
                }
            } else if rng == u64::MAX {
                self.next_u64()
            } else {
                let m = mask(rng);
                loop {
                    let v = self.next_u64() & m;
                    if v <= rng {
                        break v;
                    }
                }
            };
            out.push(low.wrapping_add(v as i64));
        }
        out
    }

    /// An integer in [0, max] (`random_interval`: `shuffle`, `permutation`).
    pub fn interval(&mut self, max: u64) -> u64 {
        if max == 0 {
            return 0;
        }
        let mask = u64::MAX >> max.leading_zeros();
        if max <= 0xffff_ffff {
            loop {
                let v = (self.next_u32() as u64) & mask;
                if v <= max {
                    return v;
                }
            }
        }
        loop {
            let v = self.next_u64() & mask;
            if v <= max {
                return v;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_draws_of_seed_zero_are_numpys() {
        // np.random.seed(0); np.random.rand(2) and the reference MT19937 output.
        let mut mt = Mt19937::new(5489);
        assert_eq!(mt.next_u32(), 3499211612);
        let mut mt = Mt19937::new(0);
        assert_eq!(mt.next_double(), 0.5488135039273248);
        assert_eq!(mt.next_double(), 0.7151893663724195);
    }
}
