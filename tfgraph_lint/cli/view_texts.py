"""The project view's readable files and their texts (cli/project): each file by its real path,
with the digest of its text; the text itself read on first use."""

from __future__ import annotations

import os

from tfgraph_lint.cli.file_digests import FileDigests
from tfgraph_lint.core.real_paths import real_path


class ViewTexts:
    """The project's readable files: ``digests`` (real path -> digest of its text, from its stat
    when unchanged) and, read on first use, ``texts[real]``."""

    def __init__(self, digests: FileDigests) -> None:
        self._files = digests
        self.digests: dict[str, str] = {}
        self.paths: dict[str, str] = {}  # real path -> the path to read it by

    def __getitem__(self, real: str) -> str:
        text = self._files.text(self.paths[real])
        return "" if text is None else text  # made unreadable during the run: nothing to see

    def get(self, real: str, default: str = "") -> str:
        return self[real] if real in self.digests else default


def readable_texts(root: str, files: list[str], digests: FileDigests) -> ViewTexts:
    """The readable ``files`` by real path (the first path of each), with their texts' digests."""
    texts = ViewTexts(digests)
    prefix = root + os.sep
    for path in files:
        # Walked from the root's real path: already real, unless a link inside the project.
        real = path if path.startswith(prefix) else real_path(path)
        if real in texts.digests:
            continue
        found = digests.digest(path)
        if found is not None:
            texts.digests[real] = found
            texts.paths[real] = path
    return texts
