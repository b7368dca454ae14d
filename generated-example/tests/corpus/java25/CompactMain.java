// A compact source file (Java 25): top-level fields and methods, an instance main method.
import java.util.List;

final String greeting = "hello";
static int calls;
int[] table = { 1, 2, 3 }, more[] = {};

record Pair(String a, int b) {}

interface Greeter { String greet(String who); }

<T> T first(List<T> xs) {
    calls++;
    return xs.get(0);
}

String shout(String s) throws IllegalStateException {
    return s.toUpperCase();
}

;

void main() {
    Greeter g = who -> greeting + ", " + who;
    IO.println(g.greet(first(List.of("world"))) + shout("!") + new Pair("p", table.length));
}
