"""The coach's reason in a player's words: how the better move and the move played compare on
the game's own facts (``engine.plugin.CoachFacts``: a trick won, a sweep, going out), tallied in
the same sampled deals that graded the move, and which of those differences to say.

Why a rule and not every fact: a sentence holds one or two. The rule (docs/coach.md, "What a
player reads"): of the facts, keep those whose paired difference (better move − move played,
deal by deal; turned round for a risk) favours the better move and is sure at 95% — the lower
end of its interval above 0, or the same difference in every sampled deal ("certain": known at
once, as a capture is); a mean must also differ by at least half a unit, so that the words show
it. Say the surest (largest mean ÷ standard error; certain ones first, then the game's order),
at most two. None: the coach says in how many sampled deals the better move ended ahead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardtable.engine.plugin import CoachFact

#: z for a one-sided check that the 95% interval's lower end is above 0 (two-sided 95%).
Z95 = 1.959963984540054
#: Facts said at most in one reason.
MAX_SAID = 2
#: The least difference of two means worth saying (they are shown rounded).
MIN_MEAN_GAP = 0.5


def paired_mean_variance(diffs: Sequence[float]) -> tuple[float, float]:
    """The mean of paired differences and their sample variance (0 below two): the statistics
    of both the loss of a move (``review._paired``) and each fact's difference here."""
    n = len(diffs)
    mean = sum(diffs) / n if n else 0.0
    variance = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return mean, variance


@dataclass(frozen=True, slots=True)
class FactCompared:
    """One fact of the move played and of the better move over the same sampled deals: counts
    (in how many deals it held) or means. ``surety``: the paired difference's mean ÷ its
    standard error, in the better move's favour (``inf`` when it is the same in every deal)."""

    name: str
    kind: str
    fewer_is_better: bool
    played: float
    better: float
    samples: int
    surety: float
    #: the fact had one value in every sampled deal, for each move (known at once)
    certain: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.name,
            "kind": self.kind,
            "fewer_is_better": self.fewer_is_better,
            "played": self.played if self.kind == "count" else round(self.played, 2),
            "better": self.better if self.kind == "count" else round(self.better, 2),
            "certain": self.certain,
        }

    @property
    def telling(self) -> bool:
        """Whether the difference surely favours the better move, and shows in words."""
        if self.surety < Z95:
            return False
        return self.kind == "count" or abs(self.better - self.played) >= MIN_MEAN_GAP


def compare(
    facts: Sequence[CoachFact], better: Sequence[Sequence[float]], played: Sequence[Sequence[float]]
) -> tuple[FactCompared, ...]:
    """The facts of the better move and of the move played, each a row per sampled deal (the
    facts' values in ``facts`` order), paired deal by deal."""
    n = len(better)
    compared = []
    for i, fact in enumerate(facts):
        b = [row[i] for row in better]
        p = [row[i] for row in played]
        sign = -1.0 if fact.fewer_is_better else 1.0
        mean, variance = paired_mean_variance([sign * (x - y) for x, y in zip(b, p, strict=True)])
        if variance <= 1e-12:
            surety = math.inf if mean > 0 else (-math.inf if mean < 0 else 0.0)
        else:
            surety = mean / math.sqrt(variance / n)
        certain = len(set(b)) == 1 and len(set(p)) == 1
        if fact.kind == "count":
            tally_b: float = int(sum(b))
            tally_p: float = int(sum(p))
        else:
            tally_b = sum(b) / n if n else 0.0
            tally_p = sum(p) / n if n else 0.0
        compared.append(
            FactCompared(
                fact.name, fact.kind, fact.fewer_is_better, tally_p, tally_b, n, surety, certain
            )
        )
    return tuple(compared)


def said(compared: Sequence[FactCompared]) -> tuple[str, ...]:
    """The facts the reason says (the rule in the module's documentation), surest first."""
    order = {fact.name: i for i, fact in enumerate(compared)}
    telling = sorted(
        (fact for fact in compared if fact.telling),
        key=lambda fact: (-fact.surety, order[fact.name]),
    )
    return tuple(fact.name for fact in telling[:MAX_SAID])
