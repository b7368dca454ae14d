sealed interface Shape permits Circle, Square, Poly {}

final class Circle implements Shape { double r = 1; }

non-sealed class Square implements Shape { double side = 2; }

sealed abstract class Poly implements Shape permits Tri, Quad {}

final class Tri extends Poly {}

final class Quad extends Poly {}

class Sealed {
    static double area(Shape s) {
        if (s instanceof Circle c) return Math.PI * c.r * c.r;
        else if (s instanceof final Square sq && sq.side > 0) return sq.side * sq.side;
        return !(s instanceof Poly) ? -1 : 0;
    }

    public static void main(String[] args) {
        int sealed = 1, permits = 2, record = 3, var = 4, yield = 5;
        System.out.println(area(new Circle()) + area(new Square()) + area(new Tri()) + sealed + permits + record + var + yield);
    }
}
