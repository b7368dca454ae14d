/* Operators, precedence and tokens that share prefixes. */
int a, b, c, *p, arr[10];
struct s { int m; struct s *next; } sv, *sp = &sv;

int expressions(void)
{
    int r = 0;
    r = a + b * c - a / (b + 1) % 3;
    r = a << 2 | b >> 1 & c ^ a;
    r = a < b && b <= c || a > c && c >= b;
    r = a == b != (c == a);
    r = !a + ~b - -c + +a;
    r = a+++b;
    r = a - -b - --c;
    r = a & &c - &c;
    r = a &&b;
    r += 1; r -= 2; r *= 3; r /= 4; r %= 5;
    r <<= 1; r >>= 1; r &= 7; r ^= 3; r |= 8;
    r = a ? b : c;
    r = a ? b ? 1 : 2 : c ? 3 : 4;
    r = (a, b, c);
    r = a = b = c;
    p = &arr[3];
    r = *p++ + *++p + p[-1] + (*p)--;
    r = sp->m + sp->next->m + sv.m + (&sv)->m;
    r = sizeof a + sizeof(int) + sizeof (a) + sizeof arr / sizeof arr[0];
    r = (int)1.5 + (unsigned char)-1 + (int)+2 + (long)~3 + (short)!4;
    r = (int)(char)(long)a;
    r = -(int)*p + (int)(long)&arr[1 + 0] - (int)(long)&a;
    r = a<b;
    r = a<<b;
    r = a<=b;
    r = (a)-b;
    r = (a)+b;
    r = (a)*b;
    r = (a)[arr];
    r = ((((((a))))));
    r = arr[a ? 1 : 2] + (a < b ? a : b);
    return r;
}
