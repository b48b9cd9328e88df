"""Bad input on the command line: a clear message on stderr and exit 2, never a traceback (each
case once through ``check`` and, where it applies, ``verify``'s checks before any run)."""

from __future__ import annotations

from test_cli import run


def test_a_folder_with_no_python_file_is_an_error_not_a_pass(tmp_path):
    (tmp_path / "notes.txt").write_text("no code here\n", encoding="utf-8")
    for options in ((), ("--format", "json"), ("-q",)):
        result = run("check", *options, str(tmp_path))
        assert result.exit_code == 2, options
        assert f"tfgraph-lint: error: no Python files found in {tmp_path}" in result.stderr
        assert "All checks passed" not in result.stderr


def test_show_settings_of_a_missing_file_is_an_error(tmp_path):
    missing = tmp_path / "missing.py"
    result = run("check", "--show-settings", str(missing))
    assert result.exit_code == 2 and result.stdout == ""
    assert f"tfgraph-lint: error: path not found: {missing}" in result.stderr


def test_show_settings_of_a_file_that_exists_still_shows_them(tmp_path):
    path = tmp_path / "model.py"
    path.write_text("x = 1\n", encoding="utf-8")
    result = run("check", "--show-settings", str(path))
    assert result.exit_code == 0 and result.stdout.startswith(f"Settings for {path}\n")


def test_an_invalid_configuration_value_names_the_file_key_and_what_it_must_be(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nselect = "TFG1"\n', encoding="utf-8")
    (tmp_path / "model.py").write_text("x = 1\n", encoding="utf-8")
    result = run("check", str(tmp_path))
    assert result.exit_code == 2
    assert "pyproject.toml: [tool.tfgraph-lint]: 'select' must be a list of strings, not a string" in result.stderr


def test_an_unknown_rule_in_select_is_a_usage_error_with_suggestions(tmp_path):
    (tmp_path / "model.py").write_text("x = 1\n", encoding="utf-8")
    result = run("check", "--select", "TFG1O1", str(tmp_path / "model.py"))
    assert result.exit_code == 2 and "unknown rule 'TFG1O1'" in result.stderr


def test_verify_calls_a_binary_file_binary_as_check_does(tmp_path):
    from tfgraph_lint.runtime.verify import programs

    binary = tmp_path / "tool.py"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00\xff\xfe")
    try:
        programs.read_program(binary)
    except programs.NotRunnable as exc:
        assert str(exc) == "Python cannot read it: binary file (NUL byte at offset 7)"
    else:
        raise AssertionError("a binary file must not be runnable")
    assert "binary file (NUL byte at offset 7)" in run("check", "--no-cache", str(binary)).stdout


def test_a_list_with_a_non_string_item_says_which_item(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.tfgraph-lint]\nextend-select = ["TFG107", 1]\n', encoding="utf-8")
    (tmp_path / "model.py").write_text("x = 1\n", encoding="utf-8")
    result = run("check", str(tmp_path))
    assert result.exit_code == 2
    assert "'extend-select' must be a list of strings; item 2 is an integer (1)" in result.stderr


def test_a_configuration_file_that_is_not_utf8_says_where(tmp_path):
    (tmp_path / "pyproject.toml").write_bytes(b'[tool.tfgraph-lint]\nselect = ["\xff"]\n')
    (tmp_path / "model.py").write_text("x = 1\n", encoding="utf-8")
    result = run("check", str(tmp_path))
    assert result.exit_code == 2
    assert "pyproject.toml: not valid TOML: not UTF-8 at byte 31" in result.stderr and "codec" not in result.stderr


def test_trace_refuses_a_binary_script_with_the_reason_before_running_it(tmp_path):
    binary = tmp_path / "tool.py"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00\xff\xfe")
    result = run("trace", str(binary))
    assert result.exit_code == 2
    assert f"tfgraph-lint trace: {binary}: Python cannot read it: binary file (NUL byte at offset 7)" in result.stderr
