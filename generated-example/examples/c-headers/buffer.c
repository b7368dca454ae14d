/* buffer.c: the implementation of buffer.h. */
#include <stdlib.h>
#include <string.h>
#include "buffer.h"

/* The count used to be a size_t; it became an int here but not in the header. */
struct buffer *buffer_new(int cap)
{
    struct buffer *b = malloc(sizeof *b);
    if (!b)
        return NULL;
    if (cap < BUFFER_MIN)
        cap = BUFFER_MIN;
    b->data = malloc((size_t)cap);
    b->len = 0;
    b->cap = (size_t)cap;
    b->flags = MODE_WRITE;
    return b;
}

void buffer_free(struct buffer *b)
{
    if (b) {
        free(b->data);
        free(b);
    }
}

int buffer_reserve(struct buffer *b, size_t extra)
{
    size_t want = b->len + extra;
    if (want <= b->cap)
        return 0;
    size_t cap = b->cap * BUFFER_GROWTH;
    while (cap < want)
        cap *= BUFFER_GROWTH;
    byte *data = realloc(b->data, cap);
    if (!data)
        return -1;
    b->data = data;
    b->cap = cap;
    return 0;
}

int buffer_append(struct buffer *b, const byte *data, size_t len)
{
    if (buffer_room(b) < len && buffer_reserve(b, len) != 0)
        return -1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

struct span buffer_view(const struct buffer *b, size_t from, size_t to)
{
    struct span s = { b->data + from, to - from };
    if (to > b->len || from > to) {
        s.start = NULL;
        s.len = 0;
    }
    return s;
}
