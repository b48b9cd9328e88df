"""Subclasses of chunking.py's metrics: Python counters bumped in update_tags change only while
tracing, unless the metric is dynamic (its base says so: LOW)."""
from tagger.chunking import DynamicChunkF1, PlainChunkF1, StaticChunkF1


class SpanF1(DynamicChunkF1):
    def update_tags(self, true_tags, pred_tags):
        self.seen += 1  # low: [python-state-mutation]
        return self.seen

    def result(self):
        return self.seen


class StaticSpanF1(StaticChunkF1):
    def update_tags(self, true_tags, pred_tags):
        self.seen += 1  # [python-state-mutation]
        return self.seen

    def result(self):
        return self.seen


class PlainSpanF1(PlainChunkF1):
    def update_tags(self, true_tags, pred_tags):
        self.seen += 1  # [python-state-mutation]
        return self.seen

    def result(self):
        return self.seen
