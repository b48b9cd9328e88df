import tensorflow as tf

import metrics


class Evaluator:
    def __init__(self):
        self.metric = metrics.EvaluatedElsewhere()

    @tf.function
    def predict(self, x):
        return x * 2.0

    def run(self, batches):
        for x, y in batches:
            self.metric.update_state(y, self.predict(x))
        return self.metric.result(), self.metric.name
