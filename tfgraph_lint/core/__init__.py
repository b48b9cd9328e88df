"""What every layer shares: rule identity, findings, settings, source files, TensorFlow's API names.

- ``registry``      the rules' codes, symbols, Pylint ids and severities: the single source of identity;
- ``findings``      the ``Finding`` record and confidence levels;
- ``config``        the effective settings of one run, shared by every front end;
- ``project_config``  ``[tool.tfgraph-lint]`` in pyproject.toml (and Pylint's ``tfgraph-*`` options);
- ``tf_api``        TensorFlow's API as canonical dotted names, and which spellings are one API;
- ``files``         which Python files a path names (shared by ``check`` and the runtime commands);
- ``source``, ``source_lines``   reading a file into text, with a reason when it cannot be read;
- ``pragmas``       Pylint's suppression comments; ``markers``: expected-finding markers in examples;
- ``docs``, ``fixtures_dir``     each rule's documentation and examples under ``fixtures/``.
Nothing here imports a higher layer, astroid's analyses included.
"""
