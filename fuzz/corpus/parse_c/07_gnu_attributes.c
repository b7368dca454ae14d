/* __attribute__ in the positions gcc accepts it. */
struct __attribute__((packed)) packed_s { char c; int i; };
struct aligned_s { char c; } __attribute__((aligned(16)));
struct member_attrs { int a __attribute__((aligned(8))); char b[3] __attribute__((deprecated("no"))); };
typedef int aligned_int __attribute__((aligned(8)));
typedef char vec16 __attribute__((__vector_size__(16 * sizeof(char))));
enum __attribute__((packed)) small_enum { SE_A, SE_B __attribute__((deprecated)) = 2 };

__attribute__((noinline, noclone)) int f1(int x) { return x; }
static __attribute__((always_inline)) inline int f2(int x) { return x + 1; }
int __attribute__((const)) f3(int x);
int f4(int x) __attribute__((warn_unused_result));
void f5(const char *fmt, ...) __attribute__((__format__(__printf__, 1, 2), __nonnull__(1)));
void f6(void) __attribute__((__noreturn__));
extern int f7(void *__restrict p) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (1)));
int f8(int x __attribute__((unused)), int __attribute__((unused)) y);
__attribute__((section(".data.custom"))) int in_section = 1;
int global __attribute__((used)) = 3;
void *__attribute__((malloc)) my_alloc(unsigned long n);
int *__attribute__((aligned(8))) aligned_ptr;
int (__attribute__((stdcall)) *fp_attr)(int);
__attribute__((constructor)) static void init(void) { }
__attribute__(()) int empty_attr;
__attribute((unused)) static int old_spelling;

int use(int n)
{
    int local __attribute__((unused)) = 0;
    __attribute__((unused)) int local2;
    vec16 v = { 1, 2, 3 };
    switch (n) {
    case 1:
        n++;
        __attribute__((fallthrough));
    case 2:
        n++;
        break;
    }
lbl: __attribute__((unused));
    return n + v[0] + f1(1) + f2(2);
}
