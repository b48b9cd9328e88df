"""What the project view keeps between runs, per project (and tool, and settings).

- Per file, keyed by the digest of its text (file_digests): what was computed from that text
  alone (its imports and the facts of its text the view asks, its call summary, its exports, what
  its graph code reaches), and the project files its imports load (keyed as well by the set of
  the project's files, which decides where an import leads). A file that changed is derived
  again; the others are taken as they are.
- The view's result per set of linted files, keyed by the digest of every file of the project:
  a run where nothing changed takes it whole, reading no source and resolving no import.

Two JSON files per project, written whole or not at all; one that cannot be read is empty.
"""

from __future__ import annotations

import json
import os

from tfgraph_lint.cli.file_digests import write_json

MAX_REMEMBERED_VIEWS = 8  # sets of linted files whose result is kept (a tree, a pre-commit set...)


def state_key(digests: dict[str, str]) -> str:
    """A hash of every project file's path and text."""
    import hashlib  # only a store kept between runs asks (file_digests.text_digest says why)

    digest = hashlib.sha256()
    for real in sorted(digests):
        digest.update(f"{real}\0{digests[real]}\n".encode("utf-8", "surrogateescape"))
    return digest.hexdigest()


def files_key(files) -> str:
    """A hash of a set of files: those the project holds (where an import statement leads depends
    on it), or those linted."""
    import hashlib

    return hashlib.sha256("\0".join(sorted(files)).encode("utf-8", "surrogateescape")).hexdigest()


class ProjectStore:
    """``folder`` None: nothing is kept (a run without the cache)."""

    def __init__(self, folder: str | None, name: str, digests: dict[str, str]) -> None:
        self._digests = digests
        self._entries: dict[str, dict] = {}
        self._loaded = False
        self._changed = False
        self._path = self._views_path = None
        if folder is not None:
            self._path = os.path.join(folder, "project", name + ".json")
            self._views_path = os.path.join(folder, "project", name + ".views.json")

    # -- the whole view, when nothing changed ---------------------------------------------------

    def recall(self, state: str, linted_key: str):
        views = _load(self._views_path)
        found = views.get(linted_key)
        return found[1] if isinstance(found, list) and len(found) == 2 and found[0] == state else None

    def remember(self, state: str, linted_key: str, result) -> None:
        if self._views_path is None:
            return
        views = _load(self._views_path)
        views.pop(linted_key, None)
        views[linted_key] = [state, result]
        while len(views) > MAX_REMEMBERED_VIEWS:
            views.pop(next(iter(views)))  # the oldest: dicts keep insertion order
        write_json(self._views_path, views)

    # -- per file -------------------------------------------------------------------------------

    def get(self, real: str, kind: str):
        if not self._loaded:
            self._entries = _load(self._path)
            self._loaded = True
        entry = self._entries.get(real)
        return entry.get(kind) if isinstance(entry, dict) and entry.get("digest") == self._digests.get(real) else None

    def put(self, real: str, kind: str, value) -> None:
        if real not in self._digests:
            return  # not a readable file of the project: nothing to key it by
        entry = self._entries.get(real)
        if not isinstance(entry, dict) or entry.get("digest") != self._digests[real]:
            entry = self._entries[real] = {"digest": self._digests[real]}
        entry[kind] = value
        self._changed = True

    def changed(self) -> None:
        """A value it holds was completed in place: to be saved."""
        self._changed = True

    def get_or_compute(self, real: str, kind: str, compute):
        found = self.get(real, kind)
        if found is None:
            found = compute(real)
            self.put(real, kind, found)
        return found

    def save(self) -> None:
        if self._path is None or not self._changed:
            return
        write_json(self._path, {real: entry for real, entry in self._entries.items() if real in self._digests})


def _load(path: str | None) -> dict:
    if path is None:
        return {}
    try:
        with open(path, encoding="utf-8") as handle:
            found = json.load(handle)
    except (OSError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}
