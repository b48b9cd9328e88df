"""Static findings + runtime divergences -> a verdict per file, and evidence per finding.

Per file (a closed set; ``EXIT_CODES`` gives each its exit status):
    ERROR        the file did not run (it cannot be decoded, a notebook is not valid JSON, the
                 linter could not analyse it) or its runs could not be compared: the script fails
                 in both modes (same exception), a run timed out, crashed, wrote runaway output,
                 called sys.exit(non-zero), turned eager execution off in a way its source does
                 not show (a helper module's call), the workers could not start; or only one mode
                 raised, the script has no finding whose mechanism explains it, and so there is
                 nothing to compare after it;
    NOT RUN      decided before any run (see ``programs``): a module, not a program (its findings
                 are judged in the runs of the scripts that import it), or a program that turns
                 eager execution off (TF1 style: with no eager reference run, no run could
                 confirm or clear its findings);
    CONFIRMED    some finding has evidence of its own (below);
    MISSED       behaviour diverged (or graph cost showed) and no finding explains it;
    UNCONFIRMED  the linter flagged something and none of its findings has evidence of its own:
                 each says why (nothing diverged, its function was never called, graph mode
                 raised before it was reached, only a one-sided failure that is not its mechanism);
    CLEAN        neither.

Evidence belongs to the finding whose line and mechanism produced it. Each rule has a mechanism,
the kinds of divergence it can cause (a print: a different number of prints and different
output; a Python scalar argument: retracing; ``experimental_relax_shapes``: only a deprecation
warning, nothing observable). A divergence is a finding's evidence when it is of such a kind and

- it concerns the finding's lines (a print's line, the raising frames, the traced function's
  source and call sites), or
- it is module-level state whose variable the finding's lines name.

A finding in a helper module of the script's project (another file the script imports, which the
project view lints with it) matches by its file and lines: the divergence's ``places``, the lines
of helper modules where the recorded effect ran, or that ran differently under the tf.function
whose results diverged.

Consequences with no line of their own (what ``main()`` returned, printed output from no
particular print) never confirm a finding alone: they join the evidence of findings already
confirmed by behaviour, and otherwise are listed as not flagged. One-sided failures (one mode
raised, the other completed) are evidence only for a finding on a raising line whose mechanism
raises; otherwise they are not a divergence the linter missed, and the file is ERROR or
UNCONFIRMED with that reason, never MISSED.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.runtime.values import shorten
from tfgraph_lint.runtime.verify.compare import GRAPH_COST_KINDS, Comparison, Divergence, describe_exception
from tfgraph_lint.runtime.verify.divergence import times as _times

CONFIRMED, MISSED, UNCONFIRMED, CLEAN, ERROR = "CONFIRMED", "MISSED", "UNCONFIRMED", "CLEAN", "ERROR"
NOT_RUN = "NOT RUN"
VERDICTS = (CONFIRMED, MISSED, UNCONFIRMED, CLEAN, NOT_RUN, ERROR)
EXIT_CODES = {CONFIRMED: 0, CLEAN: 0, UNCONFIRMED: 0, NOT_RUN: 0, MISSED: 1, ERROR: 2}

FAILURE_KINDS = frozenset({"raises", "exception-differs"})
CONSEQUENCE_KINDS = frozenset({"returned", "stdout"})  # attributable only when located (stdout's prints)
_SILENT = frozenset({"effects", "stdout", "returned", "state", "calls", "outputs", "frozen"})

# Rule -> the kinds of divergence its hazard causes. Rules not named: their family's default.
_MECHANISMS = {
    "TFG101": frozenset({"effects", "stdout", "printed-symbolic"}),  # print runs while tracing only
    "TFG102": frozenset({"effects", "frozen", "outputs", "stdout", "state", "calls"}),  # frozen draws
    "TFG103": _SILENT,
    "TFG104": frozenset({"state", "raises", "exception-differs"}),  # appends once, symbolic tensors escape
    "TFG105": frozenset({"state", "frozen", "outputs", "calls"}),
    "TFG106": frozenset({"frozen", "outputs", "state", "calls", "raises", "exception-differs"}),
    "TFG107": frozenset({"frozen", "outputs", "calls"}),
    "TFG108": _SILENT | {"printed-symbolic"},  # a tensor formatted while tracing: its graph name
    "TFG208": frozenset({"frozen", "outputs", "calls", "raises", "exception-differs"}),  # stale or raises
    "TFG301": frozenset({"retrace"}),
    "TFG302": frozenset({"many-functions", "retrace"}),
    "TFG303": frozenset({"unroll"}),
    "TFG304": frozenset({"unroll"}),
    "TFG305": frozenset({"retrace"}),
    "TFG307": frozenset({"ran-eagerly"}),
}
_FAMILY_MECHANISMS = {
    "1": _SILENT,
    "2": FAILURE_KINDS,
    "3": GRAPH_COST_KINDS,
}
# TFG306: only experimental_follow_type_hints changes behaviour (Python numbers retrace again);
# the renamed options behave as their new names and only log a deprecation warning.
_TFG306_RETRACES = "experimental_follow_type_hints"
# Kinds that concern the whole process, not one line: a finding of that mechanism anywhere explains them.
_PROCESS_WIDE = frozenset({"ran-eagerly"})
NO_RUNTIME_EFFECT = ("a deprecated alias: TensorFlow logs a deprecation warning and behaves as with the "
                     "new option, so there is nothing to observe at run time")


def mechanism(finding: Finding) -> frozenset[str]:
    """The kinds of divergence ``finding``'s hazard can cause; empty when it changes no behaviour."""
    if finding.code == "TFG306":
        return frozenset({"retrace"}) if finding.message.startswith(_TFG306_RETRACES) else frozenset()
    return _MECHANISMS.get(finding.code, _FAMILY_MECHANISMS.get(finding.rule.family, frozenset()))


