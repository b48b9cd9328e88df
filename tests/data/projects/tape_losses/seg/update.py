import tensorflow as tf

from seg.losses import ContrastLoss, SteppedLoss, UntapedLoss


class LocalUpdate:
    def __init__(self, model):
        self.model = model
        self.contrast = ContrastLoss()
        self.untaped = UntapedLoss()
        self.stepped = SteppedLoss()

    def update_weights(self, batches, optimizer):
        # The losses are taken into locals and run under the loop's own tape, outside traced code.
        contrast = self.contrast

        @tf.function
        def forward(images):
            return self.model(images, training=True)

        for images, labels in batches:
            with tf.GradientTape() as tape:
                logits = forward(images)
                loss = contrast(logits, labels)
            grads = tape.gradient(loss, self.model.trainable_variables)
            optimizer.apply_gradients(zip(grads, self.model.trainable_variables))

    def evaluate(self, logits, labels):
        return self.untaped(logits, labels)

    @tf.function
    def step(self, images, labels):
        with tf.GradientTape() as tape:
            loss = self.stepped(self.model(images, training=True), labels)
        return tape.gradient(loss, self.model.trainable_variables)
