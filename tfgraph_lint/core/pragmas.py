"""Pylint's suppression comments, honoured by the CLI the way Pylint honours them.

- ``x = f()  # pylint: disable=symbol`` on a simple statement: that line only;
- the same comment on the first line of a ``def``/``class``/``if``/``for``/...: the whole block,
  but only when nothing else starts on that line (``try:``, ``def f():``); with arguments, a
  condition or bases there it is that line only. This is what Pylint 4 does (pylint#3888), and
  both front ends must agree;
- ``# pylint: disable=symbol`` on a line of its own: from there to the end of the enclosing block
  (or module), until a matching ``# pylint: enable=symbol``;
- ``# pylint: disable-next=symbol``: the next line only;
- ``# pylint: skip-file``, and ``disable=all`` anywhere (Pylint's old spelling): the whole file.
Symbols, Pylint msgids (``W8701``) and ``all`` are understood. The Pylint plugin needs none of
this: Pylint applies its own pragmas to the plugin's messages. :func:`file_skipped` says when a
file is skipped whole, so the CLI can say so (Pylint's I0013 "Ignoring entire file").

ruff's and flake8's ``# noqa`` is honoured too, on the line a finding starts on (for a statement
over several lines, its first line, as ruff does): ``# noqa`` alone suppresses every finding of
that line, ``# noqa: TFG101, python-random-in-graph, TFG3`` the rules named by code, symbol or code
prefix; codes of other tools in the list are ignored.

A whole file: ``# tfgraph-lint: noqa`` in any comment exempts the file from every rule (as
``skip-file``), ``# tfgraph-lint: noqa: TFG101, python-random-in-graph`` from the rules named
(ruff's ``# ruff: noqa``). Both front ends honour these (:mod:`tfgraph_lint.core.reporting_decision`).

:func:`unknown_names` finds pragma names that look like ours but are not (a misspelt symbol, a
``TFG101`` code, which Pylint does not know, a removed rule), so the CLI can warn instead of
letting a suppression silently do nothing. Names of other Pylint messages are left alone.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize

from tfgraph_lint.core.findings import Finding
from tfgraph_lint.core.lazy_pattern import LazyPattern
from tfgraph_lint.core.records import Record
from tfgraph_lint.core.registry import REMOVED, RULES, expand_selector, lookup

_PRAGMA = LazyPattern(r"#\s*pylint\s*:\s*(?P<body>.*)$")
_DIRECTIVE = LazyPattern(r"(?P<kind>disable-next|disable|enable)\s*=\s*(?P<names>[\w\-]+(?:\s*,\s*[\w\-]+)*)")
_PRAGMA_BODY = LazyPattern(r"#\s*pylint\s*:([^\n]*)")
_SKIP_FILE = LazyPattern(r"\bskip-file\b|\bdisable\s*=\s*all\s*$")
# ruff's form (case-insensitive, anywhere in a comment): "# noqa" or "# noqa: A1, B2 ...".
# The names run while they look like names: "# noqa: BLE001 - why" names BLE001 only.
_NOQA = LazyPattern(r"#\s*noqa(?P<colon>\s*:\s*(?P<names>[A-Za-z][\w\-]*(?:(?:\s*,\s*|\s+)[A-Za-z][\w\-]*)*)?)?",
                    re.IGNORECASE)
_NOQA_NAME = LazyPattern(r"[A-Za-z][\w\-]*")
_FILE_NOQA = LazyPattern(r"#\s*tfgraph-lint\s*:\s*noqa(?P<colon>\s*:\s*(?P<names>[A-Za-z][\w\-]*"
                         r"(?:(?:\s*,\s*|\s+)[A-Za-z][\w\-]*)*)?)?", re.IGNORECASE)

_BLOCK_STATEMENTS = (
    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.If, ast.For, ast.AsyncFor,
    ast.While, ast.With, ast.AsyncWith, ast.Try,
) + ((ast.TryStar,) if hasattr(ast, "TryStar") else ()) + ((ast.Match,) if hasattr(ast, "Match") else ())


class Pragma(Record):
    __slots__ = ("disable", "names", "first_line", "last_line")
    disable: bool
    names: frozenset[str]
    first_line: int
    last_line: int

    def __init__(self, disable: bool, names: frozenset[str], first_line: int, last_line: int) -> None:
        self.disable = disable
        self.names = names
        self.first_line = first_line
        self.last_line = last_line

    def covers(self, finding: Finding) -> bool:
        if not self.first_line <= finding.line <= self.last_line:
            return False
        return bool(self.names & {"all", finding.rule.symbol, finding.rule.msgid.lower()})


def remove_suppressed(findings: list[Finding], text: str, pylint: bool = True) -> list[Finding]:
    """``findings`` less those a line's comment suppresses: Pylint's pragmas (unless ``pylint`` is
    false: Pylint applies its own) and ``# noqa``."""
    has_pylint, has_noqa = pylint and "pylint" in text, _may_have_noqa(text)
    if not findings or not (has_pylint or has_noqa):
        return findings
    found = comments(text)
    if has_pylint and _skip_pragma(found):
        return [f for f in findings if not f.rule.is_hazard]  # diagnostics are never silenced
    pragmas = list(_pragmas(found, text)) if has_pylint else []
    noqa = _noqa_lines(found) if has_noqa else {}
    return [f for f in findings if not _suppressed(f, pragmas) and not _noqa_covers(f, noqa)]


