/* Function pointers: callbacks, tables, functions returning function pointers. */
typedef int (*cmp_fn)(const void *, const void *);
static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static int cmp_rev(const void *a, const void *b) { return cmp_int(b, a); }
static cmp_fn table[] = { cmp_int, cmp_rev, 0 };
static int (*raw_table[2])(const void *, const void *) = { &cmp_int, &cmp_rev };

cmp_fn choose(int which) { return table[which]; }
int (*choose_raw(int which))(const void *, const void *) { return raw_table[which]; }

void apply(void (*fn)(int), int n) { while (n-- > 0) fn(n); }
static void noop(int n) { (void)n; }

int use(void)
{
    int x = 1, y = 2;
    int (*(*getter)(int))(const void *, const void *) = choose_raw;
    apply(noop, 3);
    apply(&noop, 3);
    (*apply)(noop, 1);
    return choose(0)(&x, &y) + (*choose_raw(1))(&x, &y) + getter(0)(&y, &x);
}
