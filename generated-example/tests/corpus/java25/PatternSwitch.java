import java.util.List;

class PatternSwitch {
    sealed interface Shape permits Circle, Square, Rect {}
    record Circle(double r) implements Shape {}
    record Square(double side) implements Shape {}
    record Rect(double w, double h) implements Shape {}

    enum Color { RED, GREEN }

    static String describe(Object o) {
        return switch (o) {
            case null -> "null";
            case Integer i when i > 100 -> "big " + i;
            case Integer i -> "int " + i;
            case Long l when l > 0 && l < 10 -> "small long";
            case String s when s.isEmpty() -> "empty";
            case final String s -> "string " + s.length();
            case int[] a -> "ints " + a.length;
            case Color c when c == Color.RED -> "red";
            case List<?> list -> "list of " + list.size();
            default -> o.toString();
        };
    }

    static double area(Shape s) {
        switch (s) {
            case Circle c:
                return Math.PI * c.r() * c.r();
            case Square q when q.side() < 0:
                throw new IllegalArgumentException();
            case Square q:
                return q.side() * q.side();
            case Rect r:
                return r.w() * r.h();
        }
    }

    static String colors(Color c) {
        return switch (c) {
            case Color.RED -> "r";
            case GREEN -> "g";
        };
    }

    static int nullDefault(Object o) {
        switch (o) {
            case String s -> { return 1; }
            case null, default -> { return 0; }
        }
    }

    static int colon(Object o) {
        switch (o) {
            case null:
                return -1;
            case Integer i when (i & 1) == 0:
                return i / 2;
            default:
                return 0;
        }
    }

    static String when(Object o) {
        // `when` is a contextual keyword: still a name elsewhere
        int when = 3;
        return switch (o) {
            case String s when when > 2 -> s;
            default -> "" + when;
        };
    }

    public static void main(String[] args) {
        System.out.println(describe(7) + describe("x") + describe(null) + describe(new int[2]));
        System.out.println(area(new Rect(2, 3)) + colors(Color.GREEN) + nullDefault("a") + colon(4) + when("w"));
    }
}
