import java.lang.annotation.ElementType;
import java.lang.annotation.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

class MethodRefs {
    @Target(ElementType.TYPE_USE)
    @interface A {}

    static class Res implements AutoCloseable {
        public void close() {}
    }

    static class Holder {
        final Res g = new Res();
    }

    public static void main(String[] args) throws Exception {
        // annotated types before `::` (Java 8 syntax the grammar lacked)
        Supplier<List<String>> s = @A ArrayList::new;
        Function<List<String>, Integer> size = @A List<String>::size;
        IntFunction<int[]> mk = @A int[]::new;
        // type arguments on method references of array types
        IntFunction<int[]> ints = int[]::<String>new;
        IntFunction<String[][]> strs = String[][]::<Object>new;
        UnaryOperator<int[]> copy = int[]::clone;
        // a resource that is a field access on an expression
        try (new Object() { final Holder f = new Holder(); }.f.g) {
            System.out.println(s.get().size() + size.apply(List.of("a")) + mk.apply(1).length);
        }
        Holder[] hs = { new Holder() };
        try (hs[0].g; new Holder().g) {
            System.out.println(ints.apply(2).length + strs.apply(3).length + copy.apply(new int[4]).length);
        }
    }
}
