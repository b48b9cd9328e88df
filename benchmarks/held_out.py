"""The held-out batches of the review corpus and their first runs, as recorded.

A batch is the repositories chosen and pinned together, by commit, before the linter saw them.
Its first run is the precision a user can expect on code no rule was tuned on; every later run
(the re-run benchmarks/precision.py makes) is on code whose false positives have been mended
since. So the report shows, for each batch, its first run next to its re-run.

Each batch is a data file, ``benchmarks/corpora/<batch>.toml`` (corpus_data.py says the format).
``pinned_by``: the commit(s) of this repository that pinned the batch (``git log -S<a corpus's
commit> -- benchmarks/precision.py benchmarks/corpora`` finds them); a batch whose file does not
say them is labelled by its name. ``first_run``: findings and true findings of that first run,
as recorded when its findings were reviewed (the README's per-session tables; where a review
commit gave another count, the comment says so).
``counted``: what the first run counted: until the measured defaults, the linter's default
(HIGH and INFERENCE, LOW off); since, the shipped defaults (``SHIPPED``), with every rule at
HIGH and INFERENCE recorded beside them (``first_run_every_rule``). Deliberate
findings were not recorded apart at first runs, so a first run has an actionable figure (true
over findings) and no claim figure (true and deliberate over findings).

The repositories the rules were tuned on (the ten wheels, keras-io's examples,
tensorflow/examples, ``benchmarks/corpora/tuned-on.toml``) belong to no batch. A batch pinned from
now on is a new file in that folder, added in the commit that pins it, without ``[first_run]``
until its first run is reviewed; ``counted`` is the shipped defaults unless the file says
``counted = "default-then"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from corpus_data import FILES, CorpusFile  # beside this script

EVERY_RULE_THEN = "default then, HIGH+INFERENCE"
SHIPPED = "shipped defaults"


@dataclass(frozen=True)
class FirstRun:
    findings: int
    true: int
    deliberate: int | None = None  # recorded apart since the first runs of batch10 on; None before


@dataclass(frozen=True)
class Batch:
    pinned_by: tuple[str, ...]  # short commit hashes of this repository
    date: str
    corpora: tuple[str, ...]
    first_run: FirstRun | None  # None: not run or not reviewed yet
    counted: str = EVERY_RULE_THEN
    first_run_every_rule: FirstRun | None = None  # every rule at HIGH+INFERENCE, when counted is SHIPPED
    name: str = ""  # the ``batch`` of its data file

    @property
    def label(self) -> str:
        return f"{self.date} {'+'.join(self.pinned_by) or self.name}"


_COUNTED = {"shipped": SHIPPED, "default-then": EVERY_RULE_THEN}


def _first_run(table: dict | None) -> FirstRun | None:
    return None if table is None else FirstRun(table["findings"], table["true"], table.get("deliberate"))


def batch_of(file: CorpusFile) -> Batch:
    """The batch a data file of benchmarks/corpora describes (its ``batch`` key set)."""
    data = file.data
    return Batch(tuple(data.get("pinned_by", ())), file.pinned, tuple(entry["name"] for entry in file.corpora),
                 _first_run(data.get("first_run")), _COUNTED[data.get("counted", "shipped")],
                 _first_run(data.get("first_run_every_rule")), name=file.batch)


BATCHES: tuple[Batch, ...] = tuple(batch_of(file) for file in FILES if file.batch)

# The corpora the rules were tuned on: in no batch.
TUNED_ON = tuple(name for file in FILES if not file.batch for name in file.names)
