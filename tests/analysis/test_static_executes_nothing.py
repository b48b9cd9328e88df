"""Linting reads code and never runs it: not the linted files, not the modules they import, not a
package's ``__init__``, not a ``tensorflow`` package sitting next to them.

Every trap below writes a marker file when it is imported or run. The command line and Pylint with
the plugin lint the tree in fresh processes, from inside the tree (so it is first on
``sys.path``), and must report the hazards in it while leaving no marker behind.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tfgraph_lint.core.registry import RULES


def _trap(markers: Path, name: str) -> str:
    return textwrap.dedent(
        f"""\
        import pathlib as _pathlib
        _pathlib.Path({str(markers / name)!r}).write_text("imported")
        """
    )


def _make_tree(root: Path, markers: Path) -> Path:
    tree = root / "project"
    (tree / "pkg").mkdir(parents=True)
    (tree / "tensorflow").mkdir()
    (tree / "tensorflow" / "__init__.py").write_text(_trap(markers, "tensorflow") + "def function(f=None, **k):\n"
                                                     "    return f\n", encoding="utf-8")
    (tree / "helper.py").write_text(_trap(markers, "helper") + "VALUE = 1\n", encoding="utf-8")
    (tree / "pkg" / "__init__.py").write_text(_trap(markers, "pkg") + "from .inner import thing\n", encoding="utf-8")
    (tree / "pkg" / "inner.py").write_text(_trap(markers, "pkg.inner") + "def thing(x):\n    return x\n",
                                           encoding="utf-8")
    (tree / "conftest.py").write_text(_trap(markers, "conftest"), encoding="utf-8")
    (tree / "setup.py").write_text(_trap(markers, "setup") + "import tensorflow as tf\n", encoding="utf-8")
    (tree / "main.py").write_text(
        _trap(markers, "main")
        + textwrap.dedent(
            """\
            import tensorflow as tf

            import helper
            from pkg import thing
            from pkg.inner import thing as other_thing


            class Base(helper.Base if hasattr(helper, "Base") else object):
                pass


            @tf.function
            def step(x):
                print(x)
                return thing(x) + other_thing(x) + helper.VALUE


            if __name__ == "__main__":
                step(1)
            """
        ),
        encoding="utf-8",
    )
    return tree


def _lint(command: list[str], tree: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYLINTRC")}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # a cache must not let a front end skip the work
    return subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("front_end", ["cli", pytest.param("pylint", marks=pytest.mark.slow)])
def test_linting_runs_no_user_code(tmp_path, front_end):
    markers = tmp_path / "markers"
    markers.mkdir()
    tree = _make_tree(tmp_path, markers)
    if front_end == "cli":
        command = [sys.executable, "-m", "tfgraph_lint", "."]
    else:
        rcfile = tmp_path / "pylintrc"
        rcfile.write_text("[MAIN]\n", encoding="utf-8")
        symbols = ",".join(rule.symbol for rule in RULES)
        command = [sys.executable, "-m", "pylint", f"--rcfile={rcfile}", "--persistent=n", "--score=n",
                   "--load-plugins=tfgraph_lint", "--disable=all", f"--enable={symbols}",
                   "main.py", "setup.py", "helper.py", "pkg"]
    completed = _lint(command, tree, tmp_path)
    assert "python-print-in-graph" in completed.stdout, completed.stdout + completed.stderr  # it did lint
    assert sorted(path.name for path in markers.iterdir()) == [], "linting executed user code"
    assert not list(tree.rglob("__pycache__")), "nothing was imported, so nothing was compiled"


def test_the_traps_work(tmp_path):
    """Running the same tree does write the markers, so their absence above means something."""
    markers = tmp_path / "markers"
    markers.mkdir()
    tree = _make_tree(tmp_path, markers)
    completed = _lint([sys.executable, "main.py"], tree, tmp_path)
    assert completed.returncode == 0, completed.stderr
    assert sorted(path.name for path in markers.iterdir()) == ["helper", "main", "pkg", "pkg.inner", "tensorflow"]
