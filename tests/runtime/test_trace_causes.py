"""Why a retrace happened, from recorded runs written by hand (no TensorFlow needed)."""

from __future__ import annotations

import pytest

from tfgraph_lint.runtime.trace import report
from tfgraph_lint.runtime.trace.causes import explain


def tensor(shape, dtype="float32", of="Tensor"):
    return {"k": "tensor", "of": of, "dtype": dtype, "shape": shape}


def value(v):
    return {"k": "value", "type": type(v).__name__, "repr": repr(v)}


def seq(*items, kind="list"):
    return {"k": kind, "type": kind, "items": [[str(i), item] for i, item in enumerate(items)]}


def obj(number, type_name="Config"):
    return {"k": "object", "type": type_name, "id": number}


_order = iter(range(1, 10_000))


def trace(line, nested_in=None, seconds=0.5, **arguments):
    return {"order": next(_order), "count": 1, "call_site": {"file": "/p/train.py", "line": line},
            "arguments": [[name, d] for name, d in arguments.items()], "seconds": seconds, "timed": True,
            "nested_in": nested_in, "raised": None}


def record(obj_number, traces, name="step", created_at=None, clone_of=None, instance_of=None, calls=None):
    return {"object": obj_number, "name": name, "file": "/p/train.py", "line": 3, "library": False,
            "variant": None, "created_at": created_at, "clone_of": clone_of, "instance_of": instance_of, "instance": None,
            "calls": len(traces) if calls is None else calls, "traces": traces, "graphs_kept": len(traces)}


def causes_of(*records):
    (summary,) = explain(list(records))
    return [[(c["kind"], c["argument"], c["before"], c["after"], c["rule"]) for c in r["causes"]]
            for r in summary["retraces"]]


def test_a_changed_python_number_is_tfg301():
    assert causes_of(record(1, [trace(10, x=tensor([4]), lr=value(0.1)), trace(11, x=tensor([4]), lr=value(0.05))])) == [
        [("python-value", "lr", "0.1", "0.05", "TFG301")]]


def test_shape_and_dtype_are_named_separately_and_predicted_by_no_rule():
    found = causes_of(record(1, [trace(10, x=tensor([32, 10])), trace(11, x=tensor([17, 10], dtype="float64"))]))
    assert found == [[("dtype", "x", "float32", "float64", None), ("shape", "x", "(32, 10)", "(17, 10)", None)]]


def test_list_length_is_a_structure_change_and_an_element_is_named_by_its_index():
    found = causes_of(record(1, [trace(10, w=seq(value(1.0), value(2.0))),
                                 trace(11, w=seq(value(1.0), value(2.0), value(3.0))),
                                 trace(12, w=seq(value(1.0), value(9.0), value(3.0)))]))
    assert found == [[("python-collection", "w", "list of 2", "list of 3", "TFG305")],
                     [("python-collection", "w[1]", "2.0", "9.0", "TFG305")]]


def test_the_closest_earlier_trace_is_the_one_compared():
    # trace 3 repeats trace 1's x with a new lr: compared with trace 1 (one difference), not trace 2 (two)
    found = causes_of(record(1, [trace(10, x=tensor([4]), lr=value(0.1)), trace(11, x=tensor([8]), lr=value(0.1)),
                                 trace(12, x=tensor([4]), lr=value(0.2))]))
    assert found[1] == [("python-value", "lr", "0.1", "0.2", "TFG301")]


def test_a_new_object_of_the_same_class_and_a_change_of_kind():
    found = causes_of(record(1, [trace(10, c=obj(1), n=value(1)), trace(11, c=obj(2), n=value(1)),
                                 trace(12, c=obj(2), n=tensor([]))]))
    assert found == [[("new-object", "c", None, "a new instance of Config", None)],
                     [("kind", "n", "1 (int)", "Tensor float32 ()", None)]]


def test_a_function_created_again_is_tfg302_and_a_new_instance_is_not():
    site = {"file": "/p/train.py", "line": 7}
    assert causes_of(record(1, [trace(10)], created_at=site), record(2, [trace(10)], created_at=site)) == [
        [("new-function", None, site, site, "TFG302")]]
    # a @tf.function method: each instance's copy traces once (the class's own Function never runs)
    assert causes_of(record(1, [], calls=0), record(2, [trace(10)], clone_of=1, instance_of="Scaler"),
                     record(3, [trace(10)], clone_of=1, instance_of="Scaler")) == [
        [("new-instance", "self", None, "a new instance of Scaler", None)]]


