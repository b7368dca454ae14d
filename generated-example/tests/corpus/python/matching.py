# Structural pattern matching; `match`, `case` and `_` stay names elsewhere.
match = 1
case = match + 1
_ = case


def describe(command):
    match command.split():
        case [action]:
            return action
        case [action, obj]:
            return action, obj
        case ["go", ("north" | "south") as direction]:
            return direction
        case ["drop", *objects] if objects:
            return objects
        case {"x": 0, "y": y, **rest}:
            return y, rest
        case Point(x=0, y=0) | Point(1, 2):
            return "origin"
        case (1 | -2 | 3.5 | -1+2j | "s" | b"b" | None | True | False):
            return "literal"
        case math.pi:
            return "pi"
        case [1, 2, *_]:
            return "prefix"
        case _:
            return None


match command:
    case 1, 2: pass
    case ():
        pass
