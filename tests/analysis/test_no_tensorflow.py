"""The static linter never imports TensorFlow or Keras, and never lets astroid read them.

Each front end lints every example file in a fresh interpreter that finds fake ``tensorflow``,
``keras`` and ``tf_keras`` packages first on its path. Importing a fake writes a marker file, so
an import anywhere, in any worker process, shows up. The in-process front ends (the engine as
the CLI drives it, and Pylint with the plugin) also report ``sys.modules`` and every
TensorFlow/Keras module astroid handed out: inferring into TensorFlow costs seconds per process
when the real one is installed, and yields nothing when it is not.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tfgraph_lint.core.registry import RULES

from annotated import CASES, FIXTURES

FAKE_PACKAGES = ("tensorflow", "keras", "tf_keras")
EXAMPLES = sorted(FIXTURES.glob("*/*.py")) + sorted(CASES.glob("*.py"))

# Runs in the child interpreter: lint, then say what got loaded. argv: front end, paths...
IN_PROCESS_RUN = textwrap.dedent(
    """
    import json, os, sys
    from astroid.manager import AstroidManager

    front_end, paths = sys.argv[1], sys.argv[2:]
    tops = FAKES
    builder = os.path.join("astroid", "builder.py")
    requests = {"tree building": set(), "analysis": set()}
    real_ast_from_module_name = AstroidManager.ast_from_module_name

    def recording(self, modname, *args, **kwargs):
        # Every time astroid hands out a TensorFlow/Keras module (read now or cached), note
        # whether it was while building a tree (astroid's own transforms) or analysing one.
        # A request that is refused (e.g. by a module denylist) costs nothing: not noted.
        module = real_ast_from_module_name(self, modname, *args, **kwargs)
        if modname and modname.split(".")[0] in tops:
            frame, stage = sys._getframe(1), "analysis"
            while frame is not None:
                if frame.f_code.co_filename.endswith(builder):
                    stage = "tree building"
                    break
                frame = frame.f_back
            requests[stage].add(modname)
        return module

    AstroidManager.ast_from_module_name = recording

    reported = 0
    if front_end == "engine":
        from tfgraph_lint import engine
        for path in paths:
            reported += len(engine.lint_file(path))
    else:
        from pylint.lint import Run
        from pylint.reporters import CollectingReporter
        reporter = CollectingReporter()
        Run(["--rcfile=" + sys.argv[0] + ".pylintrc", "--persistent=n", "--score=n",
             "--load-plugins=tfgraph_lint", "--disable=all", "--enable=" + SYMBOLS, *paths],
            reporter=reporter, exit=False)
        reported = len(reporter.messages)

    print(json.dumps({
        "reported": reported,
        "sys_modules": sorted(m for m in sys.modules if m.split(".")[0] in tops),
        "astroid_requests": {stage: sorted(names) for stage, names in requests.items()},
    }))
    """
)


def _fake_package(root: Path, name: str, markers: Path) -> None:
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text(
        textwrap.dedent(
            f"""
            # A stand-in for the real {name}: importing it leaves a marker for the test.
            import os as _os
            _marker = {str(markers / name)!r} + "." + str(_os.getpid())
            open(_marker, "w").close()

            def function(func=None, **kwargs):
                return func

            class Variable:
                def __init__(self, *args, **kwargs):
                    pass
            """
        ),
        encoding="utf-8",
    )


def _fake_env(tmp_path: Path) -> tuple[dict, Path]:
    """An environment whose Python finds the fake packages first; and the markers' folder."""
    fakes, markers = tmp_path / "fakes", tmp_path / "markers"
    fakes.mkdir()
    markers.mkdir()
    for name in FAKE_PACKAGES:
        _fake_package(fakes, name, markers)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(fakes), env.get("PYTHONPATH")]))
    env["XDG_CACHE_HOME"] = str(tmp_path / "cache")  # a front end's cache must not skip the work
    env.pop("PYLINTRC", None)
    return env, markers


