/* A small "compiler warning" bug report: gcc warns about a division by zero somewhere in
   this file, and we want the smallest program that still gets that warning. */
#include <stdio.h>
#include <string.h>

struct point {
    int x;
    int y;
    const char *label;
};

enum color { RED, GREEN, BLUE = 4 };

static int table[8] = { 1, 2, 3, 5, 8, 13, 21, 34 };

typedef unsigned long ulong;

static ulong checksum(const char *s)
{
    ulong h = 5381;
    while (*s)
        h = ((h << 5) + h) + (unsigned char)*s++;
    return h;
}

static int clamp(int v, int lo, int hi)
{
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

static void describe(const struct point *p)
{
    printf("%s at (%d, %d)\n", p->label, p->x, p->y);
}

static int scale(int v, enum color c)
{
    int divisor = 0;
    switch (c) {
    case RED:
        v *= 2;
        break;
    case GREEN:
        v += table[v & 7];
        break;
    default:
        v = clamp(v, -100, 100);
        break;
    }
    return v / 3 + divisor;
}

int main(int argc, char **argv)
{
    struct point pts[3] = {
        { 1, 2, "origin-ish" },
        { .x = 3, .y = 4, .label = "far" },
        { 0 },
    };
    int total = 0;
    for (int i = 0; i < 3; i++) {
        if (pts[i].label)
            describe(&pts[i]);
        total += scale(pts[i].x, (enum color)(i % 3));
    }
    if (argc > 1)
        total += (int)checksum(argv[1]) % 17;
    printf("total=%d len=%zu\n", total, strlen(argv[0]));
    return total > 0 ? 0 : 1;
}
