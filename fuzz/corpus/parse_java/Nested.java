import java.util.*;

class Nested {
    private int value = 7;

    class Inner {
        int get() { return value + Nested.this.value; }

        class Deeper { int twice() { return get() * 2; } }
    }

    static class StaticNested { static int ONE = 1; }

    interface Callback { void call(int x); default Callback twice() { return x -> { call(x); call(x); }; } }

    Callback anonymous() {
        return new Callback() {
            int calls;

            @Override
            public void call(int x) { calls += x; }
        };
    }

    static { System.out.println("static init"); }

    { value++; }

    int local() {
        class LocalCounter {
            int n;
            LocalCounter inc() { n++; return this; }
        }
        interface LocalIface { int k(); }
        enum LocalEnum { X, Y }
        LocalIface li = () -> 3;
        return new LocalCounter().inc().inc().n + li.k() + LocalEnum.Y.ordinal();
    }

    public static void main(String[] args) {
        Nested n = new Nested();
        Nested.Inner in = n.new Inner();
        Nested.Inner.Deeper d = in.new Deeper();
        Comparator<String> c = new Comparator<>() {
            public int compare(String a, String b) { return a.compareTo(b); }
        };
        n.anonymous().twice().call(2);
        System.out.println(in.get() + d.twice() + StaticNested.ONE + n.local() + c.compare("a", "b"));
    }
}
