/* Alternate keyword spellings and extended types. */
__extension__ typedef long long ext_ll;
extern __inline__ int inl1(int x) { return x; }
static __inline int inl2(int x) { return x; }
__const int c1 = 1;
__const__ int c2 = 2;
__volatile int v1;
__volatile__ int v2;
__signed__ char sch;
__signed int sint;
int *__restrict rp1;
int *__restrict__ rp2;
_Complex double cd;
__complex__ float cf;
__complex double cdd;
double _Complex dc;
__int128 big;
unsigned __int128 ubig;
_Float128 f128;
_Float64 f64;
_Float32 f32;
_Float32x f32x;
__float128 gf128;
__thread int tls1;
static __thread int tls2;
__auto_type_user(void);
void restrict_params(int n, char *__restrict dst, const char *__restrict src);

int use(void)
{
    __auto_type a = 5;
    __complex__ double z = 1.0 + 2.0i;
    __real__ z = 3.0;
    __imag__ z = 4.0;
    return a + (int)__real__ z + (int)__imag__ cd + inl1(1) + inl2(2) + c1 + c2;
}