@dataclass
class FindingEvidence:
    code: str
    symbol: str
    line: int
    evidence: list[str] = field(default_factory=list)
    reason: str | None = None  # why there is no evidence, when there is none
    observable: bool = True  # False: the rule's mechanism has no runtime effect to observe
    cell: int | None = None  # in a notebook: the code cell, and ``line`` counts within it
    file: str | None = None  # in a helper module: its path from the script's folder; ``line`` is there

    @property
    def confirmed(self) -> bool:
        return bool(self.evidence)

    def to_json(self) -> dict:
        shown = {"code": self.code, "symbol": self.symbol, "line": self.line, "confirmed": self.confirmed,
                 "evidence": self.evidence, "reason": self.reason}
        if self.cell is not None:
            shown["cell"] = self.cell
        if self.file is not None:
            shown["file"] = self.file
        return shown


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
    note: str | None = None  # why the verdict is ERROR or UNCONFIRMED, when a failure decided it


def _span(finding: Finding) -> range:
    return range(finding.line, max(finding.line, finding.end_line or finding.line) + 1)


def _names_variable(finding: Finding, divergence: Divergence, source_lines: list[str]) -> bool:
    if divergence.kind != "state" or not divergence.function or not source_lines:
        return False
    text = "\n".join(source_lines[n - 1] for n in _span(finding) if 0 < n <= len(source_lines))
    return re.search(rf"\b{re.escape(divergence.function)}\b", text) is not None


def home(finding: Finding, script: str | None) -> str | None:
    """None for a finding in the script; for one in another file (a helper module of the
    script's project), that file's path from the script's folder, as the runs name it."""
    if script is None:
        return None
    real, script_real = os.path.realpath(finding.path), os.path.realpath(script)
    return None if real == script_real else os.path.relpath(real, os.path.dirname(script_real))


def explains(finding: Finding, divergence: Divergence, source_lines: list[str] = (),
             lines: tuple[int, ...] | None = None, file: str | None = None) -> bool:
    """Is ``divergence`` evidence of ``finding``: its mechanism, on its lines (or its variable)?
    ``lines`` overrides the divergence's own lines (a failure: the functions it was raised in).
    ``file``: the finding's helper module (see :func:`home`); its lines are matched there."""
    if divergence.kind not in mechanism(finding):
        return False
    if divergence.kind in _PROCESS_WIDE:
        return True
    if file is not None:
        return any((file, line) in divergence.places for line in _span(finding))
    lines = divergence.lines if lines is None else lines
    if lines:
        return any(line in lines for line in _span(finding))
    return _names_variable(finding, divergence, list(source_lines))


