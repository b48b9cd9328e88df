"""Runtime verification logic that needs no TensorFlow: values, loops, comparison, headers,
verdicts, scheduling and the command's own errors, on synthetic observations.

The observations built here have the shape the harness sends back (see verify/harness.py).
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import Future
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.registry import rule_by_code
from tfgraph_lint.runtime.loops import function_loops, loop_repeats
from tfgraph_lint.runtime.values import MISSING, differs, output_lines, same
from tfgraph_lint.runtime.verify import command
from tfgraph_lint.runtime.verify.compare import compare
from tfgraph_lint.runtime.verify.expectations import check_header, expected_verdict, parse_expectation
from tfgraph_lint.runtime.verify.report import render_json, render_text
from tfgraph_lint.runtime.verify.runner import FileResult, verify_files
from tfgraph_lint.runtime.verify.verdicts import decide

SCRIPTS = Path(__file__).resolve().parents[1] / "data" / "verify_scripts"


# --------------------------------------------------------------------------- builders

def tensor(*values, dtype="float32", shape=None):
    shape = [len(values)] if shape is None else shape
    return {"$tensor": {"dtype": dtype, "shape": shape, "values": list(values), "size": len(values)}}


def symbolic(name="x:0"):
    return {"$symbolic": f'Tensor("{name}", shape=(), dtype=float32)'}


def call(output=None, line=20, traced=0, args=None, nested=False):
    return {"line": line, "args": args or [["x", {"tensor": "float32", "shape": []}]], "traced": traced,
            "nested": nested, "raised": None, "output": output}


def function(name="f", calls=(), tracing_count=0, def_line=5, end_line=9, created_line=5, loops=(), clone_of=None):
    return {"id": 1, "name": name, "def_line": def_line, "end_line": end_line, "created_line": created_line,
            "clone_of": clone_of, "calls": list(calls), "tracing_count": tracing_count, "loops": list(loops),
            "graphs": 1, "ops": 10}


def observation(mode="graph", **fields):
    base = {"mode": mode, "has_main": True, "exception": None, "exit": None, "returned": None, "state": {},
            "functions": [], "effects": [], "stdout": "", "stderr": "", "duration": 0.1, "wall": 0.2}
    base.update(fields)
    return base


def finding(code, line):
    return Finding(rule_by_code(code), "example.py", line, 0, line, 1, "message")


def kinds(comparison):
    return {d.kind for d in comparison.divergences}


# --------------------------------------------------------------------------- values

def test_output_lines_split_numbers_from_text():
    assert output_lines("loss: 0.25 after 3 steps\n") == [["loss: ", 0.25, " after ", 3.0, " steps"]]


def test_floats_compare_with_tolerance_and_nan_equals_nan():
    assert same(0.30000001, 0.3)
    assert not same(0.3, 0.31)
    assert same(float("nan"), float("nan"))
    assert not same(True, 1)


def test_scalar_tensor_equals_python_number():
    # graph mode returns tensors, run_functions_eagerly returns Python values as they are
    assert same(tensor(2, dtype="int32", shape=[]), 2)
    assert not same(tensor(2, 3, dtype="int32"), 2)


def test_symbolic_tensor_never_equals_concrete():
    assert differs({"$list": [symbolic()]}, {"$list": [tensor(1.0, shape=[])]})
    # not even where the eager value depends on the seed
    assert differs({"$list": [symbolic()]}, {"$list": [tensor(1.0, shape=[])]}, {"$list": [tensor(2.0, shape=[])]})


def test_mask_covers_whole_value_when_eager_runs_disagree():
    graph, eager, reseeded = [1.0, -1.0, -1.0], [1.0, 1.0, -1.0], [-1.0, 1.0, -1.0]
    # element 3 coincides in both eager runs by chance (a coin flip); masking must not trust it
    assert differs(graph, eager)
    assert not differs(graph, eager, reseeded)
    # structure still counts under the mask
    assert differs([1.0, 1.0], eager, reseeded)
    assert differs(graph, eager, MISSING)


# --------------------------------------------------------------------------- loops

LOOP_SOURCE = """\
import tensorflow as tf


