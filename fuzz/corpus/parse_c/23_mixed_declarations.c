/* C99 mixed declarations and statements, for-loop declarations, block scope types,
   extern and static at block scope, VLAs. */
int printf(const char *, ...);
int mixed(int n)
{
    int total = 0;
    total += n;
    int squares[n];
    for (int i = 0; i < n; i++)
        squares[i] = i * i;
    struct local { int v; } l = { n };
    typedef struct local local_t;
    local_t copy = l;
    extern int external_counter;
    static const char *const names[] = { "zero", "one", "two" };
    enum { LIMIT = 3 } limit = LIMIT;
    for (struct local *p = &copy; p; p = 0)
        total += p->v;
    unsigned long sz = sizeof squares;
    char (*matrix)[n] = 0;
    total += (int)sz + (matrix != 0) + limit;
    printf("%s\n", names[total % 3]);
    return total;
}
