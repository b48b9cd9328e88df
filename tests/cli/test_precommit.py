"""The pre-commit hook, for real: ``pre-commit try-repo <this checkout> tfgraph-lint``.

pre-commit installs the hook the way users get it: it clones the repository at a commit and
pip-installs it, with its dependencies from PyPI, into a fresh environment. So that the test sees
the checkout as it is on disk (uncommitted and new files included, which ``try-repo`` would
leave out), it first copies the checkout's files (tracked, and untracked but not ignored) into
a snapshot repository with a single commit.

``try-repo`` installs into a throw-away store of its own on every call (pip's cache makes the
second install quick); PRE_COMMIT_HOME still points into the test's temporary directory so that
nothing else of pre-commit's touches the user's ~/.cache/pre-commit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from annotated import REPO

HOOK_ID = "tfgraph-lint"
INSTALL_TIMEOUT_S = 900

BAD = """\
import tensorflow as tf


@tf.function
def f(x):
    print("value", x)
    return x + 1
"""

GOOD = """\
import tensorflow as tf


@tf.function
def f(x):
    tf.print("running", x)
    return x + 1
"""

_IDENTITY = {
    "GIT_AUTHOR_NAME": "tfgraph-lint tests",
    "GIT_AUTHOR_EMAIL": "tests@tfgraph-lint.invalid",
    "GIT_AUTHOR_DATE": "2000-01-01T00:00:00+0000",
    "GIT_COMMITTER_NAME": "tfgraph-lint tests",
    "GIT_COMMITTER_EMAIL": "tests@tfgraph-lint.invalid",
    "GIT_COMMITTER_DATE": "2000-01-01T00:00:00+0000",
}


def _pre_commit() -> str | None:
    beside_python = shutil.which("pre-commit", path=str(Path(sys.executable).parent))
    return beside_python or shutil.which("pre-commit")


def _git(*args: str, cwd: Path, env: dict | None = None) -> str:
    result = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main", *args],
        cwd=cwd, env=env, capture_output=True, text=True, check=False,
    )
    if result.returncode != 0:
        pytest.fail(f"git {' '.join(args)} failed in {cwd}:\n{result.stdout}{result.stderr}")
    return result.stdout


def _checkout_files() -> list[str]:
    """The checkout's files as a commit of it would hold them, plus new files not ignored."""
    if (REPO / ".git").exists():
        listed = _git("ls-files", "-z", "--cached", "--others", "--exclude-standard", cwd=REPO)
        return sorted({name for name in listed.split("\0") if name and (REPO / name).is_file()})
    skip = {".git", ".venv", "venv", ".pytest_cache", "__pycache__", "build", "dist"}
    return sorted(
        str(path.relative_to(REPO))
        for path in REPO.rglob("*")
        if path.is_file() and not skip & set(path.relative_to(REPO).parts)
    )


def _snapshot(target: Path) -> str:
    """A one-commit git repository of the checkout at ``target``; returns its commit."""
    for name in _checkout_files():
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, destination)
    env = {**os.environ, **_IDENTITY}
    _git("init", "-q", cwd=target, env=env)
    _git("add", "-A", cwd=target, env=env)
    _git("commit", "-q", "--no-verify", "-m", "snapshot of the checkout under test", cwd=target, env=env)
    return _git("rev-parse", "HEAD", cwd=target).strip()


@pytest.fixture(scope="module")
def hook_runner(tmp_path_factory):
    """Runs the hook from a snapshot of this checkout on files of a fresh user project."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    pre_commit = _pre_commit()
    if pre_commit is None:
        pytest.skip("pre-commit is not installed (pip install -e '.[test]')")

    snapshot = tmp_path_factory.mktemp("checkout-snapshot")
    _snapshot(snapshot)
    env = {
        **os.environ,
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PRE_COMMIT_COLOR": "never",
        "PRE_COMMIT_HOME": str(tmp_path_factory.mktemp("pre-commit-home")),
    }

    project = tmp_path_factory.mktemp("user-project")
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    (project / "good.py").write_text(GOOD, encoding="utf-8")
    shutil.copy(REPO / "tests" / "data" / "notebooks" / "train.ipynb", project / "train.ipynb")
    shutil.copytree(REPO / "tests" / "data" / "projects" / "training", project / "training")
    _git("init", "-q", cwd=project)
    _git("add", "-A", cwd=project)

    def run(filename: str) -> tuple[subprocess.CompletedProcess, float]:
        started = time.monotonic()
        result = subprocess.run(
            [pre_commit, "try-repo", str(snapshot), HOOK_ID, "--files", filename],
            cwd=project, env=env, capture_output=True, text=True, check=False,
            timeout=INSTALL_TIMEOUT_S,
        )
        elapsed = time.monotonic() - started
        print(f"pre-commit try-repo ... --files {filename}: exit {result.returncode} in {elapsed:.1f} s")
        return result, elapsed

    return run


def _output(result: subprocess.CompletedProcess) -> str:
    return textwrap.indent(result.stdout + result.stderr, "    ")


def test_manifest_declares_the_hook():
    """Fast check of .pre-commit-hooks.yaml with pre-commit's own validator."""
    clientlib = pytest.importorskip("pre_commit.clientlib", reason="pre-commit is not installed")
    (hook,) = clientlib.load_manifest(str(REPO / ".pre-commit-hooks.yaml"))
    assert hook["id"] == HOOK_ID
    assert hook["language"] == "python"
    assert hook["types_or"] == ["python", "jupyter"]
    assert hook["entry"] == "tfgraph-lint"
    tomllib = pytest.importorskip("tomllib", reason="Python < 3.11 has no tomllib")
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert hook["entry"] in scripts, "the hook's entry must be a console script of the package"


@pytest.mark.slow
def test_hook_fails_on_a_file_with_a_hazard(hook_runner):
    result, _ = hook_runner("bad.py")
    assert result.returncode != 0, f"the hook passed a file with print() in a tf.function:\n{_output(result)}"
    assert "python-print-in-graph" in result.stdout, _output(result)
    assert "bad.py:6:" in result.stdout, _output(result)


@pytest.mark.slow
def test_hook_passes_a_clean_file(hook_runner):
    result, _ = hook_runner("good.py")
    assert result.returncode == 0, _output(result)
    assert "Passed" in result.stdout, _output(result)


@pytest.mark.slow
def test_hook_runs_on_notebooks(hook_runner):
    result, _ = hook_runner("train.ipynb")
    assert result.returncode != 0, f"the hook passed (or skipped) a notebook with three hazards:\n{_output(result)}"
    assert "train.ipynb:cell 3:3:5: TFG101" in result.stdout, _output(result)


@pytest.mark.slow
def test_hook_on_one_changed_helper_knows_the_project(hook_runner):
    """pre-commit passes only the changed file: a helper that another file of its project maps
    over a dataset is still checked as graph code, with the chain across files."""
    result, _ = hook_runner("training/data.py")
    assert result.returncode != 0, f"the hook passed a helper that train.py maps:\n{_output(result)}"
    assert "training/data.py:16:13: TFG102" in result.stdout, _output(result)
    assert "passed to Dataset.map in train.py:15" in result.stdout, _output(result)
