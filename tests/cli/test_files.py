"""Path discovery: which files a run lints, in which order, and what it says about bad paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tfgraph_lint.core.files import discover, is_skipped_dir


def _touch(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n", encoding="utf-8")


def _relative(files: list[str], root: Path) -> list[str]:
    return [Path(f).relative_to(root).as_posix() for f in files]


def test_directory_recurses_into_py_files_in_sorted_order(tmp_path):
    _touch(tmp_path, "b.py", "a.py", "pkg/z.py", "pkg/sub/m.py", "notes.txt", "stub.pyi", "script")
    found = discover([str(tmp_path)])
    assert _relative(found.files, tmp_path) == ["a.py", "b.py", "pkg/sub/m.py", "pkg/z.py"]
    assert found.problems == []


@pytest.mark.parametrize("folder", [
    ".git", ".hidden", "venv", ".venv", "build", "_build", "dist", "__pycache__", "__pypackages__",
    "node_modules", "site-packages", "buck-out", "tfgraph_lint.egg-info", ".tox", ".nox",
])
def test_environment_and_build_folders_are_skipped(tmp_path, folder):
    _touch(tmp_path, "keep.py", f"{folder}/skip.py", f"src/{folder}/deep/skip.py")
    assert is_skipped_dir(folder)
    assert _relative(discover([str(tmp_path)]).files, tmp_path) == ["keep.py"]


def test_similar_names_are_not_skipped(tmp_path):
    _touch(tmp_path, "builder/a.py", "distance/b.py", "venvs_doc/c.py", "egg-info/d.py")
    assert _relative(discover([str(tmp_path)]).files, tmp_path) == [
        "builder/a.py", "distance/b.py", "egg-info/d.py", "venvs_doc/c.py",
    ]


def test_a_skipped_folder_named_explicitly_is_walked(tmp_path):
    _touch(tmp_path, "build/gen.py")
    assert _relative(discover([str(tmp_path / "build")]).files, tmp_path) == ["build/gen.py"]


def test_explicit_files_are_linted_whatever_their_extension(tmp_path):
    _touch(tmp_path, "script", "notes.txt", ".hidden.py")
    found = discover([str(tmp_path / "script"), str(tmp_path / "notes.txt"), str(tmp_path / ".hidden.py")])
    assert _relative(found.files, tmp_path) == [".hidden.py", "notes.txt", "script"]


def test_each_file_once_and_sorted_whatever_the_argument_order(tmp_path):
    _touch(tmp_path, "a.py", "pkg/b.py")
    found = discover([str(tmp_path / "pkg" / "b.py"), str(tmp_path), str(tmp_path / "a.py"), str(tmp_path)])
    assert _relative(found.files, tmp_path) == ["a.py", "pkg/b.py"]


def test_missing_paths_are_problems_and_the_rest_is_still_found(tmp_path):
    _touch(tmp_path, "a.py")
    found = discover([str(tmp_path / "gone.py"), str(tmp_path / "a.py"), str(tmp_path / "a.py" / "x.py")])
    assert _relative(found.files, tmp_path) == ["a.py"]
    assert found.problems == [
        f"path not found: {tmp_path / 'gone.py'}",
        f"path not found: {tmp_path / 'a.py' / 'x.py'}",
    ]


def test_display_paths_keep_the_form_given(tmp_path, monkeypatch):
    _touch(tmp_path, "pkg/a.py")
    monkeypatch.chdir(tmp_path)
    assert discover(["."]).files == [os.path.join("pkg", "a.py")]
    assert discover(["./pkg"]).files == [os.path.join("pkg", "a.py")]


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="needs POSIX symlinks")
def test_symlink_loop_ends_and_linked_files_are_listed_once(tmp_path):
    _touch(tmp_path, "pkg/a.py")
    (tmp_path / "pkg" / "loop").symlink_to(tmp_path / "pkg", target_is_directory=True)
    (tmp_path / "pkg" / "alias.py").symlink_to(tmp_path / "pkg" / "a.py")
    (tmp_path / "pkg" / "dangling.py").symlink_to(tmp_path / "nowhere.py")  # e.g. an editor lock
    assert _relative(discover([str(tmp_path)]).files, tmp_path) == ["pkg/a.py"]


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name == "nt", reason="needs POSIX symlinks")
def test_a_linked_folder_outside_the_tree_is_followed(tmp_path):
    _touch(tmp_path, "elsewhere/shared.py")
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "shared").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert _relative(discover([str(tmp_path / "repo")]).files, tmp_path) == ["repo/shared/shared.py"]


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0, reason="needs POSIX permissions, not as root")
def test_unreadable_folder_is_a_problem_not_a_crash(tmp_path):
    _touch(tmp_path, "a.py", "locked/b.py")
    locked = tmp_path / "locked"
    locked.chmod(0)
    try:
        found = discover([str(tmp_path)])
    finally:
        locked.chmod(0o755)
    assert _relative(found.files, tmp_path) == ["a.py"]
    assert len(found.problems) == 1 and "cannot read folder" in found.problems[0]
