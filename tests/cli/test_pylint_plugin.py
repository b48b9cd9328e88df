"""The Pylint plugin: message identity, parity with the CLI engine, pragmas and options.

Pylint runs in-process (``Run(..., exit=False)`` with a collecting reporter), with an empty
rcfile so no user or project configuration leaks in, and with only our messages enabled.
Columns are compared as both front ends hold them: 0-based, as astroid and Pylint count.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import subprocess
import sys
import textwrap
from collections import defaultdict
from pathlib import Path

import pytest
from pylint.lint import PyLinter, Run
from pylint.reporters import CollectingReporter

import tfgraph_lint
from tfgraph_lint import engine
from tfgraph_lint.core.config import Config
from tfgraph_lint.core.markers import parse_markers
from tfgraph_lint.core.registry import ANALYSIS_FAILED, INTERNAL_ERROR, RULES
from tfgraph_lint.pylint_plugin import TFGraphChecker

from annotated import CASES, FIXTURES, REPO

OUR_SYMBOLS = {rule.symbol for rule in RULES}
OUR_BLOCK = "87"

# Every example file there is: the fixtures (bad and good) and the edge-case files.
EXAMPLES = sorted(FIXTURES.glob("*/bad.py")) + sorted(FIXTURES.glob("*/good.py")) + sorted(CASES.glob("*.py"))


# --------------------------------------------------------------------------- helpers

@pytest.fixture(scope="session")
def empty_rcfile(tmp_path_factory) -> Path:
    rcfile = tmp_path_factory.mktemp("pylint") / "pylintrc"
    rcfile.write_text("[MAIN]\n", encoding="utf-8")
    return rcfile


def run_pylint(paths, rcfile: Path, *options: str, enable=None, all_of_pylint=False) -> list:
    """Pylint's messages in ``enable`` (default: ours) for ``paths``, run in-process.

    Only the enabled messages' checkers run, unless ``all_of_pylint`` keeps Pylint's defaults on.
    """
    enable = sorted(OUR_SYMBOLS) if enable is None else enable
    selection = [] if all_of_pylint else ["--disable=all", f"--enable={','.join(enable)}"]
    reporter = CollectingReporter()
    Run(
        [
            f"--rcfile={rcfile}",
            "--persistent=n",
            "--score=n",
            "--load-plugins=tfgraph_lint",
            *selection,
            *options,
            *(str(path) for path in paths),
        ],
        reporter=reporter,
        exit=False,
    )
    return [message for message in reporter.messages if message.symbol in enable]


def pylint_rows(messages) -> set[tuple]:
    return {
        (m.line, m.column, m.end_line, m.end_column, m.symbol, m.msg, m.confidence.name)
        for m in messages
    }


def cli_rows(findings) -> set[tuple]:
    return {
        (f.line, f.column, f.end_line, f.end_column, f.symbol, f.message, f.confidence)
        for f in findings
        # Pylint reports files it cannot parse itself (syntax-error), never through the plugin.
        if f.rule is not ANALYSIS_FAILED
    }


def write(tmp_path: Path, name: str, source: str) -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return path


def expected_lines(path: Path) -> set[tuple[int, str]]:
    return set(parse_markers(path.read_text(encoding="utf-8")).expected)


# ------------------------------------------------------------- (1) message identity

def test_msgids_are_unique_and_all_in_block_87():
    msgids = [rule.msgid for rule in RULES]
    symbols = [rule.symbol for rule in RULES]
    assert len(set(msgids)) == len(msgids), "duplicate Pylint msgid in the registry"
    assert len(set(symbols)) == len(symbols), "duplicate symbol in the registry"
    for rule in RULES:
        assert re.fullmatch(r"[EWR]87\d\d", rule.msgid), rule
        assert re.fullmatch(r"[a-z]+(?:-[a-z]+)+", rule.symbol), rule


def test_checker_declares_every_registry_rule():
    assert TFGraphChecker.name == "tfgraph-lint"
    assert set(TFGraphChecker.msgs) == {rule.msgid for rule in RULES}
    for rule in RULES:
        template, symbol, description = TFGraphChecker.msgs[rule.msgid]
        assert (template, symbol) == ("%s", rule.symbol)
        assert rule.summary in description


def test_no_clash_with_pylint_and_all_its_extensions():
    """Pylint, every pylint.extensions module and our checker load together; block 87 is ours alone."""
    import pylint.extensions

    linter = PyLinter()
    linter.load_default_plugins()
    extensions = [
        f"pylint.extensions.{info.name}"
        for info in pkgutil.iter_modules(pylint.extensions.__path__)
        if not info.name.startswith("_")
    ]
    assert extensions, "found no Pylint extensions to check against"
    for name in extensions:
        module = importlib.import_module(name)
        if hasattr(module, "register"):
            module.register(linter)
    tfgraph_lint.register(linter)  # raises on a msgid or symbol clash

    ours = [c for c in linter.get_checkers() if isinstance(c, TFGraphChecker)]
    assert len(ours) == 1
    for rule in RULES:
        (definition,) = linter.msgs_store.get_message_definitions(rule.msgid)
        assert definition.symbol == rule.symbol
        assert linter.msgs_store.get_message_definitions(rule.symbol)[0].msgid == rule.msgid

    others = {
        msgid: checker.name
        for checker in linter.get_checkers()
        if not isinstance(checker, TFGraphChecker)
        for msgid in checker.msgs
    }
    in_our_block = {msgid: name for msgid, name in others.items() if msgid[1:3] == OUR_BLOCK}
    assert not in_our_block, f"other checkers use block {OUR_BLOCK}: {in_our_block}"
    assert not OUR_SYMBOLS & {
        definition.symbol
        for checker in linter.get_checkers()
        if not isinstance(checker, TFGraphChecker)
        for definition in checker.messages
    }


def test_package_import_is_light_and_versioned():
    code = (
        "import sys, tfgraph_lint\n"
        "heavy = sorted(m for m in ('pylint', 'astroid', 'tfgraph_lint.engine') if m in sys.modules)\n"
        "assert not heavy, heavy\n"
        "assert callable(tfgraph_lint.register)\n"
        "print(tfgraph_lint.__version__)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    from importlib.metadata import version

    assert result.stdout.strip() == version("tfgraph-lint")


# ------------------------------------------------- (2) same findings as the CLI engine

@pytest.fixture(scope="module")
def pylint_on_examples(empty_rcfile) -> dict[Path, set[tuple]]:
    """One Pylint run over every example file, grouped by file."""
    by_file: dict[Path, list] = defaultdict(list)
    for message in run_pylint(EXAMPLES, empty_rcfile):
        by_file[Path(message.abspath).resolve()].append(message)
    return {path: pylint_rows(messages) for path, messages in by_file.items()}


@pytest.mark.parametrize("path", EXAMPLES, ids=[str(p.relative_to(REPO)) for p in EXAMPLES])
def test_pylint_and_cli_report_the_same_findings(path, pylint_on_examples):
    cli = cli_rows(engine.lint_file(str(path)))
    pylint = pylint_on_examples.get(path.resolve(), set())
    assert sorted(pylint - cli) == [] and sorted(cli - pylint) == [], (
        f"{path.relative_to(REPO)}\n  only in Pylint: {sorted(pylint - cli)}\n"
        f"  only in the CLI: {sorted(cli - pylint)}"
    )


def test_parity_holds_in_a_full_pylint_run(empty_rcfile):
    """With all of Pylint's own checkers inferring over the same trees, our findings do not change."""
    by_file: dict[Path, list] = defaultdict(list)
    for message in run_pylint(EXAMPLES, empty_rcfile, all_of_pylint=True):
        by_file[Path(message.abspath).resolve()].append(message)
    differ = {}
    for path in EXAMPLES:
        cli = cli_rows(engine.lint_file(str(path)))
        pylint = pylint_rows(by_file.get(path.resolve(), []))
        if cli != pylint:
            differ[str(path.relative_to(REPO))] = {
                "only Pylint": sorted(pylint - cli), "only CLI": sorted(cli - pylint),
            }
    assert not differ, differ


