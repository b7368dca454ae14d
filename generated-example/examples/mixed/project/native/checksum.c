/* checksum.c: the native helper that signs the report (not used by the check). */
#include <stdint.h>
#include <stddef.h>

uint32_t checksum(const unsigned char *data, size_t len)
{
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < len; i++) {
        a = (a + data[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}