def decide(findings: Iterable[Finding], comparison: Comparison, graph: dict | None = None,
           eager: dict | None = None, source: str = "", script: str | None = None) -> Decision:
    """``script``: the file that ran; findings in other files are its project's helper modules
    (None: every finding is the script's)."""
    hazards = [f for f in findings if f.rule.is_hazard]
    homes = [home(f, script) for f in hazards]
    keys = [_key(f, file) for f, file in zip(hazards, homes)]
    graph, eager = graph or {}, eager or {}
    lines = source.splitlines()
    own: list[list[str]] = [[] for _ in hazards]
    attributed: list[AttributedDivergence] = []
    for divergence in comparison.divergences:
        where = _failure_lines(divergence, graph) if divergence.kind in FAILURE_KINDS else None
        by = [i for i, f in enumerate(hazards) if explains(f, divergence, lines, where, homes[i])]
        for i in by:
            own[i].append(divergence.message)
        attributed.append(AttributedDivergence(divergence, [keys[i] for i in by]))
    _attribute_consequences(hazards, homes, keys, attributed, own, graph, eager)

    failure = _one_sided_failure(graph, eager, attributed)
    evidence = []
    for i, f in enumerate(hazards):
        entry = FindingEvidence(f.code, f.symbol, f.line, own[i], observable=bool(mechanism(f)), file=homes[i])
        if not entry.confirmed:
            entry.reason = _why_unconfirmed(f, homes[i], comparison, graph, eager, failure, attributed)
        evidence.append(entry)

    unflagged = [d for d in attributed if not d.flagged_by]
    note = None
    if comparison.error is not None:
        verdict = ERROR
    elif any(e.confirmed for e in evidence):
        verdict = CONFIRMED
    elif any(d.divergence.kind not in FAILURE_KINDS for d in unflagged):
        verdict = MISSED
    elif failure is not None:
        verdict = UNCONFIRMED if hazards else ERROR
        note = failure + (": no finding's mechanism explains it" if hazards else
                          ": the linter flags nothing that explains it, so the runs cannot be compared "
                          "beyond that point")
    else:
        verdict = UNCONFIRMED if hazards else CLEAN
    return Decision(verdict, evidence, attributed, note)


def _failure_lines(divergence: Divergence, graph: dict) -> tuple[int, ...]:
    """A failure concerns its raising lines and the whole source of the tf.functions it was
    raised in, or whose call raised it (a trace-time error points at the failing statement or at
    the call, not at its cause)."""
    lines = set(divergence.lines)
    for record in graph.get("functions", ()):
        start, end = record.get("def_line"), record.get("end_line")
        if start is None or end is None:
            continue
        raised_here = any(start <= n <= end for n in divergence.lines)
        raised_by_call = any(c.get("raised") and c.get("line") in divergence.lines for c in record.get("calls", ()))
        if raised_here or raised_by_call:
            lines.update(range(start, end + 1))
    return tuple(sorted(lines))


def _key(finding: Finding, file: str | None = None) -> str:
    """How ``flagged_by`` names a finding: "TFG101:8", or "TFG101:helpers.py:6" in a helper."""
    return f"{finding.code}:{finding.line}" if file is None else f"{finding.code}:{file}:{finding.line}"


def _attribute_consequences(hazards: list[Finding], homes: list[str | None], keys: list[str],
                            attributed: list[AttributedDivergence], own: list[list[str]], graph: dict,
                            eager: dict) -> None:
    """Divergences with no line of their own (what main() returned, output from no particular
    print, state no finding names): they follow the findings that behaviour already confirmed;
    else, when nothing located diverged, the findings whose tf.function (the one they are in, or
    the one their explanation says traces them) ran its Python body fewer times in graph mode
    than it was called (the flagged line ran only while tracing), or, in a function Keras runs
    in its traced step, whose Keras functions were traced fewer times than called."""
    loose = [item for item in attributed if not item.flagged_by and not item.divergence.lines
             and item.divergence.kind in CONSEQUENCE_KINDS | {"state"}]
    if not loose:
        return
    confirmed = [i for i, f in enumerate(hazards)
                 if any(d.divergence.kind not in GRAPH_COST_KINDS and keys[i] in d.flagged_by for d in attributed)]
    located = any(item.divergence.lines and item.divergence.kind not in GRAPH_COST_KINDS for item in attributed)
    for item in loose:
        if confirmed:
            chosen = {i: item.divergence.message for i in confirmed}
        elif located:
            continue  # a located divergence that no finding explains is the likelier cause
        else:
            chosen = {}
            for i, f in enumerate(hazards):
                # The recorded tf.functions are the script's: their lines say nothing of a helper's.
                inside = _enclosing_function(f, graph) if homes[i] is None else None
                record = inside or (_tracing_function(f, graph) if homes[i] is None else None)
                if not mechanism(f) & _SILENT:  # a rule about Python run while tracing
                    continue
                if record is None:
                    message = _run_in_keras_step(f, item.divergence.message, graph)
                    if message is not None:
                        chosen[i] = message
                    continue
                calls = _calls(graph, record)
                traces = _traces(graph, record)
                if 0 < traces < calls and _calls(eager, record) == calls:
                    where = "is in" if inside is not None else "is reached from"
                    chosen[i] = (f"{item.divergence.message} (line {f.line} {where} {record['name']}, whose "
                                 f"Python body ran {_times(traces)} in graph mode, while tracing, for {calls} calls)")
        for i, message in chosen.items():
            own[i].append(message)
        item.flagged_by = [keys[i] for i in chosen]


