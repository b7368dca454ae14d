class Constructors {
    static class Base {
        final int v;
        Base() { this(0); }
        Base(int v) { this.v = v; }
        <T> Base(T t, int v) { this(v); }
    }

    static class Child extends Base {
        Child() { super(1); }
        Child(String s) { <String>super(s, 2); }
    }

    class Inner {
        Inner() {}
    }

    static class SubInner extends Constructors.Inner {
        SubInner(Constructors outer) { outer.super(); }
    }

    public static void main(String[] args) {
        System.out.println(new Base().v + new Child().v + new Child("x").v);
        new SubInner(new Constructors());
    }
}
