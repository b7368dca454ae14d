import java.io.Serializable;
import java.util.*;

class Casts {
    static Object id(Object o) { return o; }

    public static void main(String[] args) {
        int a = 5;
        Object o = (Object) "str";
        String s = (String) o;
        int neg = (int) -a;
        int minus = (a) - 1;
        int paren = ((((((((((((((((((((((((((((((a))))))))))))))))))))))))))))));
        double d = (double) (float) (long) (int) 3.9;
        List<String> list = (List<String>) (List<?>) new ArrayList<String>();
        Comparable<String> c = (Comparable<String> & Serializable) "x";
        Object[] arr = (Object[]) new String[] { "q" };
        char ch = (char) ('a' + 1);
        boolean bool = (boolean) (Boolean) Boolean.TRUE;
        Runnable r = (Runnable) () -> System.out.println("ran");
        int notCast = (a) + (a);
        Object fromCall = (Object) id((Object) s);
        System.out.println(s + neg + minus + paren + d + list + c + arr.length + ch + bool + notCast + fromCall + (~a) + (!bool));
        r.run();
    }
}
