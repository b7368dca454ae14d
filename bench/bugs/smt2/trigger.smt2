; a status word: "ok", or a word that is both "o" and "k" (there is none); asked of the horn tactic
(set-info :status sat)
(assert (str.in.re "ok" (re.union (re.inter (str.to.re "o") (str.to.re "k")) (str.to.re "ok"))))
(check-sat-using horn)