class FileExemption(Record):
    """A ``# tfgraph-lint: noqa`` comment: the rules it exempts the file from (None: every rule)."""
    __slots__ = ("line", "comment", "codes")

    line: int
    comment: str
    codes: frozenset[str] | None

    def __init__(self, line: int, comment: str, codes: frozenset[str] | None) -> None:
        self.line = line
        self.comment = comment
        self.codes = codes

    def covers(self, finding: Finding) -> bool:
        return finding.rule.is_hazard and (self.codes is None or finding.code in self.codes)


def file_exemptions(text: str) -> tuple[FileExemption, ...]:
    """The file's ``# tfgraph-lint: noqa`` comments (read from comments only, not strings)."""
    if "noqa" not in text or _FILE_NOQA.search(text) is None:
        return ()
    found = []
    for line, _after_code, comment in comments(text):
        match = _FILE_NOQA.search(comment)
        if not match:
            continue
        codes = None
        if match.group("names"):
            codes = set()
            for name in _NOQA_NAME.findall(match.group("names")):
                try:
                    codes |= expand_selector(name)
                except KeyError:
                    pass  # unknown_names warns about it
            codes = frozenset(codes)
        found.append(FileExemption(line, match.group(0).strip(), codes))
    return tuple(found)


def file_skipped(text: str) -> tuple[int, str] | None:
    """The line and text of the pragma that skips the whole file (``skip-file``, ``disable=all``,
    ``# tfgraph-lint: noqa`` without rules)."""
    # A plain search first (the file was tokenized where it was linted): only a
    # ``# tfgraph-lint: noqa`` naming no rules exempts it whole.
    if "noqa" in text and any(not match.group("names") for match in _FILE_NOQA.finditer(text)):
        whole = next((e for e in file_exemptions(text) if e.codes is None), None)
        if whole is not None:
            return whole.line, whole.comment
    if "pylint" not in text:
        return None
    # Tokenizing costs ~20 ms for a large file; most files that mention pylint only disable a
    # message or two. A pragma body that could skip the file must appear in the text as such.
    if not any(_SKIP_FILE.search(body) for body in _PRAGMA_BODY.findall(text)):
        return None
    return _skip_pragma(comments(text))


def _skip_pragma(comments: tuple[tuple[int, bool, str], ...]) -> tuple[int, str] | None:
    for line, _after_code, comment in comments:
        match = _PRAGMA.search(comment)
        if match and _SKIP_FILE.search(match.group("body")):
            return line, match.group(0).strip()
    return None


def _may_have_noqa(text: str) -> bool:
    return _NOQA.search(text) is not None


def _noqa_lines(comments: tuple[tuple[int, bool, str], ...]) -> dict[int, frozenset[str] | None]:
    """Line -> the codes its ``# noqa`` suppresses, or None for a bare ``# noqa`` (everything)."""
    found: dict[int, frozenset[str] | None] = {}
    for line, _after_code, comment in comments:
        match = _NOQA.search(comment)
        if not match:
            continue
        if not match.group("names"):
            found[line] = None  # "# noqa" alone (or "# noqa:" with nothing after it), as ruff reads it
            continue
        codes: set[str] = set()
        for name in _NOQA_NAME.findall(match.group("names")):
            try:
                codes |= expand_selector(name)
            except KeyError:
                pass  # another tool's code (E501, BLE001...)
        if found.get(line, frozenset()) is not None:
            found[line] = frozenset(codes) | (found.get(line) or frozenset())
    return found