def test_parity_covers_a_file_with_findings(pylint_on_examples):
    assert any(pylint_on_examples.values()), "no example produced a finding; the parity test proves nothing"


# --------------------------------------------------- (3) Pylint pragmas, both front ends
#
# Pylint is the reference for what a pragma covers: the markers say what Pylint 4 reports, and
# the CLI (tfgraph_lint/pragmas.py) must report the same. Where Pylint's behaviour is a known
# Pylint bug (pylint-dev/pylint#3888) the CLI may keep the documented meaning: those cases are
# strict xfails, so a change on either side makes the test fail until the mark is removed.

PRAGMAS_DIFFER = "tfgraph_lint/pragmas.py differs from Pylint here: "

PRAGMA_EXAMPLES = {
    "line": """
        import tensorflow as tf


        @tf.function
        def f(x):
            print(x)  # pylint: disable=python-print-in-graph
            print("still reported", x)  # [python-print-in-graph]
            return x
        """,
    "line-by-msgid": """
        import tensorflow as tf


        @tf.function
        def f(x):
            print(x)  # pylint: disable=W8701
            print("still reported", x)  # [python-print-in-graph]
            return x
        """,
    # A pragma on a later line of a multi-line call covers that line only, not the call's first.
    "line-inside-multiline-call": """
        import tensorflow as tf


        @tf.function
        def f(x):
            print(  # [python-print-in-graph]
                x,  # pylint: disable=python-print-in-graph
            )
            print(  # [python-print-in-graph]
                x,
            )  # pylint: disable=python-print-in-graph
            return x
        """,
    "block-own-line-to-end-of-block": """
        import tensorflow as tf


        @tf.function
        def f(x):
            print("before", x)  # [python-print-in-graph]
            # pylint: disable=python-print-in-graph
            print(x)
            print(x, x)
            return x


        @tf.function
        def g(x):
            print(x)  # [python-print-in-graph]
            return x
        """,
    "block-disable-then-enable": """
        import tensorflow as tf


        @tf.function
        def f(x):
            # pylint: disable=python-print-in-graph
            print(x)
            # pylint: enable=python-print-in-graph
            print(x)  # [python-print-in-graph]
            return x
        """,
    "block-class-line-without-bases": """
        import tensorflow as tf


        class C:  # pylint: disable=python-print-in-graph
            @tf.function
            def f(self, x):
                print(x)
                return x


        @tf.function
        def g(x):
            print(x)  # [python-print-in-graph]
            return x
        """,
    "module-top": """
        # pylint: disable=python-print-in-graph
        import tensorflow as tf


        @tf.function
        def f(x):
            print(x)
            return x
        """,
    "disable-next": """
        import tensorflow as tf


        @tf.function
        def f(x):
            # pylint: disable-next=python-print-in-graph
            print(x)
            print("still reported", x)  # [python-print-in-graph]
            return x
        """,
    "other-symbol-does-not-silence": """
        import tensorflow as tf


        @tf.function
        def f(x):
            print(x)  # pylint: disable=unused-import  # [python-print-in-graph]
            return x
        """,
    # Pylint (pylint-dev/pylint#3888): a pragma at the end of a def/if/for/class header covers
    # the whole block only when no child node starts on that line; `def f(x):` has its
    # arguments there, so the pragma covers the def line alone.
    "def-line-with-arguments": """
        import tensorflow as tf


        @tf.function
        def f(x):  # pylint: disable=python-print-in-graph
            print(x)  # [python-print-in-graph]
            return x
        """,
    "if-line": """
        import tensorflow as tf


        @tf.function
        def f(x):
            if x:  # pylint: disable=python-print-in-graph
                print(x)  # [python-print-in-graph]
            return x
        """,
    "class-line-with-bases": """
        import numpy as np
        import tensorflow as tf


        class M(tf.keras.Model):  # pylint: disable=python-random-in-graph
            def call(self, x):
                return x + np.random.uniform()  # [python-random-in-graph]
        """,
    # Pylint treats `disable=all` anywhere as `skip-file` (deprecated spelling).
    "disable-all-is-skip-file": """
        import tensorflow as tf


        @tf.function
        def f(x):
            print(x)  # pylint: disable=all
            return x


        @tf.function
        def g(x):
            print(x)
            return x
        """,
    "skip-file": """
        # pylint: skip-file
        import tensorflow as tf


        @tf.function
        def f(x):
            print(x)
            return x
        """,
}

