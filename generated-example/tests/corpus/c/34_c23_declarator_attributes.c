/* gcc: -std=c2x */
/* C23 attributes in the places gcc's c2x-* tests use them: after a declarator's name and
   after each of its suffixes, before the declaration of a for loop, before a label; and a
   typedef name followed by a function-type abstract declarator in a parameter. */
typedef int T;
struct s;
int g [[]] [2] [[]] [3] [[]];
void f [[]] (void);
int h [[gnu::unused]] (int x) [[]];
int arr(int [[]] [4] [[]], short [[]] *[[]] [3] [[]]);
void takes_fn(T (void), int (int), T (*)(T));
void takes_fn2(T (const char *, ...), T (struct s *));

int loop(void)
{
  int n = 0;
  for ([[maybe_unused]] int i = 0; i < 10; i++)
    n += i;
  [[maybe_unused]] lbl:
  n++;
  [[maybe_unused]] done: ;
  return n;
}
