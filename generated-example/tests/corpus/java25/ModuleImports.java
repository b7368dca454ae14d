import module java.base;
import module java.logging;
import static java.lang.Math.max;
import java.util.List;

class ModuleImports {
    // `module` is still a name outside import and module declarations
    static int module = 1;

    public static void main(String[] args) {
        List<String> xs = new ArrayList<>(List.of("b", "a"));
        Collections.sort(xs);
        Logger.getAnonymousLogger().fine(xs.toString());
        System.out.println(xs + " " + max(module, 2));
    }
}
