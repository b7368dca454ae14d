import java.util.*;
import java.util.function.*;

class Ambiguities<T> {
    int non = 1, sealed = 2;
    int m()[] { return new int[] { non-sealed }; }
    void f(int a, int b, int c, int d, Object o, T t, List<List<List<String>>> deep) {
        int e = a < b ? c : d;
        boolean x = (a < b) == (c > d);
        Map<String, List<Map<Integer, Set<T>>>> m = null;
        if (a < b && c >= d) { }
        g(a < b, c >= d);
        g(a < b, c > d);
        Ambiguities.<String>h("s");
        int i = (int) + 1;
        switch (a) { case 1: { } default: }
        label: { if (a > 0) break label; }
        Object arr = new int[][] { { 1 } };
        Object emp = new Object[] {};
        Function<Integer, Function<Integer, Integer>> curry = y -> z -> y + z;
        int q = o instanceof String ? 1 : 2;
        for (;;) break;
        var var = 1;
        int record = 2, yield = 3;
        record++;
        yield = record;
        Thread.yield();
        int shifts = a >> b >>> c << d;
        a >>= 1; a >>>= 2; a <<= 3;
        boolean gen = deep instanceof ArrayList<?>;
        Object[] objs = { null, (Object) null, (Runnable) () -> {} };
        Supplier<Map<String, List<String>>> sup = HashMap<String, List<String>>::new;
        IntFunction<List<String>[]> mk = List[]::new;
        char uc = '\u0041', oc = '\101', bs = '\\';
        long mx = 0xFFFF_FFFFL + 0b11L + 017L;
        double hf = 0x1p10 + 0X1.0P-2D + 1e10 + 5.d;
        this.<Integer>k(1);
        new Ambiguities<String>().<Integer>k(2);
    }
    static void g(boolean p, boolean q) {}
    static <U> void h(U u) {}
    <V> void k(V v) {}
    enum E { A { void f() {} }, B; void f() {} }
}
