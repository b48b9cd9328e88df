"""``--format github``: GitHub Actions workflow commands, which the Actions runner turns into
annotations on the pull request's changed lines.

One line per finding::

    ::warning file=PATH,line=L,col=C,endLine=L2,endColumn=C2,title=TFG101 symbol::message

``error`` for the rules whose failure mode is an error (E, and the run diagnostics), ``warning``
for the others. Columns are 1-based, as in the text and JSON output. Values are escaped as the
runner reads them: ``%``, CR and LF everywhere, and ``:`` and ``,`` in the properties.
"""

from __future__ import annotations

from tfgraph_lint.core.findings import Finding


def github_line(finding: Finding) -> str:
    command = "error" if finding.rule.severity == "error" else "warning"
    shown = finding.to_json()
    properties = {
        "file": shown["path"],
        "line": shown["line"],
        "col": shown["column"],
        "endLine": shown["end_line"],
        "endColumn": shown["end_column"],
        "title": f"{finding.code} {finding.symbol}",
    }
    message = finding.message
    if finding.cell is not None:
        # A notebook: annotate the line of the .ipynb file that holds the flagged source line
        # (what GitHub shows of the file); the message says the cell and the line in it.
        properties.update(line=finding.file_line or 1, endLine=finding.file_line or 1)
        del properties["col"], properties["endColumn"]
        message = f"cell {finding.cell}, line {shown['line']}: {message}"
    listed = ",".join(f"{key}={_escape_property(str(value))}" for key, value in properties.items())
    return f"::{command} {listed}::{_escape_data(message)}"


def github_notice(note) -> str:
    """``::notice`` for a file a pragma skips whole (reporters.FileIgnored)."""
    listed = ",".join(f"{key}={_escape_property(str(value))}" for key, value in
                      {"file": note.path, "line": note.line, "title": f"{note.code} {note.symbol}"}.items())
    return f"::notice {listed}::{_escape_data(note.message)}"


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")
