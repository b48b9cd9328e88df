"""Jupyter notebooks (``.ipynb``, nbformat 4) as one Python module, and back.

- The code cells are joined in order into one module, so a ``@tf.function`` in one cell sees the
  imports and helpers of the cells above it. Between two cells the module holds one comment line
  (``BOUNDARY``); every finding maps back to (code cell number, line in the cell).
- Cells are numbered among the code cells only (markdown and raw cells are not counted), from 1.
- IPython syntax is masked line by line, keeping line numbers: ``%magic``, ``!shell``, ``?obj``,
  ``obj?`` become ``pass`` at the same indentation, ``x = %magic`` / ``x = !cmd`` become
  ``x = None``; a cell starting with a ``%%cell magic`` is not Python and is left out whole,
  except the magics that run their body as Python (``PYTHON_CELL_MAGICS``: ``%%time``, ...),
  whose first line is masked. Lines
  are only masked in a cell that does not parse as it is, so strings that end in ``?`` stay.
  A cell that still does not parse is left out and reported once (its ``error``).
- :meth:`Notebook.rewrite` puts a fixed module back into the cells' sources and changes nothing
  else in the file (see :mod:`notebook_json`).

Only the standard library reads the file: nbformat's own package would add a dependency for a
format that is plain JSON.
"""

from __future__ import annotations

import ast
import bisect
import json
import json.decoder
import re
import warnings
from typing import TYPE_CHECKING

from tfgraph_lint.core import records
from tfgraph_lint.core.lazy_pattern import LazyPattern
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.trace_words import TRACE_WORD

if TYPE_CHECKING:
    from tfgraph_lint.core.notebook_json import SourceSpan

SUFFIX = ".ipynb"
BOUNDARY = "# tfgraph-lint: end of a notebook cell"

# Cell magics whose body IPython runs as Python: the magic's line is masked, the body linted.
PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun"})
_CELL_MAGIC = LazyPattern(r"\s*%%(?P<name>\w*)")
_LINE_REFERENCE = LazyPattern(r"\bline (\d+)\b")
_LINE_BREAK = LazyPattern(r"\r\n|\r|\n")
_LINE_WITH_BREAK = LazyPattern(r".*?(?:\r\n|\r|\n)|.+\Z", re.DOTALL)
_ASSIGNED_MAGIC = LazyPattern(r"(?P<target>\s*[\w.]+(?:\s*,\s*[\w.]+)*\s*=)\s*[%!]")
_PREFIX_MAGIC = LazyPattern(r"(?P<indent>\s*)[%!?]")
_HEADING = LazyPattern(r"\s*(?P<hashes>#{1,6})\s")  # a markdown cell opening with a heading starts a section
_HELP_SUFFIX = LazyPattern(r"(?P<indent>\s*)[\w.\[\]()'\"]+\?{1,2}\s*$")


def is_notebook(path: str) -> bool:
    return path.lower().endswith(SUFFIX)


class NotebookError(Exception):
    """The file is not a notebook this tool can read; the message says why, for the user."""


class CodeCell(Record):
    __slots__ = ("number", "lines", "newline", "ends_with_newline", "analysed", "masked", "left_out",
                 "error", "first_line", "prose")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable
    number: int  # 1-based among the code cells
    lines: list[str]  # the source as written, without line endings
    newline: str  # the line ending written back into this cell
    ends_with_newline: bool
    analysed: list[str]  # the lines the joined module holds
    masked: dict[int, str]  # 0-based index -> line as written
    left_out: bool  # a %%cell magic or a syntax error: blank lines in the module
    error: tuple[int, int, str] | None  # (line in cell, column, message) of a syntax error
    first_line: int  # the module's line number of the cell's first line
    # The notebook's prose around the cell: the headings its section sits under, the markdown of
    # its section (from the last heading above it down to it), the markdown right after it and
    # the cell's own comment lines (see notebook_prose).
    prose: str

    def __init__(self, number: int, lines: list[str], newline: str, ends_with_newline: bool,
                 analysed: list[str] | None = None, masked: dict[int, str] | None = None,
                 left_out: bool = False, error: tuple[int, int, str] | None = None, first_line: int = 0,
                 prose: str = "") -> None:
        self.number = number
        self.lines = lines
        self.newline = newline
        self.ends_with_newline = ends_with_newline
        self.analysed = [] if analysed is None else analysed
        self.masked = {} if masked is None else masked
        self.left_out = left_out
        self.error = error
        self.first_line = first_line
        self.prose = prose


