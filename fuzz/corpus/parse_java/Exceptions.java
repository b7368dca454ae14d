import java.io.IOException;

class Exceptions {
    static class MyException extends Exception {
        MyException(String msg, Throwable cause) { super(msg, cause); }
    }

    static <E extends Exception> void sneaky(Exception e) throws E {
        throw (E) e;
    }

    static void risky(int n) throws MyException, IOException {
        if (n == 1) throw new IOException("io");
        if (n == 2) throw new MyException("mine", null);
    }

    public static void main(String[] args) {
        for (int i = 0; i < 3; i++) {
            try {
                risky(i);
            } catch (final IOException | RuntimeException e) {
                System.out.println("io or runtime: " + e.getMessage());
            } catch (MyException e) {
                System.out.println("mine");
            } finally {
                System.out.println("finally " + i);
            }
        }
        try {
            Exceptions.<RuntimeException>sneaky(new IllegalStateException("s"));
        } catch (IllegalStateException e) {
            System.out.println(e.getMessage());
        }
    }
}
