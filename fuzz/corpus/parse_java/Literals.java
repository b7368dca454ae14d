class Literals {
    static final int HEX = 0xCAFE_BABE;
    static final int OCT = 0777;
    static final int BIN = 0b1010_1010;
    static final long BIG = 9_223_372_036_854_775_807L;
    static final long SMALL = 0x7fffffffffffffffl;
    static final float F1 = 1.5f, F2 = .25F, F3 = 1e-3f, F4 = 3f;
    static final double D1 = 1., D2 = 2.5e+10, D3 = 1D, D4 = 0x1.8p1, D5 = 0x.8P-2d, D6 = 1_000.000_1;
    static final char[] CHARS = { 'a', '\n', '\t', '\'', '"', '\\', '\0', '\177', '\u00e9', '\uuu0041', '\s' };
    static final String S = "tab\there \"quoted\" \u2603 \\ end";
    static final boolean T = true, FALSE = false;
    static final Object NOTHING = null;

    public static void main(String[] args) {
        System.out.println(HEX + OCT + BIN + BIG + SMALL + F1 + F2 + F3 + F4 + D1 + D2 + D3 + D4 + D5 + D6);
        System.out.println(new String(CHARS) + S + T + FALSE + NOTHING);
    }
}
