"""What the project view keeps of the methods graph code runs first on an object before it calls a
method of another file's class (analysis/first_calls, analysis/project_first_calls); the whole
path, from the calling file's rows to the defining file's findings, is the ``reset_per_trace``
project of tests/data/projects."""

from __future__ import annotations

from tfgraph_lint.analysis.project_first_calls import FIRST_CALLS, with_first_calls


class _Graph:
    """The parts of ProjectGraph with_first_calls asks: rows, resolution, the reach."""

    def __init__(self, outgoing, reached=(), references=None):
        self.outgoing = outgoing
        self._reached = {key: ("how", "elsewhere.py") for key in reached}
        self._references = references or {}

    def resolve_reference(self, file, base, attribute, hops=0, classes=False):
        if classes and base == "state":
            return "state.py", attribute
        return ("state.py", attribute) if base == "state_method" else None

    def reached(self):
        return self._reached

    def references(self, file, function):
        return self._references.get((file, function), [])


def _row(cls, method, first):
    return ["state", cls, method, 3, "called from 'call'", "INFERENCE", None, first]


def test_a_method_every_call_resets_first_keeps_what_all_of_them_run_first():
    graph = _Graph({"model.py": [_row("Ledger", "record", ["clear", "reset"])],
                    "train.py": [_row("Ledger", "record", ["reset"])]})
    passed = {"state.py": {"Ledger.record": [[[0], []]]}}
    assert with_first_calls(graph, passed) == {
        "state.py": {"Ledger.record": [[[0], []]], f"Ledger.record{FIRST_CALLS}": ["reset"]}}
    assert passed == {"state.py": {"Ledger.record": [[[0], []]]}}  # not changed in place


def test_one_call_that_runs_nothing_first_leaves_the_method_out():
    graph = _Graph({"model.py": [_row("Ledger", "record", ["reset"])],
                    "train.py": [_row("Ledger", "record", None)]})
    assert with_first_calls(graph, {}) == {}


def test_rows_without_the_entry_count_as_running_nothing_first():
    graph = _Graph({"model.py": [_row("Ledger", "record", ["reset"])[:7]]})
    assert with_first_calls(graph, {}) == {}


def test_a_method_also_reached_from_a_function_reached_from_elsewhere_is_left_out():
    rows = {"model.py": [_row("Ledger", "record", ["reset"])]}
    assert with_first_calls(_Graph(rows), {}) == {"state.py": {f"Ledger.record{FIRST_CALLS}": ["reset"]}}
    indirect = _Graph(rows, reached=[("helpers.py", "log")],
                      references={("helpers.py", "log"): [["state_method", "Ledger.record", 9]]})
    assert with_first_calls(indirect, {}) == {}


def test_a_row_of_the_defining_file_itself_is_not_the_view_s():
    graph = _Graph({"state.py": [_row("Ledger", "record", ["reset"])]})
    assert with_first_calls(graph, {}) == {}
