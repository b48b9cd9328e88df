"""Before any run, ``verify`` reads each file once, with the decoder ``check`` uses, and parses it
once; every question asked of it before and after its runs (can it run, is it a program, does it
turn eager execution off, its ``# runtime:`` header, its notebook cells) is asked of that reading.
No TensorFlow needed: the runs are synthetic observations.
"""

from __future__ import annotations

import ast
import io
import json
import os
from concurrent.futures import Future

import pytest

from tfgraph_lint.core.source import UnreadableSource, read_source
from tfgraph_lint.runtime.verify import programs
from tfgraph_lint.runtime.verify.runner import verify_files


def observation(mode):
    return {"mode": mode, "has_main": True, "exception": None, "exit": None, "returned": None, "state": {},
            "functions": [], "effects": [], "prints": [], "stdout": "", "stderr": "", "data_output": "",
            "duration": 0.1, "wall": 0.2}


def submit(job, budget=None):
    future = Future()
    future.set_result(observation(job["mode"]))
    return future


def notebook_text(*cells: str) -> str:
    return json.dumps({"nbformat": 4, "nbformat_minor": 5, "metadata": {},
                       "cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                  "source": cell} for cell in cells]})


def test_each_file_is_read_once_and_parsed_once(tmp_path, monkeypatch):
    script = tmp_path / "train.py"
    script.write_text("# runtime: same-as-eager\nimport tensorflow as tf\n\ndef main():\n    return 1\n",
                      encoding="utf-8")
    module = tmp_path / "utils.py"
    module.write_text("import tensorflow as tf\n\ndef scale(x):\n    return x\n", encoding="utf-8")
    cells = tmp_path / "cells.ipynb"
    cells.write_text(notebook_text("import tensorflow as tf\n", "print(tf.constant(1))\n"), encoding="utf-8")
    paths = {str(p) for p in (script, module, cells)}
    opened: list[str] = []
    parsed: list[str] = []

    def counted(real, record):
        def wrapper(target, *args, **kwargs):
            if str(target) in paths:
                record.append(os.path.basename(str(target)))
            return real(target, *args, **kwargs)
        return wrapper

    monkeypatch.setattr(os, "open", counted(os.open, opened))
    monkeypatch.setattr(io, "open", counted(io.open, opened))
    real_parse = ast.parse

    def parse(source, filename="<unknown>", *args, **kwargs):  # a notebook's cells are parsed one by one too
        if str(filename) in paths:
            parsed.append(os.path.basename(str(filename)))
        return real_parse(source, filename, *args, **kwargs)

    monkeypatch.setattr(ast, "parse", parse)
    results = verify_files([script, module, cells], submit, lint=lambda path: [])
    assert [r.verdict for r in results] == ["CLEAN", "NOT RUN", "CLEAN"]
    assert results[0].header is not None and results[0].header.met  # its header was read from that reading
    assert sorted(opened) == ["cells.ipynb", "train.py", "utils.py"]
    assert sorted(parsed) == ["cells.ipynb", "train.py", "utils.py"]


def test_undecodable_bytes_are_worded_as_check_words_them(tmp_path):
    latin = tmp_path / "latin.py"
    latin.write_bytes(b'print("caf\xe9")\n')
    with pytest.raises(UnreadableSource) as check_reason:
        read_source(str(latin))
    (result,) = verify_files([latin], submit, lint=lambda path: [])
    assert result.verdict == "ERROR"
    assert result.error == f"it did not run: Python cannot read it: {check_reason.value}"


def test_an_error_only_compiling_finds_is_not_runnable(tmp_path):
    script = tmp_path / "outside.py"
    script.write_text("x = 1\nreturn x\n", encoding="utf-8")
    ast.parse(script.read_text(encoding="utf-8"))  # it parses: only compiling the tree finds it
    with pytest.raises(programs.NotRunnable, match=r"^SyntaxError: 'return' outside function \(line 2\)$"):
        programs.read_program(script)


def test_a_notebook_is_always_a_program_and_keeps_its_cells(tmp_path):
    cells = tmp_path / "cells.ipynb"
    cells.write_text(notebook_text("import tensorflow as tf\n", "x = 1\n"), encoding="utf-8")
    program = programs.read_program(cells)
    assert program.notebook is not None and [c.number for c in program.notebook.cells] == [1, 2]
    assert programs.why_not_a_program(program) is None
    as_module = programs.parse_program(program.source)  # the same code in a .py file is a module
    assert programs.why_not_a_program(as_module).startswith("a module, not a program")
