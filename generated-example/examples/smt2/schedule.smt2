; Scheduling five jobs of a print shop on two presses: each job has a start time, runs on
; one press, must not overlap another job on the same press, and some jobs wait for others.
; One precedence constraint passes the job's press flag where its start time belongs, and
; z3 finds no `finish` taking (Bool Int).
(set-info :status sat)
(set-option :produce-models true)
(set-logic QF_LIA)

; durations in minutes and deadlines
(define-fun dur_a () Int 45)
(define-fun dur_b () Int 30)
(define-fun dur_c () Int 60)
(define-fun dur_d () Int 20)
(define-fun dur_e () Int 35)
(define-fun horizon () Int 240)

(declare-const start_a Int)
(declare-const start_b Int)
(declare-const start_c Int)
(declare-const start_d Int)
(declare-const start_e Int)

; true: the job runs on press 1, false: on press 2
(declare-const press1_a Bool)
(declare-const press1_b Bool)
(declare-const press1_c Bool)
(declare-const press1_d Bool)
(declare-const press1_e Bool)

(define-fun finish ((s Int) (d Int)) Int (+ s d))

(define-fun within ((s Int) (d Int)) Bool
  (and (>= s 0) (<= (finish s d) horizon)))

(define-fun apart ((s1 Int) (d1 Int) (s2 Int) (d2 Int)) Bool
  (or (<= (finish s1 d1) s2) (<= (finish s2 d2) s1)))

(define-fun same_press ((p Bool) (q Bool)) Bool (= p q))

; every job inside the working day
(assert (within start_a dur_a))
(assert (within start_b dur_b))
(assert (within start_c dur_c))
(assert (within start_d dur_d))
(assert (within start_e dur_e))

; jobs on the same press do not overlap
(assert (=> (same_press press1_a press1_b) (apart start_a dur_a start_b dur_b)))
(assert (=> (same_press press1_a press1_c) (apart start_a dur_a start_c dur_c)))
(assert (=> (same_press press1_a press1_d) (apart start_a dur_a start_d dur_d)))
(assert (=> (same_press press1_a press1_e) (apart start_a dur_a start_e dur_e)))
(assert (=> (same_press press1_b press1_c) (apart start_b dur_b start_c dur_c)))
(assert (=> (same_press press1_b press1_d) (apart start_b dur_b start_d dur_d)))
(assert (=> (same_press press1_b press1_e) (apart start_b dur_b start_e dur_e)))
(assert (=> (same_press press1_c press1_d) (apart start_c dur_c start_d dur_d)))
(assert (=> (same_press press1_c press1_e) (apart start_c dur_c start_e dur_e)))
(assert (=> (same_press press1_d press1_e) (apart start_d dur_d start_e dur_e)))

; the cover (b) is printed after the plates (a) are made; binding (e) after c and d
(assert (>= start_b (finish start_a dur_a)))
(assert (>= start_e (finish press1_c dur_c)))
(assert (>= start_e (finish start_d dur_d)))

; press 2 cannot print the large format job c, and job d needs press 2's colour unit
(assert press1_c)
(assert (not press1_d))

; at most three jobs on press 1
(assert (<= (+ (ite press1_a 1 0) (ite press1_b 1 0) (ite press1_c 1 0)
               (ite press1_d 1 0) (ite press1_e 1 0))
            3))

; the makespan, bounded from above to ask for a good plan
(declare-const makespan Int)
(assert (>= makespan (finish start_a dur_a)))
(assert (>= makespan (finish start_b dur_b)))
(assert (>= makespan (finish start_c dur_c)))
(assert (>= makespan (finish start_d dur_d)))
(assert (>= makespan (finish start_e dur_e)))
(assert (<= makespan 140))

(push 1)
(assert (= start_a 0))
(check-sat)
(get-value (start_a start_b start_c start_d start_e makespan))
(pop 1)

(check-sat)
(get-value (press1_a press1_b press1_e))
(exit)
