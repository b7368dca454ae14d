class Unicode {
    static int café = 1;
    static int \u0061bc = 2;
    static int $dollar_ = 3, _under = 4, ŝtranĝe = 5;
    static final String GREEK = "αβγ";

    public static void main(String[] args) {
        // comment with \u00e9 and */ not closing because line comment
        /* block comment // with slashes */
        /** javadoc {@code x} */
        System.out.println(café + abc + $dollar_ + _under + ŝtranĝe + GREEK);
    }
}
