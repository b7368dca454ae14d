/* Structs and unions: bit-fields, unnamed bit-fields, nested and anonymous members,
   flexible array members, self references, extra semicolons. */
struct flags {
    unsigned int ready : 1;
    unsigned int mode : 3, level : 4;
    signed int delta : 5;
    unsigned : 0;
    unsigned int : 2;
    int after;
    _Bool b : 1;
    unsigned long long wide : 40;
    const volatile unsigned cvbits : 2;
};

struct list {
    struct list *next, *prev;
    struct payload { int id; char name[16]; } payload;
    union { long l; double d; } value;
    int count;
    int data[];
};

union u {
    struct { unsigned char lo, hi; } bytes;
    unsigned short word;
};

struct empty_members { int a;; int b; };

int use(struct flags *f, struct list *l)
{
    struct payload p = l->payload;
    union u x;
    struct { int q; } anon_local = { 1 };
    x.bytes.lo = 1;
    return f->ready + f->mode + f->level + f->delta + l->next->count + p.id + x.word + anon_local.q + l->data[0];
}
