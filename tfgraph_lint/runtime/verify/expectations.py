"""The ``# runtime:`` header of an example: what verify must observe (vocabulary in ``markers``).

    differs-from-eager     some behaviour differs (output, values, state, an exception...)
    same-as-eager          nothing differs at all, graph cost included (every good.py)
    raises <Error>         graph mode raises that exception type (or a subclass), eager does not
    retraces <fn> >= N     the tf.function(s) named fn were traced at least N times in graph mode
    unrolls <fn> >= N      a loop body in fn appears at least N times in one traced graph
    runs-eagerly <fn>      the tf.function(s) named fn were called in graph mode but never traced

Besides the header, an example states a verdict: a file whose header expects a hazard must be
CONFIRMED (the linter flags it and the runtime shows it); a ``same-as-eager`` file must be CLEAN.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tfgraph_lint.runtime.verify.compare import BEHAVIOUR_KINDS, Comparison

_COUNTED = re.compile(r"^(?P<kind>retraces|unrolls)\s+(?P<name>[A-Za-z_][\w.]*)\s*>=\s*(?P<minimum>\d+)$")
_RAISES = re.compile(r"^raises\s+(?P<name>[A-Za-z_][\w.]*)$")
_RUNS_EAGERLY = re.compile(r"^runs-eagerly\s+(?P<name>[A-Za-z_][\w.]*)$")


@dataclass(frozen=True)
class Expectation:
    kind: str  # differs-from-eager | same-as-eager | raises | retraces | unrolls | runs-eagerly
    name: str | None = None  # the exception type or the function
    minimum: int = 0

    @property
    def text(self) -> str:
        if self.kind in ("retraces", "unrolls"):
            return f"{self.kind} {self.name} >= {self.minimum}"
        if self.kind in ("raises", "runs-eagerly"):
            return f"{self.kind} {self.name}"
        return self.kind


def parse_expectation(spec: str) -> Expectation:
    """One ``# runtime:`` spec; ValueError when it is outside the vocabulary."""
    spec = " ".join(spec.split())
    if spec in ("differs-from-eager", "same-as-eager"):
        return Expectation(spec)
    if match := _RAISES.match(spec):
        return Expectation("raises", match.group("name").rsplit(".", 1)[-1])
    if match := _RUNS_EAGERLY.match(spec):
        return Expectation("runs-eagerly", match.group("name"))
    if match := _COUNTED.match(spec):
        return Expectation(match.group("kind"), match.group("name"), int(match.group("minimum")))
    raise ValueError(f"unknown runtime expectation {spec!r} (expected differs-from-eager, same-as-eager, "
                     "raises <Error>, retraces <fn> >= N, unrolls <fn> >= N or runs-eagerly <fn>)")


def expected_verdict(specs: tuple[str, ...] | list[str]) -> str:
    return "CLEAN" if all(" ".join(s.split()) == "same-as-eager" for s in specs) else "CONFIRMED"


@dataclass
class HeaderCheck:
    specs: list[str]
    met: bool = True
    observed: list[str] = field(default_factory=list)  # one sentence per spec, what was seen
    problems: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"expected": self.specs, "met": self.met, "observed": self.observed, "problems": self.problems}


def check_header(specs: tuple[str, ...] | list[str], comparison: Comparison, graph: dict | None,
                 eager: dict | None, verdict: str) -> HeaderCheck:
    check = HeaderCheck(list(specs))
    for spec in specs:
        try:
            expectation = parse_expectation(spec)
        except ValueError as exc:
            check.problems.append(str(exc))
            continue
        ok, seen = _check_one(expectation, comparison, graph or {}, eager or {})
        check.observed.append(f"{expectation.text}: {seen}")
        if not ok:
            check.problems.append(f"expected '{expectation.text}', but {seen}")
    wanted = expected_verdict(specs)
    if verdict != wanted:
        check.problems.append(f"expected verdict {wanted}, got {verdict}")
    check.met = not check.problems
    return check


def _check_one(expectation: Expectation, comparison: Comparison, graph: dict, eager: dict) -> tuple[bool, str]:
    if comparison.error is not None:
        return False, f"the script could not be compared ({comparison.error})"
    kinds = {d.kind for d in comparison.divergences}
    if expectation.kind == "same-as-eager":
        if not comparison.divergences:
            return True, "no divergence"
        return False, "it diverged: " + "; ".join(d.message for d in comparison.divergences)
    if expectation.kind == "differs-from-eager":
        behaviour = [d.message for d in comparison.divergences if d.kind in BEHAVIOUR_KINDS]
        if behaviour:
            return True, behaviour[0]
        return False, "graph mode behaved as eager mode" + (f" (only {', '.join(sorted(kinds))})" if kinds else "")
    if expectation.kind == "raises":
        exc = graph.get("exception")
        if exc and expectation.name in exc.get("mro", [exc.get("type")]) and not eager.get("exception"):
            return True, f"graph mode raised {exc['type']}"
        if exc:
            also = " (and so did eager mode)" if eager.get("exception") else ""
            return False, f"graph mode raised {exc['type']}{also}"
        return False, "graph mode raised nothing"
    functions = [f for f in graph.get("functions", ()) if f.get("name") == expectation.name]
    if not functions:
        return False, f"no tf.function named {expectation.name} was created"
    if expectation.kind == "runs-eagerly":
        calls = sum(len([c for c in f.get("calls", ()) if not c.get("nested")]) for f in functions)
        traces = sum(f.get("tracing_count", 0) for f in functions)
        return calls > 0 and traces == 0, f"{expectation.name} was called {calls} times and traced {traces} times"
    if expectation.kind == "retraces":
        traces = sum(f.get("tracing_count", 0) for f in functions)
        return traces >= expectation.minimum, f"{expectation.name} was traced {traces} times"
    repeats = max((loop["repeats"] for f in functions for loop in f.get("loops", ())), default=0)
    return repeats >= expectation.minimum, f"the largest loop body in {expectation.name} appears {repeats} times"
