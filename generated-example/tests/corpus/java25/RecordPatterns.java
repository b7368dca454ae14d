class RecordPatterns {
    record Point(int x, int y) {}
    record Line(Point from, Point to) {}
    record Box<T>(T content) {}
    sealed interface Expr permits Num, Add, Neg {}
    record Num(int value) implements Expr {}
    record Add(Expr left, Expr right) implements Expr {}
    record Neg(Expr operand) implements Expr {}

    static int eval(Expr e) {
        return switch (e) {
            case Num(int v) -> v;
            case Add(Num(var a), Num(var b)) -> a + b;
            case Add(Expr l, Expr r) -> eval(l) + eval(r);
            case Neg(Neg(var inner)) -> eval(inner);
            case Neg(var x) -> -eval(x);
        };
    }

    static String unbox(Box<Object> b) {
        if (b instanceof Box<Object>(String s)) {
            return s;
        }
        return switch (b) {
            case Box<Object>(Integer i) when i > 0 -> "positive";
            case RecordPatterns.Box<Object>(var any) -> String.valueOf(any);
        };
    }

    static int length(Object o) {
        if (o instanceof Line(Point(var x1, var y1), Point(int x2, final int y2))
                && x1 <= x2) {
            return Math.abs(x2 - x1) + Math.abs(y2 - y1);
        }
        if (!(o instanceof Point(var x, var y))) {
            return -1;
        }
        return x + y;
    }

    public static void main(String[] args) {
        System.out.println(eval(new Add(new Num(1), new Neg(new Neg(new Num(2))))));
        System.out.println(unbox(new Box<>("s")) + length(new Line(new Point(0, 0), new Point(3, 4))));
    }
}
