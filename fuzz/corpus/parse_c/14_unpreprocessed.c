/* An unpreprocessed file: directives are opaque removable items. */
#include <stdio.h>
#include <string.h>
#define SQUARE(x) ((x) * (x))
#define LONG_MACRO(a, b) \
    do {                 \
        (a) += (b);      \
    } while (0)
#define EMPTY
#pragma GCC diagnostic ignored "-Wunused-variable"
#ifndef BUFSIZE
# define BUFSIZE 64
#endif
#if 0
int never_compiled(void) { return undeclared_thing; }
#endif

struct config {
#pragma pack(push, 1)
    int width;
#ifdef WANT_HEIGHT
    int height;
#endif
};

int main(void)
{
    char buf[BUFSIZE];
    int n = SQUARE(3);
#define LOCAL 5
    LONG_MACRO(n, LOCAL);
#undef LOCAL
    strcpy(buf, "x");
    printf("%d %s\n", n, buf);
    return 0;
}
