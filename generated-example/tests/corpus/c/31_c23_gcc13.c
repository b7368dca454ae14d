/* gcc: none (C23 beyond gcc 12: gcc 13-15 accept it with -std=c23) */
/* C23 keywords and types that gcc 12 does not know yet: static_assert without a message,
   typeof_unqual, nullptr, constexpr, auto, bool/true/false, alignas, alignof, thread_local,
   _BitInt(N). */
static_assert(1);
static_assert(sizeof(int) >= 2, "int is at least 16 bits");
constexpr int limit = 10;
constexpr unsigned long long big = 1'000'000ULL;
thread_local int counter;
alignas(16) static unsigned char buffer[64];
_BitInt(12) small;
unsigned _BitInt(128) wide = 0;
typedef signed _BitInt(7) seven_t;
typeof_unqual(const int) plain;
__typeof_unqual__(const volatile long) plain_long;
bool flag = true;
int *p = nullptr;

struct s {
  static_assert(1);
  _BitInt(3) bits : 3;
  alignas(8) char c;
};

int use(void) {
  auto a = 1;
  constexpr double half = 0.5;
  static_assert(limit > 0);
  typeof_unqual(flag) copy = false;
  unsigned _BitInt(8) v = (unsigned _BitInt(8)) 200;
  return a + (int)half + copy + (int)v + (int)alignof(int) + (p == nullptr);
}
