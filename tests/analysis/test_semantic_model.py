"""Each question rules share is answered in one place: the semantic model (analysis/semantic.py)
and the one function behind each of its answers. The private copies it replaced stay gone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tfgraph_lint.analysis.constant_values import UNKNOWN, Follow, constant, is_none, number
from tfgraph_lint.analysis.once_guards import is_once_guard, guards_unset_name, unset_tests
from tfgraph_lint.analysis.parsing import parse_module

PACKAGE = Path(__file__).resolve().parents[2] / "tfgraph_lint"

# Names of the duplicates: six private "who calls f" caches, three create-once-guard grammars,
# four constant evaluators and three ``_is_none``, a second tf.function-creation detector; the
# rule-local "is this a tensor" refinements that tensor evidence (analysis/tensor_evidence.py)
# now answers as named kinds (tensor_or_variable, builder_argument, possible_tensor,
# converted_loop, lexical), and a second tensor-type test.
REMOVED = (
    "_Callers", "_calls_of", "_CallSites", "_calls_of_tf_function", "_calls_in_graph", "_calls_from_graph",
    "_sites_calling", "_tf_calls", "_call_sites",
    "_is_once_test", "_tests_unset",
    "constant_value", "numeric_literal", "_literal_value", "_int_value", "_is_none",
    "_tf_function_decorator", "_wrapped_target",
    "_int_literal", "_declares_input_signature", "def creations",
    "_tensor_confidence", "_is_builder_parameter", "_filled_by_builder", "_tensor_kind", "_tensor_condition",
    "_tensor_iterable", "_tensor_loop", "enclosing_tensor_loops", "_from_python_returning_call",
    "_PYTHON_RETURNING_PREFIXES", "_tests_for_tensor",
)
# What a rule asks the semantic model (``context.constant``, ``context.is_once_guard``,
# ``context.tf_function_at``) rather than calling the function behind it beside the model.
ASKED_OF_THE_MODEL = {"constant_values": ("constant",), "once_guards": ("is_once_guard", "unset_tests"),
                      "function_creations": ("tf_function_at",)}
# ``x is None`` for a node, spelled out again instead of asking ``constant_values.is_none``.
_NONE_TEST = re.compile(r"isinstance\((\w+(?:\.\w+)*), nodes\.Const\) and \1\.value is None")


def _definitions_and_uses(name: str) -> list[str]:
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    return [f"{path.relative_to(PACKAGE)}:{number}" for path in sorted(PACKAGE.rglob("*.py"))
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if pattern.search(line)]


@pytest.mark.parametrize("name", REMOVED)
def test_a_removed_duplicate_stays_gone(name):
    found = _definitions_and_uses(name)
    assert not found, f"{name} is back ({found}): ask the semantic model (analysis/semantic.py) instead"


def _model_functions_imported(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    found = []
    for module, names in ASKED_OF_THE_MODEL.items():
        for imported in re.findall(rf"^from tfgraph_lint\.analysis\.{module} import \(?([^)\n]*(?:\n[^)]*)?)\)?$",
                                   text, re.M):
            found += [name for name in re.findall(r"\w+", imported) if name in names]
    return found


@pytest.mark.parametrize("path", sorted((PACKAGE / "rules").rglob("*.py")), ids=lambda p: p.name)
def test_rules_ask_the_semantic_model(path):
    found = _model_functions_imported(path)
    assert not found, f"{path.name} imports {found}: ask the context (context.constant, ...) instead"


def test_the_import_check_sees_an_import_of_a_model_function(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("from tfgraph_lint.analysis.constant_values import UNKNOWN, Follow, constant\n"
                     "from tfgraph_lint.analysis.once_guards import (\n    guards_unset_name,\n    is_once_guard,\n)\n",
                     encoding="utf-8")
    assert _model_functions_imported(probe) == ["constant", "is_once_guard"]


def test_is_none_is_asked_not_spelled_out():
    found = [f"{path.relative_to(PACKAGE)}:{number}" for path in sorted(PACKAGE.rglob("*.py"))
             if path.name != "constant_values.py"
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _NONE_TEST.search(line)]
    assert not found, f"ask constant_values.is_none: {found}"
    assert _NONE_TEST.search("(isinstance(stmt.value, nodes.Const) and stmt.value.value is None)")


def test_the_search_finds_a_name_that_is_there():
    assert _definitions_and_uses("unset_tests"), "the grep above must be able to fail"


def _expr(source: str):
    return parse_module(f"{source}\n", "probe", "probe.py").body[-1].value


@pytest.mark.parametrize(("source", "follow", "expected"), [
    ("3", Follow.LITERAL, 3),
    ("-0.5", Follow.LITERAL, -0.5),
    ("+2", Follow.LITERAL, 2),
    ("-True", Follow.LITERAL, UNKNOWN),  # bools are switches, not numbers
    ("N = 8\nN", Follow.LITERAL, UNKNOWN),
    ("N = 8\nN", Follow.ONE_BINDING, 8),
    ("if x:\n    N = 8\nelse:\n    N = 9\nN", Follow.ONE_BINDING, UNKNOWN),
    ("N = 8\nif x:\n    N = 8\nN", Follow.EVERY_BINDING, 8),
    ("N = 8\nif x:\n    N = 9\nN", Follow.EVERY_BINDING, UNKNOWN),
])
def test_constant_follows_as_far_as_asked(source, follow, expected):
    found = constant(_expr(source), follow)
    assert found is UNKNOWN if expected is UNKNOWN else found == expected


def test_constant_reads_literal_collections_only_when_asked():
    expr = _expr("[1, None, ('a', 2.0)]")
    assert constant(expr) is UNKNOWN
    assert constant(expr, Follow.LITERAL, collections=True) == ("List", (1, None, ("Tuple", ("a", 2.0))))
    assert constant(_expr("[1, x]"), Follow.LITERAL, collections=True) is UNKNOWN
    assert number(_expr("True")) is None and number(_expr("-3")) == -3
    assert is_none(_expr("None")) and not is_none(_expr("0"))


@pytest.mark.parametrize(("test", "guard"), [
    ("self._fn is None", True),
    ("not self._fns", True),
    ("not hasattr(self, '_fn')", True),
    ("key not in self._cache", True),
    ("self._fn is None or rebuild", True),
    ("self._fn is not None", False),
    ("self._fn", False),
    ("key in self._cache", False),
    ("not make()", False),
])
def test_is_once_guard(test, guard):
    assert is_once_guard(_expr(test)) is guard


def test_unset_tests_reads_branches():
    (unset,) = unset_tests(_expr("not (self.v is not None)"))
    assert (unset.subject.as_string(), unset.side, unset.truthy) == ("self.v", "body", False)
    assert [u.subject.as_string() for u in unset_tests(_expr("self.a is None and self.b is None"))] == \
        ["self.a", "self.b"]
    assert unset_tests(_expr("self.a is None or self.b is None")) == []
    assert guards_unset_name(_expr("TABLE is None"), "TABLE")
    assert not guards_unset_name(_expr("TABLE is None"), "OTHER")
