/* gcc: -std=c2x */
/* C23 as gcc 12 knows it: [[attributes]] on declarations, statements, parameters, members,
   enumerators and pointers; _Static_assert without a message; 0b literals, digit
   separators, u8 character constants; labels before declarations and at the end of blocks. */
[[nodiscard]] int f(void);
[[gnu::always_inline, deprecated("use g")]] inline int m(void) { return 0; }
[[deprecated]] [[maybe_unused]] static int old;
int [[deprecated]] y;
int z [[maybe_unused]] = 3;
struct [[deprecated]] S { int a [[deprecated]]; [[maybe_unused]] char b; };
enum [[deprecated]] E { E1 [[deprecated]], E2 [[deprecated]] = 2, E3 };
int n(int *[[gnu::unused]] p, [[maybe_unused]] int q);
void h([[maybe_unused]] int x, [[maybe_unused]] const char *s) {}
_Static_assert(1);
_Static_assert(sizeof(int) >= 2, "int is at least 16 bits");

int literals(void) {
  int b = 0b1010'0101;
  long d = 1'000'000L;
  unsigned x = 0xFF'FFu;
  double r = 1'000.5e1'0;
  unsigned char u = u8'a';
  _Static_assert(1);
  return b + (int)d + (int)x + (int)r + u;
}

int g(int x) {
  switch (x) {
  case 1:
    x++;
    [[fallthrough]];
  case 2:
    [[fallthrough]];
  default:
    break;
  }
  [[gnu::unused]] int unused;
  [[]];
  [[maybe_unused]] int w = x;
  goto l2;
l1:
  int after_label = x;
  x += after_label;
l2:
  if (x) goto l1;
  {
    x++;
  end_of_block:
  }
  return x;
}
