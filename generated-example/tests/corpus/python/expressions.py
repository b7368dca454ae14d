# Operators, comprehensions, lambdas, slices, the walrus.
v = not a or b and c is not d is e in f not in g
w = -x ** -y // z % q @ r | s ^ t & u << 1 >> 2
cmp = a < b <= c > d >= e == f != g
cond = a if b else c if d else e
fn = lambda: 0
fn2 = lambda x, /, y=1, *args, z, **kw: (x, y, args, z, kw)
sq = [i * i for i in range(10) if i % 2 if i > 2]
st = {i for i in range(3)}
dc = {k: v for k, v in pairs for _ in range(2)}
gn = sum(i for i in range(10))
nested = [[j for j in range(i)] for i in range(3)]
merged = {**a, 'b': 1, **c}
unpacked = [*a, *b, 3]
tup = 1,
tup2 = (1, *rest)
empty = (), [], {}
sl = items[1:2], items[::2], items[:-1], items[1:], items[:], items[..., 0], items[a, b:c]
if (n := len(items)) > 10:
    print(f"{n} items")
while chunk := stream.read(8):
    pass
print(*args, **kwargs, sep='')
call(a)(b)[c].d(e=f)
ellipsis = ...
chained = obj.attr.method(1, 2)[0].other
awaitable = await_name
