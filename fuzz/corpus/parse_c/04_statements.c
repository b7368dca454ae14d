/* Statements: all kinds of control flow, labels, empty statements. */
int statements(int n)
{
    int i, s = 0;
    ;
    { }
    { ; { int nested = 1; s += nested; } }
    if (n > 0) s = 1;
    if (n > 1) s = 2; else s = 3;
    if (n > 2) { s = 4; } else if (n > 3) { s = 5; } else { s = 6; }
    for (i = 0; i < n; i++) s += i;
    for (int k = 0, m = 1; k < n; k++, m *= 2) s += m;
    for (;;) break;
    for (i = 0; ; ) { if (i++ > 3) break; else continue; }
    while (n--) s++;
    do s--; while (s > 100);
    do { s -= 2; } while (0);
    switch (n) {
    case 0:
        s = 0;
        break;
    case 1:
    case 2: {
        s = 1;
        break;
    }
    default:
        s = -1;
    }
    switch (n) default: s++;
    goto done;
again:
    s++;
done:
    if (s < 0) goto again;
    return s;
}

void empty(void) { return; }
