interface Op { int apply(int a, int b); }

enum Enums implements Op {
    PLUS("+") {
        public int apply(int a, int b) { return a + b; }
    },
    TIMES("*") {
        public int apply(int a, int b) { return a * b; }
    },
    @Deprecated
    MINUS("-") {
        @Override
        public int apply(int a, int b) { return a - b; }
    },
    ;

    private final String symbol;

    Enums(String symbol) { this.symbol = symbol; }

    String symbol() { return symbol; }

    enum Empty {}

    enum Trailing { A, B, }

    public static void main(String[] args) {
        for (Enums e : values()) System.out.println(e.symbol() + e.apply(6, 3));
        System.out.println(Trailing.B.ordinal() + Empty.values().length);
    }
}
