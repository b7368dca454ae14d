# 1 "20_line_markers.c"
# 1 "<built-in>"
# 1 "<command-line>"
# 1 "20_line_markers.c"
# 1 "/usr/include/example.h" 1 3 4
typedef unsigned long size_t;
enum signals {
  SIG_ONE = 1,
  SIG_TWO,
# 40 "/usr/include/example.h" 3 4
  SIG_HIGH = 0x80
# 42 "/usr/include/example.h" 3 4
};
struct header {
  int first;
# 50 "/usr/include/example.h" 3 4
  int second;
};
extern int printf (const char *__restrict __format, ...);
# 2 "20_line_markers.c" 2
#line 10 "renamed.c"
int main(void)
{
  int x = SIG_TWO
# 12 "20_line_markers.c"
          + 1;
  return x;
}
