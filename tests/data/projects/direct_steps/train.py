"""The training program: a trainer runs each model by calling its methods directly."""
import numpy as np
import tensorflow as tf

from models import DecoratedStep, FittedToo, HandsCallOn, NoTape, Stacks, StepInFunction, Stepped

batch = (np.zeros((8, 3), "float32"), np.zeros((8, 1), "float32"))


class Trainer:
    def __init__(self):
        self.model = Stepped()

    def train(self, epochs):
        self.model.reset_noise()
        for _ in range(epochs):
            loss = self.model.train_step(batch)
            print(loss.numpy())
        return self.model.scores(batch[0])


Trainer().train(3)

decorated = DecoratedStep()
decorated.train_step(batch)

fitted = FittedToo()
fitted.train_step(batch)
fitted.compile(optimizer="adam", loss="mse")
fitted.fit(*batch)

in_function = StepInFunction()


@tf.function
def traced_step(data):
    return in_function.train_step(data)


traced_step(batch)

no_tape = NoTape()
no_tape.outputs(batch[0])

hands = HandsCallOn()
hands.compiled()(batch[0])

stacks = Stacks()
stacks.stack().fit(*batch)
