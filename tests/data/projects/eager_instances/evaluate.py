import numpy as np
import tensorflow as tf

from nets import Policy, Predicted

model = Policy(4)
model.load_weights("/tmp/policy.weights.h5")
checker = Predicted()
while True:
    prediction = model(tf.constant(np.zeros((1, 4))))
    checker(prediction)
    if np.argmax(prediction.numpy()) == 0:
        break
