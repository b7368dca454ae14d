/* Literal forms: integers, floats (incl. hex floats), characters, strings. */
#include <stddef.h>
#include <wchar.h>
#include <uchar.h>
int i1 = 0, i2 = 123, i3 = 0777, i4 = 0x1F, i5 = 0XaBcD, i6 = 0b1011;
unsigned long i7 = 10u + 10U + 10ul + 10UL + 10lu + 10LU;
long long i8 = 10ll + 10LL + 10ull + 10ULL + 0xFFFFFFFFFFFFFFFFull;
double f1 = 1.0, f2 = .5, f3 = 1., f4 = 1e10, f5 = 1E-10, f6 = 1.5e+3;
float f7 = 1.0f, f8 = 2.F, f9 = 0x1p-3f;
long double f10 = 1.0L, f11 = 0x1.8p1L, f12 = 0x.8p0, f13 = 0xAp+2;
char c1 = 'a', c2 = '\n', c3 = '\'', c4 = '\\', c5 = '\x41', c6 = '\101', c7 = '"';
int c8 = 'ab';
wchar_t wc = L'x';
char16_t c16 = u'x';
char32_t c32 = U'x';
const char *s1 = "hello";
const char *s2 = "with \"escapes\" \t\n\\ and \x41\101";
const char *s3 = "concatenated " "string " "literal";
const char *s4 = "";
const wchar_t *ws = L"wide" L" string";
const char *u8s = u8"utf-8";
const char16_t *u16s = u"utf-16";
const char32_t *u32s = U"utf-32";
const char *s5 = "split "
                 "over "
                 "lines";
const char *s6 = "slash // not a comment /* nor this */";
char buf[] = "abc";
