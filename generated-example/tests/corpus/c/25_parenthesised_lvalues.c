/* Parenthesised lvalues: `(r)` followed by an operator that cannot start a cast operand is a
   parenthesised expression, not a cast (lua's lvm.c: `(r) += (n)`). */
struct node { int v; struct node *next; int a[4]; };

void compound(int r, int n, unsigned u, int *p, int *a, int i, int (*g)(int), int x,
              struct node *s, struct node t) {
  (r) += (n); (r) -= (n); (r) *= (n); (r) /= (n); (r) %= (n);
  (r) <<= (n); (r) >>= (n); (r) &= (n); (r) ^= (n); (r) |= (n);
  (u)+=1; (u)-=1; (u)*=2; (u)&=3; (u) |= 4; (u)^=5;
  *(p) += 1; *(p) -= 1; *(p) *= 2; *(p) &= 3;
  (*p) += 1; (p)[0] &= (r);
  (x) = 1; (x) == 1; (x) != 2;
  (a)[i] = 2; (s)->v = 3; (t).v = 4; (s)->next->a[1] += 5;
  (x)++; (x)--; ++(x); (x)++ ;
  (g)(x); (g)(x) + (g)(r);
  r = (r) && (n); r = (r) || (n); r = (r) & (n); r = (r) * (n);
  r = (int) -1; r = (int) +1; r = (int) *p; r = (int) (long) &*p; r = (int) !x; r = (int) ~x;
  r = (int) ++x; r = (int) --x; r = (int) .5; r = (int) (x); r = (int) 'a';
}
