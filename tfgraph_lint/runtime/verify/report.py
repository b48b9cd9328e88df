"""Text and JSON output of ``tfgraph-lint verify``."""

from __future__ import annotations

import json
from collections import Counter

from tfgraph_lint.runtime.verify.runner import FileResult
from tfgraph_lint.runtime.verify.verdicts import NOT_RUN, VERDICTS


def render_json(results: list[FileResult]) -> str:
    return json.dumps([r.to_json() for r in results], indent=2)


def render_text(results: list[FileResult], elapsed: float, workers: int, device: str) -> str:
    out: list[str] = []
    for result in results:
        out += file_lines(result)
    out.append(summary_line(results, elapsed, workers, device))
    return "\n".join(out)


def file_lines(result: FileResult) -> list[str]:
    status = f"{result.path}: {result.verdict}"
    if result.header is not None:
        status += f" [runtime: {', '.join(result.header.specs)}: {'reproduced' if result.header.met else 'NOT reproduced'}]"
    status += f" ({result.duration:.1f} s)"
    lines = [status]
    if result.error:
        lines.append(f"  error: {result.error}")
    if result.note:
        lines.append(f"  note: {result.note}")
    for finding in result.findings:
        unconfirmed = "not run" if result.verdict == NOT_RUN else "UNCONFIRMED"
        evidence = "; ".join(finding.evidence) if finding.evidence else f"{unconfirmed}: {finding.reason}"
        if finding.cell is not None:
            where = f"cell {finding.cell} line {finding.line}"
        elif finding.file is not None:  # in a helper module of the script's project
            where = f"{finding.file}:{finding.line}"
        else:
            where = f"line {finding.line}"
        lines.append(f"  {finding.code} {where} {finding.symbol}: {evidence}")
    for attributed in result.divergences:
        if not attributed.flagged_by:
            lines.append(f"  not flagged: {attributed.divergence.message}")
    for problem in result.static_problems:
        lines.append(f"  linter: {problem}")
    if result.header is not None:
        for problem in result.header.problems:
            lines.append(f"  header: {problem}")
    return lines


def summary_line(results: list[FileResult], elapsed: float, workers: int, device: str) -> str:
    counts = Counter(r.verdict for r in results)
    verdicts = ", ".join(f"{counts[v]} {v}" for v in VERDICTS if counts[v])
    headed = [r for r in results if r.header is not None]
    line = f"{len(results)} file{'s' if len(results) != 1 else ''}: {verdicts or 'none'}"
    if headed:
        failed = sum(1 for r in headed if not r.header.met)
        line += f"; runtime headers: {len(headed) - failed} reproduced, {failed} not"
    return line + f"; {elapsed:.1f} s with {workers} worker{'s' if workers != 1 else ''} on {device}"
