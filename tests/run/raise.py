# An uncaught exception prints a traceback with this file's line numbers.
def inner(x):
    return {"a": 1}[x]


print("before")
inner("missing")
