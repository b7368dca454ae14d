/* Declarators: pointers, arrays, functions, parentheses, abstract declarators. */
int (*(*f)(int))[3];
int *(*g[4])(double, char *);
char (*(*x[3])(void))[5];
void (*signal_like(int sig, void (*handler)(int)))(int);
int (*pa)[10];
int *ap[10];
int **pp, ***ppp;
int * const cp = 0;
const int * volatile * restrict pr;
int matrix[3][4][5];
int unsized[];
typedef int (*binop)(int, int);
typedef void handler_t(int);
handler_t *handlers[8];

int takes_arrays(int n, int a[static 4], int b[const], int c[n][n], int d[*]);
int takes_abstract(int *, int [], int (*)(void), char (*)[3], void (*)(int, ...));
int variadic(const char *fmt, ...);

int plus(int a, int b) { return a + b; }

int use(void)
{
    binop op = plus;
    int (*local)(int, int) = &plus;
    int arr[2][3] = { { 1, 2, 3 }, { 4, 5, 6 } };
    int (*row)[3] = arr;
    unsigned long s1 = sizeof(int (*)[3]);
    unsigned long s2 = sizeof(int *[3]);
    unsigned long s3 = sizeof(void (*)(int));
    void *vp = (void *)(int (*)(int, int))op;
    return op(1, 2) + (*local)(3, 4) + row[1][2] + (int)(s1 + s2 + s3) + (vp != 0);
}
