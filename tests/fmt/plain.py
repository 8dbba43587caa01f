# No TVMScript here: fmt has nothing to do.
def area(w, h):
    return w*h
