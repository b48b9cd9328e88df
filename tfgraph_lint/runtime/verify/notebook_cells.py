"""``verify`` on a notebook: its code cells run as one script, so the runs and the linter count
the lines of that script; this says each line as (cell, line in the cell), as the linter does."""

from __future__ import annotations

import dataclasses

from tfgraph_lint.core.notebooks import Notebook
from tfgraph_lint.runtime.verify.verdicts import Decision


def in_cells(decision: Decision, notebook: Notebook | None) -> Decision:
    """``decision`` with its lines and the "line N" in its texts said by cell."""
    if notebook is None:
        return decision
    say = notebook.cell_lines
    findings = []
    for found in decision.findings:
        cell = notebook.cell_at(found.line)
        findings.append(dataclasses.replace(
            found, line=found.line - cell.first_line + 1, cell=cell.number,
            evidence=[say(text) for text in found.evidence],
            reason=say(found.reason) if found.reason else found.reason))
    divergences = [dataclasses.replace(
        attributed, divergence=dataclasses.replace(attributed.divergence, message=say(attributed.divergence.message)),
        flagged_by=[_flag_in_cell(flag, notebook) for flag in attributed.flagged_by])
        for attributed in decision.divergences]
    return dataclasses.replace(decision, findings=findings, divergences=divergences,
                               note=say(decision.note) if decision.note else decision.note)


def _flag_in_cell(flag: str, notebook: Notebook) -> str:
    """"TFG101:8" (code and script line) as "TFG101:cell 3:2"."""
    code, _, line = flag.partition(":")
    if not line.isdigit():
        return flag
    cell = notebook.cell_at(int(line))
    return f"{code}:cell {cell.number}:{int(line) - cell.first_line + 1}"
