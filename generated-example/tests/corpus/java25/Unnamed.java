import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

class Unnamed {
    record Point(int x, int y) {}
    record Pair(Object a, Object b) {}

    static int count(List<String> xs) {
        int n = 0;
        for (var _ : xs) {
            n++;
        }
        for (int i = 0, _ = 0; i < 2; i++) {
            n++;
        }
        return n;
    }

    static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException _) {
            return 0;
        }
    }

    static int firstX(Object o) {
        return switch (o) {
            case Point(var x, _) -> x;
            case Pair(Point(int x, _), _) -> x;
            case Integer _, Long _ -> 1;
            case String _ when o.hashCode() > 0 -> 2;
            default -> 0;
        };
    }

    static void resources() throws Exception {
        try (var _ = new java.io.StringReader("x")) {
            var _ = firstX("r");
            int _ = 1, y = 2;
            System.out.println(y);
        }
    }

    public static void main(String[] args) throws Exception {
        Function<String, Integer> one = _ -> 1;
        BiFunction<String, String, Integer> two = (_, _) -> 2;
        BiFunction<String, Integer, Integer> typed = (String _, Integer b) -> b;
        BiFunction<String, Integer, Integer> vars = (var _, var _) -> 3;
        Object o = "s";
        if (o instanceof String _) {
            System.out.println("string");
        }
        int _x = 1, __ = 2;
        resources();
        System.out.println(count(List.of("a")) + parse("z") + firstX(new Point(4, 5)) + one.apply("")
                + two.apply("", "") + typed.apply("", 3) + vars.apply("", 0) + _x + __);
    }
}
