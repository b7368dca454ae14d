class Operators {
    public static void main(String[] args) {
        int a = 7, b = 3;
        int r = a + b * 2 - a / b % 2;
        r = -a + +b - -a - ~b;
        r = a << 2 >> 1 >>> 1;
        r = a & b | a ^ b;
        boolean p = a < b || a <= b && a > b | a >= b & a == b ^ a != b;
        boolean q = !p ? a > b ? true : false : p;
        int i = 0;
        i = i++ + ++i - i-- - --i;
        long big = 1L << 40;
        String s = "x" + 1 + 2L + 3.0f + 4.0 + 'c' + true + null;
        a = b = 9;
        System.out.println(r + " " + p + q + i + big + s + a + b);
    }
}
