/* Variadic functions and the builtin va_list type. */
typedef __builtin_va_list my_va_list;

int vsum(int n, my_va_list ap)
{
    int s = 0;
    while (n-- > 0)
        s += __builtin_va_arg(ap, int);
    return s;
}

int sum(int n, ...)
{
    my_va_list ap;
    __builtin_va_start(ap, n);
    int s = vsum(n, ap);
    __builtin_va_end(ap);
    return s;
}

double avg(const char *label, int count, ...);
int printf(const char *, ...);

int use(void)
{
    return sum(3, 1, 2, 3) + printf("%s %d\n", "x", 1);
}
