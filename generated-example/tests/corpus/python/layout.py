# Comments, blank lines and continuation lines anywhere.

x = (1 +   # a comment inside brackets
     2)

    # an indented comment between statements
y = [
    1,

    2,  # trailing
]
z = 1 + \
    2


def f():
        # a comment more indented than the body

    a = 1

  # a comment less indented than the body
    return a


if x:
	y = 2  # a tab-indented block
	if y:
		z = 3
class C:
    def m(self): return {
'key': 'value'}
total = f() \
    + f()
