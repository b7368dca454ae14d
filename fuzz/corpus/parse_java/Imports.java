import java.util.*;
import java.util.function.Function;
import static java.lang.Math.max;
import static java.util.Collections.*;

public class Imports {
    static int pick(List<Integer> xs) {
        List<Integer> copy = new ArrayList<>(xs);
        sort(copy);
        return max(copy.get(0), copy.size());
    }

    public static void main(String[] args) {
        Function<Integer, String> f = String::valueOf;
        System.out.println(f.apply(pick(Arrays.asList(3, 1, 2))));
    }
}
