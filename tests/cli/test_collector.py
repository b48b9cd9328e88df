"""The collector around one file's lint (cli/collector.collected_after): the young generation is
collected seldom while the file is linted, and its cyclic garbage is freed as it is done."""

import gc
import weakref

import pytest

from tfgraph_lint.cli.collector import FEWER_COLLECTIONS, WITHIN_FILE_COLLECTIONS, collected_after


class _Node:
    """A node pointing at its parent, as astroid's do: a cycle only the collector frees."""

    def __init__(self, parent=None) -> None:
        self.parent = parent
        self.children = []
        if parent is not None:
            parent.children.append(self)


@pytest.fixture
def command_line_thresholds():
    thresholds = gc.get_threshold()
    was_enabled = gc.isenabled()
    gc.enable()
    gc.collect()
    gc.set_threshold(FEWER_COLLECTIONS, *thresholds[1:])
    yield
    gc.set_threshold(*thresholds)
    if not was_enabled:
        gc.disable()


def _tree(size: int) -> weakref.ref:
    root = _Node()
    for _ in range(size):
        _Node(root)
    return weakref.ref(root)


def test_within_a_file_the_young_generation_is_collected_seldom_and_after_it_as_before(command_line_thresholds):
    with collected_after():
        assert gc.get_threshold()[0] == WITHIN_FILE_COLLECTIONS
    assert gc.get_threshold()[0] == FEWER_COLLECTIONS


def test_a_large_file_s_cyclic_garbage_is_freed_as_its_lint_ends(command_line_thresholds):
    with collected_after():
        root = _tree(2 * FEWER_COLLECTIONS)  # dead once made: only its cycles hold it
        assert root() is not None  # not collected while the file is linted
    assert root() is None


def test_a_small_file_s_garbage_is_left_to_the_next_collection(command_line_thresholds):
    with collected_after():
        root = _tree(10)
    assert root() is not None  # no collection for a few objects
    gc.collect()
    assert root() is None


def test_objects_set_aside_are_left_out_of_later_collections(command_line_thresholds):
    from tfgraph_lint.cli.collector import set_aside

    kept = _tree(10)
    collected = None
    try:
        set_aside()
        collected = _tree(10)  # made after: collected as usual
        gc.collect()
        assert kept() is not None  # its cycle is never walked again: the run keeps it anyway
        assert collected() is None
    finally:
        gc.unfreeze()
        gc.collect()
    assert kept() is None


def test_a_file_s_record_for_the_project_view_is_read_with_collections_put_off(command_line_thresholds, monkeypatch):
    from tfgraph_lint.analysis import file_record
    from tfgraph_lint.cli.view_records import read_record

    seen = []
    original = file_record.file_record
    monkeypatch.setattr(file_record, "file_record", lambda *args: seen.append(gc.get_threshold()[0]) or original(*args))
    found, functions = read_record("def f():\n    return g()\n", None)
    assert seen == [WITHIN_FILE_COLLECTIONS]
    assert gc.get_threshold()[0] == FEWER_COLLECTIONS
    assert found["parses"] and set(functions) == {"f"}


def test_what_a_record_leaves_is_set_aside_and_young_garbage_before_it_freed(command_line_thresholds):
    from tfgraph_lint.cli.collector import collected_after, set_aside_after

    with collected_after():
        before = _tree(10)  # garbage of an earlier file's lint, left to the next collection
    try:
        with set_aside_after():
            assert gc.get_threshold()[0] == WITHIN_FILE_COLLECTIONS
            assert before() is None
            kept = _tree(10)  # alive on exit in a real record; here a cycle to watch
        assert gc.get_threshold()[0] == FEWER_COLLECTIONS
        gc.collect()
        assert kept() is not None  # set aside: never walked again
    finally:
        gc.unfreeze()
        gc.collect()
    assert kept() is None


def test_a_record_read_before_any_lint_collects_nothing(command_line_thresholds, monkeypatch):
    from tfgraph_lint.cli.collector import set_aside_after

    try:
        with set_aside_after():  # (whatever a lint left earlier in this process: set aside here)
            pass
        collections = []
        monkeypatch.setattr(gc, "collect", lambda *args: collections.append(args))
        with set_aside_after():  # no lint since: a record's own tree has no cycles to look for
            pass
        assert collections == []
    finally:
        monkeypatch.undo()
        gc.unfreeze()
        gc.collect()
