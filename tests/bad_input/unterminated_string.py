name = "abc
print(name)
