# Python 3.12 type parameter syntax (PEP 695) and type aliases.
type Point = tuple[float, float]
type ListOrSet[T] = list[T] | set[T]
type = "still a name"


def first[T](items: list[T]) -> T:
    return items[0]


def pack[*Ts, **P, U: (int, str)](*args: *Ts) -> None:
    pass


class Box[T: object]:
    def get[S](self, other: S) -> T | S:
        return other


class Pair[K, V](dict[K, V]): pass
