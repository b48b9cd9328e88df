"""What markers cannot express: why a function is traced, with what confidence, and the options."""

from __future__ import annotations

import textwrap

import astroid
from astroid import nodes

from tfgraph_lint.analysis.graph_index import GraphIndex, TraceKind
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.findings import HIGH, INFERENCE
from tfgraph_lint.engine import lint_source


def index_of(source: str, config: Config | None = None) -> tuple[GraphIndex, dict[str, nodes.NodeNG]]:
    module = astroid.parse(textwrap.dedent(source))
    functions = {fn.name: fn for fn in module.nodes_of_class(nodes.FunctionDef)}
    return GraphIndex(module, config), functions


def test_helper_chain_names_the_traced_caller():
    index, fns = index_of("""
        import tensorflow as tf
        def leaf(x): return x
        def middle(x): return leaf(x)
        @tf.function
        def step(x): return middle(x)
    """)
    leaf = index.traced_function(fns["leaf"])
    assert leaf.reason.kind == TraceKind.CALLED
    assert leaf.root.node is fns["step"]
    assert leaf.chain == (
        "'leaf' is called from 'middle' at line 4",
        "'middle' is called from 'step' at line 6",
        "'step' is decorated with @tf.function (line 5)",
    )
    assert leaf.subject == "'leaf' (called from 'middle', reached from tf.function 'step')"


def test_decorator_beats_weaker_reasons_and_records_options():
    index, fns = index_of("""
        import tensorflow as tf
        @tf.function(autograph=False, input_signature=[tf.TensorSpec([], tf.int32)])
        def inner(x): return x
        @tf.function
        def outer(x): return inner(x)
    """)
    inner = index.traced_function(fns["inner"])
    assert inner.reason.kind == TraceKind.DECORATOR
    assert inner.reason.input_signature and not inner.autograph
    assert index.traced_function(fns["outer"]).reason.input_signature is False


def test_keras_methods_are_inference_and_can_be_turned_off():
    source = """
        import tensorflow as tf
        class Net(tf.keras.Model):
            def call(self, x):
                print(x)
                return x
    """
    findings = lint_source(textwrap.dedent(source), "net.py", Config.every_rule())
    assert [(f.line, f.confidence) for f in findings] == [(5, INFERENCE)]
    assert lint_source(textwrap.dedent(source), "net.py", Config.every_rule(keras_methods=False)) == []


def test_dataset_by_name_only_is_inference_by_construction_high():
    source = textwrap.dedent("""
        import tensorflow as tf
        ds = load()
        ds.map(lambda x: print(x))
        tf.data.Dataset.range(3).map(lambda x: print(x))
    """)
    assert [(f.line, f.confidence) for f in lint_source(source, "d.py", Config.every_rule())] == [(4, INFERENCE), (5, HIGH)]


def test_configured_wrapper_decorator_is_traced():
    source = textwrap.dedent("""
        import tensorflow as tf
        from tf_agents.utils import common
        @common.function
        def step(x):
            print(x)
    """)
    assert lint_source(source, "a.py") == []
    config = Config(extra_function_decorators=("tf_agents.utils.common.function",))
    [finding] = lint_source(source, "a.py", config)
    assert finding.traced_because == ("'step' is decorated with @common.function (line 4)",)


def test_syntax_errors_are_reported_with_or_without_tensorflow():
    for text in ("x = 1\ndef broken(:\n", "import tensorflow\ndef broken(:\n"):
        [failure] = lint_source(text, "f.py")
        assert failure.code == "TFG001" and failure.line == 2
        assert failure.message.startswith("could not analyse: syntax error")


def test_files_without_tensorflow_are_screened_out(monkeypatch):
    import tfgraph_lint.engine as engine

    def no_astroid(*args, **kwargs):
        raise AssertionError("astroid was asked to build a file that cannot contain graph code")

    monkeypatch.setattr(engine.parsing, "parse_module", no_astroid)
    assert lint_source("def f(x):\n    print(x)\n", "plain.py") == []


def test_in_traced_code_covers_a_traced_function_and_what_it_nests():
    module = astroid.parse(
        "import tensorflow as tf\n\n@tf.function\ndef step(x):\n    def inner(y):\n        return y\n"
        "    return inner(x)\n\ndef plain(z):\n    return z\n"
    )
    index = GraphIndex(module)
    step, plain = module.body[1], module.body[2]
    inner = step.body[0]
    assert index.in_traced_code(step) and index.in_traced_code(inner)
    assert index.in_traced_code(inner.body[0].value)  # a node deep inside
    assert not index.in_traced_code(plain) and not index.in_traced_code(module) and not index.in_traced_code(None)
