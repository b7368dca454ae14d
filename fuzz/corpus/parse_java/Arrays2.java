class Arrays2 {
    int legacy[] = { 1, 2, 3 };
    int[][] grid = { { 1, 2 }, { 3, 4 }, {}, };
    String[] names = new String[] { "a", "b" };
    Object[][] jag = new Object[3][];
    long[][][] cube = new long[2][3][4];

    int legacyMethod()[] { return legacy; }

    static int sum(int... xs) {
        int s = 0;
        for (int i = 0; i < xs.length; i++) s += xs[i];
        return s;
    }

    public static void main(String[] args) {
        Arrays2 a = new Arrays2();
        int[] copy = a.legacy.clone();
        Class<?> k1 = int[].class, k2 = String[][].class, k3 = void.class, k4 = int.class;
        System.out.println(sum() + sum(1) + sum(1, 2, 3) + a.grid[1][0] + a.names.length + a.jag.length
            + a.cube[1][2].length + copy[0] + a.legacyMethod()[2] + k1.getName() + k2 + k3 + k4);
        System.out.println(new int[] { 5, 6 }[1]);
    }
}
