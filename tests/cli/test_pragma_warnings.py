"""A pragma naming a tfgraph symbol that does not exist suppresses nothing: the CLI warns."""

from __future__ import annotations

import pytest
from test_cli import PRINT_IN_GRAPH, run

from tfgraph_lint.core.pragmas import unknown_names


@pytest.mark.parametrize("name, message", [
    ("python-print-in-grph", "not a tfgraph-lint symbol; did you mean 'python-print-in-graph'?"),
    ("TFG101", "the code 'TFG101', which Pylint does not know; use the symbol 'python-print-in-graph'"),
    ("W8799", "not a tfgraph-lint message id"),
    ("tfgraph-made-up", "not a tfgraph-lint symbol"),
    ("TFG999", "not a tfgraph-lint code"),
])
def test_names_that_look_like_ours_are_reported(name, message):
    text = f"x = 1  # pylint: disable={name}\n"
    [warning] = unknown_names(text)
    assert (warning.line, warning.column) == (1, text.index(name) + 1)
    assert message in warning.message


@pytest.mark.parametrize("comment", [
    "# pylint: disable=python-print-in-graph",
    "# pylint: disable=W8701",
    "# pylint: disable=all",
    "# pylint: disable=unused-import,too-many-locals,line-too-long",
    "# pylint: disable=some-plugins-own-message",
    "# not a pragma: python-print-in-grph",
])
def test_our_names_and_other_messages_are_fine(comment):
    assert unknown_names(f"x = 1  {comment}\n") == []


def test_every_directive_form_is_checked():
    text = ("# pylint: disable=python-prnt-in-graph\n"
            "x = 1  # pylint: disable-next=python-random-in-grph\n"
            "# pylint: enable=outer-collection-mutaton\n")
    assert [w.line for w in unknown_names(text)] == [1, 2, 3]


def test_cli_warns_on_stderr_and_keeps_the_exit_code(tmp_path):
    path = tmp_path / "bad.py"
    path.write_text(PRINT_IN_GRAPH.replace("    print(x)", "    print(x)  # pylint: disable=python-print-in-grph"),
                    encoding="utf-8")
    result = run(str(path))
    assert result.exit_code == 1 and "TFG101" in result.stdout  # the misspelt pragma suppressed nothing
    assert f"{path}:6:33: warning: pragma names 'python-print-in-grph'" in result.stderr
    json_result = run("--format", "json", str(path))
    assert json_result.stdout.startswith("[") and "warning: pragma" in json_result.stderr


@pytest.mark.parametrize("comment, message", [
    ("# noqa: TFG999", "noqa names 'TFG999', which is not a tfgraph-lint rule"),
    ("# noqa: E501, python-print-in-grph", "did you mean 'python-print-in-graph'?"),
])
def test_noqa_names_that_look_like_ours_are_reported(comment, message):
    [warning] = unknown_names(f"x = 1  {comment}\n")
    assert message in warning.message and warning.line == 1


@pytest.mark.parametrize("comment", ["# noqa", "# noqa: TFG101", "# noqa: TFG1, E501", "# noqa: BLE001 - reason",
                                     "# noqa: python-print-in-graph", "# noqa: some-other-tools-name"])
def test_noqa_names_of_ours_and_others_are_fine(comment):
    assert unknown_names(f"x = 1  {comment}\n") == []


@pytest.mark.parametrize("comment, tokenized", [
    ("# noqa: TFG101, python-random-in-graph", 0),  # names of ours: the plain search settles it
    ("# tfgraph-lint: noqa: TFG102", 0),
    ("# noqa: E501, some-other-tools-name", 0),
    ("# noqa: TFG999", 1),  # one that warns: comments are told from strings, once
    ("# tfgraph-lint: noqa: python-print-in-grph", 1),
])
def test_noqa_lists_are_tokenized_only_when_one_of_their_names_would_warn(monkeypatch, comment, tokenized):
    from tfgraph_lint.core import pragmas

    # The file was tokenized where it was linted (a worker); warning about it reads it again
    # only when there is something to say.
    pragmas.comments.cache_clear()
    calls = []
    real = pragmas.tokenize.generate_tokens
    monkeypatch.setattr(pragmas.tokenize, "generate_tokens", lambda readline: (calls.append(1), real(readline))[1])
    warnings = unknown_names(f"import os\nx = 1  {comment}\n")
    assert len(calls) == tokenized and len(warnings) == tokenized


@pytest.mark.parametrize("comment, skipped", [
    ("# tfgraph-lint: noqa: TFG102", False),  # exempts from one rule: no need to tell comments from strings
    ("# tfgraph-lint: noqa", True),
])
def test_a_file_is_tokenized_to_see_whether_it_is_skipped_only_when_it_may_be(monkeypatch, comment, skipped):
    from tfgraph_lint.core import pragmas

    pragmas.comments.cache_clear()
    calls = []
    real = pragmas.tokenize.generate_tokens
    monkeypatch.setattr(pragmas.tokenize, "generate_tokens", lambda readline: (calls.append(1), real(readline))[1])
    found = pragmas.file_skipped(f"{comment}\nimport os\n")
    assert (found is not None) == skipped and len(calls) == int(skipped)
    assert pragmas.file_skipped(f"x = '{comment}'\n") is None  # in a string: no comment, nothing skipped
