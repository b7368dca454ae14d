/* types.h: the shapes every module shares. */
#ifndef TYPES_H
#define TYPES_H

#include <stddef.h>

typedef unsigned char byte;

struct span {
    const byte *start;
    size_t len;
};

struct buffer {
    byte *data;
    size_t len;
    size_t cap;
    int flags;
};

enum mode { MODE_READ = 1, MODE_WRITE = 2, MODE_APPEND = 4 };

#define BUFFER_GROWTH 2
#define BUFFER_MIN 16

#endif
