"""One difference between the graph-mode run and the eager reference run, in words and located."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Divergence:
    kind: str
    message: str
    lines: tuple[int, ...] = ()  # the script lines it concerns, for matching findings
    function: str | None = None  # the tf.function it concerns; for ``state``, the module variable
    # Lines of helper modules of the script's project it concerns: (file relative to the
    # script's folder, line), for matching the findings in those files.
    places: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict:
        shown = {"kind": self.kind, "evidence": self.message, "lines": list(self.lines), "function": self.function}
        if self.places:
            shown["places"] = [{"file": file, "line": line} for file, line in self.places]
        return shown


def effect_counts(observation: dict) -> dict[tuple[str, int | None, str | None, int | None], int]:
    """(what, line, helper file, via script line) -> count; file and via are None on script lines."""
    return {(e["what"], e["line"], e.get("file"), e.get("via")): e["count"] for e in observation.get("effects", ())}


def times(count: int) -> str:
    """``1 time``, ``3 times``: how often something ran, in the reasons verify gives."""
    return f"{count} time" if count == 1 else f"{count} times"
