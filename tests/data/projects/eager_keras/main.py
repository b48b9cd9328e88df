import tensorflow as tf

from encoder import Encoder

model = Encoder(blocks=2)
outputs = model(tf.random.uniform((3, 4, 8)))
print(outputs.numpy())
