/* Shapes typical of csmith output: safe-math helpers, deep nesting, comma operators,
   volatile globals, struct bit-fields, multi-dimensional arrays. */
#include <stdint.h>
static int8_t safe_add_func_int8_t_s_s(int8_t si1, int8_t si2)
{
    return (((si1 > 0) && (si2 > 0) && (si1 > (INT8_MAX - si2))) || ((si1 < 0) && (si2 < 0) && (si1 < (INT8_MIN - si2)))) ? (si1) : (si1 + si2);
}
static uint32_t safe_div_func_uint32_t_u_u(uint32_t ui1, uint32_t ui2)
{
    return (ui2 == 0) ? (ui1) : (ui1 / ui2);
}
struct S0 {
    signed f0 : 7;
    const volatile uint16_t f1;
    int32_t f2;
};
static volatile int32_t g_2 = 0x5B7CB25EL;
static int32_t g_5[3][4][2] = {{{1L,0x1FE2B1F7L},{-1L,0L},{0x1FE2B1F7L,1L},{1L,1L}},{{0L,0L},{0L,0L},{0L,0L},{0L,0L}},{{9L,8L},{7L,6L},{5L,4L},{3L,2L}}};
static struct S0 g_10 = {-5,0xEAE9L,0L};
static int32_t *g_20 = &g_5[1][2][0];
static int32_t **g_21 = &g_20;
static uint8_t func_1(void);
static uint8_t func_1(void)
{
    int32_t *l_3 = &g_5[0][1][1];
    int32_t l_4[2];
    int i;
    for (i = 0; i < 2; i++)
        l_4[i] = 0x6F5A0A63L;
    for (g_10.f2 = 0; (g_10.f2 <= 2); g_10.f2 += 1)
    {
        (*l_3) = (safe_add_func_int8_t_s_s(((safe_div_func_uint32_t_u_u(((*g_21) != (void*)0), (((((g_2 , (l_4[1] = (**g_21))) , 0x4AL) <= g_10.f1) ^ 0UL) || g_5[2][3][1]))) >= (-1L)), (g_10.f0 &= (~((*l_3) | l_4[0])))));
        if ((*l_3))
            break;
    }
    return g_5[0][0][0];
}
int main(void)
{
    int print_hash_value = 0;
    func_1();
    return print_hash_value;
}