@tf.function
def f(x):
    for i in range(3):
        x = x * 2.0
        x = x + 1.0
    while False:
        pass
    return x
"""


def test_function_loops_found_from_the_decorator_line():
    loops = function_loops(LOOP_SOURCE, 4)
    assert [(loop.line, loop.body) for loop in loops] == [(6, ((7, 7), (8, 8))), (9, ((10, 10),))]
    assert function_loops(LOOP_SOURCE, 5) == loops  # co_firstlineno may be the def line too


def test_loop_repeats_counts_restarts_of_the_body():
    ops = [((20, 6), "Const"), ((20, 7), "Mul"), ((20, 8), "AddV2")] * 3 + [((20, 11), "Identity")]
    assert loop_repeats(function_loops(LOOP_SOURCE, 4)[0], ops) == 3


def test_loop_repeats_single_statement_uses_the_gcd_of_op_counts():
    loop = function_loops("def f(x):\n    for i in range(4):\n        x = x * 2 + 1\n", 1)[0]
    ops = [((3,), "Mul"), ((3,), "Const"), ((3,), "AddV2"), ((3,), "Const")] * 4
    assert loop_repeats(loop, ops) == 4
    assert loop_repeats(loop, [((9,), "Mul")]) == 0


# --------------------------------------------------------------------------- comparison

def test_exception_in_graph_mode_only():
    graph = observation(exception={"type": "ValueError", "mro": ["ValueError", "Exception"], "lines": [10],
                                   "message": "in user code:\n\n    File ...\n\n    ValueError: singleton only\n"})
    result = compare(graph, observation("eager"))
    assert kinds(result) == {"raises"} and result.error is None
    assert result.divergences[0].message.startswith("ValueError: singleton only in graph mode")
    assert result.divergences[0].lines == (10,)


def test_same_exception_in_both_modes_is_an_error():
    exc = {"type": "RuntimeError", "mro": ["RuntimeError"], "message": "broken", "lines": [3]}
    result = compare(observation(exception=exc), observation("eager", exception=exc))
    assert result.error == "fails in both modes: RuntimeError: broken" and not result.divergences
    other = dict(exc, type="KeyError")
    assert kinds(compare(observation(exception=exc), observation("eager", exception=other))) == {"exception-differs"}


@pytest.mark.parametrize("failure, expected", [
    ({"run_error": "timed out after 4 s while running"}, "graph mode: timed out after 4 s while running"),
    ({"exit": 3}, "graph mode: the script called sys.exit(3)"),
])
def test_failed_runs_are_errors(failure, expected):
    assert compare(observation(**failure), observation("eager")).error == expected


def test_sys_exit_zero_is_a_normal_end():
    assert compare(observation(exit=0), observation("eager", exit=0)).error is None


def test_effect_counts_and_stdout():
    graph = observation(effects=[{"what": "print", "line": 7, "count": 1}], stdout="tracing\n")
    eager = observation("eager", effects=[{"what": "print", "line": 7, "count": 3}], stdout="tracing\n" * 3)
    result = compare(graph, eager)
    messages = {d.kind: d.message for d in result.divergences}
    assert messages["effects"] == "print (line 7) ran 1 time in graph mode, 3 times eagerly"
    assert messages["stdout"].startswith("printed output differs: graph mode printed 1 line, eager mode 3")
    assert result.needs_reseeded_run


def test_reseeded_run_masks_random_output_but_not_structure():
    graph = observation(stdout="draw 0.1\n")
    eager, reseeded = observation("eager", stdout="draw 0.7\n"), observation("eager", stdout="draw 0.4\n")
    assert kinds(compare(graph, eager)) == {"stdout"}
    masked = compare(graph, eager, reseeded)
    assert masked.divergences == [] and masked.reseeded and not masked.needs_reseeded_run
    longer = observation(stdout="draw 0.1\ndraw 0.2\n")
    assert kinds(compare(longer, eager, reseeded)) == {"stdout"}


def test_module_state_with_leaked_symbolic_tensor():
    graph = observation(state={"seen": {"$list": [symbolic()]}})
    eager = observation("eager", state={"seen": {"$list": [tensor(1.0, shape=[]), tensor(2.0, shape=[])]}})
    (divergence,) = compare(graph, eager).divergences
    assert divergence.kind == "state"
    assert divergence.message.startswith("module variable 'seen' is [symbolic Tensor(\"x:0\"")


def test_main_return_value():
    result = compare(observation(returned=1), observation("eager", returned=3))
    assert [d.message for d in result.divergences] == ["main() returned 1 in graph mode, 3 eagerly"]


def test_frozen_outputs():
    frozen = [call(tensor(0.5, shape=[])) for _ in range(3)]
    varying = [call(tensor(v, shape=[])) for v in (0.5, 0.2, 0.9)]
    result = compare(observation(functions=[function(calls=frozen, tracing_count=1)]),
                     observation("eager", functions=[function(calls=varying)]))
    assert kinds(result) == {"frozen"}
    assert result.divergences[0].message.startswith("f returned the same value on all 3 calls in graph mode")
    assert 7 in result.divergences[0].lines and 20 in result.divergences[0].lines  # body and call site


def test_outputs_and_call_counts():
    graph = observation(functions=[function(calls=[call(1.0), call(2.0)], tracing_count=1)])
    eager = observation("eager", functions=[function(calls=[call(1.0), call(3.0)])])
    assert kinds(compare(graph, eager)) == {"outputs"}
    fewer = observation("eager", functions=[function(calls=[call(1.0)])])
    assert kinds(compare(graph, fewer)) == {"calls"}


def python_int(name, value):
    return [[name, {"python": "int", "value": repr(value)}]]


def test_retrace_names_the_varying_python_argument():
    calls = [call(traced=1, args=python_int("n", n)) for n in (1, 2, 3)]
    result = compare(observation(functions=[function(calls=calls, tracing_count=3)]),
                     observation("eager", functions=[function(calls=calls)]))
    assert [d.message for d in result.divergences] == [
        "f was traced 3 times for 3 calls: argument 'n' was a Python int (1, 2, 3)"]


def test_no_retrace_for_new_shapes_or_for_variable_creation():
    shapes = [call(traced=1, args=[["x", {"tensor": "float32", "shape": [n]}]]) for n in (1, 2)]
    first_call_traces_twice = [call(traced=2), call(traced=0)]  # creating variables traces twice
    for calls, count in ((shapes, 2), (first_call_traces_twice, 2)):
        graph = observation(functions=[function(calls=calls, tracing_count=count)])
        assert "retrace" not in kinds(compare(graph, observation("eager", functions=[function(calls=calls)])))


def test_many_function_objects_from_one_line():
    made = [dict(function(name="step", created_line=12, def_line=None, tracing_count=1), id=i) for i in range(4)]
    result = compare(observation(functions=made), observation("eager", functions=made))
    assert [d.message for d in result.divergences] == [
        "4 tf.function objects were created at line 12 (step), traced 4 times in all: "
        "separate objects never share traces"]


def test_unrolled_loop():
    loops = [{"line": 6, "end_line": 8, "repeats": 100}, {"line": 9, "end_line": 10, "repeats": 1}]
    result = compare(observation(functions=[function(loops=loops)]), observation("eager", functions=[function()]))
    assert [(d.kind, d.lines) for d in result.divergences] == [("unroll", (6, 7, 8))]
    assert "its body appears 100 times" in result.divergences[0].message


# --------------------------------------------------------------------------- headers

@pytest.mark.parametrize("spec, kind, name, minimum", [
    ("differs-from-eager", "differs-from-eager", None, 0),
    ("same-as-eager", "same-as-eager", None, 0),
    ("raises ValueError", "raises", "ValueError", 0),
    ("raises tf.errors.InvalidArgumentError", "raises", "InvalidArgumentError", 0),
    ("retraces f >= 5", "retraces", "f", 5),
    ("unrolls  weighted_sum>=100", "unrolls", "weighted_sum", 100),
    ("runs-eagerly train_step", "runs-eagerly", "train_step", 0),
])
def test_parse_expectation(spec, kind, name, minimum):
    expectation = parse_expectation(spec)
    assert (expectation.kind, expectation.name, expectation.minimum) == (kind, name, minimum)


def test_unknown_expectation_is_rejected():
    with pytest.raises(ValueError, match="unknown runtime expectation"):
        parse_expectation("sometimes differs")


def test_expected_verdict():
    assert expected_verdict(["same-as-eager"]) == "CLEAN"
    assert expected_verdict(["retraces f >= 3"]) == "CONFIRMED"


def test_header_checks():
    raising = observation(exception={"type": "ValueError", "mro": ["ValueError", "Exception"], "message": "m",
                                     "lines": []})
    eager = observation("eager")
    comparison = compare(raising, eager)
    assert check_header(["raises ValueError"], comparison, raising, eager, "CONFIRMED").met
    assert check_header(["raises Exception"], comparison, raising, eager, "CONFIRMED").met  # a subclass
    wrong = check_header(["raises TypeError"], comparison, raising, eager, "CONFIRMED")
    assert not wrong.met and wrong.problems == ["expected 'raises TypeError', but graph mode raised ValueError"]
    assert not check_header(["differs-from-eager"], compare(eager, eager), eager, eager, "UNCONFIRMED").met

    traced = observation(functions=[function(tracing_count=5, loops=[{"line": 6, "end_line": 8, "repeats": 100}])])
    comparison = compare(traced, eager)
    assert check_header(["retraces f >= 5", "unrolls f >= 100"], comparison, traced, eager, "CONFIRMED").met
    too_few = check_header(["retraces f >= 6"], comparison, traced, eager, "CONFIRMED")
    assert too_few.problems == ["expected 'retraces f >= 6', but f was traced 5 times"]
    assert not check_header(["retraces g >= 1"], comparison, traced, eager, "CONFIRMED").met


def test_functions_called_but_never_traced_ran_eagerly():
    calls = [{"args": {}, "traced": 0}, {"args": {}, "traced": 0}]
    eagerly = observation(functions=[function(calls=calls, tracing_count=0)])
    eager = observation("eager", functions=[function(calls=calls)])
    comparison = compare(eagerly, eager)
    assert [d.kind for d in comparison.divergences] == ["ran-eagerly"]
    assert "f was called 2 times in graph mode and never traced" in comparison.divergences[0].message
    assert check_header(["runs-eagerly f"], comparison, eagerly, eager, "CONFIRMED").met
    traced = observation(functions=[function(calls=calls, tracing_count=1)])
    assert compare(traced, eager).divergences == []
    assert not check_header(["runs-eagerly f"], compare(traced, eager), traced, eager, "CONFIRMED").met


def test_same_as_eager_requires_a_clean_verdict():
    eager = observation("eager")
    check = check_header(["same-as-eager"], compare(eager, eager), eager, eager, "UNCONFIRMED")
    assert check.problems == ["expected verdict CLEAN, got UNCONFIRMED"]


# --------------------------------------------------------------------------- verdicts

def test_no_findings_and_no_divergence_is_clean_and_failures_to_compare_are_errors():
    same = observation()
    assert decide([], compare(same, observation("eager"))).verdict == "CLEAN"
    assert decide([finding("TFG101", 7)], compare(same, observation("eager"))).verdict == "UNCONFIRMED"
    assert decide([finding("TFG101", 7)], compare({"run_error": "timed out"}, same)).verdict == "ERROR"


def graph_raises(line, *function_records, type_="InvalidArgumentError"):
    return observation(exception={"type": type_, "mro": [type_], "message": f"{type_}: boom", "lines": [30, line]},
                       functions=list(function_records))


def test_a_one_sided_failure_that_no_finding_explains_is_error_not_missed():
    graph, eager = graph_raises(8, function(tracing_count=1)), observation("eager")
    decision = decide([], compare(graph, eager), graph, eager)
    assert decision.verdict == "ERROR"
    assert decision.note.startswith("only graph mode failed (InvalidArgumentError: boom at line 8)")
    eager_raises = observation("eager", exception={"type": "ValueError", "mro": ["ValueError"],
                                                   "message": "ValueError: bad", "lines": [21]})
    decision = decide([], compare(observation(), eager_raises), observation(), eager_raises)
    assert decision.verdict == "ERROR" and "only the eager reference run failed" in decision.note


def test_a_one_sided_failure_elsewhere_leaves_a_finding_unconfirmed_with_the_reason():
    # A print in g (lines 40-44) is flagged; graph mode raised in f (lines 5-9).
    graph = graph_raises(8, function(tracing_count=1), function("g", def_line=40, end_line=44, created_line=40,
                                                                 calls=[call(line=31)], tracing_count=1))
    decision = decide([finding("TFG101", 42)], compare(graph, observation("eager")), graph, observation("eager"))
    assert decision.verdict == "UNCONFIRMED"
    assert decision.findings[0].reason.endswith("which is not this finding's mechanism")


def test_a_raising_finding_in_the_function_that_raised_is_confirmed():
    graph = graph_raises(8, function(tracing_count=1))
    decision = decide([finding("TFG201", 6)], compare(graph, observation("eager")), graph, observation("eager"))
    assert decision.verdict == "CONFIRMED" and decision.findings[0].evidence


def test_graph_mode_raising_before_the_flagged_function_ran_says_so():
    graph = graph_raises(8, function(tracing_count=1), function("later", def_line=40, end_line=44, created_line=40))
    eager = observation("eager", functions=[function(), function("later", def_line=40, end_line=44,
                                                                 created_line=40, calls=[call(line=31)])])
    decision = decide([finding("TFG101", 42)], compare(graph, eager), graph, eager)
    assert decision.findings[0].reason.startswith("nothing ran in graph mode: it raised InvalidArgumentError: "
                                                  "boom at line 8 before later (line 40) was called")


def test_a_flagged_function_never_called_says_nothing_ran():
    graph, eager = observation(functions=[function()]), observation("eager", functions=[function()])
    decision = decide([finding("TFG101", 7)], compare(graph, eager), graph, eager)
    assert decision.verdict == "UNCONFIRMED"
    assert decision.findings[0].reason == "nothing ran: f (line 5) was never called, in either mode"


def test_a_deprecated_alias_has_no_runtime_effect_and_takes_no_retracing_evidence():
    graph = observation(functions=[function(calls=[call(traced=1, args=python_int("n", n)) for n in (1, 2)],
                                            tracing_count=2)])
    eager = observation("eager", functions=[function(calls=[call(args=python_int("n", n)) for n in (1, 2)])])
    relax = Finding(rule_by_code("TFG306"), "example.py", 5, 0, 5, 1,
                    "experimental_relax_shapes=True in tf.function 'f' is deprecated; write reduce_retracing=True")
    hints = Finding(rule_by_code("TFG306"), "example.py", 6, 0, 6, 1,
                    "experimental_follow_type_hints=True in tf.function 'f' is ignored; remove it")
    decision = decide([relax, hints, finding("TFG301", 20)], compare(graph, eager), graph, eager)
    relaxed, followed, scalar = decision.findings
    assert not relaxed.confirmed and "deprecation warning" in relaxed.reason and not relaxed.observable
    assert followed.confirmed and scalar.confirmed


def test_output_changed_by_a_flagged_random_call_is_not_evidence_for_an_append_elsewhere():
    graph = observation(effects=[{"what": "numpy.random.uniform", "line": 17, "count": 1}], returned=0.5,
                        functions=[function(calls=[call(line=25)], tracing_count=1)])
    eager = observation("eager", effects=[{"what": "numpy.random.uniform", "line": 17, "count": 3}], returned=0.7,
                        functions=[function(calls=[call(line=25)])])
    findings = [finding("TFG104", 7), finding("TFG102", 17)]
    decision = decide(findings, compare(graph, eager), graph, eager)
    append, random = decision.findings
    assert not append.evidence and append.reason.startswith("no evidence of its own")
    assert any("main() returned" in e for e in random.evidence)


def test_divergences_go_to_findings_on_their_lines_and_of_their_family():
    graph = observation(effects=[{"what": "print", "line": 7, "count": 1}],
                        functions=[function(calls=[call(traced=1, args=python_int("n", n)) for n in (1, 2)],
                                            tracing_count=2)])
    eager = observation("eager", effects=[{"what": "print", "line": 7, "count": 2}],
                        functions=[function(calls=[call(args=python_int("n", n)) for n in (1, 2)])])
    findings = [finding("TFG101", 7), finding("TFG102", 8), finding("TFG301", 20), finding("TFG002", 1)]
    decision = decide(findings, compare(graph, eager))
    assert decision.verdict == "CONFIRMED"
    evidence = {f.code: f.evidence for f in decision.findings}
    assert evidence == {"TFG101": ["print (line 7) ran 1 time in graph mode, 2 times eagerly"], "TFG102": [],
                        "TFG301": ["f was traced 2 times for 2 calls: argument 'n' was a Python int (1, 2)"]}
    assert [d.flagged_by for d in decision.divergences] == [["TFG101:7"], ["TFG301:20"]]


def test_unexplained_divergence_is_missed():
    decision = decide([], compare(observation(returned=1), observation("eager", returned=2)))
    assert decision.verdict == "MISSED" and decision.divergences[0].flagged_by == []


# --------------------------------------------------------------------------- scheduling and output

def fake_submit(observations_by_run):
    """A pool stand-in: answers each job from a table keyed by (file name, mode, tf_seed_shift)."""
    jobs = []

    def submit(job):
        jobs.append(job)
        future = Future()
        future.set_result(observations_by_run[(Path(job["script"]).name, job["mode"], job["tf_seed_shift"])])
        return future

    return submit, jobs


def test_runner_adds_a_reseeded_run_only_when_values_differ(tmp_path):
    plain, random = tmp_path / "plain.py", tmp_path / "random.py"
    for path in (plain, random):
        path.write_text("def main():\n    return 1\n", encoding="utf-8")
    table = {
        ("plain.py", "graph", 0): observation(returned=1), ("plain.py", "eager", 0): observation("eager", returned=1),
        ("random.py", "graph", 0): observation(returned=0.1),
        ("random.py", "eager", 0): observation("eager", returned=0.2),
    }
    from tfgraph_lint.runtime.verify.runner import RESEED_SHIFT
    table[("random.py", "eager", RESEED_SHIFT)] = observation("eager", returned=0.3)
    submit, jobs = fake_submit(table)
    results = verify_files([plain, random], submit)
    assert [r.verdict for r in results] == ["CLEAN", "CLEAN"]
    assert sorted((Path(j["script"]).name, j["tf_seed_shift"]) for j in jobs) == [
        ("plain.py", 0), ("plain.py", 0), ("random.py", 0), ("random.py", 0), ("random.py", RESEED_SHIFT)]
    assert results[1].summary["masked_tf_random"] and results[0].duration == pytest.approx(0.4)


def test_runner_checks_runtime_headers(tmp_path):
    script = tmp_path / "example.py"
    script.write_text("# runtime: raises ValueError\ndef main():\n    pass\n", encoding="utf-8")
    submit, _ = fake_submit({("example.py", "graph", 0): observation(), ("example.py", "eager", 0): observation()})
    (result,) = verify_files([script], submit)
    assert result.verdict == "CLEAN" and not result.ok
    assert result.header.problems == ["expected 'raises ValueError', but graph mode raised nothing",
                                      "expected verdict CONFIRMED, got CLEAN"]


def test_plain_script_fails_only_when_missed_or_error():
    assert not FileResult("a.py", "MISSED").ok and not FileResult("a.py", "ERROR").ok
    assert FileResult("a.py", "UNCONFIRMED").ok and FileResult("a.py", "CONFIRMED").ok
    assert [FileResult("a.py", v).exit_code for v in ("CONFIRMED", "CLEAN", "UNCONFIRMED", "NOT RUN", "MISSED",
                                                      "ERROR")] == [0, 0, 0, 0, 1, 2]


def test_reports():
    decision = decide([finding("TFG101", 7)], compare(
        observation(effects=[{"what": "print", "line": 7, "count": 1}]),
        observation("eager", effects=[{"what": "print", "line": 7, "count": 3}])))
    result = FileResult("example.py", decision.verdict, decision.findings, decision.divergences, duration=1.25)
    text = render_text([result], elapsed=3.0, workers=2, device="CPU")
    assert text.splitlines() == [
        "example.py: CONFIRMED (1.2 s)",
        "  TFG101 line 7 python-print-in-graph: print (line 7) ran 1 time in graph mode, 3 times eagerly",
        "1 file: 1 CONFIRMED; 3.0 s with 2 workers on CPU",
    ]
    (entry,) = json.loads(render_json([result]))
    assert {"path", "verdict", "findings", "summary", "duration"} <= set(entry)
    assert entry["findings"] == [{"code": "TFG101", "symbol": "python-print-in-graph", "line": 7, "confirmed": True,
                                  "evidence": ["print (line 7) ran 1 time in graph mode, 3 times eagerly"],
                                  "reason": None}]


# --------------------------------------------------------------------------- the command without TensorFlow

def test_missing_tensorflow_says_how_to_install_with_the_readmes_line(monkeypatch):
    monkeypatch.setattr(command, "tensorflow_available", lambda: False)
    result = CliRunner().invoke(command.verify_command, [])
    assert result.exit_code == 2
    assert command.README_INSTALL in result.output
    # The line README.md gives for verify, not a package index tfgraph-lint is not published on.
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"{command.README_INSTALL}" in readme.split("## Proving it on TensorFlow: `verify` and `trace`")[1][:400]
    assert "pip install 'tfgraph-lint[verify]'" not in result.output


def test_missing_path_is_a_usage_error(monkeypatch, tmp_path):
    monkeypatch.setattr(command, "tensorflow_available", lambda: True)
    result = CliRunner().invoke(command.verify_command, [str(tmp_path / "nope.py")])
    assert result.exit_code == 2 and "path not found" in result.output


def test_unknown_device_is_a_usage_error():
    assert CliRunner().invoke(command.verify_command, ["--device", "tpu"]).exit_code == 2


def test_default_paths_are_every_fixture_bad_and_good():
    examples = command.shipped_examples()
    assert examples and {p.name for p in examples} == {"bad.py", "good.py"}
    assert len(examples) == 2 * len({p.parent for p in examples})


def test_verify_modules_do_not_import_tensorflow():
    code = ("import sys\n"
            "import tfgraph_lint.runtime.verify.command, tfgraph_lint.runtime.verify.runner, tfgraph_lint.runtime.pool\n"
            "import tfgraph_lint.runtime.verify.report, tfgraph_lint.runtime.verify.expectations\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('tensorflow', 'keras', 'numpy')))\n")
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[]"


def test_runs_sharing_a_budget_count_overlapping_seconds_once(monkeypatch):
    from tfgraph_lint.runtime import pool as pool_module
    clock = [100.0]
    monkeypatch.setattr(pool_module.time, "monotonic", lambda: clock[0])
    budget = pool_module.Budget(10)
    budget.start()
    budget.start()  # graph and eager at once
    clock[0] += 4
    budget.stop()
    budget.stop()
    assert budget.remaining() == 6  # not 2: the two runs overlapped
    budget.start()  # the reseeded run, alone
    clock[0] += 6
    assert budget.remaining() == 0


def test_runner_gives_every_run_of_a_file_its_budget_and_cancels_the_rest_after_a_failure(tmp_path):
    script = tmp_path / "hang.py"
    script.write_text("def main():\n    pass\n", encoding="utf-8")
    budgets, futures = [], []

    def submit(job, budget=None):
        budgets.append(budget)
        future = Future()
        if job["mode"] == "graph":
            future.set_result({"run_error": "timed out after 5 s while running"})
        futures.append(future)
        return future

    (result,) = verify_files([script], submit, timeout=5)
    assert result.verdict == "ERROR" and "timed out" in result.error
    assert budgets[0] is budgets[1] and budgets[0].seconds == 5
    assert futures[1].cancelled()


def test_tensorflow_log_lines_are_not_what_the_program_wrote():
    from tfgraph_lint.runtime.capture import without_tensorflow_log_lines

    written = ("E0000 00:00:1795747249.043052    2399 util.cc:131] oneDNN supports DT_HALF only on "
               "platforms with AVX-512.\nloss 0.5\nW0000 00:00:1.5  7 cpu_feature_guard.cc:9] x\n"
               "E0000 is not a log line\n")
    assert without_tensorflow_log_lines(written) == "loss 0.5\nE0000 is not a log line\n"
