# String literals with every prefix.
s1 = 'single' "double" '''triple
single''' """triple
double"""
s2 = r'raw\d' R"RAW\"" u'unicode' U"UNI"
b2 = rb'\x00' Br"\n" b'bytes' bR'\d'
s3 = 'escaped \' quote' "and \" this" 'line \
continued'
s4 = f'{s1!r:>20}' F"{s2}" rf'\d{s1}' fR"{s3}" Rf'{{literal}}' f"{x:{width}.{precision}}"
s5 = f"{'nested'}" f'{"other"}' f"{x=}" f"{x = }" f"{3.14:.2f}" f"{x!s}" f"{a['key']}"
s6 = f"""multi
line {s1
+ s2} end"""
s7 = '\N{BULLET}' f'\N{BULLET} {s1}'
numbers = [0, 1_000, 0x_FF, 0o17, 0b1010, 1.5, .5, 5., 1e10, 1E-5, 3.14j, 10J, 1_0.0_1e+1_0]
