import java.util.function.Supplier;

interface Shape2 {
    double PI_ISH = 3.14;

    double area();

    default String describe() { return name() + " " + area(); }

    static Shape2 unit() { return () -> 1.0; }

    private String name() { return "shape"; }

    interface Nested { int N = 2; }
}

interface Sized extends Shape2, Supplier<Double> {
    @Override
    default Double get() { return area(); }
}

abstract class Interfaces implements Sized {
    protected abstract int sides();

    public static void main(String[] args) {
        Interfaces i = new Interfaces() {
            public double area() { return 2; }
            protected int sides() { return 4; }
        };
        System.out.println(i.describe() + i.get() + i.sides() + Shape2.unit().area() + Shape2.Nested.N);
    }
}
