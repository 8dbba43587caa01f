def helper(x):
    return x + 1

print(helper(1))
