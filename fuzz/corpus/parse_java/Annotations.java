import java.lang.annotation.*;
import java.util.List;

@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER })
@interface Info {
    String value() default "";
    int[] numbers() default { 1, 2, };
    Class<?> type() default Object.class;
    ElementType kind() default ElementType.TYPE;
    Level level() default @Level(3);
    int CONSTANT = 42;
}

@Target({ ElementType.TYPE_USE, ElementType.TYPE_PARAMETER })
@interface NonNull {}

@interface Level { int value(); }

@Info(value = "class", numbers = { 3 }, type = String.class)
@SuppressWarnings("unchecked")
class Annotations<@NonNull T> {
    @Info("field") @Deprecated private List<@NonNull String> names;
    String @NonNull [] arr = new String @NonNull [0];

    @Info
    public <@NonNull U> @NonNull String describe(@Info("p") final @NonNull U u, java.lang.@NonNull Object o) throws @NonNull RuntimeException {
        @SuppressWarnings({ "rawtypes", "unused" }) List raw = (@NonNull List) null;
        return String.valueOf(u) + new @NonNull Object() + Info.CONSTANT;
    }

    public static void main(String[] args) {
        System.out.println(new Annotations<String>().describe(1, "o"));
    }
}
