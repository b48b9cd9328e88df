"""The shortcuts that skip astroid's look-up never change what a name resolves to.

names.qualified_name skips the look-up for names that no import or plain assignment binds,
may_denote rules out ``x.y.z`` for any API not ending in ``z``, TracedFunction.is_local skips
names no scope between the use and the frame binds, resolve_callables names no def or plain
assignment binds, and TFG107 names no scope around the frame binds. Each is checked here against
the full look-up on every name, attribute and call of the example files, and all together by
the findings on every example.
"""

from __future__ import annotations

from pathlib import Path

import astroid
import pytest
from astroid import nodes

from tfgraph_lint.analysis import callables, function_creations, graph_index, names, node_index
from tfgraph_lint.analysis.callables import own_nodes
from tfgraph_lint.analysis.graph_index import GraphIndex
from tfgraph_lint.analysis.names import (
    call_qualname,
    calls_named,
    final_components,
    may_denote,
    qualified_name,
)
from tfgraph_lint.analysis.node_index import descendants
from tfgraph_lint.core import tf_api
from tfgraph_lint.engine import lint_source
from tfgraph_lint.rules.side_effects import mutable_global_capture

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "fixtures").glob("*/*.py")) + sorted((ROOT / "tests" / "rules" / "cases").glob("*.py"))
# Every API name some part of the linter asks about, and the compat spellings of a few.
NAMED_APIS = frozenset({tf_api.TF_FUNCTION, *tf_api.GRAPH_BUILDERS, *tf_api.PYTHON_FUNCTION_WRAPPERS,
                        "tensorflow", "keras", "tensorflow.data.Dataset.from_generator"})


class _EveryName:
    def __contains__(self, name: str) -> bool:
        return True


def _parse(path: Path) -> nodes.Module:
    return astroid.parse(path.read_text(encoding="utf-8"), module_name="example")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_skipping_unbound_names_resolves_the_same(path: Path, monkeypatch):
    module = _parse(path)
    expressions = descendants(module, nodes.Name, nodes.Attribute)
    fast = [qualified_name(expr) for expr in expressions]
    node_index.index_of(module).memos.clear()  # forget the answers: resolve all again, the long way
    monkeypatch.setattr(names, "_aliasable_names", lambda module: _EveryName())
    slow = [qualified_name(expr) for expr in expressions]
    assert fast == slow
    assert any(slow) or "import" not in path.read_text(encoding="utf-8")  # the files do resolve names


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_may_denote_rules_out_only_calls_of_other_names(path: Path):
    for call in descendants(_parse(path), nodes.Call):
        name = call_qualname(call)
        if name is not None:
            assert may_denote(call.func, frozenset({name})), call.as_string()
        if not may_denote(call.func, NAMED_APIS):
            assert name not in NAMED_APIS, call.as_string()


def test_final_components_include_whole_name_aliases():
    assert final_components(frozenset({"tensorflow.function"})) == {"function"}
    # tensorflow.compat.v2 resolves to tensorflow itself: a chain ending in v2 may denote it.
    assert "v2" in final_components(frozenset({"tensorflow"}))


def test_calls_named_follows_aliases_and_skips_other_methods():
    module = astroid.parse(
        "import tensorflow as tf\n"
        "from tensorflow import function as tff\n"
        "wrap = tf.function\n"
        "tf.function(f)\n"
        "tff(g)\n"
        "wrap(h)\n"
        "tf.compat.v2.function(i)\n"
        "tf.map_fn(j, x)\n"
        "obj.function(k)\n"
    )
    found = calls_named(module, frozenset({tf_api.TF_FUNCTION}))
    assert [call.args[0].name for call in found] == ["f", "g", "h", "i"]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_is_local_agrees_with_astroid_lookup(path: Path):
    module = _parse(path)
    index = GraphIndex(module)
    compared = 0
    for traced in index.traced.values():
        frame = traced.frame
        for name in own_nodes(traced.node):
            if not isinstance(name, (nodes.Name, nodes.AssignName)):
                continue
            scope, _ = name.lookup(name.name)
            assert traced.is_local(name) == (scope is frame or frame.parent_of(scope)), name.as_string()
            compared += 1
    assert compared or not index.traced


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_resolving_callables_skips_only_names_bound_to_no_function(path: Path, monkeypatch):
    module = _parse(path)
    expressions = descendants(module, nodes.Name, nodes.Attribute, nodes.Call, nodes.Lambda)
    fast = [callables.resolve_callables(expr) for expr in expressions]
    node_index.index_of(module).memos.clear()
    monkeypatch.setattr(callables, "_callable_names", lambda node: callables._EVERY_NAME)
    slow = [callables.resolve_callables(expr) for expr in expressions]
    assert fast == slow


def _findings(path: Path) -> list:
    return [(f.code, f.line, f.column, f.message) for f in lint_source(path.read_text(encoding="utf-8"), str(path))]


def test_findings_are_the_same_with_every_shortcut_off(monkeypatch):
    """The end-to-end check: all examples, all rules, with and without the shortcuts."""
    fast = {path: _findings(path) for path in EXAMPLES}
    monkeypatch.setattr(names, "_aliasable_names", lambda module: _EveryName())
    monkeypatch.setattr(names, "may_denote", lambda expr, qualnames: True)
    monkeypatch.setattr(graph_index, "may_denote", lambda expr, qualnames: True)
    monkeypatch.setattr(function_creations, "may_denote", lambda expr, qualnames: True)
    monkeypatch.setattr(callables, "_callable_names", lambda node: callables._EVERY_NAME)
    monkeypatch.setattr(mutable_global_capture, "_bound_outside", lambda name, frame: True)
    monkeypatch.setattr(graph_index.TracedFunction, "is_local", _is_local_by_lookup)
    slow = {path: _findings(path) for path in EXAMPLES}
    assert fast == slow
    assert sum(map(len, fast.values())) > 100  # the examples do report


def _is_local_by_lookup(traced, name) -> bool:
    scope, _ = name.lookup(name.name)
    return scope is traced.frame or traced.frame.parent_of(scope)
