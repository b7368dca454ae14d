#!/bin/bash
# usage: exp.sh TAG  (env: EXP_HOIST, EXP_CAP); runs the grid, prints case queries nonws bytes
tag=$1; shift
out=/tmp/s3/exp/$tag; mkdir -p $out
B=/tmp/s3/bin
run() { # name bin input oracle ext
  local name=$1 bin=$2 input=$3 oracle=$4 ext=$5
  local d=$out/$name; mkdir -p $d
  ( cd $d && $B/${bin%-exp}${BINSUF--exp} -j 2 -q ${ALG:+-a $ALG} "$input" -o red.$ext --stats st.json --test "$oracle" > log 2>&1 )
  local q=$(python3 -c "import json;print(json.load(open('$d/st.json'))['queries']['real'])" 2>/dev/null)
  local nw=$(tr -d ' \n\t\r' < $d/red.$ext | wc -c); local by=$(wc -c < $d/red.$ext)
  echo "$tag $name q=$q nonws=$nw bytes=$by" | tee -a /tmp/s3/exp/results.txt
}
P=/work/shared/bench
for c in ${CASES:-lua rust js c cpp}; do
case $c in
lua) run lua reduce-lua-exp /tmp/s3/lua/padded.lua /tmp/s3/lua/oracle.sh lua ;;
rust) run rust reduce-rust-exp /tmp/s3/rust/input.rs /tmp/s3/rust/oracle.sh rs ;;
js) for j in 3299 3361 3408 3431 3483 3536; do run js$j reduce-js-exp $P/jrts/$j/input.js $P/jrts/$j/oracle.sh js; done ;;
c) for p in non-ansi-gcc-77624 timeout-gcc-71632 gcc-71626 gcc-66691 clang-22382; do run $p reduce-c-exp $P/perses/$p/input.c $P/perses/$p/oracle.sh c; done ;;
cpp) run sort17 reduce-cpp-exp /tmp/cpp/sort17.ii /tmp/cpp/sort17-oracle.sh ii ;;
esac
done
