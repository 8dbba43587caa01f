from tvm.script import tirx as T

name = "x" * 10 ** 13