def _noqa_covers(finding: Finding, noqa: dict[int, frozenset[str] | None]) -> bool:
    if finding.line not in noqa or not finding.rule.is_hazard:
        return False  # diagnostics are never silenced
    codes = noqa[finding.line]
    return codes is None or finding.code in codes


def _suppressed(finding: Finding, pragmas: list[Pragma]) -> bool:
    if finding.rule.code.startswith("TFG0"):
        return False  # a file that could not be analysed is never silenced
    disabled = False
    for pragma in pragmas:  # in source order: a later pragma overrides an earlier one
        if pragma.covers(finding):
            disabled = pragma.disable
    return disabled


@functools.lru_cache(maxsize=4)  # the engine's demonstration comments and the pragmas read the same text
def comments(text: str) -> tuple[tuple[int, bool, str], ...]:
    """(line, whether code precedes the comment on that line, comment text)."""
    found = []
    code_lines: set[int] = set()
    if "#" not in text:
        return ()  # no comment to find: not tokenized (a one-file run then never loads the tokenizer)
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                found.append((token.start[0], token.start[0] in code_lines, token.string))
            elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
                code_lines.update(range(token.start[0], token.end[0] + 1))
    except (tokenize.TokenError, SyntaxError):
        pass  # what was read before the problem counts
    return tuple(found)


def _pragmas(comments: tuple[tuple[int, bool, str], ...], text: str):
    statements = _statement_spans(text)
    last_line = text.count("\n") + 1
    for line, after_code, comment in comments:
        match = _PRAGMA.search(comment)
        if not match:
            continue
        for directive in _DIRECTIVE.finditer(match.group("body")):
            names = frozenset(name.strip().lower() for name in directive.group("names").split(","))
            kind = directive.group("kind")
            if kind == "disable-next":
                yield Pragma(True, names, line + 1, line + 1)
                continue
            if after_code:
                block = next((s for s in statements if s[0] == line and s[3]), None)
                first, last = (line, block[1]) if block else (line, line)
            else:
                enclosing = [s for s in statements if s[2] and s[0] < line <= s[1]]
                first = line
                last = min((s[1] for s in enclosing), default=last_line)
            yield Pragma(kind == "disable", names, first, last)


