import nets

model = nets.Predicted()
print(model.predict([[1.0, 2.0]]))
