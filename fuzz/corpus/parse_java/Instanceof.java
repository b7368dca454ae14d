import java.util.*;

class Instanceof {
    static String kind(Object o) {
        if (o instanceof String s && !s.isEmpty()) return "string " + s.length();
        if (!(o instanceof Number n)) return "other";
        if (o instanceof Integer i ? i > 0 : false) return "positive int";
        return o instanceof List<?> ? "list" : "number " + n.intValue();
    }

    public static void main(String[] args) {
        Object arr = new int[0];
        System.out.println(kind("abc") + kind(3) + kind(-2.5) + (arr instanceof int[]) + (arr instanceof Object[] ? 1 : 0));
    }
}
