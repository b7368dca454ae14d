/* Raw C: macros among declaration specifiers, after declarators, around declarators, as whole
   lines, in string concatenation and in X-macro enumerator lists. */
#include <stdint.h>
#include <stdio.h>
#define LUAI_FUNC extern
#define ZEXTERN extern
#define ZEXPORT
#define FAR
#define OF(args) args
#define __THROW_ __attribute__ ((__nothrow__))
#define NONNULL_(params) __attribute__ ((__nonnull__ params))
#define WUR_ __attribute__ ((__warn_unused_result__))
#define NTH_(fct) fct
#define API_FUNC(type) extern type
#define DEPRECATED_(version)
#define BEGIN_DECLS_
#define END_DECLS_
#define ALIGN_ __attribute__ ((aligned (8)))
#define HEAD_ int refcount;
#define PRIX_ "lx"
#define COLORS(X) X(RED, "red") X(GREEN, "green")
#define AS_ENUM(name, text) name,
#define DECLARE_COUNTER(name) static int name##_count;
#define HEAD_INIT(type) type, 0,

BEGIN_DECLS_

LUAI_FUNC int luaX_next (int *ls);
ZEXTERN int ZEXPORT deflate OF((void *strm, int flush));
extern void FAR *far_pointer;
extern int close_all (int fd) __THROW_;
extern char *find (const char *s, int c) __THROW_ NONNULL_ ((1)) WUR_;
API_FUNC(char *) api_name (int i);
DEPRECATED_(3.9) API_FUNC(void) old_api (void);
static int (*handler) (int) ALIGN_;

struct object {
    HEAD_
    long value ALIGN_;
    struct object *next ALIGN_;
};

enum color { COLORS(AS_ENUM) COLOR_COUNT };

struct type_object { void *type; int size; const char *name; } point_type = {
    HEAD_INIT(0) "point", /* the macro brings its own comma */
};

DECLARE_COUNTER(calls)

static inline int
NTH_ (twice (int x))
{
    return 2 * x;
}

LUAI_FUNC int luaX_next (int *ls) {
    uint64_t big = 255;
    printf("%" PRIX_ "\n", (unsigned long) big);
    printf("%" PRIX_, (unsigned long) *ls);
    return twice (*ls);
}

END_DECLS_
