import math

print(math.pi)
print(no_such_name)
