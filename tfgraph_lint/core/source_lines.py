"""The text of the lines findings point at, read once per file for the reporters that show or
hash it (``--show-source``, SARIF, baselines). A notebook's lines are those of the module its
code cells make (core/notebooks.py), the lines its findings count.

Finding columns count UTF-8 bytes, as Python's parser does; :meth:`SourceLines.character_column`
turns one into a character index for output formats that count characters.
"""

from __future__ import annotations

from tfgraph_lint.core import notebooks
from tfgraph_lint.core.source import UnreadableSource, read_source


class SourceLines:
    def __init__(self) -> None:
        self._files: dict[str, list[str]] = {}

    def lines(self, path: str) -> list[str]:
        if path not in self._files:
            try:
                self._files[path] = notebooks.module_source(read_source(path), path).splitlines()
            except (UnreadableSource, notebooks.NotebookError):
                self._files[path] = []
        return self._files[path]

    def set_text(self, path: str, text: str) -> None:
        """Use ``text`` for ``path`` (a file just rewritten, or one linted from memory)."""
        self._files[path] = text.splitlines()

    def line(self, path: str, number: int) -> str:
        """Line ``number`` (1-based) without its line ending, or "" when there is none."""
        lines = self.lines(path)
        return lines[number - 1] if 1 <= number <= len(lines) else ""

    def character_column(self, path: str, number: int, byte_column: int) -> int:
        """The 0-based character index of a 0-based UTF-8 byte column on line ``number``."""
        text = self.line(path, number)
        if text.isascii():
            return byte_column
        return len(text.encode("utf-8")[:byte_column].decode("utf-8", errors="ignore"))
