;; A quoted module whose text ends inside an unclosed form: wast2json 1.0.32 runs
;; out of tokens (an assertion) instead of reporting a syntax error.
(module quote "(func $f")
