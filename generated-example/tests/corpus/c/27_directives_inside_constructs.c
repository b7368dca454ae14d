/* Preprocessor lines as removable items inside an enum body, a struct body, a statement list,
   an initializer list and a compound literal (unpreprocessed code, `#pragma`). */
#define ENABLE_C 1
enum color {
#pragma tool push
  RED,
#if ENABLE_C
  GREEN = 2,
#else
  GREEN = 3,
#endif
  BLUE
#ifdef EXTRA
  , EXTRA_COLOR
#endif
#pragma tool pop
};
enum flags { F_A = 1,
#pragma once_more
  F_B = 2,
#if 0
  F_C = 4,
#endif
};
struct s {
  int a;
#pragma pack(push, 1)
  char b;
#ifdef WIDE
  long c;
#endif
#pragma pack(pop)
};
static const int table[] = {
#pragma tool ignored "-Woverflow"
  1,
#if ENABLE_C
  2,
#endif
  3
#ifdef MORE
  , 4
#endif
};
struct s pts[] = { { 1, 2 },
#pragma message_like
  { .a = 3,
#if 1
    .b = 4
#endif
  },
};
int f(int n) {
  int x = 0;
#pragma GCC unroll 4
  for (int i = 0; i < n; i++)
    x += i;
  switch (n) {
  case 1:
#pragma fallthrough_like
  case 2:
    x++;
#if 1
    break;
#endif
  }
  struct s t = (struct s){
#pragma inside_literal
    1, 2 };
  return x + t.a;
}
