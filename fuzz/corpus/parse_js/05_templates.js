const who = 'world';
const simple = `hello`;
const one = `hello ${who}!`;
const many = `${1} + ${2} = ${1 + 2}`;
const nested = `outer ${`inner ${who.toUpperCase()} ${`deep ${1}`}`} done`;
const withObj = `${ { a: 1 }.a } and ${ [1, 2].map(x => `<${x}>`).join('') }`;
const multi = `line one
line two with \` backtick and \${ not a sub } and $ alone`;
const tagged = String.raw`a\nb${who}c`;
function tag(strings, ...values) { return strings.raw.join('|') + values.length; }
tag`x${1}y${2}z`;
const comment = `// not a comment ${ /* real comment */ 1 } /* not a comment */`;
