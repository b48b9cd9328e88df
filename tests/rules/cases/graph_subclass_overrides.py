"""A base's traced method that calls ``self.<name>(...)`` runs the overrides its subclasses write.

Silent twins: an override in a subclass that writes its own calling method (the base's never runs
on its instances), a method of a subclass the traced method does not call, and overrides below a
base method that nothing traces.
"""
import tensorflow as tf


class RankingMetric(tf.keras.metrics.Metric):
    def update_state(self, y_true, y_pred):
        self._metric(y_true, y_pred)

    def result(self):
        return 0.0

    def _metric(self, labels, scores):
        raise NotImplementedError


class PrecisionAt(RankingMetric):
    def _metric(self, labels, scores):
        return tf.Variable(tf.zeros([tf.shape(scores)[0], 3]))  # [variable-created-in-graph]


class Cutoffs(RankingMetric):
    pass


class RecallAt(Cutoffs):  # through a class of the module that keeps the base's update_state
    def _metric(self, labels, scores):
        print("recall", scores)  # [python-print-in-graph]
        return scores

    def describe(self):  # not called from traced code
        print("recall at k")


class OwnUpdate(RankingMetric):
    def update_state(self, y_true, y_pred):  # its own: the base's update_state never runs here
        return y_true

    def _metric(self, labels, scores):
        print("never traced through the base", scores)


class Below(OwnUpdate):
    def _metric(self, labels, scores):
        print("nor below it", scores)


class Plain:
    def run(self, x):
        return self.step(x)

    def step(self, x):
        return x


class PlainChild(Plain):
    def step(self, x):
        print("nothing traces Plain.run", x)
        return x
