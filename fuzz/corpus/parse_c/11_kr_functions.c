/* K&R (old-style) function definitions and implicit int. */
int add(a, b)
    int a;
    int b;
{
    return a + b;
}

char *pick(s, t, which)
    char *s, *t;
    int which;
{
    return which ? s : t;
}

double scale(x, factor)
    double x;
    register factor;
{
    return x * factor;
}

static mul(a, b)
{
    return a * b;
}

noreturn_type();

count(n)
    unsigned n;
{
    register i, total = 0;
    for (i = 0; i < n; i++)
        total += i;
    return total;
}

main()
{
    return add(1, 2) + mul(3, 4) + count(5) + (int)scale(1.0, 2) + (pick("a", "b", 1) != 0);
}
