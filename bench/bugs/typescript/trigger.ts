// A recursive indexed access through a mapped type (microsoft/TypeScript#39495):
// tsc 3.9 overflows the stack while instantiating it; 4.0 and later report TS2589.
type Nested<T, K extends string> = T | { [P in K]: Nested<T, K> }[K]

export type ComputedNesting = Nested<number, "computed">
