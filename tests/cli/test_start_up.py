"""A short run (one file, as an editor or a pre-commit hook starts the tool) loads only what it
uses: no output format it was not asked for, no fixer, no runtime, no TOML parser without a
configuration file, and it compiles no notebook, pragma or requirements pattern the file gives no
use for."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ONE_FILE = 'import tensorflow as tf\n\n\n@tf.function\ndef f(x):\n    print("value", x)\n    return x\n'

# Runs the command line in a fresh interpreter and prints what it loaded.
PROBE = """
import contextlib, io, json, sys
from tfgraph_lint.cli.commands import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
from tfgraph_lint.analysis import declared_tensorflow
from tfgraph_lint.core import notebooks, pragmas
print(json.dumps({"modules": sorted(sys.modules),
                  "compiled": [name for module in (notebooks, pragmas, declared_tensorflow)
                               for name, value in vars(module).items()
                               if type(value).__name__ == "LazyPattern" and value._compiled is not None],
                  "eager": [name for module in (notebooks, pragmas, declared_tensorflow)
                            for name, value in vars(module).items() if type(value).__name__ == "Pattern"]}))
"""

# hashlib (OpenSSL) digests only what a cache keeps: a run without one tells texts apart by Python's hash.
NOT_ASKED_FOR = ("tfgraph_lint.output.sarif", "tfgraph_lint.output.github_format", "tfgraph_lint.fixes",
                 "tfgraph_lint.runtime", "difflib", "tomllib", "tfgraph_lint.core.docs",
                 "tfgraph_lint.core.notebook_prose", "hashlib")


# What only other kinds of files or projects ask (one module or two per place that defers them):
# other output formats, the project view's rows of a file other files import, a rule's weighing
# of a candidate finding, Keras classes, notebooks, pytest fixtures, scripts-only projects.
NOT_ASKED_BY_THE_FILE = (
    "tfgraph_lint.output.line_formats", "tfgraph_lint.analysis.keras_instance_rows",
    "tfgraph_lint.analysis.first_calls", "tfgraph_lint.analysis.unknown_decorators",
    "tfgraph_lint.rules.side_effects.forced_traces", "tfgraph_lint.rules.retracing.tf_function_messages",
    "tfgraph_lint.analysis.instance_uses", "tfgraph_lint.analysis.keras_models", "tfgraph_lint.analysis.slot_targets",
    "tfgraph_lint.core.notebook_json", "tfgraph_lint.analysis.pytest_parameters", "tfgraph_lint.cli.view_reach",
    "tfgraph_lint.analysis.unloaded_modules", "tfgraph_lint.analysis.returned_tensors", "tfgraph_lint.analysis.tensor_lists",
)


def _loaded(tmp_path, *options: str) -> dict:
    path = tmp_path / "train_step.py"
    path.write_text(ONE_FILE)
    result = subprocess.run([sys.executable, "-c", PROBE, "check", "--no-cache", *options, str(path)],
                            capture_output=True, text=True, cwd=tmp_path, check=True)
    return json.loads(result.stdout)


def test_a_one_file_run_loads_only_what_it_uses(tmp_path):
    loaded = _loaded(tmp_path, "--format", "json")
    assert "tfgraph_lint.rules" in loaded["modules"]  # the file was analysed
    assert not [m for m in loaded["modules"] if m.startswith(NOT_ASKED_FOR)]
    assert not [m for m in loaded["modules"] if m in NOT_ASKED_BY_THE_FILE]
    assert loaded["compiled"] == ["_NOQA"]  # the findings are checked for a noqa comment
    assert loaded["eager"] == []  # no pattern of theirs is compiled at import
    # Their value classes are core.records.Record, not dataclasses, which compile their methods
    # at every import.
    assert "dataclasses" not in loaded["modules"]
    # The analysis infers nothing: astroid's inference support for other modules is not loaded.
    assert "astroid.nodes" in loaded["modules"]
    assert not [m for m in loaded["modules"] if m.startswith("astroid.brain.brain_")]


def test_astroid_imported_before_the_command_keeps_its_brains():
    import astroid

    from tfgraph_lint.cli import astroid_brains

    manager_module = sys.modules["astroid.astroid_manager"]
    astroid_brains.skip_brains()
    assert sys.modules["astroid.astroid_manager"] is manager_module
    assert "astroid.brain.brain_builtin_inference" in sys.modules  # registered on first import
    assert astroid.MANAGER is manager_module.MANAGER


def test_a_command_line_process_gets_astroid_s_manager_without_brains(tmp_path):
    probe = ("import sys\nfrom tfgraph_lint.cli import astroid_brains\nastroid_brains.skip_brains()\n"
             "import astroid\nfrom astroid.manager import AstroidManager\n"
             "print(type(astroid.MANAGER) is AstroidManager, astroid.astroid_manager.MANAGER is astroid.MANAGER,\n"
             "      len(AstroidManager.brain['_transform'].transforms),\n"
             "      sorted(m for m in sys.modules if m.startswith('astroid.brain.brain_')))\n")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert result.stdout.split() == ["True", "True", "0", "[]"]


@pytest.mark.parametrize(("option", "module"), [("sarif", "tfgraph_lint.output.sarif"),
                                                ("github", "tfgraph_lint.output.github_format")])
def test_an_output_format_loads_when_asked_for(tmp_path, option, module):
    assert module in _loaded(tmp_path, "--format", option)["modules"]


def test_a_configuration_file_loads_the_toml_parser(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.tfgraph-lint]\n")
    assert "tomllib" in _loaded(tmp_path)["modules"]


def test_the_rules_command_offers_the_docs_table_formats():
    from tfgraph_lint.cli.commands import TABLE_FORMATS
    from tfgraph_lint.core.docs import TABLE_FORMATS as DOCS_TABLE_FORMATS

    assert TABLE_FORMATS == DOCS_TABLE_FORMATS


def test_a_why_run_links_each_finding_to_its_rule_page(tmp_path):
    loaded = _loaded(tmp_path, "--why")
    assert "tfgraph_lint.core.docs" in loaded["modules"]


def test_a_run_that_finds_its_file_in_the_cache_reads_no_package_metadata(tmp_path):
    path = tmp_path / "train_step.py"
    path.write_text(ONE_FILE)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", PROBE, "check", str(path)], capture_output=True, text=True,
                           cwd=tmp_path, check=True, env=env) for _ in range(2)]
    first, second = (json.loads(run.stdout)["modules"] for run in runs)
    assert "astroid" in first  # the first run analysed the file; the second found it in the cache
    assert "hashlib" in first and "hashlib" in second  # the cache's keys are digests
    assert "astroid" not in second and "importlib.metadata" not in second


def test_the_tool_fingerprint_follows_astroid_s_version():
    import astroid

    from tfgraph_lint.cli import cache

    assert astroid.__version__ in cache._astroid_version()


# Prints, as the interpreter shuts down (this exit handler, registered first, runs last), how many
# objects the collector had frozen, and the youngest generation's threshold during the run.
_COLLECTOR = """
import atexit, gc, sys
atexit.register(lambda: print("FROZEN", gc.get_freeze_count() > 0, "THRESHOLD", gc.get_threshold()[0]))
if sys.argv[1] == "cli":
    from tfgraph_lint.cli import main
    try:
        main(sys.argv[2:])
    except SystemExit:
        pass
"""


def test_a_command_line_run_collects_seldom_and_skips_the_final_collection(tmp_path):
    from tfgraph_lint.cli.collector import FEWER_COLLECTIONS

    path = tmp_path / "train_step.py"
    path.write_text(ONE_FILE)
    runs = {what: subprocess.run([sys.executable, "-c", _COLLECTOR, what, "check", "--no-cache", str(path)],
                                 capture_output=True, text=True, cwd=tmp_path, check=True).stdout.splitlines()[-1]
            for what in ("cli", "plain")}
    assert runs["cli"] == f"FROZEN True THRESHOLD {FEWER_COLLECTIONS}"
    assert runs["plain"] == "FROZEN False THRESHOLD 700"  # Python's defaults without the command line
