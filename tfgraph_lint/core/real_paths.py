"""``os.path.realpath`` for many files of few folders, remembered for the process: the one cache
of real paths (the project view, the configuration's per-file look-ups and file discovery all
ask here).

``realpath`` looks up every component of the path (a ``lstat`` each); for the thousands of files
of a tree that costs more than reading the cache. Each folder is resolved once; a file that is
itself a link is resolved whole. Answers are kept by absolute path, not the path as given: a
relative name means another file once the working directory changes (tests, an editor's
language server in one process).
"""

from __future__ import annotations

import functools
import os


def real_path(path: str) -> str:
    """``os.path.realpath(path)`` for a file (or a folder)."""
    return _real_file(os.path.abspath(path))


def real_folder(path: str) -> str:
    """The real path of the folder ``path`` is in."""
    return _real(os.path.dirname(os.path.abspath(path)))


def real_dir(folder: str) -> str:
    """``os.path.realpath(folder)`` for a folder (a walk's folders: one look-up each)."""
    return _real(os.path.abspath(folder))


@functools.lru_cache(maxsize=65536)
def _real_file(path: str) -> str:
    name = os.path.basename(path)
    if name in ("", ".", "..") or os.path.islink(path):
        return os.path.realpath(path)
    return os.path.join(_real(os.path.dirname(path)), name)


@functools.lru_cache(maxsize=65536)
def _real(folder: str) -> str:
    return os.path.realpath(folder)
