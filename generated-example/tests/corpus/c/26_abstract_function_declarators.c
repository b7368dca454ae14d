/* Function-type abstract declarators: a parameter (or type name) whose declarator starts
   with its own parameter list. */
int f(int (), int);
void g(int (*)(int), int (void));
void h(int (int, char *), void (*(int))(void), int (x));
int k(int (*(void))[3], char (const int *), ...);
unsigned long z = sizeof(int (int));
typedef int T;
void m(T (*)(T), int (T), T (*)(void));
