# Plain Python runs in the embedded interpreter with the frozen standard library.
import dataclasses
import functools
import json
import re


@dataclasses.dataclass
class Point:
    x: int
    y: int = 2


@functools.lru_cache(maxsize=None)
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def counter():
    count = 0

    def inc():
        nonlocal count
        count += 1
        return count

    return inc


c = counter()
c()
print(Point(1), fib(30), c(), json.dumps({"k": [1, 2]}), re.sub(r"\d", "#", "a1b22"))
