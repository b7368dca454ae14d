/* C11 keywords: _Static_assert, _Alignas, _Alignof, _Atomic, _Generic, _Noreturn,
   _Thread_local, anonymous structs and unions. */
#include <stdlib.h>
_Static_assert(sizeof(int) >= 2, "int too small");
_Static_assert(1);
_Alignas(16) char aligned_buf[64];
_Alignas(double) int aligned_like_double;
_Atomic int atomic_counter;
_Atomic(long) atomic_long;
_Atomic(int *) atomic_ptr;
_Thread_local int per_thread;
static _Thread_local int per_thread_static;

struct with_anon {
    int tag;
    union { int i; float f; };
    struct { int x, y; };
    _Static_assert(1, "in struct");
    _Alignas(8) char c;
};

_Noreturn void die(void) { abort(); }
_Noreturn static inline void die2(void) { abort(); }

#define type_name(x) _Generic((x), int: "int", double: "double", char *: "char *", default: "other")

const char *generic_use(int i, double d)
{
    _Static_assert(_Alignof(int) <= 16, "alignment");
    struct with_anon w = { .tag = 1, .i = 2, .x = 3 };
    const char *a = _Generic(i, int: "int", default: "other");
    const char *b = _Generic((d), float: "f", double: "d", long double: "ld");
    const char *c = type_name(w.f);
    (void)a; (void)b;
    return c;
}
