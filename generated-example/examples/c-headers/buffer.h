/* buffer.h: growable byte buffers. */
#ifndef BUFFER_H
#define BUFFER_H

#include "types.h"

struct buffer *buffer_new(size_t cap);
void buffer_free(struct buffer *b);
int buffer_reserve(struct buffer *b, size_t extra);
int buffer_append(struct buffer *b, const byte *data, size_t len);
struct span buffer_view(const struct buffer *b, size_t from, size_t to);

static inline size_t buffer_room(const struct buffer *b)
{
    return b->cap - b->len;
}

#endif