def _run_in_keras_step(finding: Finding, message: str, graph: dict) -> str | None:
    """For a finding in a function Keras runs inside the step it traces (a compiled loss or
    metric, a layer's ``call``: its explanation ends at Keras), when the script made no
    tf.function that holds it: in graph mode a tf.function Keras made ran more often than it was
    traced (its step reused, so the flagged line ran only while tracing)."""
    if not finding.traced_because or "Keras" not in finding.traced_because[-1]:
        return None
    internal = graph.get("internal_functions") or {}
    calls, traces = internal.get("reused_calls", 0), internal.get("reused_traces", 0)
    if not 0 < traces < calls:
        return None
    return (f"{message} (line {finding.line} runs inside a step Keras traced {_times(traces)} in graph "
            f"mode and ran {calls} times)")


def _one_sided_failure(graph: dict, eager: dict, attributed: list[AttributedDivergence]) -> str | None:
    """The sentence for a failure in one mode (or different failures) that no finding explains."""
    if not any(d.divergence.kind in FAILURE_KINDS and not d.flagged_by for d in attributed):
        return None
    g, e = graph.get("exception"), eager.get("exception")
    if g and e:
        return (f"graph mode raised {describe_exception(g)} and eager mode {describe_exception(e)}")
    if e:
        return f"only the eager reference run failed ({describe_exception(e)}{_at(e)}); graph mode completed"
    if g:
        return f"only graph mode failed ({describe_exception(g)}{_at(g)}); the eager reference run completed"
    return next(d.divergence.message for d in attributed if d.divergence.kind in FAILURE_KINDS)


def _at(exc: dict) -> str:
    lines = exc.get("lines") or []
    return f" at line {lines[-1]}" if lines else ""


def _enclosing_function(finding: Finding, observation: dict) -> dict | None:
    """The innermost recorded tf.function whose source holds the finding's line."""
    best = None
    for record in observation.get("functions", ()):
        start, end = record.get("def_line"), record.get("end_line")
        if start is None or end is None or not start <= finding.line <= end:
            continue
        if best is None or start >= best["def_line"]:
            best = record
    return best


def _tracing_function(finding: Finding, observation: dict) -> dict | None:
    """For a finding outside every recorded tf.function (a method of a plain class that one calls,
    a helper): the recorded tf.function its explanation ends at, the root that traces it
    ("'train_step' is decorated with @tf.function"), when exactly one record has that name."""
    if not finding.traced_because or "tf.function" not in finding.traced_because[-1]:
        return None
    root = finding.traced_because[-1].split("'")[1] if finding.traced_because[-1].count("'") >= 2 else ""
    name = root.rpartition(".")[2]
    named = [r for r in observation.get("functions", ()) if name and r.get("name") == name]
    return named[0] if len({(r.get("name"), r.get("def_line")) for r in named}) == 1 else None


def _same_function(observation: dict, record: dict) -> list[dict]:
    """The records of one source function: a method's per-instance copies included."""
    return [r for r in observation.get("functions", ())
            if (r.get("name"), r.get("def_line")) == (record.get("name"), record.get("def_line"))]


def _calls(observation: dict, record: dict) -> int:
    return sum(len([c for c in r.get("calls", ()) if not c.get("nested")]) for r in _same_function(observation, record))


def _traces(observation: dict, record: dict) -> int:
    return sum(r.get("tracing_count", 0) for r in _same_function(observation, record))


def _why_unconfirmed(finding: Finding, file: str | None, comparison: Comparison, graph: dict, eager: dict,
                     failure: str | None, attributed: list[AttributedDivergence]) -> str:
    if not mechanism(finding):
        return NO_RUNTIME_EFFECT
    if comparison.error is not None:
        return f"the runs could not be compared: {comparison.error}"
    record = None if file is not None else _enclosing_function(finding, graph) or _enclosing_function(finding, eager)
    where = f"{record['name']} (line {record['def_line']})" if record else None
    if record is not None:
        graph_calls, eager_calls = _calls(graph, record), _calls(eager, record)
        if graph_calls == 0 and eager_calls == 0:
            return f"nothing ran: {where} was never called, in either mode"
        if graph_calls == 0 and graph.get("exception"):
            exc = graph["exception"]
            return (f"nothing ran in graph mode: it raised {describe_exception(exc)}{_at(exc)} before "
                    f"{where} was called")
    if failure is not None:
        return f"{failure}, which is not this finding's mechanism"
    others = [d.divergence.message for d in attributed]
    if others:
        return ("no evidence of its own: what diverged is another line's or another mechanism's ("
                + shorten("; ".join(others), 300) + ")")
    if record is not None:
        return f"no divergence observed: {where} ran in both modes ({_calls(graph, record)} calls in graph mode)"
    return "no divergence observed"
