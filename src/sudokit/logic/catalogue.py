"""The technique catalogue: every technique's finder, in HoDoKu's order (easiest first).

A finder is a module-level function `finder(state) -> iterator of Step` that yields every instance it sees; one
finder may serve several techniques (Locked Candidates yields pointing and claiming steps), so an entry names the
technique's slug and the finder, and a path keeps the finder's steps of that slug. Finders are imported on first use.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module

from .table import BY_SLUG, Technique


@dataclass(frozen=True)
class Entry:
    """A technique of the catalogue: its table row, where its finder lives, and how a path picks an instance."""

    slug: str
    module: str
    function: str
    args: tuple = ()
    shortest: bool = False  # a path takes the instance with the fewest pattern cells (chains), not the first

    @property
    def technique(self) -> Technique:
        """The table row."""
        return BY_SLUG[self.slug]

    def finder(self):
        """The finder as a one-argument function, or None when its module is not part of this build."""
        fn = _resolve(self.module, self.function)
        if fn is None:
            return None
        args = self.args
        return fn if not args else (lambda state: fn(state, *args))

    def steps(self, state):
        """Every instance of this technique in a state."""
        finder = self.finder()
        if finder is None:
            return
        for s in finder(state):
            if s.slug == self.slug:
                yield s


@lru_cache(maxsize=None)
def _resolve(module: str, function: str):
    """A finder function by module and name, or None when its module is not part of this build (resolved once: a
    path asks for every entry's finder at every step)."""
    try:
        return getattr(import_module(f".{module}", __package__), function)
    except (ImportError, AttributeError):
        return None


def _e(slug, module, function, *args, shortest=False) -> Entry:
    return Entry(slug, module, function, args, shortest)


# HoDoKu's solving order (Options.solverSteps, by index), then the techniques only Sudoku Explainer has.
HODOKU_ORDER: tuple[Entry, ...] = (
    _e("full-house", "singles", "full_houses"),
    _e("naked-single", "singles", "naked_singles"),
    _e("hidden-single", "singles", "hidden_singles"),
    _e("locked-pair", "subsets", "locked_subsets", 2),
    _e("locked-triple", "subsets", "locked_subsets", 3),
    _e("locked-candidates-type-1-pointing", "intersections", "locked_candidates"),
    _e("locked-candidates-type-2-claiming", "intersections", "locked_candidates"),
    _e("naked-pair", "subsets", "naked_subsets", 2),
    _e("naked-triple", "subsets", "naked_subsets", 3),
    _e("hidden-pair", "subsets", "hidden_subsets", 2),
    _e("hidden-triple", "subsets", "hidden_subsets", 3),
    _e("naked-quadruple", "subsets", "naked_subsets", 4),
    _e("hidden-quadruple", "subsets", "hidden_subsets", 4),
    _e("x-wing", "fish", "basic_fish", 2),
    _e("swordfish", "fish", "basic_fish", 3),
    _e("jellyfish", "fish", "basic_fish", 4),
    _e("remote-pair", "w_wing", "remote_pairs", shortest=True),
    _e("bug-plus-1", "unique_loops", "bug_steps"),
    _e("skyscraper", "strong_links", "strong_link_steps", 2),
    _e("2-string-kite", "strong_links", "strong_link_steps", 2),
    _e("turbot-fish", "strong_links", "strong_link_steps", 2),
    _e("empty-rectangle", "strong_links", "strong_link_steps", 2),
    _e("w-wing", "w_wing", "w_wings"),
    _e("xy-wing", "wings", "xy_wings"),
    _e("xyz-wing", "wings", "xy_wings", True),
    _e("uniqueness-test-1", "uniqueness", "uniqueness_tests"),
    _e("uniqueness-test-2", "uniqueness", "uniqueness_tests"),
    _e("uniqueness-test-3", "uniqueness", "uniqueness_tests"),
    _e("uniqueness-test-4", "uniqueness", "uniqueness_tests"),
    _e("uniqueness-test-5", "uniqueness", "uniqueness_tests"),
    _e("uniqueness-test-6", "uniqueness", "uniqueness_tests"),
    _e("hidden-rectangle", "uniqueness", "hidden_rectangles"),
    _e("avoidable-rectangle-type-1", "uniqueness", "avoidable_rectangles"),
    _e("avoidable-rectangle-type-2", "uniqueness", "avoidable_rectangles"),
    _e("finned-x-wing", "finned_fish", "finned_fish"),
    _e("sashimi-x-wing", "finned_fish", "finned_fish"),
    _e("finned-swordfish", "finned_fish", "finned_fish"),
    _e("sashimi-swordfish", "finned_fish", "finned_fish"),
    _e("finned-jellyfish", "finned_fish", "finned_fish"),
    _e("sashimi-jellyfish", "finned_fish", "finned_fish"),
    _e("sue-de-coq", "sue_de_coq", "sue_de_coq"),
    _e("simple-colors", "coloring", "simple_colors"),
    _e("multi-colors", "coloring", "multi_colors"),
    _e("x-chain", "chains", "x_chains", shortest=True),
    _e("xy-chain", "chains", "xy_chains", shortest=True),
    _e("continuous-nice-loop", "chains", "nice_loops", shortest=True),
    _e("discontinuous-nice-loop", "chains", "nice_loops", shortest=True),
    _e("aic", "chains", "nice_loops", shortest=True),
    _e("grouped-continuous-nice-loop", "chains", "grouped_nice_loops", shortest=True),
    _e("grouped-discontinuous-nice-loop", "chains", "grouped_nice_loops", shortest=True),
    _e("grouped-aic", "chains", "grouped_nice_loops", shortest=True),
    _e("als-xz", "als", "als_xz", shortest=True),
    _e("als-xy-wing", "als", "als_xy_wing", shortest=True),
    _e("als-xy-chain", "als", "als_xy_chain", shortest=True),
    _e("death-blossom", "als", "death_blossom", shortest=True),
    _e("forcing-chain-contradiction", "nets", "forcing_chains", shortest=True),
    _e("forcing-chain-verity", "nets", "forcing_chains", shortest=True),
    _e("forcing-net-contradiction", "nets", "forcing_nets", shortest=True),
    _e("forcing-net-verity", "nets", "forcing_nets", shortest=True),
)

# Techniques outside HoDoKu's path (HoDoKu has none of them): SukakuExplainer's strong-link fish, bent wings, unique
# loops and BUG types, SE's aligned exclusion, direct forms, cycles and forcing chains. They show up in SE's path
# and in `hint --technique`.
SE_ONLY: tuple[Entry, ...] = (
    _e("3-strong-linked-fish", "strong_links", "strong_link_steps", 3),
    _e("4-strong-linked-fish", "strong_links", "strong_link_steps", 4),
    _e("wxyz-wing", "wings", "bent_wings", 3),
    _e("vwxyz-wing", "wings", "bent_wings", 4),
    _e("uvwxyz-wing", "wings", "bent_wings", 5),
    _e("tuvwxyz-wing", "wings", "bent_wings", 6),
    _e("unique-loop", "unique_loops", "unique_loops"),
    _e("bug-type-2", "unique_loops", "bug_steps"),
    _e("bug-type-3", "unique_loops", "bug_steps"),
    _e("bug-type-4", "unique_loops", "bug_steps"),
    _e("aligned-pair-exclusion", "exclusion", "aligned_pair_exclusion"),
    _e("aligned-triple-exclusion", "exclusion", "aligned_triple_exclusion"),
    _e("direct-pointing", "intersections", "direct_locked_candidates"),
    _e("direct-claiming", "intersections", "direct_locked_candidates"),
    _e("direct-hidden-pair", "subsets", "direct_hidden_subsets", 2),
    _e("direct-hidden-triple", "subsets", "direct_hidden_subsets", 3),
    _e("bidirectional-x-cycle", "forcing", "all_loops"),
    _e("bidirectional-y-cycle", "forcing", "all_loops"),
    _e("bidirectional-xy-cycle", "forcing", "all_loops"),
    _e("forcing-x-chain", "forcing", "all_loops"),
    _e("forcing-y-chain", "forcing", "all_loops"),
    _e("forcing-xy-chain", "forcing", "all_loops"),
)

CATALOGUE: tuple[Entry, ...] = HODOKU_ORDER + SE_ONLY
BY_ENTRY_SLUG: dict[str, Entry] = {e.slug: e for e in CATALOGUE}


def available() -> list[Entry]:
    """The entries whose finder is part of this build, in order."""
    return [e for e in CATALOGUE if e.finder() is not None]