class Notebook(Record):
    __slots__ = ("text", "cells", "source", "spans", "_starts")
    __hash__ = None  # mutable, as a dataclass without frozen: unhashable
    text: str  # the file as read
    cells: list[CodeCell]
    source: str  # the code cells joined into one module
    spans: list[SourceSpan | None] | None  # each code cell's source in ``text``; None: unknown
    _starts: list[int]

    def __init__(self, text: str, cells: list[CodeCell], source: str, spans: list[SourceSpan | None] | None,
                 _starts: list[int] | None = None) -> None:
        self.text = text
        self.cells = cells
        self.source = source
        self.spans = spans
        self._starts = [] if _starts is None else _starts
        self.__post_init__()

    def __post_init__(self) -> None:
        self._starts = [cell.first_line for cell in self.cells]

    def cell_at(self, line: int) -> CodeCell:
        """The code cell holding the module's line ``line`` (a boundary belongs to the cell above)."""
        index = max(bisect.bisect_right(self._starts, line) - 1, 0)
        return self.cells[index]

    def locate(self, finding):
        """``finding`` (a core.findings.Finding, in the module's lines) with its cell filled in."""
        cell = self.cell_at(finding.line)
        offset = cell.first_line - 1
        return records.replace(finding, cell=cell.number, cell_offset=offset,
                               file_line=self.file_line(cell, finding.line - offset),
                               message=self.cell_lines(finding.message),
                               traced_because=tuple(self.cell_lines(step) for step in finding.traced_because))

    def cell_lines(self, text: str) -> str:
        """``text`` with each "line N" of the module (messages cite other lines) said as
        "cell C, line L"."""
        def in_cell(match: re.Match) -> str:
            line = int(match[1])
            cell = self.cell_at(line)
            return f"cell {cell.number}, line {line - cell.first_line + 1}"
        return _LINE_REFERENCE.sub(in_cell, text)

    def file_line(self, cell: CodeCell, line_in_cell: int) -> int | None:
        """The line of the ``.ipynb`` file that holds line ``line_in_cell`` of ``cell``."""
        span = self.spans[cell.number - 1] if self.spans else None
        if span is None:
            return None
        starts = span.element_starts
        if not span.is_list or len(starts) <= 1:
            return self.text.count("\n", 0, span.element_starts[0] if starts else span.start) + 1
        # Which string of the source list holds the line: count the breaks inside each string.
        strings = json.loads(self.text[span.start:span.end])
        first = 0
        element = 0
        for index, string in enumerate(strings):
            if first > line_in_cell - 1:
                break
            element = index
            first += len(_LINE_BREAK.findall(string))
        return self.text.count("\n", 0, starts[element]) + 1

    def rewrite(self, fixed_source: str) -> str:
        """The file's text with the cells' sources taken from ``fixed_source`` (``source`` after
        fixes). Cells the fixes did not change, and everything outside the sources, keep every
        byte. Raises NotebookError when the change cannot be put back into the cells."""
        if self.spans is None:
            raise NotebookError("cannot locate the cells' sources in the file to rewrite them")
        regions = _regions(fixed_source, len(self.cells))
        replaced = []
        for cell, region in zip(self.cells, regions):
            before = cell.analysed
            if region == before:
                continue
            if cell.left_out:
                raise NotebookError(f"a fix would change cell {cell.number}, which is not analysed")
            lines = _restore_masked(cell, region)
            span = self.spans[cell.number - 1]
            if span is None:
                raise NotebookError(f"cell {cell.number} has no source to rewrite")
            replaced.append((span, _serialised(self.text, span, cell, lines)))
        text = self.text
        for span, new in sorted(replaced, key=lambda item: -item[0].start):
            text = text[:span.start] + new + text[span.end:]
        return text


def script_source(path: str, text: str) -> str:
    """What running ``path`` runs: a notebook's code cells as one script (IPython lines are
    ``pass``, cell magics and cells that do not parse are left out), else ``text``. A notebook
    that cannot be read runs nothing (the linter reports why)."""
    try:
        return module_source(text, path)
    except NotebookError:
        return ""


