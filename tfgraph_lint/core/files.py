"""Which files a run lints: the paths named on the command line, and the *.py files (and Jupyter
notebooks, *.ipynb, unless left out) under folders.

- A file named explicitly is always linted, whatever its extension (pre-commit passes files).
- Folders are walked for ``*.py`` and ``*.ipynb``, skipping hidden folders and the usual environment / build
  output folders: linting a virtualenv's site-packages would bury the user's own findings.
  A folder named explicitly is walked even if its own name is on that list.
- Symlinked folders are followed, but each real folder only once, so a link loop ends.
- Each file is linted once even when several arguments (or links) reach it; the result is sorted.
- With ``respect_gitignore``, a folder walk skips what git ignores (``.gitignore``,
  ``.git/info/exclude``, the global excludes file), as ``git status`` does; git answers, once per
  walked folder (``git ls-files --others --ignored --exclude-standard --directory``). Outside a
  git work tree, or without git, nothing is skipped for it. A file named explicitly is linted
  even when ignored.
"""

from __future__ import annotations

import fnmatch
import os
import stat
from pathlib import Path

from tfgraph_lint.core.real_paths import real_dir, real_path
from tfgraph_lint.core.records import Record

# Environments and build output (ruff's default excludes among them): ``_build`` is Sphinx's, whose
# executed copies of a project's notebooks and scripts would report each finding again.
SKIPPED_DIR_PATTERNS = (
    "venv", ".venv", "build", "_build", "dist", "__pycache__", "__pypackages__", "node_modules",
    "site-packages", "buck-out", "*.egg-info", ".tox", ".nox",
)


class Discovery(Record):
    __slots__ = ("files", "problems", "named")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable
    files: list[str]
    # Messages for paths that could not be used (missing, unreadable folder); each one makes
    # the run exit 2, but never stops the other paths from being linted.
    problems: list[str]
    # Files named on the command line (not found in a folder), as given.
    named: set[str]

    def __init__(self, files: list[str] | None = None, problems: list[str] | None = None,
                 named: set[str] | None = None) -> None:
        self.files = [] if files is None else files
        self.problems = [] if problems is None else problems
        self.named = set() if named is None else named


def is_skipped_dir(name: str) -> bool:
    return name.startswith(".") or any(fnmatch.fnmatchcase(name, p) for p in SKIPPED_DIR_PATTERNS)


def discover(paths: list[str] | tuple[str, ...], notebooks: bool = True,
             respect_gitignore: bool = False) -> Discovery:
    """``notebooks``: also find ``*.ipynb`` files in folders; ``respect_gitignore``: skip what git
    ignores in folders."""
    suffixes = (".py", ".ipynb") if notebooks else (".py",)
    found = Discovery()
    candidates: list[Path] = []
    for raw in paths:
        try:
            is_dir = stat.S_ISDIR(os.stat(raw).st_mode)
        except (FileNotFoundError, NotADirectoryError):  # also a dangling symlink
            found.problems.append(f"path not found: {raw}")
            continue
        except (OSError, ValueError) as exc:  # no permission, a NUL byte in the name, ...
            found.problems.append(f"cannot access {raw}: {getattr(exc, 'strerror', None) or exc}")
            continue
        if is_dir:
            ignored = _git_ignored(raw) if respect_gitignore else frozenset()
            candidates.extend(_walk(Path(raw), found.problems, suffixes, ignored))
        else:
            candidates.append(Path(raw))
            found.named.add(str(Path(raw)))
    seen: set[str] = set()
    for path in sorted(candidates, key=lambda p: p.parts):
        identity = real_path(str(path))
        if identity not in seen:
            seen.add(identity)
            found.files.append(str(path))
    return found


def _walk(root: Path, problems: list[str], suffixes: tuple[str, ...],
          ignored: frozenset[str] = frozenset()) -> list[Path]:
    files: list[Path] = []
    visited: set[str] = set()

    def report(error: OSError) -> None:
        problems.append(f"cannot read folder {error.filename}: {error.strerror or error}")

    for folder, dirnames, filenames in os.walk(root, onerror=report, followlinks=True):
        real = real_dir(folder)
        if real in visited:  # reached again through a symlink: a loop or a second route
            dirnames.clear()
            continue
        visited.add(real)
        dirnames[:] = sorted(d for d in dirnames if not is_skipped_dir(d)
                             and os.path.normpath(os.path.join(folder, d)) not in ignored)
        base = Path(folder)
        for name in sorted(filenames):
            # A dangling link (e.g. an editor's ".#name.py" lock) is not a file to lint.
            if (name.endswith(suffixes) and os.path.normpath(os.path.join(folder, name)) not in ignored
                    and (base / name).exists()):
                files.append(base / name)
    return files


def _git_ignored(folder: str) -> frozenset[str]:
    """The paths under ``folder`` that git ignores (a folder ignored whole is listed once), spelt
    as the walk spells them (``folder`` joined with the relative path); empty outside a work tree."""
    import subprocess  # only for a folder walk: a run on named files need not load it

    try:
        listed = subprocess.run(
            ["git", "ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "-z"],
            cwd=folder, capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return frozenset()  # no git: nothing is known to be ignored
    if listed.returncode != 0:
        return frozenset()  # not a git work tree
    names = listed.stdout.decode("utf-8", "surrogateescape").split("\0")
    return frozenset(os.path.normpath(os.path.join(folder, name.rstrip("/"))) for name in names if name)
