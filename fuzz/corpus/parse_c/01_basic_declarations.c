/* Basic declarations: builtin type combinations, storage classes, qualifiers,
   struct/union/enum, typedefs, multiple declarators. */
typedef unsigned long size_type;
typedef struct point { int x, y; } point_t;
typedef union { int i; float f; char bytes[4]; } word_t;
enum color { RED, GREEN = 5, BLUE, };
enum { ANON_A, ANON_B };

static const int answer = 42;
extern int counter;
int counter = 0;
unsigned u;
signed char sc;
unsigned short int usi;
long long int lli, *plli, arr_lli[4];
long double ld;
const volatile unsigned long long cvull = 7ULL;
size_type st;
point_t origin = { 0, 0 }, *porigin = &origin;
struct point p2;
struct incomplete;
union word_u { unsigned w; unsigned char b[sizeof(unsigned)]; };
enum color favourite = BLUE;
_Bool flag;
register_like(void);
static inline int add(int a, int b) { return a + b; }

int main(void)
{
    int i = 0, j, k = 2;
    auto int automatic = 1;
    register int reg = 3;
    static int persistent;
    size_type n = sizeof(point_t);
    point_t q = origin;
    word_t w;
    w.i = 1;
    j = add(i, k) + automatic + reg + persistent + (int)n + q.x;
    return j + counter + answer + w.bytes[0];
}