def module_source(text: str, path: str) -> str:
    """The Python source a file's findings count lines in: a notebook's joined code cells, else
    ``text`` itself. Raises NotebookError for a notebook that cannot be read."""
    return read(text).source if is_notebook(path) else text


def read(text: str) -> Notebook:
    """The notebook in ``text``; NotebookError says why when it is not one."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotebookError(f"not a notebook: invalid JSON ({exc.msg} at line {exc.lineno})") from None
    except RecursionError:
        raise NotebookError("not a notebook: JSON nested too deeply") from None
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        raise NotebookError("not a notebook: no list of cells")
    if document.get("nbformat") != 4:
        raise NotebookError(f"not an nbformat 4 notebook (nbformat: {document.get('nbformat')!r})")
    language = _language(document)
    if language and language.lower() != "python":
        raise NotebookError(f"a {language} notebook, not Python")
    from tfgraph_lint.core.notebook_json import LayoutError, source_spans  # deferred: only a notebook's run needs it

    try:
        spans = source_spans(text)
    except LayoutError:
        spans = None
    cells, code_spans = [], []
    section: list[str] = []  # the markdown since the last heading
    headings: dict[int, str] = {}  # the headings in force, by level: "#### x" sits under "### y"
    explains_last = False  # whether markdown now still explains the last code cell
    for index, raw in enumerate(document["cells"]):
        if not isinstance(raw, dict):
            continue
        if raw.get("cell_type") == "markdown":
            markdown = _text(raw.get("source", ""))
            if markdown is None:
                continue
            heading = _HEADING.match(markdown)
            if heading:
                level = len(heading["hashes"])
                headings = {lower: text for lower, text in headings.items() if lower < level}
                headings[level] = markdown.strip()  # with the introduction written under it
                section, explains_last = [], False
            section.append(markdown)
            if explains_last:  # the markdown right after a code cell, up to a heading, explains it
                cells[-1].prose += "\n" + markdown
            continue
        if raw.get("cell_type") != "code":
            continue
        source = _text(raw.get("source", ""))
        if source is None:
            raise NotebookError(f"not a notebook: the source of cell {len(cells) + 1} is not text")
        cell = _code_cell(len(cells) + 1, source)
        # The cell's own comment lines that speak of tracing are its author's words too ("#
        # WARNING: when passing non-tensor values, a trace happens for any new value!",
        # ageron/tf2_course). Only those: a comment is often code put aside ("# @tf.function #
        # AutoGraph won't convert this", SwAV-TF, whose map still traces the function).
        comments = [text for text in (line.strip().lstrip("#").strip() for line in cell.lines
                                      if line.lstrip().startswith("#")) if TRACE_WORD.search(text)]
        cell.prose = "\n".join([*(text for level, text in sorted(headings.items())[:-1]), *section, *comments])
        cells.append(cell)
        explains_last = True
        code_spans.append(spans[index] if spans is not None and index < len(spans) else None)
    if not cells:
        raise NotebookError("the notebook has no code cells")
    return Notebook(text, cells, _join(cells), code_spans if spans is not None else None)


def _text(source) -> str | None:
    """A cell's source, written as one string or a list of them; None when it is neither."""
    if isinstance(source, list) and all(isinstance(part, str) for part in source):
        return "".join(source)
    return source if isinstance(source, str) else None


def _language(document: dict) -> str | None:
    metadata = document.get("metadata")
    info = metadata.get("language_info") if isinstance(metadata, dict) else None
    name = info.get("name") if isinstance(info, dict) else None
    return name if isinstance(name, str) else None


def _code_cell(number: int, source: str) -> CodeCell:
    lines = _LINE_BREAK.split(source)
    ends_with_newline = len(lines) > 1 and lines[-1] == ""
    if ends_with_newline:
        lines.pop()
    if lines == [""]:
        lines = []
    newline = "\r\n" if "\r\n" in source else "\n"
    cell = CodeCell(number, lines, newline, ends_with_newline)
    first = next((line for line in lines if line.strip()), "")
    magic = _CELL_MAGIC.match(first)
    if magic and magic["name"] not in PYTHON_CELL_MAGICS:
        cell.left_out = True  # a cell magic: the cell is the magic's input, not Python
    elif _parse_error(lines) is None:
        cell.analysed = list(lines)
    else:
        cell.analysed, cell.masked = _masked(lines)
        error = _parse_error(cell.analysed)
        if error is not None:
            cell.left_out, cell.error, cell.masked = True, error, {}
    if cell.left_out:
        cell.analysed = [""] * len(lines)
    return cell