def test_nothing_changed_inside_another_trace_or_outside_the_arguments():
    found = causes_of(record(1, [trace(10, x=tensor([4])), trace(11, nested_in="outer", x=tensor([4])),
                                 trace(12, x=tensor([4]))]))
    assert [c[0][0] for c in found] == ["nested", "unexplained"]


def test_totals_and_tracing_time_leave_nested_time_to_the_caller():
    run = {"program": ["train.py"], "exit_code": 0, "wall_seconds": 10.0, "tensorflow": "2.21.0",
           "functions": [record(1, [trace(10, seconds=1.0, x=tensor([4])), trace(11, seconds=1.0, x=tensor([5]))],
                                name="outer", calls=100),
                         record(2, [trace(10, nested_in="outer", seconds=0.25)], name="inner", calls=1)]}
    built = report.build(run)
    assert built["traces"] == 3
    assert built["tracing_seconds"] == 2.0  # inner's 0.25 s is inside outer's first trace
    assert built["tracing_share"] == 0.2
    outer = next(f for f in built["functions"] if f["name"] == "outer")
    assert (outer["calls"], outer["traces"], len(outer["retraces"])) == (100, 2, 1)


def test_text_report_lists_retraced_functions_and_summarises_the_rest():
    run = {"program": ["train.py", "--epochs", "2"], "exit_code": 0, "wall_seconds": 4.0, "tensorflow": "2.21.0",
           "functions": [record(1, [trace(10, lr=value(0.1)), trace(14, lr=value(0.05))], name="train_step"),
                         record(2, [trace(20)], name="evaluate")]}
    text = report.render_text(report.build(run))
    assert "train_step (/p/train.py:3): 2 call(s), 2 trace(s)" in text
    assert "trace 2, called at /p/train.py:14:" in text
    assert "lr: 0.1 -> 0.05  [TFG301 python-scalar-argument]" in text
    assert "fix: pass a tensor" in text
    assert "1 traced at most once: evaluate (/p/train.py:3) (--all lists them)" in text
    assert "evaluate (/p/train.py:3): 1 call(s)" in report.render_text(report.build(run), show_all=True)


@pytest.mark.parametrize(("tensorflow", "functions", "expected"), [
    (None, [], "TensorFlow was never imported"),
    ("2.21.0", [], "no tf.function was called"),
])
def test_text_report_of_a_run_without_tf_functions(tensorflow, functions, expected):
    run = {"program": ["p.py"], "exit_code": 0, "wall_seconds": 0.1, "tensorflow": tensorflow, "functions": functions}
    assert expected in report.render_text(report.build(run))


def test_one_call_that_traced_twice_is_explained_once_per_extra_trace():
    first = trace(10, x=tensor([4]))
    first["count"] = 2  # a first call that created variables: TensorFlow traces it again
    (summary,) = explain([record(1, [first, trace(11, x=tensor([5]))])])
    assert summary["traces"] == 3
    assert [(r["trace"], [c["kind"] for c in r["causes"]]) for r in summary["retraces"]] == [
        (2, ["same-call"]), (3, ["shape"])]


def test_a_function_a_library_makes_anew_is_not_tfg302():
    site = {"file": "/p/train.py", "line": 30}
    made = [record(n, [trace(30)], name="make_train_function.<locals>.train_function", created_at=site)
            for n in (1, 2)]
    for r in made:
        r["library"] = True
    (summary,) = explain(made)
    (cause,) = summary["retraces"][0]["causes"]
    assert (cause["kind"], cause["rule"], cause["after"]) == ("new-function", None, site)
    assert "fewer such calls" in cause["fix"]


def test_one_def_closing_over_different_functions_is_several_functions():
    train, test = (record(n, [trace(30)], name="make.<locals>.step") for n in (1, 2))
    train["variant"], test["variant"] = "step_function=train_step", "step_function=test_step"
    summaries = explain([train, test])
    assert sorted(s["variant"] for s in summaries) == ["step_function=test_step", "step_function=train_step"]
    assert all(not s["retraces"] for s in summaries)  # neither is a re-creation of the other


def test_a_run_without_tensorflow_says_when_it_is_not_installed(monkeypatch):
    run = {"program": ["p.py"], "exit_code": 1, "wall_seconds": 0.1, "tensorflow": None, "functions": []}
    monkeypatch.setattr(report.importlib.util, "find_spec", lambda name: None)
    assert "it is not installed for" in report.render_text(report.build(run))
    monkeypatch.setattr(report.importlib.util, "find_spec", lambda name: object())
    assert "not installed" not in report.render_text(report.build(run))
