import functools


@functools.total_ordering
class Point(object, metaclass=type):
    """A point."""
    __slots__ = ('x', 'y')

    def __init__(self, x: float = 0.0, y: float = 0.0) -> None:
        self.x = x
        self.y = y

    @property
    def norm(self) -> float:
        return (self.x ** 2 + self.y ** 2) ** 0.5

    @norm.setter
    def norm(self, value): raise AttributeError("read-only")

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def origin(): return Point()

    def __eq__(self, other): return (self.x, self.y) == (other.x, other.y)
    def __lt__(self, other): return self.norm < other.norm


class Empty: ...


class Child(Point):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
