/* GNU expression extensions. */
#include <stdarg.h>
struct node { int key; struct { int v[4]; } inner; };

int sum(int n, ...)
{
    va_list ap;
    int s = 0;
    __builtin_va_start(ap, n);
    while (n--)
        s += __builtin_va_arg(ap, int);
    __builtin_va_end(ap);
    return s;
}

int gnu_exprs(int x)
{
    __label__ retry, out;
    static void *table[] = { &&retry, &&out };
    int y = ({ int t = x * 2; t + 1; });
    __typeof__(x) tx = x;
    typeof(int *) tp = &tx;
    __typeof(y + 1.0) dbl = 0;
    unsigned long off = __builtin_offsetof(struct node, inner.v[2]);
    int compat = __builtin_types_compatible_p(int, typeof(x));
    int ext = __extension__ 0x10;
    long long ll = __extension__ 1LL << 40;
    int elvis = x ?: 7;
    unsigned long al = __alignof__(struct node) + __alignof(long) + _Alignof(int);
    int choose = __builtin_choose_expr(1, 2, 3);
    int expect = __builtin_expect(x > 0, 1);
retry:
    if (y++ < 3)
        goto *table[0];
    switch (x) {
    case 0 ... 9:
        y += 1;
        break;
    case 'a' ... 'z':
        y += 2;
        break;
    }
    goto *table[1];
out:
    return y + tx + *tp + (int)dbl + (int)off + compat + ext + (int)ll + elvis + (int)al + choose + expect;
}
