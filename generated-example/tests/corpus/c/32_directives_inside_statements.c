/* Preprocessor lines inside statements of unpreprocessed code: before the body of an
   if/else/loop, before `else`, after a label. */
void a(void);
void b(void);

int f(int x) {
  if (x)
#ifdef USE_A
    a();
#else
    b();
#endif
  if (x > 1)
    a();
#pragma tool before_else
  else
#pragma tool after_else
    b();
  while (x--)
#pragma tool in_loop
    a();
  for (int i = 0; i < x; i++)
#if 1
  {
    b();
  }
#endif
  switch (x) {
  case 1:
#pragma tool in_case
    a();
    break;
  default:
#if 0
    b();
#endif
    break;
  }
done:
#pragma tool after_label
  return x;
}
