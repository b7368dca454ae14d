/* GNU extensions found in gcc's torture tests: an attribute before a declarator after a
   comma, and a label address after a cast. */
__attribute__((noreturn)) void d0 (void), __attribute__((format(printf, 1, 2))) d1 (const char *, ...), d2 (void);
int a, __attribute__((unused)) b = 1, *__attribute__((unused)) c;

long labels(int i)
{
  static void *table[] = { (void *)&&one, (void *) &&two };
  unsigned long here = ({ __here: (unsigned long) &&__here; });
  long *esp = (long *)table;
  *++esp = (long)&&one;
  goto *table[i];
one:
  return here;
two:
  return (long)(char *)&&two + (here && i);
}
