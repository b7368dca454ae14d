/* Comments and whitespace in unusual places, line splices. */
int /* between tokens */ a /**/ = /* before value */ 1;
int b = 2; // line comment
int c = 3; // line comment with a splice \
   continues here
/* multi-line
 * comment with * stars ** and / slashes
 */
int
d
=
4
;
int e	=	5;	/* tabs */
int f = 1\
+ 2;
/***/ int g /** doc **/ = 7;

int
use ( void )
{
    int/**/h=a/**/+b;
    return h /* c */ + c + d + e + f + g; // done
}
