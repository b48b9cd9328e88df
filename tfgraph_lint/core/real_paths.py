"""``os.path.realpath`` for many files of few folders: each folder is resolved once per process.

``realpath`` looks up every component of the path (a ``lstat`` each); for the thousands of files
of a tree that costs more than reading the cache. A file that is itself a link is resolved whole.
"""

from __future__ import annotations

import functools
import os


def real_path(path: str) -> str:
    """``os.path.realpath(path)`` for a file (or a folder)."""
    name = os.path.basename(path)
    if name in ("", ".", "..") or os.path.islink(path):
        return os.path.realpath(path)
    return os.path.join(real_folder(path), name)


def real_folder(path: str) -> str:
    """The real path of the folder ``path`` is in."""
    return _real(os.path.dirname(os.path.abspath(path)))


@functools.lru_cache(maxsize=65536)
def _real(folder: str) -> str:
    return os.path.realpath(folder)
