"""The project view's parts on their own: import statements by pattern, call summaries, module
resolution, reachability; and bad input in a project (a file that does not parse, one that cannot
be read, a project too large) never costs the other files their findings."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tfgraph_lint.analysis import module_edges
from tfgraph_lint.analysis.project_graph import ProjectGraph, find_root
from tfgraph_lint.cli import project
from tfgraph_lint.cli.commands import cli

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("path", sorted((REPO / "tfgraph_lint").rglob("*.py"))[:80], ids=lambda p: p.name)
def test_the_import_pattern_finds_what_the_parser_finds(path):
    text = path.read_text(encoding="utf-8")
    assert module_edges.imports_only(text) == module_edges.summary(text)["imports"]


def test_summary_of_text_that_does_not_parse_is_empty():
    assert module_edges.summary("def broken(:\n") == {
        "imports": {}, "functions": {}, "classes": [], "tf_functions": {}, "returns": {}}
    assert module_edges.imports_only("from . import (a,\n") == {}


def test_loop_calls_are_the_calls_a_python_loop_repeats_outside_traced_code():
    text = (
        "import tensorflow as tf\n"
        "from animate import animate\n"
        "for pair in pairs:\n"
        "    animate(pair)\n"                      # repeated, at module level
        "once(pairs)\n"                            # not in a loop
        "kept = [h.run(y) for y in ys]\n"          # repeated, through a module
        "def main():\n"
        "    while True:\n"
        "        m.step()\n"                       # repeated, in a function
        "    for i in tf.range(3):\n"
        "        k()\n"                            # one tf.while_loop: traced once
        "    for x in xs:\n"
        "        def later():\n"
        "            inner()\n"                    # runs when called, not per iteration
        "@tf.function\n"
        "def traced():\n"
        "    for i in range(3):\n"
        "        g()\n"                            # runs while tracing
    )
    assert module_edges.loop_calls(text) == [["animate", None, 4], ["h", "run", 6], ["m", "step", 9]]
    assert module_edges.loop_calls("for x in :\n") == []


def write(root: Path, files: dict[str, str]) -> dict[str, str]:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return {os.path.realpath(root / name): text for name, text in files.items()}


def graph_of(root: Path, texts: dict[str, str]) -> ProjectGraph:
    imports = {file: module_edges.imports_only(text) for file, text in texts.items()}
    return ProjectGraph(str(root), imports, lambda file: module_edges.summary(texts[file]))


def test_resolution_relative_absolute_src_and_reexports(tmp_path):
    texts = write(tmp_path, {
        "src/pkg/__init__.py": "from .core import run\n",
        "src/pkg/core.py": "def run(x):\n    return x\n",
        "src/pkg/sub/deep.py": "from ..core import run\nfrom pkg import run as again\n",
        "script.py": "import helper\n",
        "helper.py": "def h():\n    pass\n",
    })
    graph = graph_of(tmp_path, texts)
    real = {Path(f).relative_to(os.path.realpath(tmp_path)).as_posix(): f for f in texts}
    deep = real["src/pkg/sub/deep.py"]
    assert graph.resolve_reference(deep, "run", None) == (real["src/pkg/core.py"], "run")
    assert graph.resolve_reference(deep, "again", None) == (real["src/pkg/core.py"], "run")  # re-export
    assert graph.resolve_module(real["script.py"], "helper", 0) == real["helper.py"]
    assert graph.resolve_module(real["script.py"], "numpy", 0) is None
    assert graph.importers({real["src/pkg/core.py"]}) == {real["src/pkg/__init__.py"], deep}


def test_a_package_star_import_hands_on_its_modules_public_functions(tmp_path):
    texts = write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/ops/__init__.py": "from .scatter import *\n",
        "pkg/ops/scatter.py": "def scatter_sum(x):\n    return x\n\ndef _private(x):\n    return x\n",
        "pkg/layers.py": "from pkg import ops\nfrom pkg.ops import scatter_sum as summed\n",
    })
    real = {Path(f).relative_to(os.path.realpath(tmp_path)).as_posix(): f for f in texts}
    imports = {file: module_edges.imports_only(text) for file, text in texts.items()}
    graph = ProjectGraph(str(tmp_path), imports, lambda file: module_edges.summary(texts[file]),
                         star_imports=lambda file: module_edges.exports(texts[file])["mirrors"])
    layers, scatter = real["pkg/layers.py"], real["pkg/ops/scatter.py"]
    assert graph.resolve_reference(layers, "ops", "scatter_sum") == (scatter, "scatter_sum")
    assert graph.resolve_reference(layers, "summed", None) == (scatter, "scatter_sum")
    assert graph.resolve_reference(layers, "ops", "_private") is None  # a star import skips private names
    assert scatter in graph.imported_files(real["pkg/ops/__init__.py"])
    assert layers in graph.importers({scatter})
    plain = graph_of(tmp_path, texts)  # without the star imports, none of it is followed
    assert plain.resolve_reference(layers, "ops", "scatter_sum") is None
    assert module_edges.exports(texts[real["pkg/ops/__init__.py"]])["mirrors"] == [["scatter", 1]]


def test_a_reference_is_resolved_once_a_run_and_the_answer_is_the_fresh_one(tmp_path, monkeypatch):
    texts = write(tmp_path, {
        "pkg/__init__.py": "from .core import run, Model\n",
        "pkg/core.py": "class Model:\n    def step(self):\n        pass\n\ndef run(x):\n    return x\n",
        "main.py": "from pkg import run, Model\nimport pkg.core as core\n",
    })
    real = {Path(f).relative_to(os.path.realpath(tmp_path)).as_posix(): f for f in texts}
    main, core = real["main.py"], real["pkg/core.py"]
    questions = [(main, "run", None, 0, False), (main, "Model", None, 0, False), (main, "Model", None, 0, True),
                 (main, "core", "run", 0, False), (main, "core", "Model", 0, True), (main, "core", "nothing", 0, False)]
    fresh = [graph_of(tmp_path, texts).resolve_reference(*question) for question in questions]
    assert fresh == [(core, "run"), None, (core, "Model"), (core, "run"), (core, "Model"), None]
    worked = []
    real_resolve = ProjectGraph._resolve_reference
    monkeypatch.setattr(ProjectGraph, "_resolve_reference",
                        lambda self, *question: (worked.append(question), real_resolve(self, *question))[1])
    graph = graph_of(tmp_path, texts)
    assert [graph.resolve_reference(*question) for question in questions * 2] == fresh * 2
    asked = [question for question in worked if question[3] == 0]  # (re-exports are followed at hops > 0)
    assert sorted(asked, key=repr) == sorted(questions, key=repr)  # each question worked out once


def test_seeds_follow_calls_across_files_and_stop_at_the_origin(tmp_path):
    texts = write(tmp_path, {
        "a.py": "from b import f\n",
        "b.py": "from c import g\n\ndef f(x):\n    return helper(x)\n\ndef helper(x):\n    return g(x)\n",
        "c.py": "def g(x):\n    return x\n",
    })
    graph = graph_of(tmp_path, texts)
    a, b, c = sorted(texts)
    graph.outgoing = {a: [["f", None, None, 3, "passed to Dataset.map", "HIGH"]]}
    seeds = graph.seeds()
    assert seeds[b] == {"f": "passed to Dataset.map in a.py:3"}  # helper: b's own index sees it
    assert seeds[c] == {"g": "called from 'helper' in b.py:7, which is called from 'f' in b.py:4, which "
                             "is passed to Dataset.map in a.py:3"}
    assert a not in seeds


def test_seed_arguments_gather_every_call_and_give_up_on_any_other_way_in(tmp_path):
    texts = write(tmp_path, {
        "a.py": "from b import f, h, k\n",
        "a2.py": "from b import f\n",
        "b.py": "def f(x):\n    return g(x)\n\ndef g(x):\n    return x\n\ndef h(x):\n    return x\n\n"
                "def k(x):\n    return x\n",
    })
    graph = graph_of(tmp_path, texts)
    a, a2, b = sorted(texts)
    static, changing = [[False], []], [[True], [["y", False]]]
    graph.outgoing = {
        a: [["f", None, None, 3, "called from 'step'", "HIGH", [static]],
            ["h", None, None, 4, "called from 'step'", "HIGH", [static]],
            ["h", None, None, 5, "passed to Dataset.map", "HIGH", None],  # handed over too: unknown
            ["k", None, None, 6, "called from 'step'", "HIGH"]],  # an entry without arguments: unknown
        a2: [["f", None, None, 2, "called from 'other'", "HIGH", [changing]]],
    }
    assert graph.seed_arguments() == {b: {"f": [static, changing]}}  # g: b's own index follows f's calls


def test_find_root_prefers_a_marker_and_refuses_the_file_system_root(tmp_path):
    (tmp_path / "proj" / "pkg").mkdir(parents=True)
    (tmp_path / "proj" / "pyproject.toml").write_text("")
    (tmp_path / "proj" / "pkg" / "m.py").write_text("")
    assert find_root([str(tmp_path / "proj" / "pkg" / "m.py")]) == os.path.realpath(tmp_path / "proj")
    if not any((Path("/") / marker).exists() for marker in ("pyproject.toml", "setup.cfg", "setup.py", ".git")):
        assert find_root(["/tmp", "/usr"]) is None


def lint_json(*args: str) -> tuple[int, list[dict], str]:
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    result = runner.invoke(cli, ["check", "--format", "json", *args])
    return result.exit_code, json.loads(result.stdout), result.stderr


TRAIN = "import tensorflow as tf\nfrom data import augment\n\nds = tf.data.Dataset.range(3).map(augment)\n"
DATA = "import numpy as np\n\n\ndef augment(x):\n    return x + np.random.uniform()\n"


def test_a_broken_or_unreadable_file_in_the_project_costs_no_other_file(tmp_path):
    write(tmp_path, {"pyproject.toml": "", "train.py": TRAIN, "data.py": DATA, "broken.py": "def f(:\n",
                     "locked.py": "import data\n"})
    os.chmod(tmp_path / "locked.py", 0)
    try:
        code, findings, _ = lint_json("--no-cache", str(tmp_path / "data.py"))
    finally:
        os.chmod(tmp_path / "locked.py", 0o644)
    assert code == 1 and [f["symbol"] for f in findings] == ["python-random-in-graph"]


def test_a_project_too_large_is_linted_a_file_at_a_time_with_a_warning(tmp_path, monkeypatch):
    write(tmp_path, {"pyproject.toml": "", "train.py": TRAIN, "data.py": DATA})
    monkeypatch.setattr(project, "MAX_PROJECT_FILES", 1)
    code, findings, stderr = lint_json("--no-cache", str(tmp_path / "data.py"))
    assert code == 0 and findings == []
    assert "graph code is followed within each file only" in stderr


def test_summary_names_the_tf_functions_another_file_may_call():
    text = ("import tensorflow as tf\nfrom tensorflow import function\nimport other as tf2\n\n"
            "@tf.function\ndef a(x, lr):\n    pass\n\n"
            "@tf.function(jit_compile=True)\ndef b(x):\n    pass\n\n"
            "@function\ndef c(x):\n    pass\n\n"
            "@tf.function(input_signature=[])\ndef d(x):\n    pass\n\n"
            "@tf2.function\ndef e(x):\n    pass\n\n"
            "@tf.function\ndef f(*args):\n    pass\n")
    assert module_edges.summary(text)["tf_functions"] == {"a": [["x", "lr"], 6], "b": [["x"], 10],
                                                          "c": [["x"], 14]}


def test_imported_tf_functions_in_every_spelling_and_only_modules_that_may_define_them_are_parsed(tmp_path):
    """``from m import step``, ``import m`` (m.step), ``from pkg import m`` (a submodule),
    ``from m import Cls`` (Cls.step); a module whose text has no tf.function decorator is not
    parsed to find out, unless it re-exports the name."""
    step = "import tensorflow as tf\n\n\n@tf.function\ndef step(x, lr):\n    return x * lr\n"
    texts = write(tmp_path, {
        "model.py": step + "\n\nclass Trainer:\n    @tf.function\n    def fit(self, x, lr):\n        return x\n",
        "pkg/__init__.py": "from .inner import step\n",
        "pkg/inner.py": step,
        "pkg/plain.py": "def helper(x):\n    return x\n",
        "train.py": "import model\nfrom model import Trainer, step\nfrom pkg import inner, plain, step as again\n",
    })
    parsed = []
    imports = {file: module_edges.imports_only(text) for file, text in texts.items()}

    def load(file):
        parsed.append(Path(file).relative_to(os.path.realpath(tmp_path)).as_posix())
        return module_edges.summary(texts[file])

    decorated = {file for file, text in texts.items() if "@tf.function" in text}
    graph = ProjectGraph(str(tmp_path), imports, load, lambda file: file in decorated)
    train = next(f for f in texts if f.endswith("train.py"))
    found = graph.imported_tf_functions(train)
    assert {spelling: where.split(":")[0] for spelling, (_, where) in found.items()} == {
        "model.step": "model.py", "model.Trainer.fit": "model.py", "step": "model.py", "Trainer.fit": "model.py",
        "inner.step": "pkg/inner.py", "again": "pkg/inner.py"}
    assert found["Trainer.fit"][0] == ("x", "lr")  # without self
    assert "pkg/plain.py" not in parsed  # no tf.function decorator: never parsed
