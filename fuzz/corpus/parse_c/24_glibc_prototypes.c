/* Declarations in the style of preprocessed glibc headers. */
typedef long unsigned int size_t;
typedef struct _IO_FILE FILE;
typedef __builtin_va_list __gnuc_va_list;
typedef struct { int __count; union { unsigned int __wch; char __wchb[4]; } __value; } __mbstate_t;
typedef int (*__compar_fn_t) (const void *, const void *);
typedef void (*__sighandler_t) (int);
extern FILE *stdin;
extern int fprintf (FILE *__restrict __stream, const char *__restrict __format, ...);
extern int vfprintf (FILE *__restrict __s, const char *__restrict __format, __gnuc_va_list __arg);
extern void *memcpy (void *__restrict __dest, const void *__restrict __src, size_t __n) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (1, 2)));
extern char *strtok (char *__restrict __s, const char *__restrict __delim) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (2)));
extern void qsort (void *__base, size_t __nmemb, size_t __size, __compar_fn_t __compar) __attribute__ ((__nonnull__ (1, 4)));
extern __sighandler_t signal (int __sig, __sighandler_t __handler) __attribute__ ((__nothrow__ , __leaf__));
extern int __sigsetjmp (struct __jmp_buf_tag *__env, int __savemask) __attribute__ ((__nothrow__));
extern int printf (const char *__restrict __format, ...);
extern int scanf (const char *__restrict __format, ...) __asm__ ("" "__isoc99_scanf") __attribute__ ((__warn_unused_result__));
extern __inline __attribute__ ((__gnu_inline__)) double atof (const char *__nptr) { return 0.0; }
__extension__ typedef long long int __quad_t;
__extension__ extern long long int atoll (const char *__nptr) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__pure__)) __attribute__ ((__nonnull__ (1))) __attribute__ ((__warn_unused_result__));
extern void abort (void) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
extern int *__errno_location (void) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__const__));
static __inline __uint16_t_like(void);
typedef union { char __size[56]; long int __align; } pthread_attr_t;
extern int pthread_create (unsigned long *__restrict __newthread, const pthread_attr_t *__restrict __attr, void *(*__start_routine) (void *), void *__restrict __arg) __attribute__ ((__nothrow__)) __attribute__ ((__nonnull__ (1, 3)));
