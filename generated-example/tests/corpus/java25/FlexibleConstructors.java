class FlexibleConstructors {
    static class Base {
        final int size;
        Base(int size) { this.size = size; }
    }

    static class Checked extends Base {
        final String name;

        // statements before the explicit constructor invocation (Java 25)
        Checked(int size, String name) {
            if (size < 0) {
                throw new IllegalArgumentException("negative");
            }
            this.name = name;
            int doubled = size * 2;
            super(doubled);
        }

        Checked(String name) {
            var n = name == null ? "" : name.strip();
            this(n.length(), n);
        }
    }

    public static void main(String[] args) {
        System.out.println(new Checked(" ab ").size + new Checked(1, "x").name);
    }
}
