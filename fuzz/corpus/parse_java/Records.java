import java.util.Objects;

record Point(int x, int y) {
    static final Point ORIGIN = new Point(0, 0);

    Point {
        if (x < 0) throw new IllegalArgumentException("x");
    }

    Point(int both) { this(both, both); }

    double dist() { return Math.sqrt(x * x + y * y); }

    static Point of(int... coords) { return new Point(coords[0], coords[1]); }
}

record Pair<A, B>(A first, B second) implements Comparable<Pair<A, B>> {
    public Pair {
        Objects.requireNonNull(first);
    }

    public int compareTo(Pair<A, B> o) { return 0; }
}

class Records {
    record Local(@Deprecated String name, int... values) {}

    public static void main(String[] args) {
        record Inner(String s) {}
        Point p = Point.of(3, 4);
        System.out.println(p.dist() + " " + new Pair<>("a", 1).first() + new Inner("i").s() + new Local("n", 1, 2).values().length);
    }
}
