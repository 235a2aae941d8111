"""Is a series of die faces consistent with a fair die? Pearson's chi-square goodness-of-fit
test against the uniform distribution, its p-value (the regularised upper incomplete gamma
function, standard library only), the longest streak, and what it means in plain words."""
from __future__ import annotations

import math
from dataclasses import dataclass

#: below this many expected dice per face the chi-square test says little (Cochran's rule)
MIN_EXPECTED = 5


@dataclass(frozen=True)
class Fit:
    """The test's result for one series of faces of a die with ``sides`` faces."""
    sides: int
    dice: int                        # faces counted
    counts: tuple[int, ...]          # per face 1..sides
    mean: float
    chi_square: float | None         # None: too few dice for the test
    p_value: float | None

    @property
    def expected_mean(self) -> float:
        return (self.sides + 1) / 2

    def sentence(self) -> str:
        """What the result means, in plain words (never an accusation)."""
        if self.p_value is None or self.chi_square is None:
            need = MIN_EXPECTED * self.sides
            return (f"Too few dice for a fairness test ({self.dice} d{self.sides}; about {need} are needed "
                    "for the test to say anything).")
        p = self.p_value
        chance = _one_in(p)
        if p >= 0.05:
            return (f"Consistent with a fair die (p = {p:.2f}): fair dice spread at least this unevenly "
                    f"{p:.0%} of the time.")
        if p >= 0.01:
            return (f"Somewhat uneven (p = {p:.3f}): fair dice spread at least this unevenly about one time "
                    f"in {chance}. On its own this means little: over many series, some look like this by chance.")
        return (f"Uneven (p = {p:.4f}): fair dice spread at least this unevenly about one time in {chance}. "
                "This is not proof of anything: among many players and games some series look like this by "
                "chance; look at the undone rolls and re-rolls below.")

    def to_json(self) -> dict:
        return {"sides": self.sides, "dice": self.dice, "counts": list(self.counts),
                "mean": round(self.mean, 3), "expected_mean": self.expected_mean,
                "chi_square": None if self.chi_square is None else round(self.chi_square, 3),
                "degrees_of_freedom": self.sides - 1,
                "p_value": None if self.p_value is None else round(self.p_value, 5),
                "meaning": self.sentence()}


def _one_in(p: float) -> str:
    if p <= 0:
        return "a million or more"
    n = 1 / p
    if n >= 1_000_000:
        return "a million or more"
    return f"{n:,.0f}" if n >= 10 else f"{n:.1f}"


def fit(faces: list[int], sides: int) -> Fit:
    """The chi-square test of ``faces`` (each 1..sides) against a fair ``sides``-sided die."""
    counts = [0] * sides
    for v in faces:
        if 1 <= v <= sides:
            counts[v - 1] += 1
    n = sum(counts)
    mean = sum((i + 1) * c for i, c in enumerate(counts)) / n if n else 0.0
    expected = n / sides if sides else 0
    if sides < 2 or expected < MIN_EXPECTED:
        return Fit(sides, n, tuple(counts), mean, None, None)
    chi = sum((c - expected) ** 2 / expected for c in counts)
    return Fit(sides, n, tuple(counts), mean, chi, chi_square_p(chi, sides - 1))


def chi_square_p(chi: float, df: int) -> float:
    """P(X >= chi) for a chi-square variable with ``df`` degrees of freedom."""
    if chi <= 0:
        return 1.0
    return gamma_q(df / 2.0, chi / 2.0)


def gamma_q(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (series below a+1, Lentz's
    continued fraction above)."""
    if x < 0 or a <= 0:
        raise ValueError("gamma_q needs x >= 0 and a > 0")
    if x == 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


@dataclass(frozen=True)
class Streak:
    """The longest run of one face in a row."""
    face: int
    length: int
    start: int                       # index of the first die of the run in the series


def longest_streak(faces: list[int]) -> Streak | None:
    best: Streak | None = None
    run_start = 0
    for i in range(1, len(faces) + 1):
        if i == len(faces) or faces[i] != faces[run_start]:
            length = i - run_start
            if best is None or length > best.length:
                best = Streak(faces[run_start], length, run_start)
            run_start = i
    return best
