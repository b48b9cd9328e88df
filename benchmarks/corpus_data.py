"""The review corpora as data: every ``benchmarks/corpora/*.toml`` file, read in a fixed order.

Each file is one group of corpora: the ones the rules were tuned on (no ``batch`` key), or one
held-out batch (``batch``, ``pinned``, and its first run once reviewed). A file holds:

    batch = "batch10"            # held-out batch name ("" or absent for tuned-on corpora)
    pinned = "2026-11-27"        # date the batch was pinned (before its first run)
    pinned_by = ["abc1234"]      # optional: this repository's commit(s) that pinned it
    counted = "shipped"          # what its first run counted: "shipped" (the shipped defaults,
                                 # the default) or "default-then" (HIGH+INFERENCE, every rule)
    [first_run]                  # optional until its first run is reviewed
    findings = 12
    true = 3
    [first_run_every_rule]       # optional: every rule at HIGH+INFERENCE, when counted is "shipped"
    findings = 20
    true = 4
    [[corpus]]
    name = "short-slug"          # the corpus name used in review/<name>.csv
    url = "https://github.com/owner/name"
    commit = "<40 hex>"
    date = "YYYY-MM-DD"          # the commit's date
    kind = "user-code"           # library | user-code | teaching (corpus_kinds.py)
    left_out = ""                # optional: what is excluded, in words
    excluded = []                # optional: excluded paths
    folders = []                 # optional: the folders taken (default: the whole tree)
    suffixes = [".py", ".ipynb"] # optional: the files taken (default: .py files and notebooks)
    slug = ""                    # optional: names its clone in the cache (default: the name)
    note = ""                    # optional: what is taken, in words (default: from the above)
    [[wheel]]                    # a PyPI wheel instead of a repository (tuned-on corpora only)
    name = "tf-agents"
    requirement = "tf-agents==0.19.0"
    kind = "library"

A comment above a ``[[corpus]]`` says why that commit was chosen. Order: the tuned-on files
first, then the batches by pinned date and then by file name (numbers compared as numbers, so
batch10 comes after batch9). A new file in the folder is picked up as it is.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

CORPORA_DIR = Path(__file__).resolve().parent / "corpora"


@dataclass(frozen=True)
class CorpusFile:
    path: Path
    batch: str  # "" for the corpora the rules were tuned on
    pinned: str
    data: dict  # the file's TOML, as read

    @property
    def corpora(self) -> list[dict]:
        return self.data.get("corpus", [])

    @property
    def wheels(self) -> list[dict]:
        return self.data.get("wheel", [])

    @property
    def names(self) -> list[str]:
        return [entry["name"] for entry in self.wheels + self.corpora]


def _natural(text: str) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", text))


def load(folder: Path = CORPORA_DIR) -> tuple[CorpusFile, ...]:
    """Every data file of ``folder``, tuned-on ones first, then batches by pinned date and name.
    A file that is not valid TOML raises ValueError naming it."""
    files = []
    for path in folder.glob("*.toml"):
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as error:
            raise ValueError(f"{path}: {error}") from error
        files.append(CorpusFile(path, data.get("batch", ""), data.get("pinned", ""), data))
    return tuple(sorted(files, key=lambda file: (bool(file.batch), file.pinned, _natural(file.path.stem))))


FILES = load()
