import java.util.*;
import java.util.function.*;

class Generics<K extends Comparable<? super K>, V> implements Iterable<Map.Entry<K, List<V>>> {
    private final Map<K, List<V>> map = new TreeMap<>();
    private Map<K, Map<K, List<Set<V>>>> deep = new HashMap<K, Map<K, List<Set<V>>>>();

    <T extends Number & Comparable<T>> T maxOf(List<? extends T> xs) {
        T best = null;
        for (T x : xs) if (best == null || x.compareTo(best) > 0) best = x;
        return best;
    }

    static <A, B> Function<A, B> constant(B b) { return a -> b; }

    public Iterator<Map.Entry<K, List<V>>> iterator() { return map.entrySet().iterator(); }

    void put(K k, V v) { map.computeIfAbsent(k, key -> new ArrayList<>()).add(v); }

    public static void main(String[] args) {
        Generics<String, Integer> g = new Generics<>();
        g.put("a", 1);
        List<String> empty = Collections.<String>emptyList();
        int n = g.<Integer>maxOf(Arrays.asList(1, 5, 3));
        boolean lt = n < 3, gt = n > 2;
        int shifted = n >> 1, ushift = -n >>> 28, left = n << 2;
        Supplier<List<String>> sup = ArrayList<String>::new;
        System.out.println(empty + " " + n + lt + gt + shifted + ushift + left + sup.get() + constant(1).apply("x"));
        for (Map.Entry<String, List<Integer>> e : g) System.out.println(e.getKey());
    }
}
