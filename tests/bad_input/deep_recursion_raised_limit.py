import sys
sys.setrecursionlimit(10 ** 7)

def f():
    f()

f()