PRAGMA_DIVERGENCES: dict[str, str] = {}  # none left: the CLI copies what Pylint does


# Pylint's complaints about a pragma it cannot read: an example must not rely on one.
PRAGMA_PROBLEMS = {"bad-inline-option", "unrecognized-inline-option", "unknown-option-value"}


def _pragma_params():
    for name in sorted(PRAGMA_EXAMPLES):
        marks = []
        if name in PRAGMA_DIVERGENCES:
            marks.append(pytest.mark.xfail(strict=True, reason=PRAGMAS_DIFFER + PRAGMA_DIVERGENCES[name]))
        yield pytest.param(name, marks=marks, id=name)


def _lint_pragma_example(name, tmp_path, rcfile):
    path = write(tmp_path, f"{name.replace('-', '_')}.py", PRAGMA_EXAMPLES[name])
    cli = {(f.line, f.symbol) for f in engine.lint_file(str(path))}
    messages = run_pylint([path], rcfile, enable=sorted(OUR_SYMBOLS | PRAGMA_PROBLEMS))
    problems = [(m.line, m.symbol, m.msg) for m in messages if m.symbol in PRAGMA_PROBLEMS]
    assert not problems, f"Pylint could not read a pragma of the example: {problems}"
    pylint = {(m.line, m.symbol) for m in messages}
    return expected_lines(path), cli, pylint


@pytest.mark.parametrize("name", sorted(PRAGMA_EXAMPLES))
def test_pylint_applies_pragmas_to_plugin_messages(name, tmp_path, empty_rcfile):
    expected, _cli, pylint = _lint_pragma_example(name, tmp_path, empty_rcfile)
    assert pylint == expected, f"Pylint reported {sorted(pylint)}"


