import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.HashMap;

/** A small "compiler bug" report: javac rejects this file with an "incompatible types"
    error, and we want the smallest file that javac still rejects the same way. */
public class Ledger {
    record Entry(String account, long cents) {}

    private final List<Entry> entries = new ArrayList<>();
    private final Map<String, Long> balances = new HashMap<>();

    void add(String account, long cents) {
        entries.add(new Entry(account, cents));
        balances.merge(account, cents, Long::sum);
    }

    long balance(String account) {
        return balances.getOrDefault(account, 0L);
    }

    String describe(Entry e) {
        return switch (e.account().length()) {
            case 0 -> "empty";
            case 1, 2 -> "short:" + e.account();
            default -> e.account() + "=" + e.cents();
        };
    }

    int count() {
        int n = 0;
        for (Entry e : entries) {
            if (e.cents() != 0) {
                n++;
            }
        }
        return n;
    }

    int overflowingTotal() {
        long sum = 0;
        for (Entry e : entries) sum += e.cents();
        int total = sum;
        return total;
    }

    public static void main(String[] args) {
        Ledger l = new Ledger();
        l.add("cash", 1500);
        l.add("bank", -200);
        System.out.println(l.balance("cash") + " " + l.count() + " " + l.overflowingTotal());
    }
}
