;; A byte ring buffer in linear memory with an Adler-32 checksum over its contents, as a
;; host would use it for a log channel. The 64-bit byte counter is passed to $adler32
;; where the 32-bit length belongs, and wat2wasm's validator rejects the call.
(module
  (import "host" "log" (func $log (param i32 i32)))
  (memory (export "memory") 1)

  ;; header at 0: head (i32), tail (i32), total bytes written (i64); data from 64
  (global $base i32 (i32.const 64))
  (global $capacity i32 (i32.const 4096))

  (func $head (result i32) (i32.load (i32.const 0)))
  (func $tail (result i32) (i32.load (i32.const 4)))

  (func $used (result i32)
    (i32.rem_u
      (i32.add
        (i32.sub (call $tail) (call $head))
        (global.get $capacity))
      (global.get $capacity)))

  (func $free (export "free") (result i32)
    (i32.sub (i32.sub (global.get $capacity) (i32.const 1)) (call $used)))

  (func $push (export "push") (param $byte i32) (result i32)
    (local $t i32)
    (if (i32.eqz (call $free))
      (then (return (i32.const 0))))
    (local.set $t (call $tail))
    (i32.store8 (i32.add (global.get $base) (local.get $t)) (local.get $byte))
    (i32.store (i32.const 4)
      (i32.rem_u (i32.add (local.get $t) (i32.const 1)) (global.get $capacity)))
    (i64.store (i32.const 8) (i64.add (i64.load (i32.const 8)) (i64.const 1)))
    (i32.const 1))

  (func $pop (export "pop") (result i32)
    (local $h i32)
    (local $byte i32)
    (if (i32.eqz (call $used))
      (then (return (i32.const -1))))
    (local.set $h (call $head))
    (local.set $byte (i32.load8_u (i32.add (global.get $base) (local.get $h))))
    (i32.store (i32.const 0)
      (i32.rem_u (i32.add (local.get $h) (i32.const 1)) (global.get $capacity)))
    (local.get $byte))

  (func $write (export "write") (param $ptr i32) (param $len i32) (result i32)
    (local $i i32)
    (block $full
      (loop $next
        (br_if $full (i32.ge_u (local.get $i) (local.get $len)))
        (br_if $full
          (i32.eqz (call $push (i32.load8_u (i32.add (local.get $ptr) (local.get $i))))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $i))

  ;; Adler-32 of $len bytes of the buffer, starting at the head, wrapping around
  (func $adler32 (param $start i32) (param $len i32) (result i32)
    (local $a i32)
    (local $b i32)
    (local $i i32)
    (local.set $a (i32.const 1))
    (block $done
      (loop $step
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        (local.set $a
          (i32.rem_u
            (i32.add (local.get $a)
              (i32.load8_u
                (i32.add (global.get $base)
                  (i32.rem_u (i32.add (local.get $start) (local.get $i))
                    (global.get $capacity)))))
            (i32.const 65521)))
        (local.set $b (i32.rem_u (i32.add (local.get $b) (local.get $a)) (i32.const 65521)))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $step)))
    (i32.or (i32.shl (local.get $b) (i32.const 16)) (local.get $a)))

  (func (export "checksum") (result i32)
    (local $total i64)
    (local.set $total (i64.load (i32.const 8)))
    (call $log (i32.const 16) (i32.wrap_i64 (local.get $total)))
    (call $adler32 (call $head) (local.get $total)))

  (func (export "reset")
    (i32.store (i32.const 0) (i32.const 0))
    (i32.store (i32.const 4) (i32.const 0))
    (i64.store (i32.const 8) (i64.const 0)))

  (data (i32.const 16) "ring"))
