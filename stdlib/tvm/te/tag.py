"""`te.tag_scope`: the tag a compute made inside it gets."""


class TagScope:
    current = None

    def __init__(self, tag):
        self.tag = tag
        self._old = None

    def __enter__(self):
        if TagScope.current is not None:
            raise ValueError("Nested tag_scope is not allowed")
        self._old, TagScope.current = TagScope.current, self
        return self

    def __exit__(self, *args):
        TagScope.current = self._old

    def __call__(self, fdecl):
        def tagged(*args, **kwargs):
            with self:
                return fdecl(*args, **kwargs)

        tagged.__name__ = fdecl.__name__
        tagged.__doc__ = fdecl.__doc__
        return tagged


def tag_scope(tag):
    return TagScope(tag)
