"""benchmarks/precision.py unpacks a repository that is itself a package (``__init__.py`` at its
top) under its own name, as ``git clone`` lays it out for its users, so that the project view
resolves ``<name>.module`` imports; another repository is unpacked as it is. Either is marked as
a clone (``.git`` at its top), the project's extent the linter reads on a user's checkout."""

from __future__ import annotations

import subprocess
from pathlib import Path

from benchmark_scripts import load

PRECISION = load("precision")


def _repository(folder: Path, files: dict[str, str]) -> str:
    folder.mkdir()
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    git = ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "--quiet"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "c"], check=True)
    return subprocess.run([*git, "rev-parse", "HEAD"], check=True, capture_output=True, text=True).stdout.strip()


def test_a_repository_that_is_a_package_is_unpacked_under_its_name(tmp_path):
    commit = _repository(tmp_path / "repo", {"__init__.py": "", "evaluation/metrics.py": "x = 1\n"})
    corpus = PRECISION.GitCorpus("kit", "https://github.com/owner/segkit", commit)
    root = PRECISION._archive(corpus, tmp_path / "repo" / ".git", tmp_path / "cache")
    assert root.name == "segkit" and (root / "evaluation" / "metrics.py").read_text() == "x = 1\n"
    assert (root / ".git").is_dir() and not (root.parent / ".git").exists()
    assert PRECISION._archive(corpus, tmp_path / "repo" / ".git", tmp_path / "cache") == root  # unpacked once


def test_another_repository_is_unpacked_as_it_is(tmp_path):
    commit = _repository(tmp_path / "repo", {"train.py": "x = 1\n", "lib/__init__.py": ""})
    corpus = PRECISION.GitCorpus("kit", "https://github.com/owner/segkit", commit)
    root = PRECISION._archive(corpus, tmp_path / "repo" / ".git", tmp_path / "cache")
    assert root.name == f"kit-{commit[:12]}" and (root / "train.py").exists()
    assert (root / ".git").is_dir()


def test_packaging_files_are_unpacked_beside_the_code(tmp_path):
    """As a user's checkout holds them: the linter reads the declared TensorFlow from them."""
    commit = _repository(tmp_path / "repo", {
        "train.py": "x = 1\n", "requirements.txt": "tensorflow==2.4.1\n", "README.md": "# kit\n",
        "docker/requirements-gpu.txt": "tensorflow-gpu==2.4.1\n", "lib/setup.cfg": "[metadata]\n",
        "lib/pyproject.toml": "[project]\nname = 'lib'\n", "data/table.csv": "a,b\n"})
    corpus = PRECISION.GitCorpus("kit", "https://github.com/owner/segkit", commit)
    root = PRECISION._archive(corpus, tmp_path / "repo" / ".git", tmp_path / "cache")
    taken = sorted(path.relative_to(root).as_posix() for path in root.rglob("*")
                   if path.is_file() and not path.name.startswith("."))
    assert taken == ["docker/requirements-gpu.txt", "lib/pyproject.toml", "lib/setup.cfg", "requirements.txt",
                     "train.py"]


def test_a_copy_unpacked_without_packaging_files_is_unpacked_again(tmp_path):
    commit = _repository(tmp_path / "repo", {"train.py": "x = 1\n", "requirements.txt": "tensorflow==2.4.1\n"})
    corpus = PRECISION.GitCorpus("kit", "https://github.com/owner/segkit", commit)
    stale = tmp_path / "cache" / "src" / f"kit-{commit[:12]}"
    stale.mkdir(parents=True)
    (stale / "train.py").write_text("x = 1\n")
    (stale / ".unpacked").write_text(commit)  # the stamp of a copy of code files only
    root = PRECISION._archive(corpus, tmp_path / "repo" / ".git", tmp_path / "cache")
    assert root == stale and (root / "requirements.txt").read_text() == "tensorflow==2.4.1\n"
