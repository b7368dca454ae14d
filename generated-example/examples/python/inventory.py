"""A small stock ledger: orders are read, priced and applied to the stock.

Running it ends in an exception: the first stock check of `Ledger.apply` compares with the
wrong sign, so an oversized sale gets through to `check_quantity`, which rejects it.
"""
class Item:
    def __init__(self, name: str, price: float, stock: int = 0, tags: tuple = ()):
        self.name, self.price = name, price
        self.stock = stock
        self.tags = tags

    @property
    def value(self) -> float:
        return self.price * self.stock


class Ledger:
    def __init__(self, items):
        self.items = {item.name: item for item in items}
        self.history = []
        self.by_tag = {}
        for item in items:
            for tag in item.tags:
                self.by_tag.setdefault(tag, []).append(item.name)

    def total_value(self):
        return sum(item.value for item in self.items.values())

    def apply(self, order):
        item = self.items[order.name]
        if order.quantity < 0 and order.quantity > item.stock:
            raise ValueError(f"not enough {item.name} in stock")
        check_quantity(order.name, item.stock + order.quantity)
        item.stock += order.quantity
        self.history.append(order)
        return item.stock

    def report(self):
        lines = []
        for name, item in sorted(self.items.items()):
            lines.append(f"{name:<10}{item.stock:>5}{item.value:>10.2f}")
        lines.append(f"{'total':<10}{'':>5}{self.total_value():>10.2f}")
        return "\n".join(lines)


class Order:
    __slots__ = ("name", "quantity")

    def __init__(self, name, quantity):
        self.name = name
        self.quantity = quantity

    @classmethod
    def parse(cls, line):
        match line.split():
            case ["sell", name, count]:
                return cls(name, -int(count))
            case ["buy", name, count]:
                return cls(name, int(count))
            case ["return", name, count]:
                return cls(name, abs(int(count)))
            case ["adjust", name, count] if count.lstrip("-").isdigit():
                return cls(name, int(count.lstrip("-")))
            case _:
                raise ValueError(f"bad order line: {line!r}")


def check_quantity(name, quantity):
    if quantity < 0:
        raise ValueError(f"negative quantity for {name}")
    if quantity > 10_000:
        raise ValueError(f"too many {name}")


def discount(tag):
    return {"sale": 0.8, "clearance": 0.5}.get(tag, 1.0)


def price_with_discount(item):
    factors = [discount(tag) for tag in item.tags]
    return round(item.price * min(factors, default=1.0), 2)


ORDERS = """
buy widget 20
buy gadget 5
sell widget 4
return gadget 1
adjust widget -30
sell gadget 2
sell widget 80
buy doohickey 7
"""


def main():
    ledger = Ledger([
        Item("widget", 2.5, 10, ("sale",)),
        Item("gadget", 12.0, 3),
        Item("doohickey", 0.75, 100, ("clearance", "sale")),
    ])
    prices = {name: price_with_discount(item) for name, item in ledger.items.items()}
    for line in filter(None, (l.strip() for l in ORDERS.splitlines())):
        order = Order.parse(line)
        if order.quantity < 0:
            order = Order(order.name, order.quantity)
        stock = ledger.apply(order)
        print(f"{line:<22} -> {stock:>4} left at {prices[order.name]:.2f}")
    print(ledger.report())


if __name__ == "__main__":
    main()
