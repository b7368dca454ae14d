/* gcc: -x c++ */
/* C++ linkage blocks from headers shared with C++ (their contents are C), checked by g++. */
#ifdef __cplusplus
extern "C" {
#endif
int api_open(const char *name);
void api_close(int fd);
#ifdef __cplusplus
}
#endif
extern "C" {
  struct api_state { int fd; };
  extern "C++" { int nested(void); }
  int api_read(int fd, char *buf, unsigned long n);
}
extern "C" int api_write(int fd, const char *buf, unsigned long n);
extern "C" { }
