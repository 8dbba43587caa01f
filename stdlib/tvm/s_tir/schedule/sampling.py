"""The schedule's random sampling, decision for decision as TVM 0.27 samples.

TVM draws from a linear congruential engine (multiplier 48271, modulus 2^31 - 1)
through the C++ standard library's distributions as libstdc++ implements them:
`uniform_int_distribution` (rejection by scaling), `generate_canonical<double, 53>`
(two draws), `discrete_distribution` (normalized cumulative weights). The same
seed gives the same decisions here.
"""

MULTIPLIER = 48271
MODULUS = 2147483647
_MAX = MODULUS - 1  # the engine's max(); its min() is 0


def normalize_seed(seed):
    """TVM's `NormalizeSeed`: -1 draws a device seed, otherwise `seed % modulus`, 0 -> 1."""
    if seed == -1:
        import random

        seed = random.randrange(MODULUS)
    else:
        seed %= MODULUS
    if seed == 0:
        seed = 1
    if seed < 0:
        raise ValueError("Random seed must be non-negative")
    return seed


class RandState:
    """The schedule's random state (one int64), advanced by every draw."""

    def __init__(self, seed):
        self.state = normalize_seed(seed)

    def next(self):
        self.state = (self.state * MULTIPLIER) % MODULUS
        return self.state

    def fork_seed(self):
        return (self.next() * 32767) % 1999999973

    def uniform_int(self, low, high_inclusive):
        """libstdc++'s `uniform_int_distribution(low, high)` over this engine."""
        urange = high_inclusive - low
        uerange = urange + 1
        scaling = _MAX // uerange
        past = uerange * scaling
        while True:
            r = self.next()
            if r < past:
                return r // scaling + low

    def canonical(self):
        """libstdc++'s `generate_canonical<double, 53>`: two draws."""
        r = float(MODULUS)
        total, tmp = 0.0, 1.0
        for _ in range(2):
            total += float(self.next()) * tmp
            tmp *= r
        ret = total / tmp
        if ret >= 1.0:
            import math

            ret = math.nextafter(1.0, 0.0)
        return ret


def sample_int(rand, low, high_exclusive):
    """TVM's `SampleInt`: uniform in [low, high)."""
    if low >= high_exclusive:
        raise ValueError("max_exclusive must be greater than min_inclusive.")
    if low + 1 == high_exclusive:
        return low
    return rand.uniform_int(low, high_exclusive - 1)


def sample_without_replacement(rand, n, k):
    if k == 1:
        return [sample_int(rand, 0, n)]
    if k == 2:
        r0 = sample_int(rand, 0, n)
        r1 = sample_int(rand, 0, n - 1)
        if r1 >= r0:
            r1 += 1
        return [r0, r1]
    order = list(range(n))
    for i in range(k):
        j = sample_int(rand, i, n)
        if i != j:
            order[i], order[j] = order[j], order[i]
    return order[:k]


def sample_categorical_index(rand, probs):
    """libstdc++'s `discrete_distribution` over `probs`."""
    if len(probs) < 2:
        return 0
    total = 0.0
    for p in probs:
        total += p
    cumulative, acc = [], 0.0
    for p in probs:
        acc += p / total
        cumulative.append(acc)
    cumulative[-1] = 1.0
    x = rand.canonical()
    for i, c in enumerate(cumulative):
        if c >= x:
            return i
    return len(cumulative)


def _factorize(n):
    """`[(prime, power)]` in increasing prime order (TVM's prime-table factorization)."""
    out = []
    p = 2
    while p * p <= n:
        if n % p == 0:
            k = 0
            while n % p == 0:
                n //= p
                k += 1
            out.append((p, k))
        p += 1
    if n > 1:
        out.append((n, 1))
    return out


_MAX_PRIME = 65536


def _sample_perfect_tile(rand, extent, n_splits):
    if extent < 1:
        raise ValueError("Cannot tile a loop with 0 or negative extent")
    if n_splits < 1:
        raise ValueError("Cannot tile a loop to 0 or negative splits")
    if n_splits == 1:
        return [extent]
    if extent == 1:
        return [1] * n_splits
    factors = _factorize(extent)
    if n_splits == 2:
        r0, r1 = 1, 1
        for prime, power in factors:
            if prime >= _MAX_PRIME:
                # A prime beyond TVM's table goes whole to one side.
                if sample_int(rand, 0, 2):
                    r1 *= prime
                else:
                    r0 *= prime
                continue
            x1 = sample_int(rand, 0, power + 1)
            x2 = power - x1
            r0 *= prime**x1
            r1 *= prime**x2
        return [r0, r1]
    result = [1] * n_splits
    for prime, power in factors:
        if prime >= _MAX_PRIME or power == 1:
            result[sample_int(rand, 0, n_splits)] *= prime
            continue
        sampled = sorted(sample_without_replacement(rand, power + n_splits - 1, n_splits - 1))
        sampled.append(power + n_splits - 1)
        last = -1
        for i in range(n_splits):
            x = sampled[i] - last - 1
            last = sampled[i]
            result[i] *= prime**x
    return result


def sample_perfect_tile(rand, extent, n_splits, max_innermost_factor, decision):
    """The tile sizes (and the decision recorded) of `sample_perfect_tile` on a loop
    of `extent` (None when not constant)."""
    if extent is None:
        result = [1] * n_splits
        result[0] = -1
    elif decision is not None:
        result = [int(d) for d in decision]
        length = extent
        for i in range(len(result) - 1, 0, -1):
            if length % result[i] != 0:
                result[i] = length
            length //= result[i]
        result[0] = length
    elif max_innermost_factor == -1:
        result = _sample_perfect_tile(rand, extent, n_splits)
    else:
        if n_splits < 2:
            raise ValueError(f"Cannot tile a loop into {n_splits} splits")
        while True:
            result = _sample_perfect_tile(rand, extent, n_splits)
            if result[-1] <= max_innermost_factor:
                break
    return result


def sample_categorical(rand, candidates, probs, decision):
    """`(value, decision)` of `sample_categorical`."""
    n = len(candidates)
    if n != len(probs):
        raise ValueError("number of candidates does not match number of probabilities.")
    if decision is not None:
        i = int(decision)
        if not 0 <= i < n:
            raise ValueError(f"Wrong decision value, where n = {n}, but decision is: {i}")
    else:
        i = sample_categorical_index(rand, probs)
    return candidates[i], i


def sample_location(rand, indices, decision):
    """The position in `indices` (sorted candidate decisions) `sample_compute_location`
    takes, and the decision recorded; position None means the root."""
    if decision is not None:
        import bisect

        d = int(decision)
        pos = bisect.bisect_left(indices, d)
        if pos < len(indices) and indices[pos] == d:
            return pos, d
        if pos > 0:
            return pos - 1, indices[pos - 1]
        return None, -1
    pos = sample_int(rand, 0, len(indices))
    return pos, indices[pos]
