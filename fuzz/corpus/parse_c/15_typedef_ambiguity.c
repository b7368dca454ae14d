/* Typedef names are not tracked; these lines show the cases the permissive grammar
   must resolve sensibly. */
typedef int T;
typedef struct S { int m; } S;
int a = 1, b = 2, x = 3;
int f(int v) { return v; }
void g(int v) { (void)v; }

int ambiguity(void)
{
    T t1;
    T *t2 = &t1;
    T t3 = 4, t4[3];
    const T t5 = 5;
    T const t6 = 6;
    static T t7;
    S s;
    S *ps = &s;
    T (*fp)(int) = f;
    a * b;
    g(x);
    f(x);
    (g)(x);
    x;
    x = (T)a;
    x = (T)-1;
    x = (a) - b;
    x = (T)(a) + sizeof(T) + sizeof (x) + sizeof(S);
    x = (int)a * b;
    ps->m = t1 = t2[0];
    return t3 + t4[0] + t5 + t6 + t7 + fp(1) + s.m;
}

T param_typedef(T v, S *w, T (*cb)(T), T[], T *);
