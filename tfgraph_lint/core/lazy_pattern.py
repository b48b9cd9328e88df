"""Regular expressions compiled on first use.

Python compiles a module's patterns again in every process, and a short run (one file, from an
editor or a pre-commit hook) imports modules whose patterns it never uses: a notebook's magics,
pragma comments in a file that has none. A :class:`LazyPattern` stands where the compiled
pattern would, and compiles it when first asked for one of its methods.
"""

from __future__ import annotations

import re


class LazyPattern:
    """``re.compile(pattern, flags)``, compiled on first use; otherwise used as the pattern is
    (``match``, ``search``, ``sub``, ``findall``, ``split``...)."""

    __slots__ = ("_pattern", "_flags", "_compiled")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self._pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern | None = None

    def __getattr__(self, name: str):
        compiled = self._compiled
        if compiled is None:
            compiled = self._compiled = re.compile(self._pattern, self._flags)
        return getattr(compiled, name)