def _masked(lines: list[str]) -> tuple[list[str], dict[int, str]]:
    analysed, masked = [], {}
    continued = False  # the line before is an IPython line ending in a backslash
    for index, line in enumerate(lines):
        assigned = _ASSIGNED_MAGIC.match(line)
        prefix = _PREFIX_MAGIC.match(line) or _HELP_SUFFIX.match(line)
        if continued:
            analysed.append("")  # continues the IPython line above (a trailing backslash)
        elif assigned:
            analysed.append(f"{assigned['target']} None")
        elif prefix:
            analysed.append(f"{prefix['indent']}pass")
        else:
            analysed.append(line)
            continue
        masked[index] = line
        continued = line.endswith("\\")
    return analysed, masked


def _parse_error(lines: list[str]) -> tuple[int, int, str] | None:
    try:
        with warnings.catch_warnings():  # the user's SyntaxWarnings are not our findings
            warnings.simplefilter("ignore")
            ast.parse("\n".join(lines) + "\n")
    except SyntaxError as exc:
        return (exc.lineno or 1, max((exc.offset or 1) - 1, 0), exc.msg)
    except (ValueError, RecursionError, MemoryError) as exc:
        return (1, 0, f"{type(exc).__name__}: {exc}")
    return None


def _join(cells: list[CodeCell]) -> str:
    module: list[str] = []
    for cell in cells:
        cell.first_line = len(module) + 1
        module.extend(cell.analysed)
        module.append(BOUNDARY)
    return "\n".join(module) + "\n"


def _regions(fixed_source: str, count: int) -> list[list[str]]:
    lines = _LINE_BREAK.split(fixed_source)
    regions, current = [], []
    for line in lines:
        if line == BOUNDARY:
            regions.append(current)
            current = []
        else:
            current.append(line)
    if len(regions) != count or any(line for line in current):
        raise NotebookError("the fixed code no longer has one part per cell")
    return regions


def _restore_masked(cell: CodeCell, region: list[str]) -> list[str]:
    """``region`` with the IPython lines written back where their stand-ins ended up."""
    lines = list(region)
    if not cell.masked:
        return lines
    moved: dict[int, int] = {}
    import difflib  # for a notebook's cells only

    matcher = difflib.SequenceMatcher(None, cell.analysed, region, autojunk=False)
    for tag, old_start, old_end, new_start, _ in matcher.get_opcodes():
        if tag == "equal":
            moved.update((old_start + k, new_start + k) for k in range(old_end - old_start))
    for index, original in cell.masked.items():
        if index not in moved:
            raise NotebookError(f"a fix would change an IPython line of cell {cell.number}")
        lines[moved[index]] = original
    return lines


def _serialised(text: str, span: SourceSpan, cell: CodeCell, lines: list[str]) -> str:
    """The cell's new ``source`` value, written as the file writes it (a list of lines, one per
    file line at the file's indentation, or one string)."""
    source = cell.newline.join(lines) + (cell.newline if cell.ends_with_newline else "")
    ensure_ascii = "\\u" in text[span.start:span.end]
    if not span.is_list:
        return json.dumps(source, ensure_ascii=ensure_ascii)
    parts = _LINE_WITH_BREAK.findall(source)
    starts = span.element_starts
    if starts:
        first_end = _string_end(text, starts[0])
        opening = text[span.start + 1:starts[0]]
        closing = text[_string_end(text, starts[-1]):span.end - 1]
        separator = text[first_end:starts[1]] if len(starts) > 1 else "," + opening
    else:
        opening, closing, separator = "", "", ", "
    if not parts:
        return "[]"
    return "[" + opening + separator.join(json.dumps(part, ensure_ascii=ensure_ascii) for part in parts) + closing + "]"


def _string_end(text: str, start: int) -> int:
    return json.decoder.scanstring(text, start + 1)[1]