def _statement_spans(text: str) -> list[tuple[int, int, bool, bool]]:
    """(first line, last line, is a block, whether a pragma on its first line covers the block)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    return [
        (node.lineno, node.end_lineno or node.lineno, isinstance(node, _BLOCK_STATEMENTS),
         isinstance(node, _BLOCK_STATEMENTS) and not _header_shares_line(node))
        for node in ast.walk(tree)
        if isinstance(node, ast.stmt)
    ]


_BODY_FIELDS = frozenset({"body", "orelse", "finalbody", "handlers", "cases", "decorator_list"})


def _header_shares_line(block: ast.stmt) -> bool:
    """Whether some part of the header (arguments, condition, bases...) starts on its first line."""
    for field, value in ast.iter_fields(block):
        if field in _BODY_FIELDS:
            continue
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, ast.AST) and any(
                getattr(node, "lineno", None) == block.lineno for node in ast.walk(child)
            ):
                return True
    return False


# --------------------------------------------------------------------------- unknown names

class PragmaWarning(Record):
    __slots__ = ("line", "column", "message")
    line: int
    column: int  # 1-based, of the name in the comment
    message: str

    def __init__(self, line: int, column: int, message: str) -> None:
        self.line = line
        self.column = column
        self.message = message


_OUR_MSGID = LazyPattern(r"^[cewrfi]87\d\d$")
_OUR_CODE = LazyPattern(r"^tfg\d+$")
_OUR_PREFIX = "tfgraph-"


def unknown_names(text: str) -> list[PragmaWarning]:
    """Names in pragmas (and ``# noqa`` lists) that look like tfgraph-lint's but name none of its rules."""
    found = _unknown_pylint_names(text) if "pylint" in text else []
    if _may_have_noqa(text) or "tfgraph-lint" in text:
        found = sorted(found + _unknown_noqa_names(text), key=lambda w: (w.line, w.column))
    return found


def _unknown_noqa_names(text: str) -> list[PragmaWarning]:
    """``# noqa: TFG999`` or a misspelt symbol of ours: it suppresses nothing, so say so. Other
    tools' codes (E501) are theirs to judge."""
    symbols = sorted(rule.symbol for rule in RULES)
    # A plain search first, as for pylint pragmas: the linting already tokenized the file (in a
    # worker, for its demonstration comments and pragmas), and nearly no noqa list names a rule
    # of ours wrongly; only then are comments told from strings.
    candidates = {name for match in [*_NOQA.finditer(text), *_FILE_NOQA.finditer(text)] if match.group("names")
                  for name in _NOQA_NAME.findall(match.group("names"))}
    if not any(_noqa_problem(name, symbols) for name in candidates):
        return []
    warnings = []
    lines = text.splitlines()
    for line, _after_code, comment in comments(text):
        match = _FILE_NOQA.search(comment) or _NOQA.search(comment)
        if not match or not match.group("names"):
            continue
        for name in _NOQA_NAME.findall(match.group("names")):
            problem = _noqa_problem(name, symbols)
            if problem is None:
                continue
            source = lines[line - 1] if line <= len(lines) else ""
            start = source.find(name, source.find("#"))
            warnings.append(PragmaWarning(line, start + 1 if start >= 0 else 1, problem))
    return warnings


def _noqa_problem(name: str, symbols: list[str]) -> str | None:
    """Why a name in a noqa list suppresses nothing of ours, when it looks like ours."""
    lowered = name.lower()
    if lowered in symbols or (_OUR_CODE.match(lowered) is None and "-" not in name):
        return None
    try:
        expand_selector(name)
        return None
    except KeyError:
        pass
    import difflib  # for a pragma naming no rule only

    close = difflib.get_close_matches(lowered, symbols, n=1, cutoff=0.8)
    if _OUR_CODE.match(lowered) is None and not close and not lowered.startswith(_OUR_PREFIX):
        return None  # another tool's symbol-like name
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return (f"noqa names {name!r}, which is not a tfgraph-lint rule{hint} "
            "(`tfgraph-lint rules` lists them); it suppresses nothing")


def _unknown_pylint_names(text: str) -> list[PragmaWarning]:
    symbols = {rule.symbol for rule in RULES}
    removed = {name.lower() for pair in REMOVED for name in pair}
    # A plain search over the text first: tokenizing (to tell comments from strings) costs about
    # a millisecond per file, and nearly no file has a name worth a warning.
    candidates = {raw.strip() for body in _PRAGMA_BODY.findall(text)
                  for directive in _DIRECTIVE.finditer(body) for raw in directive.group("names").split(",")}
    if not any(_problem(name, symbols, removed) for name in candidates):
        return []
    warnings = []
    lines = text.splitlines()
    for line, _after_code, comment in comments(text):
        match = _PRAGMA.search(comment)
        if not match:
            continue
        for directive in _DIRECTIVE.finditer(match.group("body")):
            for raw in directive.group("names").split(","):
                name = raw.strip()
                problem = _problem(name, symbols, removed)
                if problem:
                    source = lines[line - 1] if line <= len(lines) else ""
                    start = source.find(name, source.find("#"))
                    warnings.append(PragmaWarning(line, start + 1 if start >= 0 else 1, problem))
    return warnings


def _problem(shown: str, symbols: set[str], removed: set[str]) -> str | None:
    name = shown.lower()
    if not name or name == "all" or name in symbols:
        return None
    kind = None
    rule = lookup(name)
    if name in removed:
        return f"pragma names {shown!r}, a tfgraph-lint rule that was removed; it suppresses nothing"
    if _OUR_CODE.match(name):
        if rule is not None:
            return (f"pragma names the code {shown!r}, which Pylint does not know; "
                    f"use the symbol {rule.symbol!r}")
        kind = "code"
    elif _OUR_MSGID.match(name):
        if rule is not None:
            return None  # a message id of ours: Pylint and the CLI both understand it
        kind = "message id"
    elif name.startswith(_OUR_PREFIX):
        kind = "symbol"
    import difflib  # for a pragma naming no rule only

    close = difflib.get_close_matches(name, sorted(symbols), n=1, cutoff=0.8)
    if kind is None and not close:
        return None  # another Pylint message, or a plugin's: not ours to judge
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return (f"pragma names {shown!r}, which is not a tfgraph-lint {kind or 'symbol'}{hint} "
            "(`tfgraph-lint rules` lists them); it suppresses nothing")
