"""Static findings + runtime divergences -> a verdict per file, and evidence per finding.

Per file:
    ERROR        the runs could not be compared: the script fails in both modes (same exception),
                 a run timed out, crashed, wrote runaway output, called sys.exit(non-zero), or
                 the workers could not start;
    CONFIRMED    the linter flagged something and behaviour diverged;
    MISSED       behaviour diverged and the linter said nothing;
    UNCONFIRMED  the linter flagged something and no divergence was observed;
    CLEAN        neither.

Each divergence is attributed to the findings that can explain it: those of a compatible rule
family (side effects explain changed output, values and state; raising rules explain exceptions,
which any hazard may cause; retracing rules explain retraces and unrolled loops), preferring the
findings on one of the divergence's own lines. A finding with at least one attributed divergence
is confirmed; its evidence is the divergences on its own lines, or else the others attributed to it. Divergences that no finding explains
are listed as not flagged, also in a CONFIRMED file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.runtime.verify.compare import Comparison, Divergence

CONFIRMED, MISSED, UNCONFIRMED, CLEAN, ERROR = "CONFIRMED", "MISSED", "UNCONFIRMED", "CLEAN", "ERROR"
VERDICTS = (CONFIRMED, MISSED, UNCONFIRMED, CLEAN, ERROR)

_ANY_FAMILY = frozenset({"raises", "exception-differs"})
_FAMILY_KINDS = {
    "1": frozenset({"effects", "stdout", "returned", "state", "calls", "outputs", "frozen"}),
    "2": frozenset(),
    "3": frozenset({"retrace", "many-functions", "unroll", "ran-eagerly"}),
}


@dataclass
class FindingEvidence:
    code: str
    symbol: str
    line: int
    evidence: list[str] = field(default_factory=list)

    @property
    def confirmed(self) -> bool:
        return bool(self.evidence)

    def to_json(self) -> dict:
        return {"code": self.code, "symbol": self.symbol, "line": self.line, "confirmed": self.confirmed,
                "evidence": self.evidence}


@dataclass
class AttributedDivergence:
    divergence: Divergence
    flagged_by: list[str] = field(default_factory=list)  # "TFG101:8"

    def to_json(self) -> dict:
        return {**self.divergence.to_json(), "flagged_by": self.flagged_by}


@dataclass
class Decision:
    verdict: str
    findings: list[FindingEvidence]
    divergences: list[AttributedDivergence]


def explains(finding: Finding, divergence: Divergence) -> bool:
    return divergence.kind in _ANY_FAMILY or divergence.kind in _FAMILY_KINDS.get(finding.rule.family, frozenset())


def decide(findings: Iterable[Finding], comparison: Comparison) -> Decision:
    hazards = [f for f in findings if f.rule.is_hazard]
    on_own_line: list[list[str]] = [[] for _ in hazards]
    elsewhere: list[list[str]] = [[] for _ in hazards]
    attributed = []
    for divergence in comparison.divergences:
        candidates = [i for i, f in enumerate(hazards) if explains(f, divergence)]
        on_line = [i for i in candidates if hazards[i].line in divergence.lines]
        for i in on_line or candidates:
            (on_own_line if on_line else elsewhere)[i].append(divergence.message)
        attributed.append(AttributedDivergence(divergence, [f"{hazards[i].code}:{hazards[i].line}"
                                                            for i in on_line or candidates]))
    # Evidence on the finding's own lines is the proof; the rest (changed output, state) only
    # when there is nothing closer.
    evidence = [FindingEvidence(f.code, f.symbol, f.line, on_own_line[i] or elsewhere[i])
                for i, f in enumerate(hazards)]
    return Decision(verdict_for(bool(hazards), bool(comparison.divergences), comparison.error), evidence, attributed)


def verdict_for(flagged: bool, diverged: bool, error: str | None = None) -> str:
    if error is not None:
        return ERROR
    if flagged:
        return CONFIRMED if diverged else UNCONFIRMED
    return MISSED if diverged else CLEAN
