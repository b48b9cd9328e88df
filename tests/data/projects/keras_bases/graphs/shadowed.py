from graphs.message_passing import MessagePassing


class MessagePassing:  # rebinds the imported name: the class below derives from this one
    def call(self, x):
        return x


class Local(MessagePassing):
    def call(self, x):
        print("local", x)  # a plain class of this file: silent
        return x
