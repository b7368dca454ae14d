/* Designated initializers, nested initializers, compound literals, GNU ranges. */
struct inner { int a, b; };
struct outer { struct inner in; int arr[4]; const char *name; union { int i; float f; } u; };

int squares[10] = { [0] = 0, [1] = 1, [2] = 4, [9] = 81 };
int ranges[16] = { [0 ... 7] = 1, [8 ... 15] = 2 };
int mixed[] = { 1, 2, [5] = 5, 6, };
struct inner in1 = { .a = 1, .b = 2 };
struct inner in2 = { b: 2, a: 1 };
struct outer o1 = { .in = { .a = 1 }, .arr = { [2] = 3 }, .name = "o1", .u.f = 1.5f };
struct outer o2 = { .in.b = 4, .arr[1] = 7, .u = { .i = 3 } };
struct outer o3 = { { 1, 2 }, { 3, 4, 5, 6 }, "o3", { 9 } };
int grid[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
int flat[2][3] = { 1, 2, 3, 4, 5, 6 };
char str[8] = { "abc" };
int empty_init[3] = { 0 };

int sum(const int *v, int n) { int s = 0; while (n--) s += v[n]; return s; }

int use(void)
{
    struct inner *pi = &(struct inner){ .a = 5, .b = 6 };
    int s = sum((int[]){ 1, 2, 3 }, 3);
    s += ((struct inner){ 7, 8 }).a;
    s += (const int[2]){ [1] = 4 }[1];
    s += sizeof (struct outer){ .name = "x" };
    return s + pi->b;
}
