class Switches {
    enum Day { MON, TUE, WED, THU, FRI, SAT, SUN }

    static int classic(int x) {
        int r = 0;
        switch (x) {
            case 1:
            case 2:
                r = 10;
                break;
            case 3, 4:
                r = 20;
            default:
                r++;
        }
        return r;
    }

    static String arrows(Day d) {
        switch (d) {
            case SAT, SUN -> { return "weekend"; }
            case MON -> System.out.println("ugh");
            default -> throw new IllegalStateException();
        }
        return "weekday";
    }

    static int expr(Day d) {
        int len = switch (d) {
            case MON, FRI, SUN -> 6;
            case TUE -> 7;
            case THU, SAT -> 8;
            default -> {
                int k = d.toString().length();
                yield k;
            }
        };
        return len + switch (len) {
            case 6:
                yield 1;
            default:
                System.out.println("other");
                yield 2;
        };
    }

    static String strings(String s) {
        return switch (s) { case "a", "b" -> "ab"; case "c" -> "c"; default -> "?"; };
    }

    public static void main(String[] args) {
        System.out.println(classic(1) + classic(3) + arrows(Day.SAT) + expr(Day.WED) + strings("b"));
    }
}
