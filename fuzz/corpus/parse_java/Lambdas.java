import java.util.*;
import java.util.function.*;

class Lambdas {
    interface Tri<A, B, C, R> { R apply(A a, B b, C c); }

    String name() { return "L"; }

    static class Base { String greet() { return "base"; } }

    static class Derived extends Base {
        String greet() { return "derived"; }
        Supplier<String> parent() { return super::greet; }
    }

    public static void main(String[] args) {
        Runnable r = () -> {};
        Function<Integer, Integer> inc = x -> x + 1;
        BiFunction<Integer, Integer, Integer> add = (a, b) -> a + b;
        BinaryOperator<Integer> mul = (Integer a, Integer b) -> { return a * b; };
        BinaryOperator<Integer> sub = (var a, var b) -> a - b;
        Tri<Integer, Integer, Integer, Integer> tri = (final var a, final var b, var c) -> a + b + c;
        Function<Integer, int[]> mk = int[]::new;
        Function<Object, String> str = String::valueOf;
        Supplier<String> bound = new Lambdas()::name;
        Supplier<String> up = new Derived().parent();
        Function<String, Integer> len = String::length;
        Supplier<Supplier<String>> nested = () -> () -> "deep";
        Object cast = (Runnable & java.io.Serializable) () -> System.out.println("ser");
        Comparator<String> cmp = Comparator.<String, Integer>comparing(String::length).thenComparing(Comparator.reverseOrder());
        r.run();
        System.out.println(inc.apply(1) + add.apply(2, 3) + mul.apply(4, 5) + sub.apply(9, 1) + tri.apply(1, 2, 3));
        System.out.println(mk.apply(3).length + str.apply(7) + bound.get() + up.get() + len.apply("four") + nested.get().get());
        System.out.println(cast instanceof Runnable ? "yes" : "no");
        List<String> xs = new ArrayList<>(List.of("bb", "a", "ccc"));
        xs.sort(cmp);
        xs.forEach(System.out::println);
        xs.removeIf(s -> s.length() > 2 && !s.isEmpty());
    }
}
