"""The project view's file records (analysis/file_record), found ahead on worker processes.

The view reads the records of the files that import other project files (their class bases and
decorators: analysis/project_classes) before any file is linted, while the worker processes that
will lint them are not started yet: on one process, that pass leaves the other cores idle.
:func:`records_ahead` finds those records on as many processes as the run may use, when there
are enough of them to pay for starting the processes; the view takes them as if found on the way.
A worker that fails leaves its files to the view, which finds their records as it needs them.
"""

from __future__ import annotations

MIN_FILES_AHEAD = 64  # fewer records than this are found as the view asks for them


def records_ahead(graph, store, texts, candidates: list[str], jobs: int | None) -> None:
    """Put in ``store`` (the view's ProjectStore) the records of the files of ``candidates`` that
    import a project file (``graph``: the ProjectGraph) and may name a definition of one
    (:func:`may_name_definitions`), and of the project files they import, that have none kept;
    nothing when the run has one process, or too few such files to share out, or the workers
    failed. ``texts``: the view's ``ViewTexts``."""
    from tfgraph_lint.analysis.file_record import RECORD
    from tfgraph_lint.cli import runner

    named = [real for real in candidates if real in graph.imports and store.get(real, RECORD) is None
             and graph.imported_files(real) and may_name_definitions(graph, store, texts, real)]
    # ... and the project files those import, where the names they read lead.
    files = sorted(set(named).union(*(graph.imported_files(real) for real in named)))
    files = [real for real in files if real in graph.imports and store.get(real, RECORD) is None]
    workers = min(jobs or runner.default_jobs(), len(files))
    if workers <= 1 or len(files) < MIN_FILES_AHEAD:
        return
    import concurrent.futures

    from tfgraph_lint.cli.collector import set_aside

    tasks = [(texts[real], graph.imports.get(real)) for real in files]
    set_aside()  # (the view's data so far, which the workers inherit and the run keeps)
    try:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=runner._process_context(),
                                                    initializer=runner._start_worker) as executor:
            found = list(executor.map(_record, tasks, chunksize=max(1, len(tasks) // (8 * workers))))
    except Exception:  # noqa: BLE001 - a worker that died: the view finds the records itself
        return
    for real, record in zip(files, found):
        store.put(real, RECORD, record)


def may_name_definitions(graph, store, texts, real: str) -> bool:
    """Whether the view asks the file's own definitions (project_classes.keras_view): a record
    kept costs nothing to read; else its text is screened (analysis/definition_screen) before
    anything parses it."""
    from tfgraph_lint.analysis.definition_screen import may_name_project_definitions
    from tfgraph_lint.analysis.file_record import RECORD
    from tfgraph_lint.cli.view_bases import project_bases

    return store.get(real, RECORD) is not None or may_name_project_definitions(texts[real], project_bases(graph, real))


def read_record(text: str, imports: dict | None) -> tuple[dict, dict]:
    """analysis/file_record's ``file_record(text, imports)``, with collections put off while it
    reads and what it leaves set aside after (cli/collector's ``set_aside_after``): the stdlib
    tree it reads has no cycles and is freed as it is done, and what it leaves (the record, the
    functions' nodes) lives to the run's end: a collection would only walk them."""
    from tfgraph_lint.analysis.file_record import file_record
    from tfgraph_lint.cli.collector import set_aside_after

    with set_aside_after():
        return file_record(text, imports)


def _record(task: tuple[str, dict | None]) -> dict:
    text, imports = task
    return read_record(text, imports)[0]
