/* Function-like macros with a type argument, as in unpreprocessed code: va_arg, offsetof,
   and user macros; preprocessor lines between call arguments. */
#include <stdarg.h>
#include <stddef.h>
#define container_of(p, T, m) ((T *)((char *)(p) - offsetof(T, m)))
#define ZERO_OF(T) ((T)0)
struct inner { int x[4]; };
struct outer { int a; struct inner in; double d; };
typedef struct outer outer_t;

int sum(int n, ...) {
  va_list ap;
  int s = 0;
  va_start(ap, n);
  for (int i = 0; i < n; i++) {
    s += va_arg(ap, int);
    s += (int) va_arg(ap, double);
    s += *va_arg(ap, char *);
    s += va_arg(ap, struct outer).a;
    s += va_arg(ap, outer_t *)->a;
    s += (int) va_arg(ap, unsigned long long);
    s += va_arg(ap, int (*)(void))();
  }
  va_end(ap);
  return s;
}

size_t offsets(struct inner *p) {
  size_t o = offsetof(struct outer, d) + offsetof(outer_t, in.x[2]) + offsetof(struct outer, in);
  struct outer *q = container_of(p, struct outer, in);
  return o + (size_t) q + ZERO_OF(unsigned long) + ZERO_OF(outer_t *) + sizeof(ZERO_OF(char));
}

int call(int a, int b, int c) {
  return sum(3,
#ifdef TWICE
             a + a,
#else
             a,
#endif
             b,
#pragma tool arg
             c);
}
