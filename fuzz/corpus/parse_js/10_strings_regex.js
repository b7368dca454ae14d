const s1 = "double \"quoted\" \n \t \u0041 \u{1F600} \x41 \\";
const s2 = 'single \'quoted\' line \
continuation';
const r1 = /ab+c/gi;
const r2 = /[/\]]+/u;
const r3 = /\/\*not a comment\*\//;
const r4 = /=/.test('=');
const ratio = 10 / 2 / 1;
const mixed = s1.length / 2 + /x/.source.length;
const r5 = [/a/, /b/g].map(r => r.flags);
if (/^\d+$/.test('123')) console.log('digits');
const div = (1) / 2, div2 = r5.length / 2;