@pytest.fixture
def fake_env(tmp_path):
    return _fake_env(tmp_path)


def _markers(markers: Path) -> list[str]:
    return sorted(path.name for path in markers.iterdir())


def test_the_fake_packages_are_found_and_leave_markers(fake_env, tmp_path):
    """The trap works: a real import of the fakes is seen."""
    env, markers = fake_env
    code = "import tensorflow, keras, tf_keras; print(tensorflow.__file__)"
    result = subprocess.run([sys.executable, "-c", code], env=env, cwd=tmp_path,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert str(tmp_path / "fakes") in result.stdout
    assert {name.split(".")[0] for name in _markers(markers)} == set(FAKE_PACKAGES)


@pytest.fixture(scope="module")
def in_process(tmp_path_factory):
    """Runs a front end once per module (memoised): its report, and the fakes' markers."""
    runs: dict[str, tuple[dict, list[str]]] = {}

    def run(front_end: str) -> tuple[dict, list[str]]:
        if front_end not in runs:
            tmp_path = tmp_path_factory.mktemp(front_end)
            env, markers = _fake_env(tmp_path)
            runs[front_end] = (_run_in_process(front_end, env, tmp_path), _markers(markers))
        return runs[front_end]

    return run


def _run_in_process(front_end: str, env: dict, tmp_path: Path) -> dict:
    script = tmp_path / "run_front_end.py"
    script.write_text(
        IN_PROCESS_RUN.replace("SYMBOLS", repr(",".join(rule.symbol for rule in RULES)))
        .replace("FAKES", repr(sorted(FAKE_PACKAGES))),
        encoding="utf-8",
    )
    (tmp_path / "run_front_end.py.pylintrc").write_text("[MAIN]\n", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(script), front_end, *map(str, EXAMPLES)],
        env=env, cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300,
    )
    if result.returncode != 0:  # pytest.fail, not assert: the xfail below expects only its assert
        pytest.fail(f"the {front_end} run failed:\n{result.stdout}{result.stderr}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    if report["reported"] == 0:
        pytest.fail("the run found nothing, so it proves nothing")
    return report


@pytest.mark.parametrize("front_end", ["engine", "pylint-plugin"])
def test_in_process_front_ends_never_import_tensorflow(front_end, in_process):
    report, markers = in_process(front_end)
    assert report["sys_modules"] == [], "TensorFlow/Keras imported"
    assert markers == [], "TensorFlow/Keras imported"


@pytest.mark.parametrize("front_end", ["engine", "pylint-plugin"])
def test_analysis_never_asks_astroid_for_tensorflow(front_end, in_process):
    """The rules and the graph index resolve TensorFlow names from imports, never by inference."""
    report, _markers_seen = in_process(front_end)
    assert report["astroid_requests"]["analysis"] == [], "inference reached into TensorFlow/Keras"


# astroid.parse infers a little while building a tree (receivers of `self.x = ...`, class bases for
# its enum support, star imports); the engine builds trees without that (analysis/parsing.py).
def test_building_trees_never_reads_tensorflow(in_process):
    report, _markers_seen = in_process("engine")
    assert report["astroid_requests"]["tree building"] == []


@pytest.mark.skipif(importlib.util.find_spec("tfgraph_lint.cli.commands") is None, reason="tfgraph_lint.cli.commands not written yet")
def test_command_line_never_loads_tensorflow(fake_env, tmp_path):
    env, markers = fake_env
    command = shutil.which("tfgraph-lint", path=str(Path(sys.executable).parent)) or shutil.which("tfgraph-lint")
    argv = [command] if command else [sys.executable, "-m", "tfgraph_lint"]
    result = subprocess.run(
        [*argv, *map(str, EXAMPLES)],
        env=env, cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300,
    )
    assert result.returncode == 1, f"expected findings (exit 1):\n{result.stdout}\n{result.stderr}"
    assert _markers(markers) == [], "TensorFlow/Keras imported by the tfgraph-lint command"
