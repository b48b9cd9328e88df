"""Fuzzing, bounded for every test run: the engine survives random and mutated programs.

Random programs come from hypothesmith, put into graph code; mutated ones are the example files
with statements shuffled, tracing decorators and wrapping calls added, identifiers renamed,
statements dropped, duplicated or nested in new blocks, and functions turned into Keras methods
(tests/fuzz_programs.py). The property: linting never raises and
never reports an internal error. Runs are derandomized, so a failure here is reproducible; the
long, random run is ``python scripts/fuzz.py``.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tfgraph_lint.rules.side_effects import python_print

from fuzz_programs import (
    EXAMPLE_FILES,
    engine_survives,
    generated_programs,
    inside_tf_function,
    mutated_examples,
)

# hypothesmith compiles what it generates, and the compiler warns about code like ``1()``.
pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")

BOUNDED = settings(
    derandomize=True,
    database=None,  # no saved examples (hypothesis's own .hypothesis/ folder git-ignores itself)
    deadline=None,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)


@settings(BOUNDED, max_examples=120)
@given(generated_programs())
def test_grammar_generated_programs(text):
    engine_survives(text)


@settings(BOUNDED, max_examples=12)
@given(generated_programs(node_based=True))
def test_syntax_tree_generated_programs(text):
    engine_survives(text)


@settings(BOUNDED, max_examples=250)
@given(mutated_examples())
def test_mutated_example_files(example):
    name, text = example
    engine_survives(text, path=name.split(" ")[0])


def test_every_example_file_as_one_tf_function_body():
    """Each example's statements all in graph code at once: every rule sees every shape."""
    assert len(EXAMPLE_FILES) > 20
    for path in EXAMPLE_FILES:
        engine_survives(inside_tf_function(path.read_text(encoding="utf-8")), path=path.name)


# Programs the long run found, shrunk by hand: each once broke the engine.
FOUND_BY_FUZZING = {
    # statements shuffled: the import after the function, so the lambda's tf.cond is the root
    # of a trace chain that leads back to itself (TFG107 recursed without end)
    "cyclic-trace-chain": (
        "@tf.function\n"
        "def through_cond(n):\n"
        "    return tf.cond(n <= 1, lambda: n, lambda: through_cond(n - 1) * n)\n"
        "import tensorflow as tf\n"
    ),
    # the same cycle in ordinary code: a plain function that recurses through a tf.cond branch
    "recursion-through-cond": (
        "import tensorflow as tf\n"
        "def factorial(n):\n"
        "    return tf.cond(n <= 1, lambda: n, lambda: factorial(n - 1) * n)\n"
    ),
}


@pytest.mark.parametrize("text", FOUND_BY_FUZZING.values(), ids=FOUND_BY_FUZZING.keys())
def test_programs_found_by_fuzzing(text):
    engine_survives(text)


def test_the_property_catches_a_failing_rule(monkeypatch):
    """A rule that raises is caught by the property, so the silence above means something."""

    def explode(context):
        raise RuntimeError("planted bug")

    monkeypatch.setattr(python_print, "check", explode)
    with pytest.raises(AssertionError, match="TFG002: internal error in rule TFG101.*planted bug"):
        engine_survives(inside_tf_function("print(x)\n"))
