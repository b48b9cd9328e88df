"""How findings are written: text and JSON (``reporters``), SARIF 2.1.0 (``sarif``), GitHub
Actions annotations (``github_format``), and baselines of accepted findings (``baseline``).

A new output format is one module here, chosen by ``--format`` in ``cli/check_run.py``.
"""
