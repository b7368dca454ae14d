import contextlib


def risky(path):
    try:
        f = open(path)
    except (OSError, ValueError) as e:
        print(e)
    except Exception:
        raise
    else:
        f.close()
    finally:
        print("done")

    try:
        pass
    finally:
        pass

    with open(path) as a, open(path) as b:
        pass
    with (
        open(path) as c,
        open(path) as d,
    ):
        pass
    with (open(path)) as e, contextlib.suppress(Exception):
        pass
    with contextlib.suppress(KeyError): {}['x']


def generator():
    yield
    yield 1
    x = yield 2
    yield from range(3)
    return (yield)


try:
    raise ExceptionGroup("g", [ValueError(1)])
except* ValueError as eg:
    pass
except* (TypeError, KeyError):
    pass
