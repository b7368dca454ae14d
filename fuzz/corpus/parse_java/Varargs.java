import java.util.*;

class Varargs {
    @SafeVarargs
    static <T> List<T> listOf(T... items) { return new ArrayList<>(Arrays.asList(items)); }

    static String fmt(String f, Object... args) { return String.format(f, args); }

    public static void main(String... args) {
        var list = listOf(1, 2, 3);
        var map = new HashMap<String, List<Integer>>();
        map.put("k", list);
        for (var e : map.entrySet()) System.out.println(fmt("%s=%s", e.getKey(), e.getValue()));
        var arr = new int[] { 1 };
        System.out.println(arr.length + fmt("none"));
    }
}
