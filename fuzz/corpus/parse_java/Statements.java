import java.io.*;
import java.util.*;

class Statements {
    static int counter;

    static synchronized void sync() { counter++; }

    static int loops(int[] xs) {
        int total = 0;
        outer:
        for (int i = 0, j = xs.length - 1; i < xs.length; i++, j--) {
            inner: while (true) {
                if (xs[i] < 0) continue outer;
                else if (xs[i] == 0) break outer;
                else break inner;
            }
            do { total += xs[i]; } while (false);
            for (;;) break;
            for (final int x : xs) total ^= x;
            ;
        }
        assert total >= 0;
        assert total < 1000 : "too big: " + total;
        synchronized (Statements.class) { counter += total; }
        { int scoped = 1; total += scoped; }
        return total;
    }

    static String tryAll(String path) throws Exception {
        try (Reader r = new StringReader(path); var br = new BufferedReader(r)) {
            return br.readLine();
        } catch (IllegalStateException | UnsupportedOperationException e) {
            throw e;
        } catch (IOException e) {
            return null;
        } finally {
            sync();
        }
    }

    static void tryResourceVariable(StringReader sr) throws IOException {
        try (sr) { sr.read(); }
        try { counter++; } finally { counter--; }
    }

    public static void main(String[] args) throws Exception {
        int x = 5, y[] = { 1, 2 }, z[][] = new int[2][];
        x += 1; x -= 1; x *= 2; x /= 2; x %= 7; x &= 15; x |= 16; x ^= 3; x <<= 1; x >>= 1; x >>>= 0;
        ++x; --x; x++; x--;
        int t = x > 3 ? x < 10 ? 1 : 2 : 3;
        long l = (long) x + (int) -y[0] + (x) - 1;
        boolean b = (x & 1) == 0 || (x | 2) != 0 && !(x > 1 == true);
        System.out.println(loops(new int[] { 3, -1, 4 }) + tryAll("line") + t + l + b + z.length + ~x);
        tryResourceVariable(new StringReader("ab"));
        new Statements();
        Statements.counter = 0;
        (new Statements()).toString();
    }
}
