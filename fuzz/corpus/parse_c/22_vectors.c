/* GNU vector extensions. */
typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((__vector_size__(4 * sizeof(float))));
typedef unsigned char v16qi __attribute__((vector_size(16), aligned(16)));

v4si add(v4si a, v4si b) { return a + b; }

int use(void)
{
    v4si a = { 1, 2, 3, 4 };
    v4si b = (v4si){ 5, 6, 7, 8 };
    v4si mask = { 0, 1, 0, 1 };
    v4sf f = { 1.0f, 2.0f };
    v4si c = add(a, b) * 2 - (a >> 1) & ~b;
    v4si d = __builtin_shuffle(a, b, mask);
    v16qi q = { 0 };
    c[0] = (int)f[1] + q[3];
    return c[0] + c[3] + d[1] + (a == b)[2];
}
