from encoder.model import Encoder
