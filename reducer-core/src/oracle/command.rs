//! Runs the user's interestingness test as a program (filled in by the oracle-runner work).