@pytest.mark.parametrize("name", list(_pragma_params()))
def test_cli_honours_pragmas_like_pylint(name, tmp_path, empty_rcfile):
    expected, cli, pylint = _lint_pragma_example(name, tmp_path, empty_rcfile)
    assert cli == pylint == expected, f"CLI {sorted(cli)}, Pylint {sorted(pylint)}, markers {sorted(expected)}"


def test_pragma_examples_keep_a_control_finding():
    silent = {"module-top", "disable-all-is-skip-file", "skip-file"}
    for name, source in PRAGMA_EXAMPLES.items():
        assert bool(parse_markers(textwrap.dedent(source)).expected) != (name in silent), name


# ------------------------------------------------------------------------ (4) options

CUSTOM_DECORATOR = """
    import mylib


    @mylib.traced
    def f(x):
        print(x)  # [python-print-in-graph]
        return x
    """

KERAS_MODEL = """
    import numpy as np
    import tensorflow as tf


    class Model(tf.keras.Model):
        def call(self, x):
            return x + np.random.uniform()  # [python-random-in-graph]
    """


def test_function_decorators_option(tmp_path, empty_rcfile):
    path = write(tmp_path, "custom.py", CUSTOM_DECORATOR)
    expected = expected_lines(path)

    assert run_pylint([path], empty_rcfile) == []
    with_option = run_pylint([path], empty_rcfile, "--tfgraph-function-decorators=other.deco, mylib.traced")
    assert {(m.line, m.symbol) for m in with_option} == expected

    # The CLI engine, configured the same way, agrees to the column.
    config = Config(extra_function_decorators=("other.deco", "mylib.traced"))
    assert pylint_rows(with_option) == cli_rows(engine.lint_file(str(path), config))


def test_function_decorators_option_from_a_pylint_config_file(tmp_path):
    path = write(tmp_path, "custom.py", CUSTOM_DECORATOR)
    rcfile = tmp_path / "pylintrc"
    rcfile.write_text("[MAIN]\ntfgraph-function-decorators=mylib.traced\n", encoding="utf-8")
    assert {(m.line, m.symbol) for m in run_pylint([path], rcfile)} == expected_lines(path)


def test_keras_methods_option(tmp_path, empty_rcfile):
    path = write(tmp_path, "model.py", KERAS_MODEL)
    default = run_pylint([path], empty_rcfile)
    assert {(m.line, m.symbol) for m in default} == expected_lines(path)
    assert pylint_rows(default) == cli_rows(engine.lint_file(str(path)))

    assert run_pylint([path], empty_rcfile, "--tfgraph-keras-methods=n") == []
    assert cli_rows(engine.lint_file(str(path), Config(keras_methods=False))) == set()


# ------------------------------------------------- the adapter itself never crashes Pylint

def test_only_enabled_rules_run(tmp_path, empty_rcfile, monkeypatch):
    path = write(tmp_path, "bad.py", (FIXTURES / "TFG101-python-print-in-graph" / "bad.py").read_text())
    seen: list[Config] = []
    real = engine.analyze_module

    def spy(module, file_path, config):
        seen.append(config)
        return real(module, file_path, config)

    monkeypatch.setattr(engine, "analyze_module", spy)
    run_pylint([path], empty_rcfile, enable=["python-print-in-graph"])
    assert [config.enabled_codes for config in seen] == [frozenset({"TFG101"})]

    seen.clear()
    run_pylint([path], empty_rcfile, enable=[INTERNAL_ERROR.symbol])
    assert seen == [], "no hazard message enabled: the engine must not run"


def test_adapter_failure_becomes_internal_error_message(tmp_path, empty_rcfile, monkeypatch):
    path = write(tmp_path, "bad.py", (FIXTURES / "TFG101-python-print-in-graph" / "bad.py").read_text())

    def broken(module, file_path, config):
        raise RuntimeError("boom")

    monkeypatch.setattr(engine, "analyze_module", broken)
    messages = run_pylint([path], empty_rcfile)
    assert [(m.symbol, m.line) for m in messages] == [(INTERNAL_ERROR.symbol, 1)]
    assert "RuntimeError: boom" in messages[0].msg


def test_files_without_graph_code_are_screened_out(tmp_path, empty_rcfile, monkeypatch):
    path = write(tmp_path, "plain.py", "def f(x):\n    print(x)\n")
    called = []
    monkeypatch.setattr(engine, "analyze_module", lambda *args: called.append(args) or [])
    assert run_pylint([path], empty_rcfile) == []
    assert called == [], "a file that names no TensorFlow/Keras package needs no analysis"
