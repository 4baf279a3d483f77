"""The technique table: every technique's name, slug, Sudoku Explainer value and HoDoKu score and level.

Names follow HoDoKu's catalogue; techniques only Sudoku Explainer has (direct pointing, aligned exclusion, its
forcing chains) keep SE's names. `se` is the value on the Sudoku Explainer scale (SE 1.2.1's table as SukakuExplainer
prices it by default; for techniques SE lacks, the value of the SE technique that makes the same deduction, marked
`se_estimate`). Where a technique's price depends on the instance (chain length, loop size), `se` is the base and the
finder sets the step's own value. `score` and `level` are HoDoKu's defaults (Options.solverSteps).
"""

from __future__ import annotations

from dataclasses import dataclass

from .step import Link, Step

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")
LEVEL_MAX_SCORE = {"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800, "extreme": 2 ** 31 - 1}


@dataclass(frozen=True)
class Technique:
    """A technique: its name, stable slug, SE value, HoDoKu score and level."""

    name: str
    slug: str
    se: float
    score: int
    level: str
    se_estimate: bool = False


def slugify(name: str) -> str:
    """A stable slug: lowercase, words joined by '-' (X-Wing -> x-wing, Uniqueness Test 1 -> uniqueness-test-1)."""
    out = "".join(ch.lower() if ch.isalnum() else " " for ch in name.replace("+", " plus "))
    return "-".join(out.split())


def _t(name: str, se: float, score: int, level: str, estimate: bool = False) -> Technique:
    return Technique(name, slugify(name), se, score, level, estimate)


TECHNIQUES: tuple[Technique, ...] = (
    _t("Full House", 1.0, 4, "easy"),
    _t("Hidden Single", 1.2, 14, "easy"),
    _t("Direct Pointing", 1.7, 50, "medium"),
    _t("Direct Claiming", 1.9, 50, "medium"),
    _t("Direct Hidden Pair", 2.0, 70, "medium"),
    _t("Naked Single", 2.3, 4, "easy"),
    _t("Direct Hidden Triple", 2.5, 100, "medium"),
    _t("Locked Pair", 3.0, 40, "medium", True),
    _t("Locked Triple", 3.6, 60, "medium", True),
    _t("Locked Candidates Type 1 (Pointing)", 2.6, 50, "medium"),
    _t("Locked Candidates Type 2 (Claiming)", 2.8, 50, "medium"),
    _t("Naked Pair", 3.0, 60, "medium"),
    _t("X-Wing", 3.2, 140, "hard"),
    _t("Hidden Pair", 3.4, 70, "medium"),
    _t("Naked Triple", 3.6, 80, "medium"),
    _t("Swordfish", 3.8, 150, "hard"),
    _t("Hidden Triple", 4.0, 100, "medium"),
    _t("Skyscraper", 4.0, 130, "hard"),
    _t("2-String Kite", 4.1, 150, "hard"),
    _t("Turbot Fish", 4.2, 120, "hard"),
    _t("Empty Rectangle", 4.3, 120, "hard"),
    _t("XY-Wing", 4.2, 160, "hard"),
    _t("XYZ-Wing", 4.4, 180, "hard"),
    _t("W-Wing", 4.4, 150, "hard", True),
    _t("Remote Pair", 4.5, 110, "hard", True),
    _t("Uniqueness Test 1", 4.5, 100, "hard"),
    _t("Uniqueness Test 2", 4.5, 100, "hard"),
    _t("Uniqueness Test 3", 4.6, 100, "hard"),
    _t("Uniqueness Test 4", 4.5, 100, "hard"),
    _t("Uniqueness Test 5", 4.5, 100, "hard", True),
    _t("Uniqueness Test 6", 4.5, 100, "hard", True),
    _t("Hidden Rectangle", 4.5, 100, "hard", True),
    _t("Avoidable Rectangle Type 1", 4.5, 100, "hard", True),
    _t("Avoidable Rectangle Type 2", 4.5, 100, "hard", True),
    _t("Unique Loop", 4.6, 100, "hard"),
    _t("Naked Quadruple", 5.0, 120, "hard"),
    _t("Jellyfish", 5.2, 160, "hard"),
    _t("Hidden Quadruple", 5.4, 150, "hard"),
    _t("Finned X-Wing", 3.4, 130, "hard", True),
    _t("Sashimi X-Wing", 3.5, 150, "hard", True),
    _t("Finned Swordfish", 4.0, 200, "unfair", True),
    _t("Sashimi Swordfish", 4.1, 240, "unfair", True),
    _t("Finned Jellyfish", 5.4, 250, "unfair", True),
    _t("Sashimi Jellyfish", 5.5, 260, "unfair", True),
    _t("3 Strong-Linked Fish", 5.4, 260, "unfair"),
    _t("WXYZ-Wing", 5.5, 300, "unfair"),
    _t("BUG+1", 5.6, 100, "hard"),
    _t("BUG Type 2", 5.7, 100, "hard"),
    _t("BUG Type 3", 5.8, 100, "hard"),
    _t("BUG Type 4", 5.7, 100, "hard"),
    _t("4 Strong-Linked Fish", 5.8, 260, "unfair"),
    _t("VWXYZ-Wing", 6.2, 300, "unfair"),
    _t("Aligned Pair Exclusion", 6.2, 300, "unfair"),
    _t("UVWXYZ-Wing", 6.6, 320, "unfair"),
    _t("Simple Colors", 6.5, 150, "hard", True),
    _t("Multi Colors", 6.6, 200, "hard", True),
    _t("X-Chain", 6.6, 260, "unfair"),
    _t("XY-Chain", 7.0, 260, "unfair"),
    _t("Continuous Nice Loop", 6.5, 280, "unfair"),
    _t("Discontinuous Nice Loop", 6.6, 280, "unfair"),
    _t("AIC", 7.0, 280, "unfair"),
    _t("Grouped Continuous Nice Loop", 7.0, 300, "unfair", True),
    _t("Grouped Discontinuous Nice Loop", 7.0, 300, "unfair", True),
    _t("Grouped AIC", 7.0, 300, "unfair", True),
    _t("Sue de Coq", 5.0, 250, "unfair", True),
    _t("ALS-XZ", 5.5, 300, "unfair", True),
    _t("ALS-XY-Wing", 6.2, 320, "unfair", True),
    _t("ALS-XY-Chain", 7.0, 340, "unfair", True),
    _t("Death Blossom", 7.0, 360, "unfair", True),
    _t("Bidirectional X-Cycle", 6.5, 280, "unfair"),
    _t("Bidirectional Y-Cycle", 6.5, 280, "unfair"),
    _t("Bidirectional XY-Cycle", 7.0, 280, "unfair"),
    _t("Forcing X-Chain", 6.6, 260, "unfair"),
    _t("Forcing Y-Chain", 6.6, 260, "unfair"),
    _t("Forcing XY-Chain", 7.0, 260, "unfair"),
    _t("TUVWXYZ-Wing", 7.5, 340, "unfair"),
    _t("Aligned Triple Exclusion", 7.5, 400, "extreme"),
    _t("Nishio Forcing Chain", 7.5, 500, "extreme"),
    _t("Cell Forcing Chains", 8.0, 500, "extreme"),
    _t("Region Forcing Chains", 8.0, 500, "extreme"),
    _t("Forcing Chain Contradiction", 8.5, 500, "extreme"),
    _t("Forcing Chain Verity", 8.5, 500, "extreme"),
    _t("Dynamic Contradiction Forcing Chain", 8.5, 700, "extreme"),
    _t("Dynamic Double Forcing Chain", 8.5, 700, "extreme"),
    _t("Dynamic Cell Forcing Chains", 8.5, 700, "extreme"),
    _t("Dynamic Region Forcing Chains", 8.5, 700, "extreme"),
    _t("Forcing Net Contradiction", 9.0, 700, "extreme"),
    _t("Forcing Net Verity", 9.0, 700, "extreme"),
    _t("Nested Forcing Chain", 9.5, 700, "extreme"),
    _t("Brute Force", 20.0, 10000, "extreme"),
)

BY_SLUG: dict[str, Technique] = {t.slug: t for t in TECHNIQUES}


def technique(slug: str) -> Technique:
    """The technique of a slug; KeyError names the unknown slug."""
    return BY_SLUG[slug]


def step(slug: str, explanation: str, *, digits=(), cells=(), eliminations=(), placements=(), se: float | None = None,
         pattern=(), links: tuple[Link, ...] = ()) -> Step:
    """A Step of a technique from the table (se overrides the table's value where the instance sets it)."""
    t = BY_SLUG[slug]
    return Step(t.name, t.slug, tuple(digits), tuple(cells), tuple(eliminations), tuple(placements), explanation,
                t.se if se is None else round(se, 1), t.score, tuple(pattern), tuple(links))
