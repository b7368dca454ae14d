/* GNU inline assembly: basic and extended asm, asm goto, asm labels. */
__asm__(".globl toplevel_symbol\n\t.set toplevel_symbol, 0");
asm(".text");
int renamed asm("real_name") = 1;
extern int renamed_fn(int) __asm__("real_fn");
register long rsp_var __asm__("rsp");

int asm_uses(int x)
{
    int y = 0, z;
    asm("nop");
    __asm__ __volatile__("" ::: "memory");
    __asm volatile("mov %1, %0" : "=r"(y) : "r"(x));
    asm("add %[in], %[out]" : [out] "+r"(y) : [in] "r"(x) : "cc");
    asm volatile("xchg %0, %1" : "+r"(y), "+r"(x) : : "memory", "cc");
    asm("" : "=m"(z) : "m"(y), "i"(42));
    asm("" : : "r"(x));
    asm inline("nop");
    asm goto("jmp %l0" : : : : done);
    asm goto("" : : "r"(x) : "memory" : done, done2);
    y = 1;
done:
    y++;
done2:
    return y;
}
