# a comment
x = 1
y = "café"
