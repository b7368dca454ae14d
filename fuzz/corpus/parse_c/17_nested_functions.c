/* GNU nested functions. */
int outer(int n)
{
    int base = 10;
    int inner(int k) { return base + k; }
    auto int later(int);
    int later(int k) { return inner(k) * 2; }
    int total = 0;
    for (int i = 0; i < n; i++)
        total += later(i);
    return total;
}
